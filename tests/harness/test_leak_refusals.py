"""A refused command tells nothing about where a hidden card is (issue 20, every game with
hidden hands): the seat to act names a card it does not hold — one in another seat's
hidden hand, one in a third seat's hand, one still in the deck (Arne), one chosen face
down (Korova, ``test_leak_audits.py``) — and every refusal has the same status, code and
message but for the card's name. An error that said "in seat 2's hand" or answered a
card in a hand differently from one in the deck would be an oracle for the hidden hands.

Given live Gong Zhu (tricks) and Arne (a main window, black cards out of turn too) games
stored on the platform / when the seat that may act, and then a seat that may not, submit
such cards through ``POST /api/games/<id>/commands/`` / then the refusals match (so none
names the seat holding the card) and nothing is appended.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from replays import engine
from replays.models import GameEvent
from replays.services import game_create

pytestmark = pytest.mark.django_db


def _playing(defn: Any, state: Any) -> bool:
    """A seat may act with a card of its hand (a play, a white or black card)."""
    return any("card" in i for s in defn.may_act(state) for i in defn.legal_inputs(state, s))


GAMES = {"gongzhu": ({"preset": "standard"}, 4, "gz-refusal"),
         "arne": ({"preset": "normal"}, 4, "ar-refusal")}


def _blot(card: str, body: dict[str, Any]) -> str:
    error = dict(body["error"])
    error["message"] = error["message"].replace(card, "#", 1)
    if isinstance(error.get("input"), dict):
        error["input"] = {**error["input"], "card": "#"}
    return json.dumps(error, sort_keys=True)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_refused_card_says_nothing_about_whose_hand_it_is_in(api, game):
    spec, n, seed = GAMES[game]
    # a little way into the game (each hand has seen play), at a card decision
    defn = engine.definition(None, game)
    events = defn.start(defn.ruleset(spec), [f"P{i}" for i in range(n)], {}, seed)
    state = defn.fold(events)
    bots = [defn.bot("random") for _ in range(n)]
    while not (len(events) > 12 and _playing(defn, state)):
        state, new = defn.play_bots(state, bots, seed, max_decisions=1)
        events.extend(new)
    log = json.loads(json.dumps(events))
    created = game_create(events=log, seed=seed, game=game)
    gid, head = str(created.game.pk), len(log)
    mover = min(defn.may_act(state))
    template = next(i for i in defn.legal_inputs(state, mover) if "card" in i)
    others = [s for s in range(n) if s != mover]
    candidates = [(f"seat {s}'s hand", state.hands[s][0]) for s in others if state.hands[s]]
    if game == "arne" and state.deck:
        candidates.append(("the deck", state.deck[0]))
    assert len(candidates) >= 3
    for seat in (mover, others[0]):
        headers = {"HTTP_AUTHORIZATION": f"Bearer {created.seat_tokens[seat]}"}
        refusals = []
        for where, card in candidates:
            if card in state.hands[seat]:
                continue
            inp = {**template, "seat": seat, "card": card}
            r = api.post(f"/api/games/{gid}/commands/", {"expected_seq": head, "input": inp},
                         format="json", **headers)
            assert 400 <= r.status_code < 500, (where, r.status_code, r.content[:200])
            body = r.json()
            refusals.append((where, r.status_code, _blot(card, body)))
        # one answer wherever the card is (a message naming the holder would differ)
        assert len({(status, text) for _, status, text in refusals}) == 1, refusals
    assert GameEvent.objects.filter(game=created.game).count() == head
