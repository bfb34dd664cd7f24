"""Seats, cards, the deal and the ruleset: setup.players, card.heads, card.number,
round.deal, the options and presets table, the seed (RULINGS.md, RECORD_FORMAT.md)."""

from __future__ import annotations

import hashlib

import pytest

from korova_core import cards as kcards

from .records import (
    DEFAULTS,
    Game,
    assert_error,
    error_of,
    heads,
    of,
    one,
    rules_of,
    run,
    run_partial,
)


# ---------------------------------------------------------------------- card.heads
def test_heads_table_of_the_source():
    """Given every card 1-104 / when its heads are asked / then they follow the source's
    table: 55 is 7, the doubles 5, the tens 3, the other fives 2, the rest (104 too) 1;
    the deck holds 171 heads, 1-24 38, 1-34 55, 1-44 72 (card.heads)."""
    assert [kcards.heads(c) for c in range(1, 105)] == [heads(c) for c in range(1, 105)]
    assert {c: kcards.HEADS[c] for c in range(1, 105)} == {c: heads(c) for c in range(1, 105)}
    assert (kcards.heads(55), kcards.heads(104), kcards.heads(100), kcards.heads(95),
            kcards.heads(99), kcards.heads(44), kcards.heads(1)) == (7, 1, 3, 2, 5, 5, 1)
    assert [sum(heads(c) for c in range(1, k + 1)) for k in (104, 24, 34, 44)] == [
        171, 38, 55, 72]
    assert list(kcards.DECK) == list(range(1, 105))


def test_penalty_is_heads_not_cards():
    """Given a row 50 55 60 65 70 / when 75 is its sixth card / then the penalty is
    3+7+3+2+3 = 18 heads, not 5 (card.heads, round.score)."""
    g = Game(2)
    g.deal(rows=[50, 1, 2, 3], given={0: [55, 65, 75, 4], 1: [60, 70, 5, 6]})
    g.turn([55, 60])
    g.turn([65, 70])
    g.turn([75, 5])
    take = one(run_partial(g.record()), "take")
    assert (take["cards"], take["penalty"]) == ([50, 55, 60, 65, 70], 18)


# ---------------------------------------------------------------------- setup.players
@pytest.mark.parametrize("n", range(2, 11))
def test_two_to_ten_players(n):
    """Given ``n`` seats (2-10) and the base game / when a round is adjudicated / then the
    game event names the seats, the deal uses 10n + 4 cards and (10 players) all 104
    (setup.players, round.deal)."""
    g = Game(n, threshold=1000)
    g.deal()
    g.play_out()
    events = run_partial(g.record())
    game = events[0]
    assert game["type"] == "game" and game["seats"] == g.seats
    assert "setup.players" in rules_of(game)
    deal = one(events, "deal")
    dealt = [c for h in deal["hands"] for c in h] + deal["rows"]
    assert len(set(dealt)) == 10 * n + 4
    if n == 10:
        assert sorted(dealt) == list(range(1, 105))
    assert one(events, "round_end")["penalties"] == g.history[0]


@pytest.mark.parametrize("n", [0, 1, 11, 12])
def test_player_count_refused(n):
    """Given fewer than 2 or more than 10 seats / when adjudicated / then invalid_seats,
    input null, rule setup.players."""
    rec = Game(2).record()
    rec["seats"] = [f"p{i}" for i in range(n)]
    assert_error(error_of(rec), "invalid_seats", None, "setup.players")


# ---------------------------------------------------------------------- the ruleset
def test_game_event_holds_the_resolved_ruleset():
    """Given the base preset with threshold 20 / when adjudicated / then the game event
    holds format, the preset and every option resolved, the seats, no seed commitment,
    engine and rules versions (ruleset: stored whole in the first event)."""
    g = Game(3, threshold=20)
    events = run_partial(g.record())
    game = events[0]
    assert game["format"] == "korova-record/1"
    assert game["ruleset"] == {"preset": "base", "options": {**DEFAULTS, "threshold": 20}}
    assert game["seed_commitment"] is None
    assert "engine_version" in game and "rules_version" in game
    assert [e["type"] for e in events] == ["game", "round"]
    assert one(events, "round")["round"] == 1 and "round.next" in rules_of(events[1])


@pytest.mark.parametrize("spec, options", [
    ({"options": {}}, DEFAULTS),
    ({"preset": "base"}, DEFAULTS),
    ({"preset": None, "options": {"lowest_tie": "play_on"}}, {**DEFAULTS,
                                                              "lowest_tie": "play_on"}),
    ({"preset": "tactical", "options": {"draft_order": "snake"}},
     {**DEFAULTS, "tactical": True, "draft_order": "snake"}),
    ({"preset": "tactical", "options": {"tactical": False}}, DEFAULTS),
    ({"options": {"tactical": True, "threshold": 1}}, {**DEFAULTS, "tactical": True,
                                                        "threshold": 1}),
    ({"options": {"draft_order": "snake"}}, {**DEFAULTS, "draft_order": "snake"}),
    ({"preset": "base", "colour": "red"}, DEFAULTS),
])
def test_presets_and_options(spec, options):
    """Given a preset plus overrides, or options alone, or an option with no effect
    (draft_order without the tactical variant), or an unknown key beside them / when
    adjudicated / then the game event's options are every option resolved (presets and
    options tables)."""
    rec = Game(3).record()
    rec["ruleset"] = spec
    game = run_partial(rec)[0]
    assert game["ruleset"]["options"] == options
    if game["ruleset"]["options"]["tactical"]:
        assert "tactical.players" in rules_of(game)


