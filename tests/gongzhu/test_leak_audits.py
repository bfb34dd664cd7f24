"""No leaks in Gong Zhu's audit routes and pages while a game is live (issue 20;
RECORD_FORMAT.md "Visibility": round.deal, pass.when, pass.exchange).

``test_leak_api.py`` reads the views (events, frames, state, legal inputs, the stream).
Here, at cuts of a live game with passing and exposing — after the first pass, the
exchange, the first exposure, the first trick and half way through the round — each viewer (the
spectator, a signed-in account with no seat, each seat by its token, another game's
token) reads every audit route and page (``tests.leak_audit_routes``: the record, the
verification, the evidence, the what-if, single explanations, a dispute's API body and
page, the dispute list, the raise form, the replay and play pages, the head tag).

Then no card hidden from that viewer (the oracle of ``play.hidden_from``, independent of
the engine's redaction) appears in any body: as a code in JSON (``cards_in``), as a code
or as the card in words ("10♣", ``explain.card_words``) in any text; no sentence
explaining what is hidden from the viewer; not the seed; not the chain hash.
"""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from gongzhu_core.explain import card_words
from replays.services import game_create
from tests.leak_audit_routes import (
    assert_live_refusals,
    assert_no_chain_hash,
    assert_no_leaky_sentence,
    assert_refusals_alike,
    audit_bodies,
    leaky_sentences,
    raise_dispute,
    viewers,
)
from tests.replays.test_leak import cards_in

from .play import hidden_from
from .test_leak_api import cut_points, log_of

pytestmark = pytest.mark.django_db

GAME = "gongzhu"
RULESET, SEED = "pass-expose", "gz-leak-a"
CUTS = ("pass@1", "exchange@1", "expose@1", "trick@1", "mid-round")


def cut_at(log: list, cut: str) -> int:
    """The log length of a cut: just after the first event of a type, or half way
    through the first round's tricks (``mid-round``)."""
    points = cut_points(log)
    if cut == "mid-round":
        return (points["trick@1"] + points["round_end@1"]) // 2
    return points[cut]


def in_text(text: str, cards: set[str]) -> set[str]:
    """The cards of ``cards`` named in ``text`` by code (``10H``) or in words (``10♥``),
    as whole tokens (``A2H`` or ``110♥`` name none)."""
    found = set()
    for c in cards:
        for token in (c, card_words(c)):
            if re.search(rf"(?<![A-Za-z0-9]){re.escape(token)}(?![A-Za-z0-9])", text):
                found.add(c)
    return found


@pytest.mark.parametrize("cut", CUTS)
def test_no_audit_route_nor_page_shows_a_hidden_card_of_a_live_game(cut):
    whole = log_of(RULESET, SEED)
    log = whole[:cut_at(whole, cut)]
    created = game_create(events=log, seed=SEED, game=GAME)
    other = game_create(events=whole[:3], seed="gz-other", game=GAME)
    gid = str(created.game.pk)
    dispute = raise_dispute(created.game, log[-1]["seq"] - 1, log[-1]["seq"], "trick.follow")
    deal = max(e["seq"] for e in log if e["type"] == "deal")
    seqs = sorted({deal, log[-1]["seq"]})
    for viewer, who, api, page, headers in viewers(created, other, arbiter=True):
        hidden = hidden_from(log, viewer)
        assert hidden
        bodies = audit_bodies(api, page, gid, headers, seqs, dispute)
        for b in bodies:
            leaked = (cards_in(b.data) | in_text(b.text, hidden)) & hidden
            assert not leaked, f"{b.route} ({b.status}) for {who} after {cut}: {leaked}"
            assert SEED not in b.text, (b.route, who)
        assert_no_leaky_sentence(bodies, leaky_sentences(log, viewer, GAME), who)
        assert_no_chain_hash(bodies, created.game.head_hash, who)
        assert_live_refusals(bodies, who)


def test_the_oracle_catches_a_page_that_shows_a_pass(monkeypatch):
    """The check is not vacuous: with the platform's redaction switched off, the raise
    form at the first pass shows the passed cards in words, and both checks find them."""
    whole = log_of(RULESET, SEED)
    log = whole[:cut_points(whole)["pass@1"]]
    created = game_create(events=log, seed=SEED, game=GAME)
    leaky = leaky_sentences(log, None, GAME)
    assert leaky
    from replays import engine

    monkeypatch.setattr(engine, "redact", lambda events, viewer, finished, **_: list(events))
    page = Client().get(f"/disputes/raise/{created.game.pk}/?step={log[-1]['seq']}")
    text = page.content.decode()
    assert in_text(text, hidden_from(log, None)) >= set(log[-1]["cards"])
    with pytest.raises(AssertionError):
        assert_no_leaky_sentence(
            audit_bodies(APIClient(), Client(), str(created.game.pk), {}, [log[-1]["seq"]],
                         raise_dispute(created.game, 0, 0, "round.deal")),
            leaky, "anonymous")


def test_a_play_of_a_card_in_another_hand_is_refused_alike_whichever_hand():
    """The seat to play names a card of each other seat's hand: each is refused with the
    same status and error but for the card — the refusal never says whose hand holds it
    (trick.play; RECORD_FORMAT.md "Visibility")."""
    from replays import engine

    whole = log_of(RULESET, SEED)
    log = whole[:cut_at(whole, "mid-round")]
    created = game_create(events=log, seed=SEED, game=GAME)
    state = engine.definition(None, GAME).fold(log)
    (seat,) = engine.definition(None, GAME).may_act(state)
    hidden = hidden_from(log, seat)
    holders = {other: next(c for c in sorted(hidden) if c in state.hands[other])
               for other in range(len(state.hands)) if other != seat}
    assert len(holders) == 3
    headers = {"HTTP_AUTHORIZATION": f"Bearer {created.seat_tokens[seat]}"}
    assert_refusals_alike(APIClient(), str(created.game.pk), headers, len(log),
                          [(c, {"type": "play", "seat": seat, "card": c})
                           for c in holders.values()])


def test_verify_of_a_live_game_dealt_from_another_seed_says_where_never_which_cards():
    """A live game whose deal is not the stored seed's: the verification fails and says
    where (the deal), and neither it nor the evidence names a hidden card — neither the
    dealt ones nor the ones the seed would have dealt."""
    whole = log_of(RULESET, SEED)
    log = whole[:cut_at(whole, "mid-round")]
    created = game_create(events=log, seed="not-the-dealing-seed", game=GAME)
    gid = str(created.game.pk)
    for seat, token in [(None, None), *enumerate(created.seat_tokens)]:
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
        r = APIClient().get(f"/api/games/{gid}/verify/", **headers)
        assert r.status_code == 200
        body = r.json()
        assert body["ok"] is False and body["failure"]["check"] == "deals", body
        # every card not public (the seed's other deal included) is hidden from a viewer
        # but its own hand
        public = {c for e in log if e["type"] == "play" for c in [e["card"]]}
        public |= {c for e in log if e["type"] == "expose" for c in e["cards"]}
        own = set() if seat is None else set(log[2]["hands"][seat]) | {
            c for e in log if e["type"] == "exchange" for c in e["received"][seat]}
        assert not cards_in(body) - public - own, (seat, body)
        assert not in_text(json.dumps(body, ensure_ascii=False),
                           hidden_from(log, seat)), (seat, body)
