"""Assignment, jobs, pocket, year end, scoring (RULINGS.md: assign.*, farm.*,
pocket, year.end, score, tiebreak incl. option tiebreak_medals)."""

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
    core,
    decide_error,
    game_end,
    game_g2,
    of,
    one,
    year1_b3,
    year2_n2,
    year_events,
)


def _trick1_pending() -> object:
    """Base game, trick 1 (KH 9H KS 6S) won by seat 2, assignment pending."""
    r = Rec().deal(1, B_HANDS, B_JOBS).trump(0, "S")
    for s, c in enumerate(["KH", "9H", "KS", "6S"]):
        r.play(s, c)
    return r.step()[1]


# --------------------------------------------------------------------------- assign.*
def test_assign_who_the_winner_assigns_all_four_cards() -> None:
    """Given the base game / Then every assign event comes from the trick's winner,
    holds all four trick cards and cites assign.who and assign.targets."""
    events = base_b().run()
    for t, a in zip(of(events, "trick"), of(events, "assign"), strict=True):
        assert a["seat"] == t["winner"]
        assert sorted(a["cards"]) == sorted(t["cards"])
        assert_rule(a, "assign.who", "assign.targets")


def test_assign_targets_any_field_of_a_suit_in_the_trick() -> None:
    """Given trick 4 of the base game (10S 7S 10H 6H) / When seat 2 puts the spades on
    the H field / Then it is accepted: a card need not go to its own suit's field."""
    events = base_b().run()
    assert of(events, "assign")[3]["cards"] == {"10S": "H", "7S": "H", "10H": "H", "6H": "H"}


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ({"KH": "D", "9H": "H", "KS": "S", "6S": "S"}, "illegal_target"),
        ({"KH": "C", "9H": "C", "KS": "C", "6S": "C"}, "illegal_target"),
        ({"KH": "H", "9H": "H", "KS": "S"}, "incomplete_assignment"),
        ({}, "incomplete_assignment"),
        ({"KH": "H", "9H": "H", "KS": "S", "6S": "S", "QH": "H"}, "incomplete_assignment"),
    ],
    ids=["field-not-in-trick", "all-to-absent-field", "card-missing", "empty",
         "card-not-in-trick"],
)
def test_assign_targets_error_paths(cards: dict, code: str) -> None:
    """Given trick 1 (hearts and spades only) won by seat 2 / When the assignment
    names a field absent from the trick, or leaves a card out / Then illegal_target
    or incomplete_assignment (assign.targets); the state is unchanged."""
    exc = decide_error(_trick1_pending(), {"type": "assign", "seat": 2, "cards": cards})
    assert_error(exc, code, "assign.targets")


def test_assign_targets_unknown_field_letter_is_malformed() -> None:
    """Given trick 1 won by seat 2 / When a card is assigned to field "Z" / Then
    malformed_input (rule None)."""
    exc = decide_error(_trick1_pending(), {"type": "assign", "seat": 2,
                                           "cards": {"KH": "Z", "9H": "H", "KS": "S",
                                                     "6S": "S"}})
    assert_error(exc, "malformed_input", None)


def test_assign_targets_completed_field_stays_legal_and_never_pays_twice() -> None:
    """Given H and S completed by seat 2 in trick 2 / When tricks 3 and 4 are assigned
    to H and S again / Then they are accepted, their hours keep counting (H ends at
    42+18+33 = 93) and no second farmed event follows."""
    events = base_b().run()
    assert len(of(events, "farmed", field="H")) == 1
    assert len(of(events, "farmed", field="S")) == 1
    r = base_b()
    _events, state = r.step()
    view = core().spectator_view(state)
    fields = {f["field"]: f for f in view.get("fields", [])} if isinstance(view, dict) else {}
    if fields:  # the view's field board, where the engine shows it
        assert fields["H"]["hours"] == 93 and fields["S"]["hours"] == 59


# --------------------------------------------------------------------------- farm.*
def test_farm_threshold_exactly_forty_completes() -> None:
    """Given G2 / When seat 0 brings H from 22 to exactly 40 / Then H is farmed with
    hours 40 (inclusive threshold), citing farm.threshold."""
    f = one(game_g2().run(), "farmed", field="H")
    assert (f["seat"], f["hours"]) == (0, 40)
    assert_rule(f, "farm.threshold")


