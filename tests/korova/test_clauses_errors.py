"""RECORD_FORMAT.md's error table — every code with its input index and rule — and the
order of the checks: the record field by field (object and format, ruleset, seats, the
combination, seed, inputs), then per input (1) game over, (2) form, (3) due, (4)
content, with already_chosen before not_in_hand and wrong_seat before bad_row /
not_on_table."""

from __future__ import annotations

import pytest

from .records import Game, assert_error, error_of, of, run_partial


def base(n: int = 3) -> dict:
    return Game(n).record()


def low_due() -> tuple[Game, int]:
    """The source's low-card turn with seat 0's row choice due (after the chooses)."""
    g = Game(3)
    g.deal(rows=[30, 12, 47, 80], given={0: [33, 5, 6], 1: [13, 35, 36], 2: [81, 70, 71]})
    g.turn({0: 33, 1: 13, 2: 81})
    g.turn({0: 5, 1: 35, 2: 70}, write_take=False)
    return g, len(g.inputs)


# ---------------------------------------------------------------------- the record
@pytest.mark.parametrize("change, code, rule", [
    (lambda r: [], "malformed", None), (lambda r: "record", "malformed", None),
    (lambda r: None, "malformed", None),
    (lambda r: {**r, "format": "korova-record/2"}, "malformed", None),
    (lambda r: {**r, "format": "gongzhu-record/1"}, "malformed", None),
    (lambda r: {k: v for k, v in r.items() if k != "format"}, "malformed", None),
    (lambda r: {k: v for k, v in r.items() if k != "ruleset"}, "invalid_ruleset", None),
    (lambda r: {**r, "seats": "Anya Boris"}, "malformed", None),
    (lambda r: {**r, "seats": ["Anya", 2, "Vera"]}, "malformed", None),
    (lambda r: {k: v for k, v in r.items() if k != "seats"}, "malformed", None),
    (lambda r: {**r, "seats": ["Anya"]}, "invalid_seats", "setup.players"),
    (lambda r: {**r, "seats": [str(i) for i in range(11)]}, "invalid_seats", "setup.players"),
    (lambda r: {**r, "seed": 5}, "malformed", None),
    (lambda r: {**r, "seed": ["s"]}, "malformed", None),
    (lambda r: {**r, "inputs": {"0": {}}}, "malformed", None),
    (lambda r: {k: v for k, v in r.items() if k != "inputs"}, "malformed", None),
])
def test_bad_record(change, code, rule):
    """Given a record that is not an object, has a wrong or missing format, no ruleset,
    seats that are not a list of strings or not 2-10 of them, a seed that is neither a
    string nor null, or inputs that are not a list / when adjudicated / then ``code``
    with input null and ``rule``."""
    assert_error(error_of(change(base())), code, None, rule)


def test_seed_null_is_no_seed():
    """Given seed null / when adjudicated / then accepted as no seed (incomplete at 0)."""
    rec = {**base(), "seed": None}
    assert_error(error_of(rec), "incomplete", 0, None)


@pytest.mark.parametrize("change, code, rule", [
    ({"format": "x", "ruleset": "x"}, "malformed", None),
    ({"ruleset": "x", "seats": ["A"]}, "invalid_ruleset", None),
    ({"ruleset": {"options": {"threshold": 0}}, "seats": 7}, "invalid_ruleset", None),
    ({"seats": ["A"], "seed": 5}, "invalid_seats", "setup.players"),
    ({"seats": [str(i) for i in range(11)], "ruleset": {"preset": "tactical"}},
     "invalid_seats", "setup.players"),
    ({"seats": list("ABCDE"), "ruleset": {"preset": "tactical"}, "seed": 5},
     "invalid_combination", "tactical.players"),
    ({"seats": list("ABCDE"), "ruleset": {"preset": "tactical"}, "inputs": "x"},
     "invalid_combination", "tactical.players"),
    ({"seed": 5, "inputs": [{"type": "bogus"}]}, "malformed", None),
])
def test_record_checked_in_order(change, code, rule):
    """Given two faults of the record / when adjudicated / then the first in the order
    object and format, ruleset, seats, combination, seed, inputs is reported, before any
    input (input null)."""
    assert_error(error_of({**base(), **change}), code, None, rule)


