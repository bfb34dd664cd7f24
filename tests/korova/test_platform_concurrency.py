"""Korova's simultaneous choices on the platform, on real PostgreSQL with real
concurrency (issue 15): all seats of a 10-seat table choose at the same moment — from
threads and from separate processes — and every choice is accepted once, none is lost,
the reveal happens exactly once; a seat choosing twice gets a clear error.
"""

from __future__ import annotations

import multiprocessing
import threading
from typing import Any

import pytest
from django.db import connection, connections

from replays import engine
from replays.errors import ConflictError
from replays.models import Game, GameEvent
from replays.selectors import game_events, game_verify
from replays.services import game_create_from_engine, game_submit_input

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("postgres")]
SEATS = [f"P{i}" for i in range(10)]


def _table(seed: str) -> tuple[Game, int, list[dict[str, Any]]]:
    """A fresh 10-seat base game with its deal made: (game, head, each seat's choose)."""
    game = game_create_from_engine(ruleset=None, seats=SEATS, seed=seed, game="korova").game
    events = game_events(game=game)
    state = engine.definition(None, "korova").fold(events)
    assert state.phase == "choose" and len(state.may_act()) == 10
    inputs = [{"type": "choose", "seat": s, "card": state.hands[s][0]} for s in range(10)]
    return game, len(events), inputs


def _check(game: Game, head: int) -> None:
    rows = list(GameEvent.objects.filter(game=game, seq__gte=head).order_by("seq"))
    chooses = [r.payload for r in rows if r.type == "choose"]
    assert sorted(c["seat"] for c in chooses) == list(range(10))  # each once, none lost
    assert [r.seq for r in rows if r.type == "choose"] == list(range(head, head + 10))
    assert sum(r.type == "reveal" for r in rows) == 1  # the reveal exactly once
    reveal = next(r.payload for r in rows if r.type == "reveal")
    assert reveal["seq"] == head + 10
    assert reveal["cards"] == [c["card"] for c in sorted(chooses, key=lambda c: c["seat"])]
    game.refresh_from_db()
    assert game_verify(game=game)["ok"]


def test_ten_threads_choose_at_the_same_moment():
    assert connection.vendor == "postgresql"
    game, head, inputs = _table("kv-threads")
    barrier = threading.Barrier(10)
    results: dict[int, Any] = {}

    def submit(seat: int) -> None:
        from django.db import connection as conn
        try:
            barrier.wait()
            game_submit_input(game=Game.objects.get(pk=game.pk), expected_seq=head,
                              inp=inputs[seat], seat=seat)
            results[seat] = "ok"
        except Exception as exc:  # noqa: BLE001 - reported below
            results[seat] = repr(exc)
        finally:
            conn.close()

    threads = [threading.Thread(target=submit, args=(s,)) for s in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert results == {s: "ok" for s in range(10)}
    _check(game, head)
    # a seat choosing twice: a clear error, nothing appended
    with pytest.raises(ConflictError) as err:
        game_submit_input(game=Game.objects.get(pk=game.pk), expected_seq=head,
                          inp=inputs[3], seat=3)
    assert err.value.code in ("already_decided", "stale_seq")


def _child(game_id: str, head: int, inp: dict[str, Any], seat: int, start: Any,
           out: Any) -> None:
    connections.close_all()  # never share the parent's socket
    try:
        start.wait(30)
        game_submit_input(game=Game.objects.get(pk=game_id), expected_seq=head, inp=inp,
                          seat=seat)
        out.put((seat, "ok"))
    except Exception as exc:  # noqa: BLE001 - reported to the parent
        out.put((seat, repr(exc)))
    finally:
        connections.close_all()


def test_ten_processes_choose_at_the_same_moment():
    game, head, inputs = _table("kv-processes")
    connections.close_all()
    ctx = multiprocessing.get_context("fork")
    start, out = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_child, args=(str(game.pk), head, inputs[s], s, start, out))
             for s in range(10)]
    for p in procs:
        p.start()
    start.set()
    results = dict(out.get(timeout=60) for _ in procs)
    for p in procs:
        p.join(30)
    assert results == {s: "ok" for s in range(10)}
    _check(game, head)


def test_a_second_choice_by_one_seat_is_refused_before_the_reveal():
    game, head, inputs = _table("kv-twice")
    game_submit_input(game=game, expected_seq=head, inp=inputs[0], seat=0)
    other = {**inputs[0], "card": engine.definition(None, "korova").fold(
        game_events(game=game)).hands[0][0]}
    with pytest.raises(ConflictError) as err:
        game_submit_input(game=Game.objects.get(pk=game.pk), expected_seq=head + 1,
                          inp=other, seat=0)
    assert err.value.code == "already_decided"
    assert GameEvent.objects.filter(game=game).count() == head + 1