def test_farm_threshold_thirty_nine_fails() -> None:
    """Given G2 with trick 2 all on D (D reaches 17+9+6+7 = 39) / Then D is not farmed
    and is inspected (requisition D), S completes only in trick 4."""
    r = Rec().deal(1, B_HANDS, B_JOBS).trump(0, "D")
    r.trick(0, "KH 9H 8D 9D", 3, "H H D D")
    r.trick(3, "9S 6D 7D KS", 1, "D D D S")
    r.trick(1, "8H QS 8S 10H", 0, "H S S H")
    r.trick(0, "QH 7H JS 7S", 0, "S S S S")
    events = r.run()
    assert of(events, "farmed", field="D") == []
    req = one(events, "requisition", field="D")
    assert_rule(req, "req.failed")
    assert [f["field"] for f in of(events, "farmed")] == ["H", "S"]
    assert one(events, "farmed", field="S")["hours"] == 13 + 20 + 37


def test_farm_threshold_several_fields_settle_in_field_order() -> None:
    """Given trick 2 of the base game assigned {QS: S, 9S: S, QH: H, 8H: H} / When both
    S (40) and H (42) complete in that one assignment / Then the farmed events come
    right after the assign, H before S (field order), each with its total."""
    events = base_b().run()
    i = events.index(of(events, "assign")[1])
    assert [(e["type"], e.get("field"), e.get("hours")) for e in events[i + 1:i + 3]] == [
        ("farmed", "H", 42), ("farmed", "S", 40)]


def test_farm_reward_goes_to_the_completing_brigadier() -> None:
    """Given G2: seat 3 put 22 hours on H in trick 1, seat 0 completes it in trick 3 /
    Then the reward 2H goes to seat 0 (who assigned the completing cards), face-up:
    visible to every seat in the redacted log."""
    events = game_g2().run()
    f = one(events, "farmed", field="H")
    assert (f["seat"], f["rewards"]) == (0, ["2H"])
    assert_rule(f, "farm.reward")
    for viewer in (None, 1, 2, 3):
        red = core().redact_event(f, viewer, finished=False)
        assert red["rewards"] == ["2H"]
    assert "2H" in game_end(events)["cellars"][0]


def test_farm_safe_completed_fields_are_not_inspected() -> None:
    """Given the base game (H and S completed) / Then requisition events exist only for
    the failed D and C (project reading: no event for a completed, clean field)."""
    events = base_b().run()
    assert [q["field"] for q in of(events, "requisition")] == ["D", "C"]
    assert_rule(one(events, "farmed", field="S"), "farm.safe")


# --------------------------------------------------------------------------- pocket
def test_pocket_last_card_goes_to_the_cellar_before_requisition() -> None:
    """Given the base game / When the last trick is assigned / Then each seat pockets its
    remaining card (seat order from the planner), before any requisition, so seat
    2's pocketed 8D is requisitioned the same year."""
    events = base_b().run()
    pockets = of(events, "pocket")
    assert [(p["seat"], p["card"]) for p in pockets] == [(0, "6D"), (1, "7D"), (2, "8D"),
                                                         (3, "9D")]
    for p in pockets:
        assert_rule(p, "pocket")
    assert events.index(pockets[-1]) < events.index(of(events, "requisition")[0])
    assert [(n["seat"], n["card"]) for n in of(events, "north")] == [(2, "8D")]


def test_pocket_order_starts_with_the_planner() -> None:
    """Given year 2 (planner 1) / Then the pockets come in seat order 1, 2, 3, 0."""
    r = Rec(years=2)
    year1_b3(r)
    year2_n2(r, t="KC", p1="7D", p0="JC")
    ye = year_events(r.run(), 2)
    assert [p["seat"] for p in of(ye, "pocket")] == [1, 2, 3, 0]


def test_pocket_card_is_hidden_from_the_other_seats() -> None:
    """Given the base game's pocket events / When redacted for another seat during the
    game / Then the card is hidden (null); the owner sees it; after the end, all."""
    k = core()
    events = base_b().run()
    p = one(events, "pocket", seat=1)
    assert k.redact_event(p, 0, finished=False)["card"] is None
    assert k.redact_event(p, None, finished=False)["card"] is None
    assert k.redact_event(p, 1, finished=False)["card"] == "7D"
    assert k.redact_event(p, 0, finished=True)["card"] == "7D"


# --------------------------------------------------------------------------- year.end
def test_year_end_unclaimed_rewards_are_discarded() -> None:
    """Given the base game (AD and 3C unclaimed) / Then year_end discards them and
    returns nothing (52-card game, no Wrecker)."""
    ye = one(base_b().run(), "year_end")
    assert sorted(ye["discarded"]) == ["3C", "AD"] and ye["returned"] == []
    assert_rule(ye, "year.end")