# ---------------------------------------------------------------------- malformed
@pytest.mark.parametrize("bad", [
    "choose", 7, None, ["choose", 0, 5], {"type": "bid", "seat": 0}, {"seat": 0, "card": 5},
    {"type": "choose", "seat": "0", "card": 5}, {"type": "choose", "seat": 3, "card": 5},
    {"type": "choose", "seat": -1, "card": 5}, {"type": "choose", "seat": 1.0, "card": 5},
    {"type": "choose", "seat": True, "card": 5}, {"type": "choose", "seat": 0},
    {"type": "choose", "seat": 0, "card": "5"}, {"type": "choose", "seat": 0, "card": 5.0},
    {"type": "choose", "seat": 0, "card": None}, {"type": "take_row", "seat": 0},
    {"type": "take_row", "seat": 0, "row": "2"}, {"type": "pick", "seat": 0},
    {"type": "pick", "seat": 0, "card": [5]}, {"type": "deal", "round": 1, "hands": []},
    {"type": "deal", "round": "1", "hands": [], "rows": []},
    {"type": "deal", "round": 1, "hands": "x", "rows": [1, 2, 3, 4]},
    {"type": "deal", "round": 1, "hands": [["1"]], "rows": [1, 2, 3, 4]},
    {"type": "TAKE_ROW", "seat": 0, "row": 1}, {"type": 3, "seat": 0, "card": 1},
])
def test_malformed_input(bad):
    """Given a deal and turn 1 open / when an input is not an object, has an unknown type,
    lacks a field or has one of the wrong JSON type, or names a seat not 0-2 / then
    malformed at its index, rule null — before whether it is due (check order (2))."""
    g = Game(3)
    g.deal()
    i = g.raw(bad)
    assert_error(error_of(g.record()), "malformed", i, None)


def test_unknown_fields_are_ignored():
    """Given a choose with an extra field / when adjudicated / then it is accepted."""
    g = Game(2)
    g.deal(given={0: [50]})
    g.raw({"type": "choose", "seat": 0, "card": 50, "note": "face down"})
    assert of(run_partial(g.record()), "choose")[0]["card"] == 50


# ---------------------------------------------------------------------- not due
def test_take_row_not_due_among_choices():
    """Given turn 1's choices open / when a take_row comes (even with row 9 or the wrong
    seat) / then not_due, rule low.card — before its content (check order (3))."""
    for inp in ({"type": "take_row", "seat": 0, "row": 0},
                {"type": "take_row", "seat": 1, "row": 9}):
        g = Game(3)
        g.deal()
        g.raw({"type": "choose", "seat": 2, "card": g.hands[2][0]})
        i = g.raw(inp)
        assert_error(error_of(g.record()), "not_due", i, "low.card")


def test_take_row_not_due_where_a_deal_is_due():
    """Given no deal yet / when a take_row comes first / then not_due (low.card)."""
    g = Game(2)
    i = g.raw({"type": "take_row", "seat": 0, "row": 0})
    assert_error(error_of(g.record()), "not_due", i, "low.card")


def test_take_row_twice():
    """Given a low card's take_row accepted / when a second take_row follows / then
    not_due (a turn has at most one row choice)."""
    g, _ = low_due()
    g.raw({"type": "take_row", "seat": 0, "row": 2})
    i = g.raw({"type": "take_row", "seat": 0, "row": 1})
    assert_error(error_of(g.record()), "not_due", i, "low.card")


# ---------------------------------------------------------------------- out of order
@pytest.mark.parametrize("inp, rule", [
    ({"type": "choose", "seat": 0, "card": 6}, "low.when"),
    ({"type": "choose", "seat": 1, "card": 36}, "low.when"),
    ({"type": "choose", "seat": 1, "card": 104}, "low.when"),
    ({"type": "deal", "round": 1, "hands": [[1]], "rows": [1]}, "low.when"),
    ({"type": "pick", "seat": 0, "card": 1}, "low.when"),
])
def test_out_of_order_while_the_row_choice_is_due(inp, rule):
    """Given seat 0's row choice due / when any other input comes, even a choose of a card
    nobody holds / then out_of_order, rule low.when (due before content)."""
    g, _ = low_due()
    i = g.raw(inp)
    assert_error(error_of(g.record()), "out_of_order", i, rule)


@pytest.mark.parametrize("inp", [
    {"type": "deal", "round": 1, "hands": [[1]], "rows": [1]},
    {"type": "pick", "seat": 0, "card": 1},
])
def test_out_of_order_during_the_choices(inp):
    """Given turn 1's choices open / when a deal or a pick comes / then out_of_order,
    rule turn.choose."""
    g = Game(3)
    g.deal()
    i = g.raw(inp)
    assert_error(error_of(g.record()), "out_of_order", i, "turn.choose")


@pytest.mark.parametrize("inp", [{"type": "choose", "seat": 0, "card": 1},
                                 {"type": "pick", "seat": 0, "card": 1}])
