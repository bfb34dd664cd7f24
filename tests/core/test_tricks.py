"""Tricks (RULINGS.md: trick.lead incl. option first_lead, trick.follow,
trick.winner, trick.medal)."""

from __future__ import annotations

import pytest

from .builders import (
    B_HANDS,
    B_JOBS,
    Rec,
    assert_error,
    assert_result,
    assert_rule,
    base_b,
    decide_error,
    game_g2,
    of,
    year1_b3,
    year2_n2,
    year_events,
)


# --------------------------------------------------------------------------- trick.lead
def test_trick_lead_planner_leads_then_each_winner() -> None:
    """Given G2 (planner 0) / When the four tricks are played / Then trick 1 is led by
    the planner and each later trick by the previous winner (leaders 0,3,1,0)."""
    tricks = of(game_g2().run(), "trick")
    assert [(t["leader"], t["winner"]) for t in tricks] == [(0, 3), (3, 1), (1, 0), (0, 0)]


def test_trick_lead_new_year_starts_with_the_new_planner() -> None:
    """Given year 1 won by seat 2 throughout / When year 2 starts (planner 1) /
    Then seat 1 leads year 2's first trick, not last year's last winner."""
    r = Rec(years=2)
    year1_b3(r)
    year2_n2(r, t="KC", p1="7D", p0="JC")
    events = r.run()
    assert of(year_events(events, 1), "trick")[-1]["winner"] == 2
    assert of(year_events(events, 2), "trick")[0]["leader"] == 1


def test_trick_lead_play_out_of_turn_is_refused() -> None:
    """Given year 1 with trump declared (planner 0 to lead) / When seat 1 plays first,
    or seat 2 plays in seat 1's place / Then out_of_turn (trick.lead), state unchanged."""
    r = Rec().deal(1, B_HANDS, B_JOBS).trump(0, "S")
    _events, state = r.step()
    assert state.phase == "play" and state.to_move == 0
    exc = decide_error(state, {"type": "play", "seat": 1, "card": "9H"})
    assert_error(exc, "out_of_turn", "trick.lead")
    r.play(0, "KH")
    _events, state = r.step()
    exc = decide_error(state, {"type": "play", "seat": 2, "card": "KS"})
    assert_error(exc, "out_of_turn", "trick.lead")


def test_trick_lead_first_lead_left_of_planner() -> None:
    """Given first_lead=left_of_planner and planner 0 / When year 1 is played /
    Then seat 1 leads the first trick (seat 0 leading is out_of_turn), later tricks
    are led by their winners, and the result is the base game's."""
    r = Rec(first_lead="left_of_planner").deal(1, B_HANDS, B_JOBS).trump(0, "S")
    _events, state = r.step()
    assert state.to_move == 1
    exc = decide_error(state, {"type": "play", "seat": 0, "card": "KH"})
    assert_error(exc, "out_of_turn", "trick.lead")
    r.trick(1, "9H KS 6S KH", 2, "H S S H")
    r.trick(2, "QS 9S QH 8H", 2, "S S H H")
    r.trick(2, "JS 8S JH 7H", 2, "S S H H")
    r.trick(2, "10S 7S 10H 6H", 2, "H H H H")
    events = r.run()
    tricks = of(events, "trick")
    assert [t["leader"] for t in tricks] == [1, 2, 2, 2]
    assert_result(events, scores=[6, 7, 7, 9], medals=[0, 0, 4, 0])
    assert events[0]["ruleset"]["options"]["first_lead"] == "left_of_planner"


def test_trick_lead_first_lead_planner_is_the_default() -> None:
    """Given no first_lead option / Then the game event resolves it to `planner` and
    seat 0 (the planner) leads."""
    events = base_b().run()
    assert events[0]["ruleset"]["options"]["first_lead"] == "planner"
    assert of(events, "trick")[0]["leader"] == 0


# --------------------------------------------------------------------------- trick.follow
def _after_lead(lead: str = "KH", trump: str = "S") -> object:
    r = Rec().deal(1, B_HANDS, B_JOBS).trump(0, trump)
    r.play(0, lead)
    return r.step()[1]


def test_trick_follow_revoke_is_refused() -> None:
    """Given KH led / When seat 1, holding four hearts, plays 7D / Then revoke
    (trick.follow) and the state is unchanged."""
    exc = decide_error(_after_lead(), {"type": "play", "seat": 1, "card": "7D"})
    assert_error(exc, "revoke", "trick.follow")


def test_trick_follow_card_not_in_hand() -> None:
    """Given KH led / When seat 1 plays a card it does not hold (QH is seat 0's) /
    Then card_not_in_hand (trick.follow)."""
    exc = decide_error(_after_lead(), {"type": "play", "seat": 1, "card": "QH"})
    assert_error(exc, "card_not_in_hand", "trick.follow")


@pytest.mark.parametrize("card", ["1H", "ZZ", "", 7])
def test_trick_follow_unknown_card_is_malformed(card: object) -> None:
    """Given KH led / When seat 1 plays an unknown card code / Then malformed_input
    (rule None)."""
    exc = decide_error(_after_lead(), {"type": "play", "seat": 1, "card": card})
    assert_error(exc, "malformed_input", None)


