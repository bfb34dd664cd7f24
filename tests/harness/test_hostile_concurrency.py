"""Hostile simultaneous and out-of-turn submissions on real PostgreSQL (issue 20), from
threads and from separate processes, all released at one barrier:

- Korova (turn.choose): one seat submits two different choices at the same moment, while
  the other seats choose — exactly one of that seat's choices is stored, the other gets
  409 ``already_decided`` (or ``stale_seq`` after the reveal), every other seat's choice
  is accepted once, and the reveal happens once with the stored choices;
- Arne (window.*, black cards out of turn): while a response window is offered to one
  seat, every other seat tries a black card from its hand at the same moment as the
  offered seat passes twice — only the offered seat's one decision is stored, the others
  are refused with a rule or conflict code, nothing else is appended.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connections

from arne_core.cards import is_black
from replays import engine
from replays.errors import ConflictError, RuleError
from replays.models import Game, GameEvent
from replays.selectors import game_events, game_verify
from replays.services import game_create_from_engine, game_submit_input

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("postgres")]

Job = tuple[int, int, dict[str, Any]]  # (seat, expected_seq, input)


def _submit(game_id: str, job: Job) -> str:
    seat, head, inp = job
    try:
        game_submit_input(game=Game.objects.get(pk=game_id), expected_seq=head, inp=inp,
                          seat=seat)
        return "ok"
    except (ConflictError, RuleError) as exc:
        return f"refused:{exc.code}"
    except Exception as exc:  # noqa: BLE001 - anything else is the failure reported
        return f"error:{exc!r}"


def _in_threads(game_id: str, jobs: list[Job]) -> list[str]:
    barrier = threading.Barrier(len(jobs))
    results = [""] * len(jobs)

    def run(i: int) -> None:
        try:
            barrier.wait()
            results[i] = _submit(game_id, jobs[i])
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def _child(game_id: str, i: int, job: Job, start: Any, out: Any) -> None:
    connections.close_all()  # never share the parent's socket
    try:
        start.wait(30)
        out.put((i, _submit(game_id, job)))
    finally:
        connections.close_all()


def _in_processes(game_id: str, jobs: list[Job]) -> list[str]:
    connections.close_all()
    ctx = multiprocessing.get_context("fork")
    start, out = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_child, args=(game_id, i, job, start, out))
             for i, job in enumerate(jobs)]
    for p in procs:
        p.start()
    start.set()
    got = dict(out.get(timeout=60) for _ in procs)
    for p in procs:
        p.join(30)
    return [got[i] for i in range(len(jobs))]


RUNNERS: dict[str, Callable[[str, list[Job]], list[str]]] = {
    "threads": _in_threads, "processes": _in_processes}


@pytest.mark.parametrize("how", list(RUNNERS))
def test_one_seat_choosing_twice_at_once_among_the_others_keeps_one_choice(how):
    n = 5
    game = game_create_from_engine(ruleset=None, seats=[f"P{i}" for i in range(n)],
                                   seed=f"kv-twice-{how}", game="korova").game
    events = game_events(game=game)
    head = len(events)
    state = engine.definition(None, "korova").fold(events)
    assert state.phase == "choose" and len(state.may_act()) == n
    jobs: list[Job] = [(s, head, {"type": "choose", "seat": s, "card": state.hands[s][0]})
                       for s in range(n)]
    jobs.append((2, head, {"type": "choose", "seat": 2, "card": state.hands[2][1]}))
    results = RUNNERS[how](str(game.pk), jobs)
    twice = [results[2], results[n]]
    assert all(r == "ok" for i, r in enumerate(results) if i not in (2, n)), results
    assert sorted(twice)[0] == "ok", results  # exactly one of seat 2's two is stored
    assert sorted(twice)[1] in ("refused:already_decided", "refused:stale_seq"), results
    rows = list(GameEvent.objects.filter(game=game, seq__gte=head).order_by("seq"))
    chooses = [r.payload for r in rows if r.type == "choose"]
    assert sorted(c["seat"] for c in chooses) == list(range(n))  # each seat once
    kept = next(c["card"] for c in chooses if c["seat"] == 2)
    assert kept == jobs[2][2]["card"] if results[2] == "ok" else jobs[n][2]["card"]
    reveals = [r.payload for r in rows if r.type == "reveal"]
    assert len(reveals) == 1
    assert reveals[0]["cards"] == [c["card"] for c in sorted(chooses, key=lambda c: c["seat"])]
    game.refresh_from_db()
    assert game_verify(game=game)["ok"]


def _arne_in_a_window(seed: str) -> tuple[Game, int, Any, Any]:
    """A 4-seat Arne game played (first legal input, chance from the seed) until an
    after- or before-window is offered: ``(game, head, definition, state)``."""
    defn = engine.definition(None, "arne")
    game = game_create_from_engine(ruleset=None, seats=[f"P{i}" for i in range(4)],
                                   seed=seed, secret=f"{seed}-secret", game="arne").game
    for _ in range(400):
        events = game_events(game=game)
        state = defn.fold(events)
        if defn.window_open(state) and state.final is None and defn.may_act(state):
            return game, len(events), defn, state
        seat = min(defn.may_act(state))
        game_submit_input(game=Game.objects.get(pk=game.pk), expected_seq=len(events),
                          inp=defn.legal_inputs(state, seat)[0], seat=seat)
    raise AssertionError("no response window in 400 decisions")


@pytest.mark.parametrize("how", list(RUNNERS))
def test_black_cards_out_of_turn_racing_an_open_window_are_refused(how):
    game, head, defn, state = _arne_in_a_window(f"arne-race-{how}")
    offered = next(iter(defn.may_act(state)))
    jobs: list[Job] = [(offered, head, {"type": "pass_window", "seat": offered})] * 2
    for seat in range(4):
        if seat == offered:
            continue
        # a black card of its hand if it holds one (else any): refused out of turn
        card = sorted(state.hands[seat], key=lambda c: not is_black(c))[0]
        jobs.append((seat, head, {"type": "black", "seat": seat, "card": card}))
        jobs.append((seat, head, {"type": "pass_window", "seat": seat}))
    results = RUNNERS[how](str(game.pk), jobs)
    assert sorted(results[:2]) == ["ok", "refused:stale_seq"], results
    assert all(r.startswith("refused:") for r in results[2:]), results
    rows = list(GameEvent.objects.filter(game=game, seq__gte=head).order_by("seq"))
    decisions = [r.payload for r in rows if defn.actor(r.payload).startswith("seat:")]
    assert decisions[0] == {**decisions[0], "type": "pass_window", "seat": offered}
    assert len(decisions) == 1, decisions  # none of the out-of-turn cards got in
    game.refresh_from_db()
    assert game_verify(game=game)["ok"]
