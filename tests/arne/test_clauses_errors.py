"""RECORD_FORMAT.md's error table — every code with its input index and rule — and the
order of the checks ("Errors"): the record field by field, then per input (1) form, (2)
a white card without a main window, (3) due, (4) seat, (5) cards, (6) the card's own
fields, a main-window pass last. Each order test builds an input that fails two checks
and asserts the earlier one is reported."""

from __future__ import annotations

import pytest

from .records import Game, assert_error, error_of, of


def base(n: int = 2, **kw) -> dict:
    return Game(n, **kw).record()


# ---------------------------------------------------------------------- the record
@pytest.mark.parametrize("change, code, rule", [
    (lambda r: [], "malformed", None), (lambda r: "record", "malformed", None),
    (lambda r: None, "malformed", None),
    (lambda r: {**r, "format": "arne-record/2"}, "malformed", None),
    (lambda r: {**r, "format": "korova-record/1"}, "malformed", None),
    (lambda r: {k: v for k, v in r.items() if k != "format"}, "malformed", None),
    (lambda r: {k: v for k, v in r.items() if k != "ruleset"}, "invalid_ruleset", None),
    (lambda r: {**r, "ruleset": "normal"}, "invalid_ruleset", None),
    (lambda r: {**r, "ruleset": {"preset": "classic"}}, "invalid_ruleset", None),
    (lambda r: {**r, "ruleset": {"options": {"speed": "fast"}}}, "invalid_ruleset", None),
    (lambda r: {**r, "ruleset": {"options": {"mode": "hard"}}}, "invalid_ruleset", None),
    (lambda r: {**r, "ruleset": {"options": {"deck": "half"}}}, "invalid_ruleset", None),
    (lambda r: {**r, "ruleset": {"options": {"black_timing": "never"}}}, "invalid_ruleset",
     None),
    (lambda r: {**r, "seats": ["Anya"]}, "invalid_setup", "setup.players"),
    (lambda r: {**r, "inputs": {"0": {}}}, "malformed", None),
    (lambda r: {k: v for k, v in r.items() if k != "inputs"}, "malformed", None),
])
def test_bad_record(change, code, rule):
    """Given a record that is not an object, has a wrong or missing format, a missing or
    unknown ruleset, preset, option or value, one seat, or inputs that are not a list /
    when adjudicated / then ``code`` with input null and ``rule``."""
    assert_error(error_of(change(base())), code, None, rule)


@pytest.mark.parametrize("change, code, rule", [
    ({"format": "x", "ruleset": {"preset": "classic"}}, "malformed", None),
    ({"ruleset": {"preset": "team"}, "seats": ["A"]}, "invalid_ruleset", None),
    ({"ruleset": {"preset": "dummy"}, "seats": [str(i) for i in range(7)]},
     "invalid_setup", "setup.players"),
    ({"ruleset": {"preset": "dummy"}, "seats": [str(i) for i in range(6)],
      "colours": ["R"] * 6, "dummy_colour": "R"}, "invalid_combination", "dummy.players"),
    ({"colours": ["R", "R"], "dummy_colour": "R", "ruleset": {"preset": "dummy"}},
     "invalid_setup", "setup.colours"),
    ({"dummy_colour": "R", "ruleset": {"preset": "dummy"}, "first_player": 5},
     "invalid_setup", "dummy.colour"),
    ({"first_player": 5, "inputs": "none"}, "invalid_setup", "setup.first"),
])
def test_record_checked_in_order(change, code, rule):
    """Given two faults of the record / when adjudicated / then the first in the order
    format, ruleset, seats, the dummy with six seats, colours, dummy_colour,
    first_player, inputs is reported, with input null."""
    assert_error(error_of({**base(), **change}), code, None, rule)


def test_empty_and_overlong_records():
    """Given no inputs / then missing_input at 0; given a finished game and one more pass
    / then extra_input at its index (rule null for both)."""
    assert_error(error_of(base()), "missing_input", 0, None)
    g = Game(2, "first_game")
    g.deal()
    g.finish()
    extra = g.raw({"type": "pass_window", "seat": 0})
    err = error_of(g.record())
    assert_error(err, "extra_input", extra, None)
    assert err.events[-1]["type"] == "game_end"


