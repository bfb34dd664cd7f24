"""No leak of Korova's secret choices through the audit routes and the error bodies
(issue 20; turn.choose, RECORD_FORMAT.md "Visibility").

``test_leak_api.py`` reads the views (events, frames, state, legal inputs, the stream)
after 1 … n − 1 choices of a turn. Here, at the same moments, every viewer — the
spectator, each seat by its token, a token of another game — also reads what audits a
game and what refuses a command:

- the record, the verification report, the evidence bundle, the what-if replay, the
  explanation of each event so far, a dispute raised on the chosen events (its API body);
- the error a seat gets for a choice refused: a card another seat has chosen face down
  and a card still in another seat's hand are refused with the same status and code and
  the same message but for the card's number (an error that told them apart would say
  where a chosen card went), a second choice by a seat that has chosen, a stale head;
- the served head hash is the live opaque tag, never the chain hash (which could be
  tested against the 104 candidates of a chosen card).

``test_pages_and_what_if_show_no_chosen_card_before_the_reveal`` reads the same moments
through ``tests.leak_audit_routes``: the replay and play pages, a dispute's page, the
game's dispute lists, the raise form at each chosen step, the what-if page, as a
spectator, a signed-in account with no seat, each seat and another game's token.

Then no body shows another seat's chosen card (the oracle of ``test_leak_api``: no
``choose`` of another seat with its card; no card hidden from the viewer in a base game)
nor the seed.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User

from disputes.models import Dispute
from replays import engine
from replays.services import game_create
from tests.leak_audit_routes import (
    assert_live_refusals,
    assert_no_chain_hash,
    assert_no_leaky_sentence,
    audit_bodies,
    leaky_sentences,
    raise_dispute,
    refusal_without,
    viewers,
)

from .test_leak_api import (
    RULESETS,
    SEED,
    cut_points,
    hidden_from,
    ints_in,
    log_of,
    other_choices_with_cards,
)

pytestmark = pytest.mark.django_db
GAME = "korova"


def _cases() -> list[tuple[str, int]]:
    out = []
    for name in RULESETS:
        n = RULESETS[name][1]
        points = cut_points(log_of(name))
        out += [(name, points[f"choose#{k}"]) for k in range(1, n)]
    return out


def _bodies(api: Any, gid: str, headers: dict[str, str], log: list[dict[str, Any]],
            dispute: str) -> list[tuple[str, int, Any]]:
    out = []
    gets = [f"/api/games/{gid}/record/", f"/api/games/{gid}/verify/",
            f"/api/games/{gid}/evidence/", f"/api/disputes/{dispute}/"]
    gets += [f"/api/games/{gid}/explain/?seq={e['seq']}" for e in log
             if e["type"] == "choose"]
    for url in gets:
        r = api.get(url, **headers)
        assert r.status_code < 500, (url, r.status_code)
        out.append((url, r.status_code, json.loads(r.content) if r.content else None))
    r = api.post(f"/api/games/{gid}/whatif/", {"options": {"threshold": 30}}, format="json",
                 **headers)
    assert r.status_code < 500
    out.append(("whatif", r.status_code, r.json()))
    return out


NOT_CARDS = {"id", "seq_from", "seq_to", "decided_seq", "expected_seq", "status_code"}


def _cards(body: Any) -> set[int]:
    """The integers of a body that may be cards (``ints_in``, less ids and positions)."""
    if isinstance(body, dict):
        return ints_in({k: v for k, v in body.items() if k not in NOT_CARDS})
    return ints_in(body)


def _command(api: Any, gid: str, headers: dict[str, str], head: int,
             inp: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    r = api.post(f"/api/games/{gid}/commands/", {"expected_seq": head, "input": inp},
                 format="json", **headers)
    assert r.status_code < 500, r.content[:300]
    return r.status_code, r.json()


@pytest.mark.parametrize("name,upto", _cases(), ids=[f"{n}-{u}" for n, u in _cases()])
def test_audits_and_errors_show_no_chosen_card_before_the_reveal(api, name, upto):
    log = log_of(name)[:upto]
    assert log[-1]["type"] == "choose"
    created = game_create(events=log, seed=SEED, game=GAME)
    other = game_create(events=log_of(name)[:3], seed="kv-other", game=GAME)
    gid, head = str(created.game.pk), len(log)
    chosen = {e["seat"]: e["card"] for e in log if e["type"] == "choose"
              and e["seq"] > max(x["seq"] for x in log if x["type"] in ("turn", "rows"))}
    assert chosen
    user = User.objects.create_user(f"kv-arb-{upto}", password="kv-password-123")
    dispute = Dispute.objects.create(game=created.game, seq_from=log[-1]["seq"],
                                     seq_to=log[-1]["seq"], clause="turn.choose",
                                     text="hostile", raised_by=user)
    tactical = RULESETS[name][0]["preset"] == "tactical"
    state = engine.definition(None, GAME).fold(log)
    hands = [sorted(set(state.hands[s]) - {chosen.get(s)}) for s in range(len(state.hands))]
    viewers: list[tuple[int | None, dict[str, str]]] = [(None, {})]
    viewers += [(s, {"HTTP_AUTHORIZATION": f"Bearer {t}"})
                for s, t in enumerate(created.seat_tokens)]
    viewers.append((None, {"HTTP_AUTHORIZATION": f"Bearer {other.seat_tokens[0]}"}))
    assert api.get(f"/api/games/{gid}/").json()["head_hash"].startswith("live-")
    for viewer, headers in viewers:
        forbidden = set() if tactical else hidden_from(log, viewer)
        for route, status, body in _bodies(api, gid, headers, log, str(dispute.pk)):
            assert not (_cards(body) & forbidden), (route, viewer, status, body)
            assert not other_choices_with_cards(body, viewer), (route, viewer, status)
            assert SEED not in json.dumps(body), (route, viewer, "seed")
        if viewer is None or headers["HTTP_AUTHORIZATION"].endswith(other.seat_tokens[0]):
            continue
        errors = []
        if viewer in chosen:  # a second choice: already decided, nothing about the others
            mine = hands[viewer][0]
            errors.append(_command(api, gid, headers, head,
                                   {"type": "choose", "seat": viewer, "card": mine}))
            assert errors[-1][1]["error"]["code"] == "already_decided"
        else:
            for seat, card in chosen.items():
                unchosen = hands[seat][0]
                face_down = _command(api, gid, headers, head,
                                     {"type": "choose", "seat": viewer, "card": card})
                in_hand = _command(api, gid, headers, head,
                                   {"type": "choose", "seat": viewer, "card": unchosen})
                assert face_down[0] == in_hand[0] == 422, (face_down, in_hand)
                assert refusal_without(card, face_down[1]) == refusal_without(
                    unchosen, in_hand[1]), (
                    "the refusal tells a chosen card from one in a hand", face_down, in_hand)
                errors += [face_down, in_hand]
        errors.append(_command(api, gid, headers, 0,
                               {"type": "choose", "seat": viewer, "card": hands[viewer][0]}))
        for status, body in errors:
            assert 400 <= status < 500
            assert not other_choices_with_cards(body, viewer), (viewer, body)
            named = {c for c in _cards(body.get("error", body)) if c in forbidden}
            # a refused card the viewer named itself is its own words, not a leak
            asked = set(re.findall(r"\d+", json.dumps(body.get("error", {}).get("input"))))
            assert not {c for c in named if str(c) not in asked}, (viewer, body)
    assert len(log[0]["seats"]) >= 3


PAGE_CASES = [("base-5", "choose#2"), ("base-5", "choose#4"), ("tactical-3", "choose#2")]


@pytest.mark.parametrize("name,what", PAGE_CASES, ids=[f"{n}-{w}" for n, w in PAGE_CASES])
def test_pages_and_what_if_show_no_chosen_card_before_the_reveal(name, what):
    """Korova's cards are bare numbers, which a page is full of: the pages are checked by
    their sentences (a chosen card is named only in "lays a card face down: 55."), the
    JSON bodies by their card fields (``_cards``, ``other_choices_with_cards``)."""
    log = log_of(name)[:cut_points(log_of(name))[what]]
    created = game_create(events=log, seed=SEED, game=GAME)
    other = game_create(events=log_of(name)[:3], seed="kv-other", game=GAME)
    tactical = RULESETS[name][0]["preset"] == "tactical"
    chosen = [e["seq"] for e in log if e["type"] == "choose"]
    dispute = raise_dispute(created.game, chosen[0], chosen[-1], "turn.choose")
    for v in viewers(created, other, arbiter=True):
        leaky = leaky_sentences(log, v.seat, GAME)
        assert any("face down:" in t for t in leaky) or v.seat is not None
        forbidden = set() if tactical else hidden_from(log, v.seat)
        bodies = audit_bodies(v.api, v.page, str(created.game.pk), v.headers, chosen, dispute)
        for b in bodies:
            if b.data is not None:
                items = b.data["results"] if "results" in b.data else [b.data]  # a list page
                assert not set().union(*map(_cards, items)) & forbidden, (b.route, v.who)
                assert not other_choices_with_cards(b.data, v.seat), (b.route, v.who)
            assert SEED not in b.text, (b.route, v.who)
        assert_no_leaky_sentence(bodies, leaky, v.who)
        assert_no_chain_hash(bodies, created.game.head_hash, v.who)
        assert_live_refusals(bodies, v.who)
        # not vacuous: the pages do show the chosen steps, each as the spectator reads it
        for b in bodies:
            if b.route.startswith("/disputes/raise/") or b.route == f"/disputes/{dispute}/":
                assert "lays a card face down (hidden until the reveal)" in b.text, b.route


def test_verify_of_a_live_game_dealt_from_another_seed_names_no_hidden_card(api):
    """A live game (after n − 1 secret choices) whose deal is not the stored seed's: the
    verification fails at the deal and names no card of another seat's hand, no chosen
    card, and none of the cards the seed would have dealt."""
    name = "base-5"
    log = log_of(name)[:cut_points(log_of(name))[f"choose#{RULESETS[name][1] - 1}"]]
    created = game_create(events=log, seed="not-the-dealing-seed", game=GAME)
    deal = next(e for e in log if e["type"] == "deal")
    public = set(deal["rows"])
    for seat, token in [(None, None), *enumerate(created.seat_tokens)]:
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
        body = api.get(f"/api/games/{created.game.pk}/verify/", **headers).json()
        assert body["ok"] is False and body["failure"]["check"] == "deals", body
        own = set() if seat is None else set(deal["hands"][seat])
        numbers = {k: v for k, v in body.items() if k not in ("head_seq",)}
        assert not _cards(numbers) - public - own - {body["failure"]["seq"]}, (seat, body)
        assert not other_choices_with_cards(body, seat)
