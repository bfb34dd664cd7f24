"""Setup, rulesets and the round: setup.players, setup.deck, ruleset, round.dealer,
round.deal (RULINGS.md "Setup and cards", "The round"; RECORD_FORMAT.md)."""

from __future__ import annotations

import hashlib

import pytest

import gongzhu_core
from gongzhu_core import build_ruleset

from .records import DECK, DEFAULTS, Game, error_of, of, one, run, run_partial


def assert_error(err, code, input_, rule):
    assert (err.code, err.input, err.rule) == (code, input_, rule), err.message


# ---------------------------------------------------------------------- setup.players
@pytest.mark.parametrize("seats", [["A", "B", "C"], ["A", "B", "C", "D", "E"],
                                   ["A", "B", "C", 4], "ABCD", None])
def test_setup_players_exactly_four_names(seats):
    """Given a record whose seats are not four player names / when adjudicated / then
    bad_record for the record as a whole (input null), rule setup.players."""
    rec = Game().record()
    rec["seats"] = seats
    assert_error(error_of(rec), "bad_record", None, "setup.players")


def test_setup_players_four_seats_in_the_game_event():
    """Given four names / when a game is adjudicated / then the game event lists them,
    seat 0 first, and every round deals four 13-card hands (setup.players)."""
    g = Game(first_dealer=1, end_score=-1)
    g.round()
    events = run(g.record())
    assert events[0]["type"] == "game" and events[0]["seats"] == ["Ann", "Bo", "Chen", "Dai"]
    game = events[0]
    assert (game["seq"], game["rules"], game["first_dealer"], game["seed_commitment"]) == (
        0, [], 1, None)
    assert game["rules_version"] == "gongzhu-rulings/1" and game["engine_version"]
    assert [len(h) for h in one(events, "deal")["hands"]] == [13, 13, 13, 13]


# ---------------------------------------------------------------------- setup.deck
@pytest.mark.parametrize("trick, winner", [
    ("2D AD KD 3D", 1), ("KS QS JS 10S", 0), ("10C JC 9C 2C", 1), ("3H 2H 4H 5H", 3),
    ("9D 10D 8D 7D", 1), ("QC KC AC JC", 2), ("6S 5S 4S 7S", 3),
])
def test_setup_deck_rank_order(trick, winner):
    """Given a first trick led by seat 0 / when it is played / then the card that is
    highest in A K Q J 10 … 3 2 order wins (setup.deck, trick.winner)."""
    g = Game(first_dealer=3, end_score=-1)
    g.round(tricks=[trick], play_out=False)
    events = run_partial(g.record())
    t = of(events, "trick")[0]
    assert (t["leader"], t["winner"], t["cards"]) == (0, winner, trick.split())


def test_setup_deck_no_trumps():
    """Given seat 0 holds every diamond and leads 2D while the others throw AS, AC, AH /
    when the trick is played / then 2D wins: no suit beats another (setup.deck)."""
    g = Game(first_dealer=3, end_score=-1)
    g.round(tricks=["2D AS AC AH"], play_out=False)
    assert sorted(g.current.dealt[0]) == sorted(r + "D" for r in
                                                ("2 3 4 5 6 7 8 9 10 J Q K A".split()))
    t = of(run_partial(g.record()), "trick")[0]
    assert t["winner"] == 0 and t["scoring"] == ["AH"] and t["lead_suit"] == "D"


# ---------------------------------------------------------------------- ruleset
def test_ruleset_defaults_are_standard():
    """Given an empty spec / when built / then every option has its default and the
    preset is standard (ruleset)."""
    rs = build_ruleset({})
    assert rs.preset == "standard"
    for name, value in DEFAULTS.items():
        assert getattr(rs, name) == value, name
    assert rs.to_json() == {"preset": "standard", "options": DEFAULTS}


@pytest.mark.parametrize("preset, sets", [
    ("standard", {}), ("short", {"end_score": -500}), ("passing", {"passing": True}),
    ("exposing", {"exposing": True}), ("all_at_once", {"all_at_once": True}),
])
def test_ruleset_presets(preset, sets):
    """Given a preset / when built / then it sets exactly its options and every other
    option keeps its default (ruleset, Presets)."""
    rs = build_ruleset({"preset": preset})
    assert rs.to_json() == {"preset": preset, "options": {**DEFAULTS, **sets}}