# ---------------------------------------------------------------------- the deal
DECK2 = Game(2).deck_list


@pytest.mark.parametrize("hands, code", [
    ([DECK2[:8]], "bad_deal"), ([DECK2[:8], DECK2[8:15]], "bad_deal"),
    ([DECK2[:8], DECK2[7:15]], "bad_deal"), ([DECK2[:8], DECK2[8:16], DECK2[16:24]], "bad_deal"),
    ([DECK2[:8], DECK2[8:15] + ["R50.9"]], "malformed"), ([DECK2[:8], "R50.1"], "malformed"),
    ("hands", "malformed"), ([DECK2[:8], DECK2[8:15] + [7]], "malformed")])
def test_bad_deal(hands, code):
    """Given a deal with one hand for two seats, a hand of 7, a card twice, three hands —
    or a card not in the deck, a hand that is not a list, hands not a list, a non-string
    card / when adjudicated / then bad_deal (rule setup.deal) — the malformed ones first
    (rule null), at input 0."""
    rec = base()
    rec["inputs"] = [{"type": "deal", "hands": hands}]
    assert_error(error_of(rec), code, 0, "setup.deal" if code == "bad_deal" else None)


# ---------------------------------------------------------------------- chance inputs
def dealt(n: int = 2, deal: dict | None = None, **kw) -> Game:
    g = Game(n, **kw)
    g.deal(deal or {})
    return g


@pytest.mark.parametrize("cards, code, rule", [
    (["B100.3", "B200.1"], "bad_chance", "turn.draw"), ([], "bad_chance", "turn.draw"),
    (["R50.1"], "bad_chance", "turn.draw"), (["Q1.1"], "malformed", None),
    ("B100.3", "malformed", None)])
def test_bad_turn_draw(cards, code, rule):
    """Given a turn's draw of two cards, of none, of a card already dealt (R50.1), of a
    code not in the deck, or not a list / when adjudicated / then bad_chance (turn.draw)
    or malformed."""
    g = dealt()
    bad = g.raw({"type": "draw", "seat": 0, "cards": cards})
    assert_error(error_of(g.record()), code, bad, rule)


@pytest.mark.parametrize("count, twice", [(2, False), (4, False), (3, True)])
def test_bad_draw_three(count, twice):
    """Given Draw Three with many cards left / when its draw has 2 or 4 cards, or a card
    twice / then bad_chance, rule draw3."""
    g = dealt(deal={0: ["DRAW3.1"]})
    g.draw()
    g.white("DRAW3.1")
    cards = g.fillers(count)
    if twice:
        cards[2] = cards[0]
    bad = g.raw({"type": "draw", "seat": 0, "cards": cards})
    assert_error(error_of(g.record()), "bad_chance", bad, "draw3")


@pytest.mark.parametrize("seat, card, code, rule", [
    (1, "R50.1", "bad_chance", "grab"), (0, "B50.1", "out_of_turn", "grab"),
    (1, "Q.1", "malformed", None)])
def test_bad_random_card(seat, card, code, rule):
    """Given seat 0's GRAB on seat 1 after its before-window / when the random card is one
    seat 1 does not hold, is named for seat 0, or is not a code / then bad_chance (grab),
    out_of_turn (grab) or malformed."""
    g = dealt(deal={0: ["GRAB.1", "R50.1"], 1: ["B50.1"]})
    g.draw()
    g.white("GRAB.1", target=1)
    g.pass_all()
    bad = g.raw({"type": "random_card", "seat": seat, "card": card})
    assert_error(error_of(g.record()), code, bad, rule)


@pytest.mark.parametrize("seat, cards, code, rule", [
    (1, ["R50.1"], "bad_give", "plus2.give"), (1, ["R50.1", "R50.1"], "bad_give", "plus2.give"),
    (1, ["R50.1", "B50.1"], "bad_give", "plus2.give"),
    (1, ["R50.1", "R100.2"], "bad_give", "plus2.give"),
    (1, ["R50.1", "R100.1", "R200.1"], "bad_give", "plus2.give"),
    (0, ["R50.1", "R100.1"], "out_of_turn", "plus2.give"),
    (1, ["R50.1", "Q.1"], "malformed", None)])
