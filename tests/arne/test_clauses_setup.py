"""Cards, decks and the setup: deck.codes, deck.colour_set, deck.neutral, deck.group,
deck.first_game, setup.players, setup.colours, setup.deal, setup.first."""

from __future__ import annotations

from collections import Counter

import pytest

from . import model as m
from .records import DEFAULTS, Game, assert_error, error_of, of, one, play, rules_of

# RULINGS.md's card list: copies per deck of each neutral kind, then the totals.
TABLE = {  # kind: (2, 2 first, 3-4, 3-4 first, 5-6, 5-6 first)
    "X3": (2, 0, 4, 0, 6, 0), "GRAB": (2, 0, 4, 0, 6, 0), "PLUS2C": (2, 0, 4, 0, 6, 0),
    "PLUS2K": (1, 1, 1, 0, 2, 1), "DRAW3": (2, 2, 4, 2, 6, 4), "HANDS": (1, 1, 1, 1, 2, 2),
    "SWAP": (1, 1, 1, 1, 2, 2), "CHAM": (2, 2, 4, 2, 6, 4), "THIEF": (3, 3, 6, 2, 9, 5),
    "CRUSH": (2, 2, 5, 2, 7, 4), "LOCK": (2, 2, 5, 2, 7, 4), "STOP": (2, 2, 4, 2, 6, 4),
    "REV": (1, 1, 5, 1, 6, 2),
}
NEUTRAL_TOTALS = (23, 17, 48, 15, 71, 32)
DECK_TOTALS = (45, 33, 92, 43, 137, 76)
COLUMN = {(2, False): 0, (2, True): 1, (3, False): 2, (3, True): 3, (4, False): 2,
          (4, True): 3, (5, False): 4, (5, True): 5, (6, False): 4, (6, True): 5}


@pytest.mark.parametrize("n, first_game", sorted(COLUMN))
def test_builder_deck_is_the_rulings_table(n, first_game):
    """Given the builder's deck (computed from the appendix's symbol columns and the
    colour sets) / when counted per kind / then it is RULINGS.md's card list: the neutral
    column, the totals 45/33/92/43/137/76, colour cards per colour (deck.neutral,
    deck.group, deck.colour_set, deck.first_game)."""
    deck = m.deck_codes(n, first_game)
    col = COLUMN[(n, first_game)]
    kinds = Counter(m.kind(c) for c in deck)
    assert {k: kinds[k] for k in TABLE} == {k: v[col] for k, v in TABLE.items()}
    assert sum(kinds[k] for k in TABLE) == NEUTRAL_TOTALS[col]
    assert len(deck) == DECK_TOTALS[col] == len(set(deck))
    colours = {m.colour_of(c) for c in deck} - {None}
    assert colours == set(m.group(n))
    for c in colours:
        faces = Counter(m.face(x) for x in deck if m.colour_of(x) == c)
        if not first_game:
            assert faces == Counter({"50": 2, "100": 3, "200": 2, "500": 1, "1000": 1,
                                     "X2": 1, "-200": 1})
        else:
            hundreds = 2 if c in "RB" else 1
            assert faces == Counter({"50": 1, "100": hundreds, "200": 2, "500": 1,
                                     "1000": 1, "-200": 1})


@pytest.mark.parametrize("n, first_game, dummy, size", [
    (2, False, "Y", 56), (2, True, "Y", 40), (4, False, "R", 103), (4, True, "R", 51),
    (3, False, "P", 92), (5, True, "P", 76)])
def test_builder_dummy_deck_sizes(n, first_game, dummy, size):
    """Given the dummy game / when the builder adds the dummy's colour set / then the deck
    has RULINGS.md's 56/40/103/51 cards; with 3 and 5 seats the spare colour is already in
    the deck (dummy.colour)."""
    assert len(m.deck_codes(n, first_game, dummy)) == size


def game_event(g: Game) -> dict:
    g.deal()
    events = play(g)
    return events[0]


@pytest.mark.parametrize("n, first_game", sorted(COLUMN))
def test_engine_deck_is_the_builders(n, first_game):
    """Given n seats and the full or first-game deck / when a deal is adjudicated / then
    the game event's deck is the builder's list exactly — colour cards by colour R B Y G O
    P and face, then neutral kinds in table order, copies numbered from 1 (deck.codes,
    deck.group, deck.neutral, deck.colour_set, deck.first_game)."""
    g = Game(n, "first_game" if first_game else "normal")
    ev = game_event(g)
    assert ev["deck"] == m.deck_codes(n, first_game)
    assert len(ev["deck"]) == DECK_TOTALS[COLUMN[(n, first_game)]]


@pytest.mark.parametrize("n, preset, dummy, size", [
    (2, "dummy", "Y", 56), (2, "first_game", "Y", 40), (4, "dummy", "R", 103),
    (4, "first_game", "R", 51), (3, "dummy", "P", 92), (5, "dummy", "P", 137)])
def test_engine_dummy_deck(n, preset, dummy, size):
    """Given the dummy game (2 and 4 seats: the set added; 3 and 5: the spare colour) /
    when adjudicated / then the game event's deck is the builder's, of 56/40/103/51 cards
    (or the group's own deck), and names the dummy colour (dummy.colour)."""
    g = Game(n, preset, dummy_colour=dummy, dummy=True)
    ev = game_event(g)
    assert ev["deck"] == m.deck_codes(n, preset == "first_game", dummy)
    assert len(ev["deck"]) == size and ev["dummy_colour"] == dummy


