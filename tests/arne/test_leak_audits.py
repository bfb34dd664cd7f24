"""No leaks in Arne Total's audit routes and pages while a game is live (issue 20;
RECORD_FORMAT.md "Visibility", RULINGS.md setup.deal: hands are hidden from the other
seats, the draw deck from everyone).

``test_leak_api.py`` reads the views, the record, the verification, the evidence and the
replay and play pages after every event type. Here, just after the first event of each
kind that moves a hidden card (a Grab that takes a card, Plus Two's give and gave, Draw
Three, Pass Hands, Swap Seats, a thief on a pile), each viewer (the spectator, a
signed-in account with no seat, each seat by its token, another game's token) also reads
the what-if (API and page), a dispute raised on the game (its API body and page, the
game's dispute lists), the raise form at the hiding steps and the head tag
(``tests.leak_audit_routes``).

Then no card hidden from the viewer (``tracker.Table.hidden_from``, independent of the
engine's redaction) appears in any body as a code (``codes_in``: JSON values and keys,
and codes inside text), no sentence explaining what is hidden from the viewer appears
(names in words, "Red 500", are seen this way), nor the seed, nor the chain hash.
"""

from __future__ import annotations

import pytest

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

from .cuts import GAMES, labels_of, log_of
from .test_leak_api import _probe_seqs, table_after
from .tracker import codes_in

pytestmark = pytest.mark.django_db

GAME = "arne"
#: the kinds of event that move a hidden card, each cut in the game that reaches it first
LABELS = ("grabbed:card", "give:PLUS2C", "gave:PLUS2K", "draw:draw3", "hands_passed",
          "swapped", "stolen:pile")


def cases() -> list[tuple[str, str, int]]:
    """(game, labels, cut): each label where it first comes; labels sharing a cut share
    a case."""
    cuts = {name: labels_of(log_of(name)) for name in GAMES}
    chosen: dict[tuple[str, int], list[str]] = {}
    for label in LABELS:
        upto, name = min((cut[label], name) for name, cut in cuts.items() if label in cut)
        chosen.setdefault((name, upto), []).append(label)
    return sorted((name, "+".join(labels), upto) for (name, upto), labels in chosen.items())


CASES = cases()


@pytest.mark.parametrize("name,label,upto", CASES, ids=[f"{n}-{lb}" for n, lb, _ in CASES])
def test_no_audit_route_nor_page_shows_a_hidden_card_of_a_live_game(name, label, upto):
    from replays.services import game_create

    seed = GAMES[name][3]
    log = log_of(name)[:upto]
    created = game_create(events=log, seed=seed, game=GAME)
    other = game_create(events=log_of(name)[:2], seed="another-arne-game", game=GAME)
    gid = str(created.game.pk)
    seqs = _probe_seqs(log)
    dispute = raise_dispute(created.game, min(seqs), max(seqs), "setup.deal")
    table = table_after(log)
    for v in viewers(created, other, arbiter=True):
        hidden = table.hidden_from(v.seat)
        assert hidden
        bodies = audit_bodies(v.api, v.page, gid, v.headers, seqs, dispute)
        for b in bodies:
            leaked = codes_in(b.data if b.data is not None else b.text) & hidden
            assert not leaked, f"{b.route} ({b.status}) for {v.who} after {label}: {leaked}"
            assert seed not in b.text, (b.route, v.who)
        assert_no_leaky_sentence(bodies, leaky_sentences(log, v.seat, GAME), v.who)
        assert_no_chain_hash(bodies, created.game.head_hash, v.who)
        assert_live_refusals(bodies, v.who)


def test_the_oracle_catches_a_page_that_names_a_grabbed_card(monkeypatch):
    """The check is not vacuous: with the platform's redaction switched off, the raise
    form at a Grab names the grabbed card in words, and the sentence check finds it."""
    from django.test import Client
    from rest_framework.test import APIClient

    from replays import engine
    from replays.services import game_create

    name = "normal-4-passive"
    log = log_of(name)[:labels_of(log_of(name))["grabbed:card"]]
    created = game_create(events=log, seed=GAMES[name][3], game=GAME)
    leaky = leaky_sentences(log, None, GAME)
    assert leaky
    monkeypatch.setattr(engine, "redact", lambda events, viewer, finished, **_: list(events))
    bodies = audit_bodies(APIClient(), Client(), str(created.game.pk), {}, [log[-1]["seq"]],
                          raise_dispute(created.game, 0, 0, "setup.deal"))
    pages = [b for b in bodies if b.route.startswith("/disputes/raise/")]
    with pytest.raises(AssertionError):
        assert_no_leaky_sentence(pages, leaky, "anonymous")


def test_a_white_card_from_another_hand_or_the_deck_is_refused_alike():
    """The seat whose turn it is plays, as its white card, a card of each other seat's
    hand and a card of the deck: each is refused with the same status and error but for
    the card — the refusal never says where a hidden card lies (RULINGS.md setup.deal:
    hands hidden from the others, the deck from everyone)."""
    from rest_framework.test import APIClient

    from replays import engine
    from replays.services import game_create

    name = "normal-4"
    defn = engine.definition(None, GAME)
    whole = log_of(name)
    upto = next(i for i in range(labels_of(whole)["grabbed:card"], len(whole))
                if any(x["type"] == "white" for s in defn.may_act(defn.fold(whole[:i]))
                       for x in defn.legal_inputs(defn.fold(whole[:i]), s)))
    log = whole[:upto]
    (seat,) = defn.may_act(defn.fold(log))
    table = table_after(log)
    hidden = table.hidden_from(seat)
    places = [next(c for c in sorted(hidden) if c in table.hands[s])
              for s in range(table.n) if s != seat and set(table.hands[s]) & hidden]
    places.append(next(c for c in sorted(hidden & table.deck())))
    assert len(places) >= 3
    created = game_create(events=log, seed=GAMES[name][3], game=GAME)
    headers = {"HTTP_AUTHORIZATION": f"Bearer {created.seat_tokens[seat]}"}
    assert_refusals_alike(APIClient(), str(created.game.pk), headers, len(log),
                          [(c, {"type": "white", "seat": seat, "card": c}) for c in places])
