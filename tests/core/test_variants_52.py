"""Variants of the 52-card game (RULINGS.md: stakh, wrecker.* incl. option
wrecker_returns, orden (52: changes nothing), northern, mice, accum, medals)."""

from __future__ import annotations

import json
from pathlib import Path

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
    game_g2,
    norths,
    of,
    one,
    reveals,
    run,
    year1_b3,
    year2_n2,
    year_events,
)

# the design's worked examples, kept in the repository (tests/core/fixtures/examples/)
EXAMPLES = Path(__file__).parent / "fixtures" / "examples"
W_HANDS = ["KH QH JH 10H 6D", "X 8H 7H 6H 7D", "KS QS JS 10S 8D", "9S 8S 7S 6S 9D"]


# --------------------------------------------------------------------------- stakh
def test_stakh_sweeper_is_the_hero_and_everyone_else_answers() -> None:
    """Given the base game with stakh (seat 2 wins all four tricks) / When D and C fail /
    Then seat 2 is not vulnerable and seats 0, 1, 3 are, for every failed field:
    6D, 7D, 9D go North, the hero keeps its pocketed 8D."""
    events = base_b(stakh=True).run()
    for field in ("D", "C"):
        req = one(events, "requisition", field=field)
        assert sorted(req["vulnerable"]) == [0, 1, 3]
        assert_rule(req, "stakh")
    assert norths(events) == [(0, "6D", "D"), (1, "7D", "D"), (3, "9D", "D")]
    assert_result(events, scores=[0, 0, 15, 0],
                  cellars=[[], [], ["2H", "5S", "8D"], []])


def test_stakh_no_hero_when_the_tricks_are_shared() -> None:
    """Given G2 with stakh (tricks won by seats 3, 1, 0, 0) / Then there is no hero:
    the vulnerable for D are the trick winners 0, 1, 3 (none holds D: no North)."""
    events = game_g2(stakh=True).run()
    req = one(events, "requisition", field="D")
    assert sorted(req["vulnerable"]) == [0, 1, 3]
    assert "stakh" not in req["rules"] and "req.hero" not in req["rules"]
    assert_result(events, scores=[18, 6, 10, 6])


# --------------------------------------------------------------------------- wrecker.*
def test_wrecker_example_wins_assigns_anywhere_and_poisons() -> None:
    """Given the worked example wrecker_poison.json (kolkhoz preset, 1 year) / When
    adjudicated / Then X wins trick 1 over the trump KS (wrecker.wins), seat 1 puts
    KH KS 6S on D, absent from the trick (wrecker.assign), X's 14 hours count on H,
    H completes (52 hours) and pays 2H to seat 2, and is still inspected
    (wrecker.poison): 2H, now seat 2's highest heart, goes North."""
    record = json.loads((EXAMPLES / "wrecker_poison.json").read_text())
    events = run(record)
    t1 = of(events, "trick")[0]
    assert (t1["winner"], t1["cards"]) == (1, ["KH", "X", "KS", "6S"])
    assert_rule(t1, "trick.winner")
    assert of(events, "assign")[0]["cards"] == {"KH": "D", "X": "H", "KS": "D", "6S": "D"}
    f = one(events, "farmed", field="H")
    assert (f["seat"], f["hours"], f["rewards"]) == (2, 52, ["2H"])
    req = one(events, "requisition", field="H")
    assert_rule(req, "wrecker.poison", "req.failed")
    assert sorted(req["vulnerable"]) == [1, 2]
    assert norths(events) == [(2, "2H", "H"), (1, "7D", "D"), (2, "8D", "D")]
    assert_result(events, scores=[6, 0, 5, 9], medals=[0, 1, 3, 0], places=[2, 4, 3, 1],
                  cellars=[["6D"], [], ["5S"], ["9D"]], north=["2H", "7D", "8D"])