def test_game_event_fields():
    """Given a normal game of three seats with first_player 2 / when adjudicated / then
    seq 0 is game with every option resolved, seats, colours, dummy_colour null,
    first_player, no seed commitment, versions (setup.*)."""
    g = Game(3, first=2, colours="GOY")
    ev = game_event(g)
    assert ev["seq"] == 0 and ev["type"] == "game"
    options = ev["ruleset"].get("options", ev["ruleset"])
    assert {k: options[k] for k in DEFAULTS} == DEFAULTS
    assert (ev["seats"], ev["colours"], ev["dummy_colour"], ev["first_player"]) == (
        g.seats, ["G", "O", "Y"], None, 2)
    assert ev["seed_commitment"] is None
    assert ev["engine_version"] and ev["rules_version"]


def test_first_game_codes_are_renumbered_from_one():
    """Given the two-seat first game / when the deck is read / then copies are numbered
    from 1 in this deck (R100.1, R100.2 but no R100.3), no X2, X3, Grab or Plus Two score
    cards, and R100.3 in a deal is malformed (deck.codes, deck.first_game)."""
    deck = m.deck_codes(2, True)
    assert {"R100.1", "R100.2", "PLUS2K.1", "HANDS.1"} <= set(deck)
    assert not {"R100.3", "RX2.1", "X3.1", "GRAB.1", "PLUS2C.1", "R50.2"} & set(deck)
    g = Game(2, "first_game")
    rec = g.record()
    hands = [deck[:7] + ["R100.3"], deck[7:15]]
    rec["inputs"] = [{"type": "deal", "hands": hands}]
    assert_error(error_of(rec), "malformed", 0, None)


@pytest.mark.parametrize("seats", [1, 7])
def test_two_to_six_seats(seats):
    """Given 1 or 7 seats / when adjudicated / then invalid_setup, input null, rule
    setup.players."""
    rec = Game(2).record()
    rec["seats"] = [f"p{i}" for i in range(seats)]
    rec["colours"] = list("RBYGOPR")[:seats]
    assert_error(error_of(rec), "invalid_setup", None, "setup.players")


@pytest.mark.parametrize("n, colours", [
    (2, ["R", "Y"]), (2, ["R", "R"]), (2, ["R"]), (3, ["R", "Y", "G"]), (4, ["Y", "G", "O", "B"]),
    (5, ["R", "B", "Y", "G", "G"]), (2, ["R", "b"]), (2, "RB")])
def test_colours_from_the_group(n, colours):
    """Given colours outside the group of that number of seats, repeated, of the wrong
    length, not colour letters or not a list / when adjudicated / then invalid_setup,
    input null, rule setup.colours."""
    rec = Game(n).record()
    rec["colours"] = colours
    assert_error(error_of(rec), "invalid_setup", None, "setup.colours")


def test_colour_order_is_free():
    """Given two seats with colours ["B", "R"] / when seat 0 plays a blue score card into
    blue / then it is placed: colours[i] is position i's colour (setup.colours)."""
    g = Game(2, colours="BR")
    g.deal({0: ["B500.1"]})
    g.draw()
    i = g.white("B500.1", area="B")
    events = play(g)
    placed = one(events, "placed")
    assert (placed["card"], placed["area"], placed["seat"]) == ("B500.1", "B", 0)
    assert events[0]["colours"] == ["B", "R"]
    assert g.inputs[i]["area"] == "B"


def test_deal_eight_each_and_the_rest_is_the_deck():
    """Given a deal of 8 cards per seat (5 seats) / when adjudicated / then the deal input
    reappears as given with rules setup.deal, and the first turn's draw may name any card
    not dealt (setup.deal, turn.draw)."""
    g = Game(5)
    g.deal({4: ["STOP.1"]})
    undealt = g.stock[-1]
    g.draw(undealt)
    events = play(g)
    deal = one(events, "deal")
    assert deal["hands"] == g.inputs[0]["hands"] and all(len(h) == 8 for h in deal["hands"])
    assert "setup.deal" in rules_of(deal)
    draw = one(events, "draw")
    assert draw["cards"] == [undealt] and "turn.draw" in rules_of(draw)


@pytest.mark.parametrize("first", [0, 1, 2])
def test_first_player_opens(first):
    """Given first_player f / when adjudicated / then the first turn is turn 1 at position
    f, seat f, direction +1, and its draw is seat f's (setup.first, turn.order)."""
    g = Game(3, first=first)
    g.deal()
    g.draw()
    events = play(g)
    turn = one(events, "turn")
    assert (turn["turn"], turn["position"], turn["seat"], turn["direction"]) == (1, first,
                                                                                 first, 1)
    assert one(events, "draw")["seat"] == first
    assert of(events, "window")[0]["order"] == [first]


def test_missing_first_player_without_seed():
    """Given a record with neither first_player nor seed / when adjudicated / then
    invalid_setup, input null, rule setup.first."""
    rec = Game(2).record()
    del rec["first_player"]
    assert_error(error_of(rec), "invalid_setup", None, "setup.first")


@pytest.mark.parametrize("first", [2, -1, "0", None])
def test_first_player_must_be_a_seat(first):
    """Given first_player that is not a seat of a two-seat game (or null without a seed) /
    when adjudicated / then invalid_setup, input null, rule setup.first."""
    rec = Game(2).record()
    rec["first_player"] = first
    assert_error(error_of(rec), "invalid_setup", None, "setup.first")