def test_trick_follow_void_may_play_anything_trump_included() -> None:
    """Given G2 (trump D) / When seats 2 and 3, void in hearts, play trumps 8D and 9D
    on KH, and seat 2 later discards the non-trump QS on 8H / Then every play is
    accepted (legal_inputs lists both a trump and a discard)."""
    from .builders import core

    k = core()
    r = Rec().deal(1, B_HANDS, B_JOBS).trump(0, "D")
    r.play(0, "KH").play(1, "9H")
    _events, state = r.step()
    legal = {i["card"] for i in k.legal_inputs(state)}
    assert legal == {"KS", "QS", "JS", "10S", "8D"}
    events = game_g2().run()
    assert of(events, "trick")[2]["cards"] == ["8H", "QS", "8S", "10H"]


def test_trick_follow_holder_of_the_led_suit_has_only_that_suit() -> None:
    """Given KH led / Then seat 1's legal inputs are exactly its four hearts."""
    from .builders import core

    state = _after_lead()
    legal = {i["card"] for i in core().legal_inputs(state)}
    assert legal == {"9H", "8H", "7H", "6H"}


def test_trick_follow_trump_may_be_led_any_time() -> None:
    """Given the base game (trump S) / When seat 2 leads the trump QS in trick 2 /
    Then the trick's lead suit is S and the others follow S or discard."""
    events = base_b().run()
    t = of(events, "trick")[1]
    assert (t["cards"][0], t["lead_suit"]) == ("QS", "S")


# --------------------------------------------------------------------------- trick.winner
def test_trick_winner_highest_trump_wins() -> None:
    """Given G2 (trump D) / Then trick 1 (KH 9H 8D 9D) goes to 9D (seat 3), the higher
    of two trumps over the led KH; trick 2 (9S 6D 7D KS) goes to 7D (seat 1) over
    the led suit's KS."""
    tricks = of(game_g2().run(), "trick")
    assert (tricks[0]["winner"], tricks[0]["lead_suit"]) == (3, "H")
    assert (tricks[1]["winner"], tricks[1]["lead_suit"]) == (1, "S")
    for t in tricks:
        assert_rule(t, "trick.winner")


def test_trick_winner_without_trump_the_highest_of_the_led_suit() -> None:
    """Given G2 trick 3 (8H QS 8S 10H, no trump) / Then 10H wins: the off-suit QS,
    higher in value, cannot win."""
    t = of(game_g2().run(), "trick")[2]
    assert t["winner"] == 0 and t["cards"][3] == "10H"


# --------------------------------------------------------------------------- trick.medal
def test_trick_medal_one_per_trick_won() -> None:
    """Given G2 / Then medals are the tricks won: [2, 1, 0, 1]; each trick event cites
    trick.medal."""
    events = game_g2().run()
    for t in of(events, "trick"):
        assert_rule(t, "trick.medal")
    assert_result(events, medals=[2, 1, 0, 1])


def test_trick_medal_winner_is_the_brigadier_who_assigns() -> None:
    """Given trick 1 of the base game won by seat 2 / When seat 0 sends the assignment
    / Then not_brigadier (assign.who); a play before the assignment is wrong_phase
    (assign.who)."""
    r = Rec().deal(1, B_HANDS, B_JOBS).trump(0, "S")
    for s, c in enumerate(["KH", "9H", "KS", "6S"]):
        r.play(s, c)
    _events, state = r.step()
    assert state.phase == "assign" and state.to_move == 2
    cards = {"KH": "H", "9H": "H", "KS": "S", "6S": "S"}
    exc = decide_error(state, {"type": "assign", "seat": 0, "cards": cards})
    assert_error(exc, "not_brigadier", "assign.who")
    exc = decide_error(state, {"type": "play", "seat": 2, "card": "QS"})
    assert_error(exc, "wrong_phase", "assign.who")


def test_trick_lead_left_of_planner_in_year_two() -> None:
    """Given first_lead=left_of_planner over two years / When year 2 (planner 1) starts its
    tricks / Then seat 2 is to lead."""
    r = Rec(years=2, first_lead="left_of_planner")
    r.deal(1, ["KH QH JH 10H 9C", "9H 8H 7H 6H 8C", "KS QS JS 10S 6D", "9S 8S 7S 6S 7C"],
           B_JOBS).trump(0, "S")
    r.trick(1, "9H KS 6S KH", 2, "H S S H")
    r.trick(2, "QS 9S QH 8H", 2, "S S H H")
    r.trick(2, "JS 8S JH 7H", 2, "S S H H")
    r.trick(2, "10S 7S 10H 6H", 2, "H H H H")
    r.deal(2, ["KS QS JS 10S JC", "KD QD 7S KC 7D", "KH QH JH 10H 9H", "8H 7H 6H 10D 9D"],
           "3H 2D AC AS").trump(1, "C")
    _events, state = r.step()
    assert (state.phase, state.to_move) == ("play", 2)


@pytest.mark.parametrize(
    "inp",
    [{"type": "trump", "seat": 0, "suit": "H"},
     {"type": "deal", "year": 1, "hands": [h.split() for h in B_HANDS]},
     {"type": "assign", "seat": 0, "cards": {"KH": "H"}}],
)
def test_trick_lead_wrong_phase_during_play(inp: dict) -> None:
    """Given year 1 in play (seat 0 to lead) / When a trump, deal or assign input arrives /
    Then wrong_phase with the play phase's clause trick.lead."""
    _events, state = Rec().deal(1, B_HANDS, B_JOBS).trump(0, "S").step()
    exc = decide_error(state, inp)
    assert_error(exc, "wrong_phase", "trick.lead")