def test_wrecker_assign_every_field_is_a_legal_target() -> None:
    """Given trick 1 KH X KS 6S won by the Wrecker / Then the brigadier's choices offer
    every field (H, D, C, S) for every card of the trick."""
    k = core()
    r = Rec(wrecker=True).deal(1, W_HANDS, B_JOBS).trump(0, "S")
    for s, c in enumerate(["KH", "X", "KS", "6S"]):
        r.play(s, c)
    _events, state = r.step()
    ch = k.choices(state)
    assert ch.kind == "assign" and ch.seat == 1
    assert {c: sorted(fs) for c, fs in ch.options.items()} == {
        c: ["C", "D", "H", "S"] for c in ["KH", "X", "KS", "6S"]}


def test_wrecker_follow_holder_without_the_suit_must_play_him() -> None:
    """Given KH led and seat 1 holding X but no heart / When seat 1 plays 8D / Then
    revoke with rule wrecker.follow (only the Wrecker obliged it); X is its only
    legal card."""
    k = core()
    r = Rec(wrecker=True).deal(1, ["KH QH JH 10H 6D", "X 8D 7D 9C 8C", "KS QS JS 10S 9H",
                                   "9S 8S 7S 6S 9D"], B_JOBS).trump(0, "S").play(0, "KH")
    _events, state = r.step()
    exc = decide_error(state, {"type": "play", "seat": 1, "card": "8D"})
    assert_error(exc, "revoke", "wrecker.follow")
    assert [i["card"] for i in k.legal_inputs(state)] == ["X"]


def test_wrecker_follow_holder_of_the_suit_may_play_either() -> None:
    """Given KH led and seat 1 holding X and hearts / When seat 1 plays 7D / Then revoke
    (trick.follow); its legal cards are X and its hearts."""
    k = core()
    r = Rec(wrecker=True).deal(1, W_HANDS, B_JOBS).trump(0, "S").play(0, "KH")
    _events, state = r.step()
    exc = decide_error(state, {"type": "play", "seat": 1, "card": "7D"})
    assert_error(exc, "revoke", "trick.follow")
    assert {i["card"] for i in k.legal_inputs(state)} == {"X", "8H", "7H", "6H"}


def test_wrecker_follow_led_wrecker_sets_no_suit() -> None:
    """Given seat 1 the planner leading X / When the others play 8D, 9S (trump S) and 6D
    / Then all are accepted; the trick has no lead suit and X wins it."""
    r = Rec(wrecker=True, first_planner=1).deal(1, W_HANDS, B_JOBS).trump(1, "S")
    for s, c in [(1, "X"), (2, "8D"), (3, "9S"), (0, "6D")]:
        r.play(s, c)
    events, state = r.step()
    t = one(events, "trick")
    assert (t["leader"], t["winner"], t["lead_suit"]) == (1, 1, None)
    assert_rule(t, "trick.winner")
    assert state.phase == "assign" and state.to_move == 1


def _wrecker_in_cellar(years: int = 1, **options: object) -> Rec:
    """Seat 2 the planner leads and wins every trick with trumps (S), completes H and S
    in trick 2 and pockets X (holding X it is never void of a led suit it could
    keep X back from). Pockets: 6D, 7D, X, 9D; D and C fail."""
    r = Rec(years=years, wrecker=True, first_planner=2, **options)
    r.deal(1, ["KH QH JH 10H 6D", "9H 8H 7H 6H 7D", "KS QS JS 10S X", "9S 8S 7S 6S 9D"],
           B_JOBS)
    r.trump(2, "S")
    r.trick(2, "KS 9S KH 9H", 2, "S S H H")
    r.trick(2, "QS 8S QH 8H", 2, "S S H H")
    r.trick(2, "JS 7S JH 7H", 2, "H H H H")
    r.trick(2, "10S 6S 10H 6H", 2, "H H H H")
    return r