def test_ruleset_options_override_a_preset():
    """Given the exposing preset with passing and end_score -200 / when built / then
    both overrides apply on top of the preset (ruleset)."""
    rs = build_ruleset({"preset": "short", "options": {"end_score": -200, "passing": True}})
    assert (rs.preset, rs.end_score, rs.passing, rs.exposing) == ("short", -200, True, False)


def test_ruleset_options_alone_build_on_standard_and_are_stored_whole():
    """Given a record naming options only / when adjudicated / then the game event stores
    preset standard and every option resolved (ruleset)."""
    g = Game(first_dealer=0, end_score=-1, moon_pig="flips")
    g.round()
    game = run(g.record())[0]
    assert game["ruleset"] == {"preset": "standard",
                               "options": {**DEFAULTS, "end_score": -1, "moon_pig": "flips"}}


@pytest.mark.parametrize("spec", [
    {"preset": "hearts"}, {"options": {"jokers": True}},
    {"options": {"end_score": 0}}, {"options": {"end_score": 100}},
    {"options": {"end_score": -100.0}}, {"options": {"end_score": "-1000"}},
    {"options": {"end_score": True}}, {"options": {"sweep_score": 0}},
    {"options": {"sweep_score": -800}}, {"options": {"passing": 1}},
    {"options": {"passing": "yes"}}, {"options": {"pass_to": "across"}},
    {"options": {"exposing": None}}, {"options": {"expose_cards": "all"}},
    {"options": {"expose_hold": "no"}}, {"options": {"all_at_once": 0}},
    {"options": {"ten_alone": "lenient"}}, {"options": {"moon_pig": "doubles"}},
    {"options": {"hearts_broken": "false"}}, {"options": {"first_lead": "dealer"}},
    {"options": {"top_tie": "split"}}, {"options": []}, [],
])
def test_ruleset_refused(spec):
    """Given an unknown preset or option, a value out of its range, or a spec that is
    not an object / when built, and when a record carries it / then invalid_ruleset,
    rule ruleset, input null (ruleset)."""
    with pytest.raises(gongzhu_core.GongzhuError) as exc:
        build_ruleset(spec)
    assert (exc.value.code, exc.value.rule) == ("invalid_ruleset", "ruleset")
    rec = Game().record()
    rec["ruleset"] = spec
    assert_error(error_of(rec), "invalid_ruleset", None, "ruleset")


def test_ruleset_off_variant_options_accepted_without_effect():
    """Given pass_to right without passing, expose_cards four and expose_hold without
    exposing, sweep_score 5 without all_at_once / when a round is adjudicated / then
    they are accepted: no pass or expose inputs, round pass_to null, and no sweep bonus
    (ruleset)."""
    g = Game(first_dealer=3, end_score=-1, pass_to="right", expose_cards="four",
             expose_hold=True, sweep_score=5)
    g.round(given={0: [r + "H" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()]},
            tricks=["AH QS JD 10C"])
    events = run_partial(g.record())
    assert of(events, "round")[0]["pass_to"] is None
    assert not of(events, "pass") and not of(events, "exchange") and not of(events, "expose")
    end = one(events, "round_end")
    assert end["sweep"] == 0 and end["points"] == [400, 0, 0, 0]
    assert "score.sweep" not in end["rules"]


# ---------------------------------------------------------------------- round.dealer
@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_round_dealer_rotates_left(first):
    """Given first_dealer f / when five rounds are played / then round r is dealt by
    (f + r - 1) mod 4, each round event citing round.dealer, and the first lead is the
    dealer's left (round.dealer)."""
    g = Game(first_dealer=first, end_score=-5000)
    for _ in range(5):
        g.round()
    events = run_partial(g.record())
    rounds = of(events, "round")[:5]
    assert [e["dealer"] for e in rounds] == [(first + r) % 4 for r in range(5)]
    assert all(e["rules"] == ["round.dealer"] for e in rounds)
    firsts = [t for t in of(events, "trick") if t["trick"] == 1]
    assert [t["leader"] for t in firsts] == [(first + r + 1) % 4 for r in range(5)]