def test_bad_give(seat, cards, code, rule):
    """Given seat 1 holding R50, R100, R200 when seat 0's PLUS2C asks for red / when the
    give has one card, a card twice, a blue card, a red card it does not hold, three
    cards, comes from seat 0, or names no code / then bad_give (plus2.give), out_of_turn
    (plus2.give) or malformed."""
    g = dealt(deal={0: ["PLUS2C.1", "R100.2"], 1: ["R50.1", "R100.1", "R200.1", "B50.1"]})
    g.draw()
    g.white("PLUS2C.1", target=1, colour="R")
    g.pass_all()
    bad = g.raw({"type": "give", "seat": seat, "cards": cards})
    assert_error(error_of(g.record()), code, bad, rule)


# ---------------------------------------------------------------------- decisions
def main_window(deal: dict | None = None, n: int = 2, **kw) -> Game:
    g = dealt(n, deal, **kw)
    g.draw()
    return g


@pytest.mark.parametrize("inp, code, rule", [
    (5, "malformed", None), ("white", "malformed", None), ({"seat": 0}, "malformed", None),
    ({"type": 3, "seat": 0}, "malformed", None),
    ({"type": "shuffle", "seat": 0}, "unexpected_input", "turn.main"),
    ({"type": "draw", "seat": 0, "cards": ["B100.1"]}, "unexpected_input", "turn.main"),
    ({"type": "give", "seat": 1, "cards": []}, "unexpected_input", "turn.main"),
    ({"type": "deal", "hands": []}, "unexpected_input", "turn.main"),
    ({"type": "black", "seat": "0", "card": "STOP.1"}, "malformed", None),
    ({"type": "black", "seat": 2, "card": "STOP.1"}, "malformed", None),
    ({"type": "black", "seat": 1, "card": "STOP.2"}, "out_of_turn", "turn.main"),
    ({"type": "pass_window", "seat": 1}, "out_of_turn", "turn.main"),
    ({"type": "white", "seat": 1, "card": "B50.1", "area": "B"}, "out_of_turn",
     "turn.one_white"),
    ({"type": "black", "seat": 0, "card": "STOP.9"}, "malformed", None),
    ({"type": "black", "seat": 0, "card": "STOP.2"}, "not_in_hand", "play.from_hand"),
    ({"type": "white", "seat": 0, "card": "STOP.1"}, "not_white", "turn.one_white"),
    ({"type": "black", "seat": 0, "card": "R50.1"}, "not_black", "black.any_time"),
    ({"type": "black", "seat": 0, "card": "B-200.1", "area": "R"}, "illegal_area", "minus200"),
    ({"type": "black", "seat": 0, "card": "B-200.1"}, "illegal_area", "minus200"),
    ({"type": "white", "seat": 0, "card": "R50.1", "area": "G"}, "illegal_area",
     "white.score"),
    ({"type": "white", "seat": 0, "card": "GRAB.1", "target": 0}, "illegal_target", "grab"),
    ({"type": "white", "seat": 0, "card": "GRAB.1", "target": 2}, "illegal_target", "grab"),
    ({"type": "white", "seat": 0, "card": "GRAB.1"}, "illegal_target", "grab"),
    ({"type": "white", "seat": 0, "card": "SWAP.1", "target": 0}, "illegal_target", "swap"),
    ({"type": "white", "seat": 0, "card": "PLUS2K.1", "target": "1"}, "illegal_target",
     "plus2.black"),
    ({"type": "white", "seat": 0, "card": "PLUS2C.1", "target": 1, "colour": "Y"},
     "illegal_target", "plus2.colour"),
    ({"type": "white", "seat": 0, "card": "PLUS2C.1", "target": 1}, "illegal_target",
     "plus2.colour"),
    ({"type": "black", "seat": 0, "card": "CRUSH.1", "target": "R50.1"}, "illegal_target",
     "crush"),
    ({"type": "black", "seat": 0, "card": "LOCK.1"}, "illegal_target", "lock"),
    ({"type": "pass_window", "seat": 0}, "must_play_white", "turn.white")])