def test_wrecker_cellar_matches_the_first_failed_field() -> None:
    """Given seat 2 vulnerable with X pocketed / When D then C fail / Then X (14 in every
    suit) is taken for D, the first failed field; nothing is left for C."""
    events = _wrecker_in_cellar().run()
    assert norths(events) == [(2, "X", "D")]
    assert_rule(one(events, "north"), "wrecker.cellar")
    assert_result(events, scores=[6, 7, 7, 9], north=["X"])


def test_wrecker_returns_off_the_wrecker_stays_north() -> None:
    """Given X sent North in year 1 (wrecker_returns off) / When year 2 deals X / Then
    deal_card_not_in_deck; year 1's year_end returns nothing."""
    r = _wrecker_in_cellar(years=2)
    r.deal(2, ["KC QC JC 10C 9C", "X 8C 7C 6C KD", "KH QH JH 10H 9H", "KS QS JS 10S 9S"],
           "3H 2D AC AS")
    exc = r.run_error()
    assert_error(exc, "deal_card_not_in_deck", "plan.deal")
    assert one(exc.events, "year_end", year=1)["returned"] == []


def test_wrecker_returns_on_the_wrecker_comes_back_next_year() -> None:
    """Given wrecker_returns and X sent North in year 1 / Then year 1's year_end returns
    X to the worker deck and year 2 may deal it."""
    r = _wrecker_in_cellar(years=2, wrecker_returns=True)
    r.deal(2, ["KC QC JC 10C 9C", "X 8C 7C 6C KD", "KH QH JH 10H 9H", "KS QS JS 10S 9S"],
           "3H 2D AC AS")
    events, state = r.step()
    assert one(events, "year_end", year=1)["returned"] == ["X"]
    assert one(events, "deal", year=2)["hands"][1][0] == "X"
    assert state.phase == "trump"


# --------------------------------------------------------------------------- orden (52)
def _strip(events: list[dict]) -> list[dict]:
    return [{k: v for k, v in e.items() if k not in ("rules", "facts", "ruleset")}
            for e in events]


def test_orden_changes_nothing_in_the_52_card_game() -> None:
    """Given the base game with orden / Then every event (rules aside) and the result are
    those of the plain game: the completer already takes the reward and only
    brigadiers already answer."""
    plain = base_b().run()
    orden = base_b(orden=True).run()
    assert _strip(orden[1:]) == _strip(plain[1:])
    assert orden[0]["ruleset"]["options"]["orden"] is True


# --------------------------------------------------------------------------- northern
def test_northern_no_rewards_and_everyone_answers() -> None:
    """Given the base game with northern (no jobs revealed) / Then H and S complete but
    pay nothing, and every player is vulnerable for D: all four D cards go North."""
    r = Rec(northern=True)
    base_b(r)
    events = r.run()
    assert [f["rewards"] for f in of(events, "farmed")] == [[], []]
    req = one(events, "requisition", field="D")
    assert req["vulnerable"] == [0, 1, 2, 3]
    assert_rule(req, "northern")
    assert norths(events) == [(0, "6D", "D"), (1, "7D", "D"), (2, "8D", "D"), (3, "9D", "D")]
    assert_result(events, scores=[0, 0, 0, 0], places=[2, 2, 1, 2])


def test_northern_deal_has_no_jobs() -> None:
    """Project reading: under Northern play no reward is revealed. Given northern / When
    a deal brings jobs / Then jobs_invalid (plan.jobs)."""
    exc = Rec(northern=True).deal(1, B_HANDS, B_JOBS).run_error()
    assert_error(exc, "jobs_invalid", "plan.jobs")