def test_out_of_order_where_the_deal_is_due_without_seed(inp):
    """Given a base record without seed / when a choose or a pick stands where round 1's
    deal is due / then out_of_order, rule round.deal."""
    g = Game(3)
    i = g.raw(inp)
    assert_error(error_of(g.record()), "out_of_order", i, "round.deal")


# ---------------------------------------------------------------------- bad deal
@pytest.mark.parametrize("mutate", [
    lambda d: d.update(round=2), lambda d: d.update(round=0),
    lambda d: d["hands"].pop(), lambda d: d["hands"].append(list(range(91, 101))),
    lambda d: d["hands"][0].pop(), lambda d: d["hands"][1].append(104),
    lambda d: d["rows"].pop(), lambda d: d["rows"].append(104),
    lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]),
    lambda d: d["rows"].__setitem__(0, d["hands"][2][3]),
    lambda d: d["rows"].__setitem__(1, 105), lambda d: d["hands"][2].__setitem__(0, 0),
])
def test_bad_deal(mutate):
    """Given a deal for the wrong round, with a wrong number of hands, hand cards or row
    cards, or with a card twice or outside 1-104 / when adjudicated / then bad_deal at
    its index, rule round.deal."""
    g = Game(3)
    g.deal(rows=[50, 60, 70, 80], given={0: list(range(1, 11)), 1: list(range(11, 21)),
                                         2: list(range(21, 31))})
    mutate(g.inputs[0])
    assert_error(error_of(g.record()), "bad_deal", 0, "round.deal")


def test_deal_for_round_two_checked():
    """Given round 1 played / when round 2's deal says round 1 / then bad_deal (index)."""
    g = Game(2, threshold=1000)
    g.deal()
    g.play_out()
    i = g.deal()
    g.inputs[i]["round"] = 1
    assert_error(error_of(g.record()), "bad_deal", i, "round.deal")


# ---------------------------------------------------------------------- content
@pytest.mark.parametrize("card", ["played", "other", "row", "aside", 0, 105, -3])
def test_not_in_hand(card):
    """Given seat 0 played 41 in turn 1 / when in turn 2 it chooses a card played already,
    in another hand, in a row, set aside, or no card at all / then not_in_hand, rule
    turn.choose."""
    g = Game(2)
    g.deal(rows=[10, 20, 30, 99], given={0: list(range(41, 51)), 1: list(range(51, 61))})
    g.turn([41, 51])
    value = {"played": 41, "other": 52, "row": 20, "aside": 100}.get(card, card)
    i = g.raw({"type": "choose", "seat": 0, "card": value})
    assert_error(error_of(g.record()), "not_in_hand", i, "turn.choose")


def test_wrong_seat_take_row():
    """Given seat 0's row choice due / when seat 1 takes a row / then wrong_seat (low.card);
    with row 7 as well, still wrong_seat (the pair's first)."""
    for row in (2, 7):
        g, _ = low_due()
        i = g.raw({"type": "take_row", "seat": 1, "row": row})
        assert_error(error_of(g.record()), "wrong_seat", i, "low.card")


@pytest.mark.parametrize("row", [4, -1, 100])
def test_bad_row(row):
    """Given seat 0's row choice due / when it names row ``row`` / then bad_row, low.card."""
    g, _ = low_due()
    i = g.raw({"type": "take_row", "seat": 0, "row": row})
    err = error_of(g.record())
    assert_error(err, "bad_row", i, "low.card")
    assert [e["type"] for e in err.events][-2:] == ["reveal", "low_card"]


# ---------------------------------------------------------------------- incomplete
def test_incomplete():
    """Given a record that stops during a turn / when adjudicated / then incomplete with
    input = len(inputs), rule null, and the log through the last input."""
    g = Game(3)
    g.deal()
    g.raw({"type": "choose", "seat": 1, "card": g.hands[1][0]})
    err = error_of(g.record())
    assert_error(err, "incomplete", 2, None)
    assert [e["type"] for e in err.events] == ["game", "round", "deal", "rows", "turn",
                                               "choose"]


def test_error_log_stops_before_the_offending_input():
    """Given an error at input k / when adjudicated / then the log holds every event before
    input k and the error's to_json is the error object."""
    g, k = low_due()
    g.raw({"type": "choose", "seat": 1, "card": 36})
    err = error_of(g.record())
    assert err.events[-1]["type"] == "low_card"
    assert [e["seq"] for e in err.events] == list(range(len(err.events)))
    body = err.to_json()["error"]
    assert (body["code"], body["input"], body["rule"]) == ("out_of_order", k, "low.when")
    assert isinstance(body["message"], str)
