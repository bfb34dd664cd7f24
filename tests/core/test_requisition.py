"""Requisition (RULINGS.md: req.failed, req.vulnerable, req.hero, req.take incl.
option reveal both ways, req.revealed, req.fallback; the project readings on
requisition events and on the fallback)."""

from __future__ import annotations

from .builders import (
    Rec,
    assert_result,
    assert_rule,
    base_b,
    decide_error,
    game_end,
    norths,
    of,
    one,
    reveals,
    year1_b3,
    year2_n2,
    year_events,
)


def _n2(**options: object) -> list[dict]:
    """B3 then N2 (KC on the failing C; seat 1 pockets 7D, seat 0 JC): in year 2 seats
    1 and 0 won tricks; seat 0 holds 9C and JC, seat 1 8C."""
    r = Rec(years=2, **options)
    year1_b3(r)
    year2_n2(r, t="KC", p1="7D", p0="JC")
    return r.run()


# --------------------------------------------------------------------------- req.failed
def test_req_failed_every_field_under_forty_is_inspected() -> None:
    """Given the base game (H 93 and S 59 completed; D 0 and C 0) / Then exactly D and
    C are inspected, in field order, each requisition citing req.failed."""
    reqs = of(base_b().run(), "requisition")
    assert [q["field"] for q in reqs] == ["D", "C"]
    for q in reqs:
        assert_rule(q, "req.failed")


# --------------------------------------------------------------------------- req.vulnerable
def test_req_vulnerable_only_trick_winners_answer() -> None:
    """Given the base game (seat 2 won every trick; seats 0, 1, 3 pocketed 6D 7D 9D) /
    When D fails / Then only seat 2 is vulnerable: its 8D goes North, the others keep
    their D cards."""
    events = base_b().run()
    req = one(events, "requisition", field="D")
    assert (req["vulnerable"], req["skipped"]) == ([2], False)
    assert_rule(req, "req.vulnerable")
    assert norths(events) == [(2, "8D", "D")]
    assert_result(events, cellars=[["6D"], ["7D"], ["2H", "5S"], ["9D"]])


def test_req_vulnerable_in_seat_order_from_the_planner() -> None:
    """Given year 2 (planner 1) where seats 1 and 0 won tricks / When C fails / Then the
    requisition lists seats [1, 0] and seat 1's reveal and North come before seat 0's."""
    ye = year_events(_n2(), 2)
    req = one(ye, "requisition", field="C")
    assert req["vulnerable"] == [1, 0]
    assert [(e["type"], e["seat"]) for e in ye if e["type"] in ("revealed", "north")] == [
        ("revealed", 1), ("north", 1), ("revealed", 0), ("north", 0)]


# --------------------------------------------------------------------------- req.take
def test_req_take_highest_matching_card_goes_north() -> None:
    """Given seat 0 holding 9C (year 1) and JC (pocketed in year 2), seat 1 holding 8C /
    When C fails in year 2 / Then seat 1 sends 8C and seat 0 sends JC (its highest)
    North; seat 0 keeps 9C; each hidden card is revealed first."""
    events = _n2()
    assert norths(events, 2) == [(1, "8C", "C"), (0, "JC", "C")]
    assert reveals(events, 2) == [(1, "8C", "C"), (0, "JC", "C")]
    for e in of(year_events(events, 2), "north"):
        assert_rule(e, "req.take")
    end = assert_result(events, north=["6D", "8C", "JC"])
    assert "9C" in end["cellars"][0]


def test_req_take_player_without_matching_card_loses_nothing() -> None:
    """Given the base game / When C fails with seat 2 vulnerable but holding no C /
    Then the C requisition has no reveal and no North."""
    events = base_b().run()
    i = events.index(one(events, "requisition", field="C"))
    assert events[i + 1]["type"] == "year_end"


def _mice_reveal(reveal: str) -> list[dict]:
    """Year 1 B3 under the mice: 9C goes North, 8C (seat 1) and 7C (seat 3) stay
    face-up. Year 2: seat 1 pockets 6C (hidden), seat 0 9S; C fails."""
    r = Rec(years=2, mice=True, reveal=reveal)
    year1_b3(r)
    year2_n2(r, t="KC", p1="6C", p0="9S")
    return r.run()


def test_req_take_reveal_highest_sends_the_face_up_card_without_new_reveal() -> None:
    """Given seat 1 holding 8C face-up (revealed in year 1) and 6C hidden, reveal=highest
    / When C fails / Then seat 1's highest, the face-up 8C, goes North and 6C is
    never revealed."""
    events = _mice_reveal("highest")
    y1 = year_events(events, 1)
    assert sorted(reveals(events, 1)) == sorted([(2, "6D", "D"), (0, "9C", "C"),
                                                 (1, "8C", "C"), (3, "7C", "C")])
    assert norths(events, 1) == [(2, "6D", "D"), (0, "9C", "C")]
    assert one(y1, "year_end")
    assert norths(events, 2) == [(1, "8C", "C")]
    assert (1, "6C", "C") not in reveals(events, 2)
    assert_result(events, cellars=[["3H", "AS", "9S"], ["2D", "6C"], ["2H", "5S", "9H"],
                                   ["7C", "6H"]])


def test_req_take_reveal_highest_hidden_reveals_the_hidden_card_too() -> None:
    """Given the same game with reveal=highest_hidden / When C fails / Then seat 1
    reveals its highest HIDDEN card 6C (which stays face-up) while the higher face-up
    8C is the card sent North."""
    events = _mice_reveal("highest_hidden")
    assert (1, "6C", "C") in reveals(events, 2)
    assert norths(events, 2) == [(1, "8C", "C")]
    assert events[0]["ruleset"]["options"]["reveal"] == "highest_hidden"
    assert_result(events, cellars=[["3H", "AS", "9S"], ["2D", "6C"], ["2H", "5S", "9H"],
                                   ["7C", "6H"]])