def test_year_end_field_cards_and_undealt_cards_return_to_the_deck() -> None:
    """Given year 1 of B3 (KH..6H, the spades played onto fields; 10C..KC never dealt)
    / When year 2 deals KH, QH, KS, KC... / Then the deal is accepted: every card not
    in a cellar and not North was reshuffled into the worker deck."""
    r = Rec(years=2)
    year1_b3(r)
    year2_n2(r, t="KC", p1="7D", p0="JC")
    deal = one(r.run(), "deal", year=2)
    assert "KH" in deal["hands"][2] and "KC" in deal["hands"][1]


@pytest.mark.parametrize("card", ["9C", "2H", "6D"], ids=["cellar", "cellar-reward", "north"])
def test_year_end_cellar_and_north_cards_do_not_return(card: str) -> None:
    """Given year 1 of B3 (9C in seat 0's cellar, 2H in seat 2's, 6D North) / When year
    2 deals that card / Then deal_card_not_in_deck (plan.deal)."""
    r = Rec(years=2)
    year1_b3(r)
    hands = ["KS QS JS 10S JC", "KD QD 7S KC 7D", "KH QH JH 10H 9H", "8H 7H 6H 10D 9D"]
    hands[3] = hands[3].replace("9D", card)
    r.deal(2, hands, "3H 2D AC AS")
    exc = r.run_error()
    assert_error(exc, "deal_card_not_in_deck", "plan.deal")
    assert exc.input_index == len(r.inputs) - 1


# --------------------------------------------------------------------------- score
def test_score_sums_every_cellar_card_hidden_or_revealed_worker_or_reward() -> None:
    """Given the base game / Then seat 2 scores its two face-up rewards 2H + 5S = 7, the
    others their hidden pocketed worker (6, 7, 9); game_end cites score."""
    events = base_b().run()
    end = assert_result(events, scores=[6, 7, 7, 9],
                        cellars=[["6D"], ["7D"], ["2H", "5S"], ["9D"]], north=["8D"])
    assert_rule(end, "score")


# --------------------------------------------------------------------------- tiebreak
def test_tiebreak_medals_separate_equal_totals() -> None:
    """Given the base game (seats 1 and 2 both on 7 points, seat 2 with 4 medals) /
    Then seat 2 places 2nd and seat 1 3rd; seat 3 (9) 1st, seat 0 (6) 4th."""
    end = assert_result(base_b().run(), places=[4, 3, 2, 1], medals=[0, 0, 4, 0])
    assert_rule(end, "tiebreak")


def test_tiebreak_still_tied_players_share_the_place() -> None:
    """Given G2 (seats 1 and 3 on 6 points with one medal each) / Then they share 3rd:
    places [1, 3, 2, 3]."""
    assert_result(game_g2().run(), scores=[18, 6, 10, 6], medals=[2, 1, 0, 1],
                  places=[1, 3, 2, 3])


def _tie_over_two_years(**options: object) -> list[dict]:
    """Seats 0, 2 and 3 end on 13: seat 2 won 4 medals in year 1 and none in year 2,
    seat 0 won 1 in year 2, seat 3 none."""
    r = Rec(years=2, **options)
    year1_b3(r)
    year2_n2(r, t="KC", p1="7D", p0="JC", s2="KH QH JH 10H 6C")
    return r.run()


def test_tiebreak_medals_game_counts_the_whole_plan() -> None:
    """Given the three-way tie on 13 (default tiebreak_medals=game) / Then medals over
    the plan order them: seat 2 (4), seat 0 (1), seat 3 (0): places [2, 4, 1, 3]."""
    events = _tie_over_two_years()
    assert_result(events, scores=[13, 9, 13, 13], medals=[1, 3, 4, 0], places=[2, 4, 1, 3])


def test_tiebreak_medals_last_year_counts_only_the_final_year() -> None:
    """Given the same game with tiebreak_medals=last_year / Then only year 2's medals
    count (seat 0: 1, seat 2: 0, seat 3: 0): seat 0 first, seats 2 and 3 share 2nd;
    game_end's medals still report the whole game."""
    events = _tie_over_two_years(tiebreak_medals="last_year")
    assert_result(events, scores=[13, 9, 13, 13], medals=[1, 3, 4, 0], places=[1, 4, 2, 2])
    assert events[0]["ruleset"]["options"]["tiebreak_medals"] == "last_year"