def test_errors_in_the_main_window(inp, code, rule):
    """Given seat 0's main window (two seats) / when the input is not an object, has no
    or a non-string type, an unknown type, a type not due, a seat that is not a seat
    number, another seat, a code not in the deck, a card not held, a black card as white
    or the reverse, a card placed where its clause forbids, a bad target or colour, or a
    pass while holding a white card / then the table's code, at that input, with the
    rule of the point or the card."""
    g = dealt(2, {0: ["STOP.1", "R50.1", "B-200.1", "GRAB.1", "SWAP.1", "PLUS2K.1",
                      "PLUS2C.1", "CRUSH.1"], 1: ["STOP.2", "B50.1"]})
    g.draw("LOCK.1")
    bad = g.raw(inp)
    assert_error(error_of(g.record()), code, bad, rule)


def after_window() -> Game:
    """Seat 0 has played R50 to red; its after-window [1, 0] offers seat 1."""
    g = main_window({0: ["R50.1", "R100.1"], 1: ["STOP.2", "B50.1"]})
    g.white("R50.1", area="R")
    return g


@pytest.mark.parametrize("inp, code, rule", [
    ({"type": "white", "seat": 0, "card": "Q.1"}, "out_of_turn", "turn.one_white"),
    ({"type": "white", "seat": 7, "card": "R100.1", "area": "R"}, "out_of_turn",
     "turn.one_white"),
    ({"type": "draw", "seat": 9, "cards": ["Q.1"]}, "unexpected_input", "window.priority"),
    ({"type": "random_card", "seat": 1, "card": "B50.1"}, "unexpected_input",
     "window.priority"),
    ({"type": "black", "seat": 0, "card": "Q.1"}, "out_of_turn", "window.order"),
    ({"type": "black", "seat": 5, "card": "STOP.2"}, "malformed", None),
    ({"type": "black", "seat": 1, "card": "Q.1"}, "malformed", None),
    ({"type": "white", "seat": 1, "card": "B50.1", "area": "B"}, "out_of_turn",
     "turn.one_white"),
    ({"type": "black", "seat": 1, "card": "R100.1", "area": "R"}, "not_in_hand",
     "play.from_hand"),
    ({"type": "black", "seat": 1, "card": "B50.1"}, "not_black", "black.any_time")])
def test_check_order_in_a_window(inp, code, rule):
    """Given seat 0's after-window offering seat 1 / when an input fails two checks — a
    white card (any seat, any card) where no main window is open, a draw by no seat while
    a window is open, the wrong seat with a card not in the deck, a seat number out of
    range, a code not in the deck, a card not held that is also white / then the earlier
    check is reported: white out_of_turn, then due, then seat, then the card, not_in_hand
    before not_black."""
    g = after_window()
    bad = g.raw(inp)
    assert_error(error_of(g.record()), code, bad, rule)


@pytest.mark.parametrize("fields, code, rule", [
    ({"with": "Q.1", "area": "Y"}, "malformed", None),
    ({"with": "B500.1", "area": "Y"}, "not_in_hand", "play.from_hand"),
    ({"with": "STOP.1", "area": "Y"}, "illegal_target", "cham.with"),
    ({"area": "R"}, "malformed", None),
    ({"with": "R500.1", "area": "Y"}, "illegal_area", "cham.place"),
    ({"with": "R500.1"}, "illegal_area", "cham.place")])
def test_chameleon_fields_in_order(fields, code, rule):
    """Given seat 0 (red) holding CHAM, R500 and STOP / when its chameleon's ``with`` is not
    a code, not held, not a score card or −200, or missing (each with a bad area too), or
    only its area is bad or missing / then with is checked before area: malformed,
    not_in_hand, illegal_target (cham.with), then illegal_area (cham.place)."""
    g = main_window({0: ["CHAM.1", "R500.1", "STOP.1"]})
    bad = g.raw({"type": "black", "seat": 0, "card": "CHAM.1", **fields})
    assert_error(error_of(g.record()), code, bad, rule)