def test_round_dealer_drawn_from_the_seed():
    """Given a record with a seed and no first_dealer / when adjudicated twice / then the
    first dealer is a seat 0-3 drawn from the seed (the same both times), round 1's
    dealer is it, and the commitment is sha256 of the seed (round.dealer)."""
    rec = Game(first_dealer=None, seed="table-7").record()
    first = run_partial(rec)
    again = run_partial(rec)
    game = first[0]
    assert game["first_dealer"] in (0, 1, 2, 3)
    assert game["first_dealer"] == again[0]["first_dealer"]
    assert one(first, "round")["dealer"] == game["first_dealer"]
    assert game["seed_commitment"] == hashlib.sha256(b"table-7").hexdigest()


@pytest.mark.parametrize("first", [4, -1, "1", 1.0, None, True])
def test_round_dealer_bad_or_missing(first):
    """Given first_dealer outside 0-3 (or missing with no seed) / when adjudicated / then
    bad_record, input null, rule round.dealer."""
    g = Game(first_dealer=None)
    rec = g.record()
    if first is not None:
        rec["first_dealer"] = first
    assert_error(error_of(rec), "bad_record", None, "round.dealer")


# ---------------------------------------------------------------------- round.deal
def test_round_deal_thirteen_each_and_thirteen_tricks():
    """Given a deal / when a round without passing or exposing is adjudicated / then the
    deal event holds the input's hands, the round has 13 tricks and 68 events from
    round to round_end (round.deal)."""
    g = Game(first_dealer=2, end_score=-1)
    rm = g.round()
    events = run(g.record())
    assert one(events, "deal")["hands"] == rm.dealt
    assert [t["trick"] for t in of(events, "trick")] == list(range(1, 14))
    start = one(events, "round")["seq"]
    assert one(events, "round_end")["seq"] - start + 1 == 68
    assert [e["seq"] for e in events] == list(range(len(events)))


def test_round_deal_from_the_seed_when_the_record_has_none():
    """Given a seeded record with no deal input / when adjudicated / then the engine
    deals 13 cards to each seat, all 52 once, the same each time, and the round is
    played from those hands; game_end reveals the seed (round.deal)."""
    partial = run_partial(Game(first_dealer=1, seed="s-1").record())
    hands = one(partial, "deal")["hands"]
    assert [len(h) for h in hands] == [13] * 4
    assert sorted(c for h in hands for c in h) == sorted(DECK)
    assert one(run_partial(Game(first_dealer=1, seed="s-1").record()), "deal")["hands"] == hands
    g = Game(first_dealer=1, seed="s-1", end_score=-1)
    g.round(hands=hands, deal=False)
    events = run(g.record())
    assert events[2]["type"] == "deal" and events[2]["hands"] == hands
    end = events[-1]
    assert end["type"] == "game_end" and end["seed"] == "s-1"


def test_round_deal_explicit_inputs_win_over_the_seed():
    """Given a seeded record that states its own deal / when adjudicated / then the
    stated hands are played (explicit inputs win) (round.deal)."""
    g = Game(first_dealer=0, seed="s-2", end_score=-1)
    rm = g.round()
    assert one(run(g.record()), "deal")["hands"] == rm.dealt


@pytest.mark.parametrize("change", ["round", "short", "long", "twice", "uneven"])
def test_round_deal_refused(change):
    """Given a deal for the wrong round, or hands that are not 13 cards each and all 52
    once / when adjudicated / then bad_deal at that input, rule round.deal."""
    g = Game(first_dealer=0)
    g.round(play_out=False)
    rec = g.record()
    deal = rec["inputs"][0]
    if change == "round":
        deal["round"] = 2
    elif change == "short":
        deal["hands"][0].pop()
    elif change == "long":
        deal["hands"][0].append(deal["hands"][1][0])
    elif change == "twice":
        deal["hands"][0][0] = deal["hands"][1][0]
    else:
        deal["hands"][0].append(deal["hands"][1].pop())
    assert_error(error_of(rec), "bad_deal", 0, "round.deal")


def test_round_deal_one_per_round_first_in_the_round():
    """Given a two-round record / when adjudicated / then each round's deal comes right
    after its round event, with that round's number (round.deal)."""
    g = Game(first_dealer=0)
    g.round()
    g.round()
    events = run_partial(g.record())
    deals = of(events, "deal")
    assert [d["round"] for d in deals] == [1, 2]
    for d in deals:
        assert events[d["seq"] - 1]["type"] == "round"
