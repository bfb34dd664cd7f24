"""Gong Zhu's stale-head and second-decision refusals tell nothing hidden (issue 20;
RULINGS.md pass.when, expose.when, trick.order; RECORD_FORMAT.md "Visibility").

Gong Zhu is turn-based: passes, exposures and plays come one seat at a time
(``pass.when``, ``expose.when``, ``trick.order``). At three cuts of a live stored game
(fixed seed) — just after the first pass, the first exposure and the first play of a
trick — through ``POST /api/games/<id>/commands/``:

- the seat to act submits its legal input at a stale head (one behind, and 0): 409
  ``stale_seq``;
- the seat that has just decided submits the same decision again (a second pass, a second
  exposure, a second card to the same trick), at the head and at the head it decided at;
- a third seat, neither the one to act nor the one that just decided, submits a decision
  of the same kind with cards of its own hand;

each is refused with a 4xx and a machine code, nothing is appended, and its body and
headers hold no card hidden from the submitter (``play.hidden_from``, as a code or in
words), no chain hash, no seed. ``test_one_decision_raced_from_two_threads_is_stored_once``
sends the same seat's decision twice at once on PostgreSQL: one is stored, the other is
refused cleanly (409, never a 500).
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from replays import engine
from replays.models import GameEvent
from replays.services import game_create
from tests.refusal_checks import assert_tells_nothing, race, refuse

from .play import hidden_from
from .test_leak_api import cut_points, log_of
from .test_leak_audits import in_text

GAME = "gongzhu"
RULESET, SEED = "pass-expose", "gz-leak-a"
CUTS = ("pass@1", "expose@1", "play@1")
DECISIONS = ("pass", "expose", "play")


def _at(cut: str) -> list[dict[str, Any]]:
    whole = log_of(RULESET, SEED)
    return whole[:cut_points(whole)[cut]]


def _input(event: dict[str, Any]) -> dict[str, Any]:
    """A stored decision as its input (without the engine's ``seq`` and ``rules``)."""
    return {k: v for k, v in event.items() if k not in ("seq", "rules")}


def _own(kind: str, seat: int, hand: list[str]) -> dict[str, Any]:
    """A decision of ``kind`` by ``seat`` naming only cards of its own hand."""
    if kind == "play":
        return {"type": "play", "seat": seat, "card": hand[0]}
    return {"type": kind, "seat": seat, "cards": hand[:3] if kind == "pass" else hand[:1]}


@pytest.mark.django_db
@pytest.mark.parametrize("cut", CUTS)
def test_stale_and_second_decisions_are_refused_and_tell_nothing(cut):
    log = _at(cut)
    last = log[-1]
    assert last["type"] in DECISIONS
    created = game_create(events=log, seed=SEED, game=GAME)
    gid, head, chain = str(created.game.pk), len(log), created.game.head_hash
    defn = engine.definition(None, GAME)
    state = defn.fold(log)
    (mover,) = defn.may_act(state)
    decider = last["seat"]
    bystander = next(s for s in range(4) if s not in (mover, decider))
    api = APIClient()

    def refused(seat: int, at: int, inp: dict[str, Any]) -> tuple[int, str]:
        headers = {"HTTP_AUTHORIZATION": f"Bearer {created.seat_tokens[seat]}"}
        hidden = hidden_from(log, seat)
        assert hidden
        r = refuse(api, gid, headers, at, inp)
        assert_tells_nothing(r, in_text, hidden, chain, SEED,
                             f"seat {seat} after {cut}: {inp}")
        return r.status, r.code

    legal = defn.legal_inputs(state, mover)[0]
    stale = (409, "stale_seq")
    assert refused(mover, head - 1, legal) == refused(mover, 0, legal) == stale
    again = _input(last)  # the same decision once more: at the head, at its own head
    assert refused(decider, head, again) == (422, "wrong_seat")  # trick.order, pass.when
    assert refused(decider, head - 1, again) == stale
    own = _own(last["type"], bystander, state.hands[bystander])
    assert refused(bystander, head, own) == (422, "wrong_seat")
    assert GameEvent.objects.filter(game=created.game).count() == head
    # the refusals are not vacuous: the seat to act is accepted at the head
    r = api.post(f"/api/games/{gid}/commands/", {"expected_seq": head, "input": legal},
                 format="json",
                 HTTP_AUTHORIZATION=f"Bearer {created.seat_tokens[mover]}")
    assert r.status_code == 201, r.content[:300]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("postgres")
@pytest.mark.parametrize("cut", ("pass@1", "play@1"))
def test_one_decision_raced_from_two_threads_is_stored_once(cut):
    log = _at(cut)
    created = game_create(events=log, seed=SEED, game=GAME)
    gid, head = str(created.game.pk), len(log)
    defn = engine.definition(None, GAME)
    state = defn.fold(log)
    (mover,) = defn.may_act(state)
    inp = defn.legal_inputs(state, mover)[0]
    headers = {"HTTP_AUTHORIZATION": f"Bearer {created.seat_tokens[mover]}"}
    results = race(gid, [(headers, head, inp), (headers, head, inp)])
    assert sorted(results) == [(201, ""), (409, "stale_seq")], results
    mine = [e.payload for e in GameEvent.objects.filter(game=created.game, seq__gte=head)
            if e.payload.get("seat") == mover and e.type == inp["type"]]
    assert len(mine) == 1, mine