def unexpected_at(point: str) -> tuple[Game, str]:
    """A game where ``point`` is due, and the clause RECORD_FORMAT.md names for it."""
    if point == "deal":
        return Game(2), "setup.deal"
    if point == "draw":
        g = Game(2)
        g.deal()
        return g, "turn.draw"
    if point == "draw3":
        g = main_window({0: ["DRAW3.1"]})
        g.white("DRAW3.1")
        return g, "draw3"
    if point == "random_card":
        g = main_window({0: ["GRAB.1"]})
        g.white("GRAB.1", target=1)
        g.pass_all()
        return g, "grab"
    if point == "give":
        g = main_window({0: ["PLUS2C.1"], 1: ["R50.1", "R100.1", "R200.1"]})
        g.white("PLUS2C.1", target=1, colour="R")
        g.pass_all()
        return g, "plus2.give"
    g = Game(2, "first_game")
    g.deal()
    while g.phase == "draw":
        g.quiet_turn()
    return g, "end.final_round"


STRAYS = [{"type": "pass_window", "seat": 0}, {"type": "give", "seat": 1, "cards": ["R50.1"]},
          {"type": "random_card", "seat": 1, "card": "R50.1"}]
DUE = {"final": "pass_window"}


@pytest.mark.parametrize("point, inp", [
    (point, inp) for point in ("deal", "draw", "draw3", "random_card", "give", "final")
    for inp in STRAYS if inp["type"] != DUE.get(point, point)])
def test_unexpected_input_names_the_point(point, inp):
    """Given the deal, a turn's draw, Draw Three's draw, Grab's random card, Plus Two's
    give or a final turn due / when an input of another type comes / then
    unexpected_input with the clause of that point (setup.deal, turn.draw, draw3, grab,
    plus2.give, end.final_round)."""
    g, rule = unexpected_at(point)
    bad = g.raw(inp)
    assert_error(error_of(g.record()), "unexpected_input", bad, rule)


def test_white_in_final_round_before_everything_else():
    """Given the final round / when a seat not offered plays a white card it does not
    hold, and when a chameleon (final_chameleon forbidden) names a card it does not hold /
    then white_in_final_round (end.final_no_white) in both cases: check 2, and the
    chameleon check before its ``with``."""
    for options in ({}, {"final_chameleon": "forbidden"}):
        g = Game(2, "first_game", **options)
        g.deal({0: ["CHAM.1"], 1: ["CHAM.2"]})
        while g.phase == "draw":
            g.quiet_turn()
        seat = g.final["order"][0]
        missing = [c for c in g.deck_list if c[0] in "RB" and c[1] != "-"
                   and c not in g.hands[seat] and c not in g.hands[1 - seat]]
        if not options:
            inp = {"type": "white", "seat": 1 - seat, "card": missing[0], "area": "R"}
        else:
            cham = [c for c in g.hands[seat] if c.startswith("CHAM")]
            assert cham, "script: the opener holds no chameleon"
            inp = {"type": "black", "seat": seat, "card": cham[0], "with": missing[0],
                   "area": "R"}
        bad = g.raw(inp)
        assert_error(error_of(g.record()), "white_in_final_round", bad, "end.final_no_white")


def test_out_of_turn_rules_by_point():
    """Given the points where one seat must act / when another seat acts / then
    out_of_turn with the point's clause: the turn's draw (turn.draw), Draw Three's draw
    (draw3), a final turn (end.final_order)."""
    g = dealt()
    bad = g.raw({"type": "draw", "seat": 1, "cards": [g.stock[0]]})
    assert_error(error_of(g.record()), "out_of_turn", bad, "turn.draw")
    g = main_window({0: ["DRAW3.1"]})
    g.white("DRAW3.1")
    bad = g.raw({"type": "draw", "seat": 1, "cards": g.fillers(3)})
    assert_error(error_of(g.record()), "out_of_turn", bad, "draw3")
    g = Game(2, "first_game")
    g.deal()
    while g.phase == "draw":
        g.quiet_turn()
    bad = g.raw({"type": "pass_window", "seat": g.final["order"][1]})
    err = error_of(g.record())
    assert_error(err, "out_of_turn", bad, "end.final_order")
    assert of(err.events, "final_round") and err.events[-1]["type"] == "final_round"
