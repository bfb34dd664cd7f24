"""No leaks in Kolkhoz's audit routes and pages while a game is live (issue 20: "the
leak test over every game, every event type and every viewer"; kolkhoz_core/views.py:
another seat's hand, a hidden cellar card — pocketed, buried by a swap, taken hidden by
a swap — and the seed are hidden until the game ends).

``test_leak.py`` reads the events, frames and game of a live Kolkhoz game after the first
event of each type; ``test_attack_leak_routes.py`` the chain hashes and the seed by the
other read routes. Here, at cuts of a two-year game (``kolkhoz_leak``: after the first
deal, play, trick, assign, farmed, pocket, requisition, reveal, North, year end, the last
pocket of year 1, the second deal, each kind of swap — hidden, revealed, a pass — and just
before the end), each viewer (anonymous, a signed-in account with no seat, each seat by
its token, another game's token, an arbiter) reads every audit route and page
(``tests.leak_audit_routes``: the record, the verification, the evidence, the what-if API
and page, single explanations, a dispute's API body and page, the dispute lists, the
raise form, the replay and play pages, the stream, the head tag, the arbiter's routes).

Then no card hidden from that viewer (``kolkhoz_leak.hidden_from``: the state's hands,
hidden cellar cards and deck) appears in a body as a code in JSON or as a code or the
card in words ("10♥", "the Wrecker") in its text; no sentence explaining what is hidden
from it; not the seed; not the chain hash. An arbiter reads a live game as a spectator
(docs/arbiters.md "Hidden cards": "never which card — not even to the dispute's raiser
or an arbiter").
"""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from replays import engine
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

from .kolkhoz_leak import GAME, SEED, cut_points, hidden_from, leaked, log_of, redacted_away

pytestmark = pytest.mark.django_db

CUTS = ("deal", "play", "trick", "assign", "farmed", "pocket", "pockets@1", "requisition",
        "revealed", "north", "year_end", "deal@2", "swap:hidden", "swap:revealed",
        "swap:pass", "before-end")
HIDING = ("deal", "swap", "pocket")  # the event types that hold a hidden card


def test_the_cuts_cover_every_event_type_of_a_live_game():
    """Every event type of the game but its opening and its end has a cut, and so does
    each kind of swap (not vacuous: the log has all three)."""
    log = log_of()
    points = cut_points(log)
    assert set(CUTS) <= set(points)
    types = {e["type"] for e in log} - {"game", "year", "game_end"}
    assert types <= {c.split("@")[0].split(":")[0] for c in CUTS} | {"trump"}
    assert "trump" in types and points["trump"] == points["deal"] + 1  # nothing hides


@pytest.mark.parametrize("cut", CUTS)
def test_no_audit_route_nor_page_shows_a_hidden_card_of_a_live_game(cut):
    """At ``cut``, every viewer's audit bodies (module docstring) show no card hidden from
    it, no sentence naming one, not the seed, not the chain hash; the record, evidence
    and what-if are refused (409) and the arbiter's routes refuse all but an arbiter.
    The oracle agrees with the engine: what the redaction takes out is hidden."""
    whole = log_of()
    log = whole[:cut_points(whole)[cut]]
    created = game_create(events=log, seed=SEED, game=GAME)
    other = game_create(events=whole[:3], seed="kk-other", game=GAME)
    gid = str(created.game.pk)
    hiding = [e["seq"] for e in log if e["type"] in HIDING]
    seqs = sorted({hiding[0], hiding[-1], log[-1]["seq"]})
    dispute = raise_dispute(created.game, hiding[-1], log[-1]["seq"], "req.take")
    for v in viewers(created, other, arbiter=True):
        hidden = hidden_from(log, v.seat)
        assert hidden and redacted_away(log, v.seat) <= hidden, (cut, v.who)
        bodies = audit_bodies(v.api, v.page, gid, v.headers, seqs, dispute)
        for b in bodies:
            shown = leaked(b.data, b.text, hidden)
            assert not shown, f"{b.route} ({b.status}) for {v.who} after {cut}: {shown}"
            assert SEED not in b.text, (b.route, v.who)
        assert_no_leaky_sentence(bodies, leaky_sentences(log, v.seat, GAME), v.who)
        assert_no_chain_hash(bodies, created.game.head_hash, v.who)
        assert_live_refusals(bodies, v.who)