# --------------------------------------------------------------------------- mice
def test_mice_everyone_reveals_and_the_table_highest_goes_north() -> None:
    """Given the base game with the mice / When D fails / Then all four seats are
    vulnerable and reveal their D card (6D 7D 8D 9D); only the table's highest, 9D,
    goes North; the other three stay (face-up) in their cellars."""
    events = base_b(mice=True).run()
    req = one(events, "requisition", field="D")
    assert req["vulnerable"] == [0, 1, 2, 3]
    assert_rule(req, "mice")
    assert sorted(reveals(events)) == [(0, "6D", "D"), (1, "7D", "D"), (2, "8D", "D"),
                                       (3, "9D", "D")]
    assert norths(events) == [(3, "9D", "D")]
    d_events = events[events.index(req) + 1:]
    kinds = [e["type"] for e in d_events[:5]]
    assert kinds == ["revealed"] * 4 + ["north"]
    assert_result(events, scores=[6, 7, 15, 0], places=[3, 2, 1, 4])


# --------------------------------------------------------------------------- accum
def test_accum_unclaimed_rewards_stay_and_the_completer_takes_them_all() -> None:
    """Given accumulation over two years (year 1 leaves AD and 3C unclaimed) / When seat
    1 completes D in year 2 (new job 2D) / Then year 1 discards nothing and the D
    completion pays both AD and 2D."""
    r = Rec(years=2, accum=True)
    year1_b3(r)
    year2_n2(r, t="KC", p1="7D", p0="JC")
    events = r.run()
    assert one(events, "year_end", year=1)["discarded"] == []
    f = one(year_events(events, 2), "farmed", field="D")
    assert (f["seat"], sorted(f["rewards"])) == (1, ["2D", "AD"])
    assert_rule(f, "accum")
    end = assert_result(events)
    assert set(end["cellars"][1]) == {"AD", "2D", "7D"}


# --------------------------------------------------------------------------- medals
def test_medals_score_one_point_each() -> None:
    """Given the base game with medals / Then seat 2's 4 medals add 4 points: scores
    [6, 7, 11, 9], seat 2 first."""
    events = base_b(medals=True).run()
    end = assert_result(events, scores=[6, 7, 11, 9], medals=[0, 0, 4, 0],
                        places=[4, 3, 1, 2])
    assert_rule(end, "medals")


def test_medals_over_two_years() -> None:
    """Given the two-year game where seats 0, 2, 3 tie on 13 cellar points, with medals
    (1, 3, 4, 0 over the plan) / Then scores [14, 12, 17, 13]."""
    r = Rec(years=2, medals=True)
    year1_b3(r)
    year2_n2(r, t="KC", p1="7D", p0="JC", s2="KH QH JH 10H 6C")
    assert_result(r.run(), scores=[14, 12, 17, 13], places=[2, 4, 1, 3])


# --------------------------------------------------------------------------- wrecker.cellar, more
WX_HANDS = ["KH QH JH 10H 6D", "9H 8H 7H 6S 7D", "KS QS JS 10S 8D", "9S 8S 7S 6H X"]


def _x_pocketed_by_seat3(rec: Rec, fields: list[str]) -> Rec:
    """Trump S; seat 2 wins every trick; seat 3 (who can always follow) pockets X."""
    rec.deal(1, WX_HANDS, B_JOBS).trump(0, "S")
    rec.trick(0, "KH 9H KS 6H", 2, fields[0])
    rec.trick(2, "QS 9S QH 6S", 2, fields[1])
    rec.trick(2, "JS 8S JH 8H", 2, fields[2])
    rec.trick(2, "10S 7S 10H 7H", 2, fields[3])
    return rec


def test_wrecker_cellar_under_the_mice_is_the_table_highest() -> None:
    """Given the mice and seat 3 holding X in its cellar (seats 0-2 hold 6D 7D 8D) / When
    D, the first failed field, is requisitioned / Then X (14 in D) is the table's
    highest and goes North; 8D stays; C then finds nothing."""
    r = _x_pocketed_by_seat3(Rec(wrecker=True, mice=True),
                             ["H H S H", "S S H H", "S S H H", "H H H H"])
    events = r.run()
    assert [f["field"] for f in of(events, "farmed")] == ["H", "S"]
    assert norths(events) == [(3, "X", "D")]
    assert (3, "X", "D") in reveals(events)
    assert_result(events, cellars=[["6D"], ["7D"], ["2H", "5S", "8D"], []])