# --------------------------------------------------------------------------- req.revealed
def test_req_revealed_survivors_stay_face_up() -> None:
    """Given year 1 B3 under the mice (9C North; 8C and 7C revealed and not taken, so
    after year 1 no seat holds a hidden card) / When year 2's trump is declared with
    swap_scope=hidden / Then nobody has a swap (the phase goes straight to play);
    with the default scope the same position opens the swap with seat 1 to move."""
    def year2(scope: str) -> object:
        r = Rec(years=2, mice=True, swap=True, swap_scope=scope)
        year1_b3(r)
        r.deal(2, ["KS QS JS 10S 9S", "KD QD 7S KC 6C", "KH QH JH 10H 9H",
                   "8H 7H 6H 10D 9D"], "3H 2D AC AS")
        r.trump(1, "C")
        return r.step()[1]

    state = year2("hidden")
    assert (state.phase, state.to_move) == ("play", 1)
    exc = decide_error(state, {"type": "swap", "seat": 1, "hand": "KD", "cellar": "8C"})
    assert getattr(exc, "code", None) in ("wrong_phase", "no_swap_available")
    state = year2("hidden_or_revealed")
    assert (state.phase, state.to_move) == ("swap", 1)


# --------------------------------------------------------------------------- req.hero
def _hero_informant() -> list[dict]:
    """Stakhanovite + nomenklatura, trump S: seat 2 wins all four tricks, puts the
    Informant QS on S, which fails (19); seat 2 pockets 9S. D and C fail too."""
    r = Rec(stakh=True, nomenklatura=True)
    r.deal(1, ["KH QH JH 10H 6D", "9H 8H 7H 6H 7D", "KS QS JS 10S 9S", "8S 7S 6S 9D 6C"],
           "2H AD 3C 5S")
    r.trump(0, "S")
    r.trick(0, "KH 9H KS 9D", 2, "H H H H")
    r.trick(2, "QS 8S QH 8H", 2, "S H H H")
    r.trick(2, "JS 7S JH 7H", 2, "H S H H")
    r.trick(2, "10S 6S 10H 6H", 2, "H H H H")
    return r.run()


def test_req_hero_is_never_vulnerable_even_with_the_informant() -> None:
    """Given seat 2 the Stakhanovite and the Informant on the failed S, seat 2 holding 9S
    / When requisition runs / Then S's vulnerable are seats 0, 1, 3 (everyone but the
    hero), seat 2 keeps 9S; D and C fall on the others: 6D, 7D, 6C go North."""
    events = _hero_informant()
    req_s = one(events, "requisition", field="S")
    assert sorted(req_s["vulnerable"]) == [0, 1, 3]
    assert_rule(req_s, "nom.informant")
    assert any(r in req_s["rules"] for r in ("req.hero", "stakh"))
    for field in ("D", "C"):
        assert sorted(one(events, "requisition", field=field)["vulnerable"]) == [0, 1, 3]
    assert norths(events) == [(0, "6D", "D"), (1, "7D", "D"), (3, "6C", "C")]
    assert_result(events, cellars=[[], [], ["2H", "9S"], []], medals=[0, 0, 4, 0])


def test_req_hero_is_never_vulnerable_under_the_mice() -> None:
    """Given the base game with stakh and mice (seat 2 the hero, holding 8D) / When D
    fails / Then seats 0, 1, 3 reveal 6D, 7D, 9D and the table's highest among them,
    9D, goes North; the hero's higher 8D is neither revealed nor... compared."""
    events = base_b(stakh=True, mice=True).run()
    req = one(events, "requisition", field="D")
    assert sorted(req["vulnerable"]) == [0, 1, 3]
    assert sorted(reveals(events)) == [(0, "6D", "D"), (1, "7D", "D"), (3, "9D", "D")]
    assert norths(events) == [(3, "9D", "D")]
    assert_result(events, cellars=[["6D"], ["7D"], ["2H", "5S", "8D"], []])


def test_req_hero_is_never_vulnerable_under_northern_play() -> None:
    """Given the base game with stakh and northern (no jobs, no rewards) / When D fails /
    Then everyone but the hero answers: 6D, 7D, 9D go North, seat 2 keeps 8D."""
    r = Rec(stakh=True, northern=True)
    base_b(r)
    events = r.run()
    assert sorted(one(events, "requisition", field="D")["vulnerable"]) == [0, 1, 3]
    assert sorted(norths(events)) == [(0, "6D", "D"), (1, "7D", "D"), (3, "9D", "D")]
    assert_result(events, cellars=[[], [], ["8D"], []], scores=[0, 0, 8, 0])


# --------------------------------------------------------------------------- project readings
def test_req_events_only_for_failed_fields_and_skipped_when_nobody_answers() -> None:
    """Project reading: requisition events are written for failed fields only; skipped
    is true exactly when no seat answers. Given the base game with stakh / Then D and
    C (not H, S) have events, neither skipped (seats 0, 1, 3 answer)."""
    events = base_b(stakh=True).run()
    reqs = of(events, "requisition")
    assert [(q["field"], q["skipped"]) for q in reqs] == [("D", False), ("C", False)]
    assert norths(events) == [(0, "6D", "D"), (1, "7D", "D"), (3, "9D", "D")]
    assert game_end(events)["scores"] == [0, 0, 15, 0]