def test_the_oracle_catches_a_page_that_shows_a_buried_card(monkeypatch):
    """Not vacuous: with the platform's redaction switched off, the raise form at a
    hidden swap names the buried card in words, and both checks find it."""
    from django.test import Client

    whole = log_of()
    log = whole[:cut_points(whole)["swap:hidden"]]
    buried = log[-1]["hand"]
    created = game_create(events=log, seed=SEED, game=GAME)
    hidden = hidden_from(log, None)
    assert buried in hidden
    leaky = leaky_sentences(log, None, GAME)
    assert any(buried.replace("S", "♠") in s for s in leaky), leaky
    monkeypatch.setattr(engine, "redact", lambda events, viewer, finished, **_: list(events))
    page = Client().get(f"/disputes/raise/{created.game.pk}/?step={log[-1]['seq']}")
    assert buried in leaked(None, page.content.decode(), hidden)
    with pytest.raises(AssertionError):
        assert_no_leaky_sentence(
            audit_bodies(APIClient(), Client(), str(created.game.pk), {}, [log[-1]["seq"]],
                         raise_dispute(created.game, 0, 0, "swap")),
            leaky, "anonymous")


def _to_act(log: list) -> tuple[int, set[str]]:
    defn = engine.definition(None, GAME)
    (seat,) = defn.may_act(defn.fold(log))
    return seat, hidden_from(log, seat)


def _places(log: list, seat: int, hidden: set[str]) -> dict[str, str]:
    """One hidden card of each place: each other seat's hand, another seat's hidden
    cellar, the deck (nobody's)."""
    from kolkhoz_core.cards import CODE

    state = engine.definition(None, GAME).fold(log)
    out = {}
    for other in range(4):
        if other != seat:
            hand = sorted(CODE[c] for c in state.hands[other] if CODE[c] in hidden)
            cellar = sorted(CODE[c] for c, h, _k, _s in state.cellars[other]
                            if h and CODE[c] in hidden)
            if hand:
                out[f"hand {other}"] = hand[0]
            if cellar:
                out.setdefault("a hidden cellar", cellar[0])
    out["the deck"] = sorted(CODE[c] for c in state.deck if CODE[c] in hidden)[0]
    return out


@pytest.mark.parametrize("cut,kind", [("before-swap", "swap"), ("swap:pass", "play")])
def test_naming_a_hidden_card_is_refused_alike_wherever_it_lies(cut, kind):
    """The seat to act names, as the card it plays (or as the cellar card it takes in a
    swap), a card of each other seat's hand, of another seat's hidden cellar and of the
    deck: each is refused with the same status and error but for the card — the refusal
    never says where a hidden card lies (swap.buried, pocket; kolkhoz_core/views.py)."""
    whole = log_of()
    log = whole[:cut_points(whole)[cut]]
    seat, hidden = _to_act(log)
    places = _places(log, seat, hidden)
    assert {"hand 1", "hand 2", "hand 3", "a hidden cellar", "the deck"} - {f"hand {seat}"} \
        <= set(places), places
    created = game_create(events=log, seed=SEED, game=GAME)
    headers = {"HTTP_AUTHORIZATION": f"Bearer {created.seat_tokens[seat]}"}
    defn = engine.definition(None, GAME)
    mine = next(i for i in defn.legal_inputs(defn.fold(log), seat) if not i.get("pass"))
    field = "card" if kind == "play" else "cellar"
    assert_refusals_alike(APIClient(), str(created.game.pk), headers, len(log),
                          [(c, {**mine, field: c}) for c in places.values()])


def test_a_stale_head_and_a_second_decision_are_refused_showing_nothing_hidden():
    """In the second year, after the hidden swaps: the seat to play sends its play at a
    stale head (409) — then plays (201: the new events redacted for it) and plays again
    (refused: not its turn). No body names a card hidden from it, the chain hash or the
    seed."""
    whole = log_of()
    log = whole[:cut_points(whole)["swap:pass"]]
    seat, hidden = _to_act(log)
    created = game_create(events=log, seed=SEED, game=GAME)
    gid, api = str(created.game.pk), APIClient()
    headers = {"HTTP_AUTHORIZATION": f"Bearer {created.seat_tokens[seat]}"}
    defn = engine.definition(None, GAME)
    first, second = list(defn.legal_inputs(defn.fold(log), seat))[:2]
    bodies = []
    for expected, inp, status in ((len(log) - 1, first, 409), (len(log), first, 201),
                                  (len(log) + 1, second, None)):
        r = api.post(f"/api/games/{gid}/commands/", {"expected_seq": expected, "input": inp},
                     format="json", **headers)
        assert r.status_code == status if status else 400 <= r.status_code < 500, r.content
        bodies.append((r.json(), json.dumps(r.json()) + json.dumps(dict(r.headers))))
    created.game.refresh_from_db()
    assert bodies[0][0]["error"]["code"] == "stale_seq"
    for body, text in bodies:
        assert not leaked(body, text, hidden), body
        assert created.game.head_hash not in text and SEED not in text, body