def test_wrecker_cellar_taken_for_the_first_field_that_reaches_its_owner() -> None:
    """Given nomenklatura, seat 3 (no trick won) holding X, and the Informant QS on the
    failed S (D and C fail too) / When requisition runs / Then D and C reach only seat
    2 (8D goes); S, through the Informant, reaches seat 3: X is revealed and taken for
    S, the first failed field whose requisition reaches its owner."""
    r = _x_pocketed_by_seat3(Rec(wrecker=True, nomenklatura=True),
                             ["H H H H", "S H H H", "H S H H", "H H H H"])
    events = r.run()
    assert [f["field"] for f in of(events, "farmed")] == ["H"]
    assert_rule(one(events, "requisition", field="S"), "nom.informant")
    assert norths(events) == [(2, "8D", "D"), (3, "X", "S")]
    assert (3, "X", "S") in reveals(events)
    assert_result(events, cellars=[["6D"], ["7D"], ["2H"], []])


def test_stakh_famine_year_three_tricks_make_a_hero() -> None:
    """Given kolkhoz games played high card first / When one seat wins all three tricks
    of the famine year and a field fails / Then that seat is the hero: every other
    seat, and not it, is vulnerable for every failed field of year 5."""
    import random

    from .builders import autoplay, value

    for i in range(40):
        rng = random.Random(i)

        def high(_state, legal, rng=rng):
            if legal[0]["type"] == "play":
                return max(legal, key=lambda x: value(x["card"]) + rng.random())
            return rng.choice(legal)

        events, _ = autoplay({"preset": "kolkhoz"}, f"st-{i}", policy=high)
        y5 = year_events(events, 5)
        winners = {t["winner"] for t in of(y5, "trick")}
        if len(of(y5, "trick")) == 3 and len(winners) == 1 and of(y5, "requisition"):
            hero = winners.pop()
            for q in of(y5, "requisition"):
                assert sorted(q["vulnerable"]) == sorted({0, 1, 2, 3} - {hero})
                assert_rule(q, "stakh")
            return
    raise AssertionError("no famine sweep in 40 games")


def _wrecker_example() -> list[dict]:
    return run(json.loads((EXAMPLES / "wrecker_poison.json").read_text()))


def test_wrecker_suits_fourteen_hours_on_any_field() -> None:
    """Given the Wrecker assigned to H in trick 1 (its trick holds H and S cards) / Then
    H's completion counts X as 14: X 14 + 8H + QH + JH + 7H = 52."""
    events = _wrecker_example()
    assert one(events, "farmed", field="H")["hours"] == 14 + 8 + 12 + 11 + 7


def test_wrecker_wins_over_the_trump() -> None:
    """Given KH led, X, then the trump KS / Then X wins the trick (the 14 of every suit,
    trump included), citing wrecker.wins."""
    t = of(_wrecker_example(), "trick")[0]
    assert t["winner"] == 1
    assert_rule(t, "wrecker.wins")


def test_wrecker_assign_cited_on_the_assignment() -> None:
    """Given the Wrecker's trick assigned with KH, KS, 6S on D / Then the assign event is
    accepted and cites wrecker.assign."""
    a = of(_wrecker_example(), "assign")[0]
    assert a["cards"]["KH"] == "D"
    assert_rule(a, "wrecker.assign")


def test_wrecker_poison_completed_field_is_inspected_and_its_reward_still_paid() -> None:
    """Given H completed with X on it / Then the farmed event pays 2H (and cites
    wrecker.poison, not farm.safe), and H is inspected: 2H goes North."""
    events = _wrecker_example()
    f = one(events, "farmed", field="H")
    assert f["rewards"] == ["2H"]
    assert_rule(f, "wrecker.poison")
    assert "farm.safe" not in f["rules"]
    assert (2, "2H", "H") in norths(events)