@pytest.mark.parametrize("spec", [
    "base", ["base"], {"preset": "fast"}, {"preset": 1}, {"options": "tactical"},
    {"options": {"speed": 2}}, {"options": {"threshold": 0}}, {"options": {"threshold": -66}},
    {"options": {"threshold": "66"}}, {"options": {"threshold": 66.5}},
    {"options": {"threshold": True}}, {"options": {"tactical": "yes"}},
    {"options": {"tactical": 1}}, {"options": {"lowest_tie": "random"}},
    {"options": {"draft_order": "zigzag"}}, None,
])
def test_invalid_ruleset(spec):
    """Given a ruleset that is missing or not an object, options not an object, an unknown
    preset or option, or a value the option does not allow / when adjudicated / then
    invalid_ruleset, input null, rule null."""
    rec = Game(3).record()
    if spec is None:
        del rec["ruleset"]
    else:
        rec["ruleset"] = spec
    assert_error(error_of(rec), "invalid_ruleset", None, None)


def test_threshold_any_whole_number():
    """Given threshold 1 and 500 / when adjudicated / then both are accepted (game.end)."""
    for value in (1, 500):
        assert run_partial(Game(2, threshold=value).record())[0]["ruleset"]["options"][
            "threshold"] == value


# ---------------------------------------------------------------------- seed and deal
def seeded_start(g: Game) -> list[dict]:
    """The log of ``g``'s record plus one probe ``choose`` where round 1's deal is due:
    the engine deals from the seed there (the probe is then accepted or not_in_hand)."""
    rec = g.record()
    rec["inputs"].append({"type": "choose", "seat": 0, "card": 1})
    err = error_of(rec)
    assert err.code in ("incomplete", "not_in_hand"), (err.code, err.message)
    return list(err.events)


def test_seed_deals_a_round_left_out():
    """Given a seed and no deal / when adjudicated / then the game event carries the seed's
    sha256 and the engine logs the deal it drew: n hands of ten and four rows, distinct
    cards 1-104; the record can go on from it (round.deal, settled point 16)."""
    seed = "korova-seed-1"
    g = Game(3, seed=seed, threshold=1000)
    events = seeded_start(g)
    assert events[0]["seed_commitment"] == hashlib.sha256(seed.encode()).hexdigest()
    deal = one(events, "deal")
    assert deal["round"] == 1 and len(deal["hands"]) == 3 and len(deal["rows"]) == 4
    cards = [c for h in deal["hands"] for c in h] + deal["rows"]
    assert all(len(h) == 10 for h in deal["hands"])
    assert len(set(cards)) == 34 and all(1 <= c <= 104 for c in cards)
    assert one(events, "rows")["rows"] == deal["rows"]
    g.deal(hands=deal["hands"], rows=deal["rows"], write=False)
    g.play_out()
    events2 = run_partial(g.record())
    assert one(events2, "round_end")["penalties"] == g.history[0]
    assert of(events2, "deal")[0] == deal


def test_seed_is_revealed_at_the_end_and_explicit_deals_win():
    """Given a seed and explicit deals / when the game ends / then the deals used are the
    record's and game_end reveals the seed (seed, game.end)."""
    g = Game(2, seed="open-later", threshold=1)
    g.deal(rows=[101, 102, 103, 104], given={0: list(range(1, 11))})
    g.play_out("low")
    assert g.over
    events = run(g.record())
    assert one(events, "deal")["rows"] == [101, 102, 103, 104]
    assert events[-1]["type"] == "game_end" and events[-1]["seed"] == "open-later"


def test_no_seed_commitment_null_and_end_seed_null():
    """Given no seed / when a game ends / then seed_commitment and game_end's seed are null."""
    g = Game(2, threshold=1)
    g.deal(rows=[101, 102, 103, 104], given={0: list(range(1, 11))})
    g.play_out("low")
    events = run(g.record())
    assert events[0]["seed_commitment"] is None and events[-1]["seed"] is None


def test_deal_event_rules():
    """Given a deal / when adjudicated / then the deal reappears with its fields and cites
    round.deal, and rows follows it (round.deal, canonical order)."""
    g = Game(2)
    g.deal(rows=[5, 6, 7, 8])
    events = run_partial(g.record())
    assert [e["type"] for e in events] == ["game", "round", "deal", "rows", "turn"]
    deal = events[2]
    assert (deal["round"], deal["hands"], deal["rows"]) == (1, g.inputs[0]["hands"],
                                                            [5, 6, 7, 8])
    assert "round.deal" in rules_of(deal)
    assert [e["seq"] for e in events] == list(range(5))
