"""Arne Total's stale-head and second-decision refusals tell nothing hidden (issue 20;
RULINGS.md window.order, window.priority, turn.main; RECORD_FORMAT.md "Visibility",
setup.deal: hands hidden from the other seats, the deck from everyone).

A response window is offered to one seat at a time (``window.order``); the seat offered
plays a black card or passes, and a pass moves the offer on (``window.priority``). At
three cuts of a live stored game (fixed seed) — an after-window just opened, a
before-window just opened, and just after a seat passed in a window — through
``POST /api/games/<id>/commands/``:

- the seat offered submits its legal input at a stale head (one behind, and 0): 409
  ``stale_seq``;
- the seat that has just passed answers the same window again (a second ``pass_window``)
  at the head (422 ``out_of_turn``) and at the head it passed at (409 ``stale_seq``);
- every seat not offered acts when it may not: passes, or plays a black card of its hand
  (422 ``out_of_turn``);

each refusal is a 4xx with a machine code, nothing is appended, and its body and headers
hold no card hidden from the submitter (``tracker.Table.hidden_from``, codes anywhere in
the text), no chain hash, no seed. ``test_one_answer_raced_from_two_threads_is_stored_once``
sends the offered seat's answer twice at once on PostgreSQL: one is stored, the other is
refused cleanly (409, never a 500).
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from arne_core.cards import is_black
from replays import engine
from replays.models import GameEvent
from replays.services import game_create
from tests.refusal_checks import assert_tells_nothing, race, refuse

from .cuts import GAMES, labels_of, log_of
from .test_leak_api import table_after
from .tracker import codes_in

GAME, NAME = "arne", "normal-4"
SEED = GAMES[NAME][3]
CUTS = ("window:after", "window:before", "pass_window")
STALE, OUT_OF_TURN = (409, "stale_seq"), (422, "out_of_turn")


def _at(cut: str) -> list[dict[str, Any]]:
    whole = log_of(NAME)
    return whole[:labels_of(whole)[cut]]


def _named(text: str, cards: set[str]) -> set[str]:
    return codes_in(text) & cards


@pytest.mark.django_db
@pytest.mark.parametrize("cut", CUTS)
def test_stale_and_second_answers_are_refused_and_tell_nothing(cut):
    log = _at(cut)
    created = game_create(events=log, seed=SEED, game=GAME)
    gid, head, chain = str(created.game.pk), len(log), created.game.head_hash
    defn = engine.definition(None, GAME)
    state = defn.fold(log)
    assert defn.window_open(state)
    (offered,) = defn.may_act(state)
    table = table_after(log)
    api = APIClient()

    def refused(seat: int, at: int, inp: dict[str, Any]) -> tuple[int, str]:
        headers = {"HTTP_AUTHORIZATION": f"Bearer {created.seat_tokens[seat]}"}
        hidden = table.hidden_from(seat)
        assert hidden
        r = refuse(api, gid, headers, at, inp)
        assert_tells_nothing(r, _named, hidden, chain, SEED, f"seat {seat} at {cut}: {inp}")
        return r.status, r.code

    legal = defn.legal_inputs(state, offered)[0]
    assert refused(offered, head - 1, legal) == refused(offered, 0, legal) == STALE
    if log[-1]["type"] == "pass_window":  # the same seat answers the window again
        passed = log[-1]["seat"]
        assert passed != offered
        again = {"type": "pass_window", "seat": passed}
        assert refused(passed, head, again) == OUT_OF_TURN
        assert refused(passed, head - 1, again) == STALE
    blacks = 0
    for seat in sorted(set(range(len(state.hands))) - {offered}):
        assert refused(seat, head, {"type": "pass_window", "seat": seat}) == OUT_OF_TURN
        for card in [c for c in state.hands[seat] if is_black(c)][:1]:
            blacks += 1
            assert refused(seat, head, {"type": "black", "seat": seat, "card": card}) == (
                OUT_OF_TURN)
    assert blacks  # a black card out of turn was tried
    assert GameEvent.objects.filter(game=created.game).count() == head
    # the refusals are not vacuous: the seat offered is accepted at the head
    r = api.post(f"/api/games/{gid}/commands/", {"expected_seq": head, "input": legal},
                 format="json", HTTP_AUTHORIZATION=f"Bearer {created.seat_tokens[offered]}")
    assert r.status_code == 201, r.content[:300]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("postgres")
@pytest.mark.parametrize("cut", ("window:after", "pass_window"))
def test_one_answer_raced_from_two_threads_is_stored_once(cut):
    log = _at(cut)
    created = game_create(events=log, seed=SEED, game=GAME)
    gid, head = str(created.game.pk), len(log)
    defn = engine.definition(None, GAME)
    (offered,) = defn.may_act(defn.fold(log))
    inp = {"type": "pass_window", "seat": offered}
    headers = {"HTTP_AUTHORIZATION": f"Bearer {created.seat_tokens[offered]}"}
    results = race(gid, [(headers, head, inp), (headers, head, inp)])
    assert sorted(results) == [(201, ""), (409, "stale_seq")], results
    answers = [e.payload for e in GameEvent.objects.filter(game=created.game, seq__gte=head)
               if e.type == "pass_window" and e.payload["seat"] == offered]
    assert len(answers) == 1, answers
