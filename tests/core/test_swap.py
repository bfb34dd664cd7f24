"""The swap (RULINGS.md: swap, swap.scope in all three values, swap.reward_played,
swap.buried, and the swap error paths)."""

from __future__ import annotations

import pytest

from .builders import (
    Rec,
    assert_error,
    assert_result,
    assert_rule,
    core,
    decide_error,
    game_g2,
    norths,
    of,
    one,
    reveals,
    year1_b3,
    year_events,
)

# After G2 (year 1): cellars s0 {2H, 5S face-up; JH hidden}, s1 {6H}, s2 {10S},
# s3 {6S}; AD and 3C discarded. Year 2: planner 1, swap order 1, 2, 3, 0.
Y2_HANDS = ["KH KC QC JC 10C", "KD QD JD 10D 6C", "9D 8D 7D 6D 7C", "KS QS JS 9S 8S"]
Y2_JOBS = "3H 2D AC AS"


def _year2(years: int = 2, **options: object) -> Rec:
    options.setdefault("swap", True)
    r = Rec(years=years, **options)
    game_g2(r)
    r.deal(2, Y2_HANDS, Y2_JOBS)
    r.trump(1, "C")
    return r


def _reward_year(years: int = 2) -> Rec:
    """Year 2 where seat 0 buries KH and takes its face-up reward 2H, then: wins trick 1
    with KC, leads 2H and wins trick 2 with it (nobody else holds a heart or plays a
    trump), 2H's 2 hours complete D at exactly 40 (38 without it), seat 0 wins
    tricks 3-4. H fails (6 hours): seat 0's buried KH is revealed and sent North."""
    r = _year2(years)
    r.pass_(1).pass_(2).pass_(3).swap(0, "KH", "2H")
    r.trick(1, "KD 9D 8S KC", 0, "S D D C")
    r.trick(0, "2H QD 6D 9S", 0, "D D H D")
    r.trick(0, "QC 6C 7C JS", 0, "C C C C")
    r.trick(0, "JC JD 8D QS", 0, "S S S S")
    return r


# --------------------------------------------------------------------------- swap
def test_swap_in_turn_from_the_planner_each_exchange_or_pass() -> None:
    """Given year 2 (planner 1) with the swap / When seats 1, 2, 3 pass and seat 0
    exchanges KH for 2H / Then the swap events come in that order right after the
    trump, each citing swap, and play starts with the planner."""
    events = _reward_year().run()
    y2 = year_events(events, 2)
    swaps = of(y2, "swap")
    assert [s["seat"] for s in swaps] == [1, 2, 3, 0]
    assert [bool(s.get("pass")) for s in swaps] == [True, True, True, False]
    assert (swaps[3]["hand"], swaps[3]["cellar"]) == ("KH", "2H")
    i = y2.index(one(y2, "trump"))
    assert [e["type"] for e in y2[i + 1:i + 6]] == ["swap"] * 4 + ["play"]
    for s in swaps:
        assert_rule(s, "swap")


def test_swap_exchange_moves_both_cards() -> None:
    """Given seat 0's swap (KH into the cellar, 2H into the hand) / Then seat 0 can no
    longer play KH (card_not_in_hand) and may play 2H; KH stays in its cellar."""
    r = _year2()
    r.pass_(1).pass_(2).pass_(3).swap(0, "KH", "2H")
    r.play(1, "KD").play(2, "9D").play(3, "8S")
    _events, state = r.step()
    exc = decide_error(state, {"type": "play", "seat": 0, "card": "KH"})
    assert_error(exc, "card_not_in_hand", "trick.follow")
    legal = {i["card"] for i in core().legal_inputs(state)}
    assert "2H" in legal and "KH" not in legal


def test_swap_none_in_year_one() -> None:
    """Given year 1 with the swap variant, trump declared / Then no swap phase: play
    starts, and a swap input is wrong_phase with rule swap."""
    r = Rec(swap=True)
    game_g2(r)
    r.inputs = r.inputs[:2]
    _events, state = r.step()
    assert state.phase == "play"
    exc = decide_error(state, {"type": "swap", "seat": 0, "hand": "KH", "cellar": "2H"})
    assert_error(exc, "wrong_phase", "swap")


def test_swap_without_the_variant_year_two_goes_straight_to_play() -> None:
    """Given year 2 without the swap variant / Then after the trump the planner leads."""
    _events, state = _year2(swap=False).step()
    assert (state.phase, state.to_move) == ("play", 1)


@pytest.mark.parametrize(
    ("setup", "inp", "code", "rule"),
    [
        ([], {"type": "swap", "seat": 2, "pass": True}, "out_of_turn", "swap"),
        ([], {"type": "swap", "seat": 1, "hand": "KH", "cellar": "6H"}, "card_not_in_hand",
         "swap"),
        ([], {"type": "swap", "seat": 1, "hand": "KD", "cellar": "JH"}, "swap_not_eligible",
         "swap.scope"),
        ([], {"type": "swap", "seat": 1, "hand": "KD", "cellar": "ZZ"}, "malformed_input",
         None),
        ([], {"type": "swap", "seat": 1}, "malformed_input", None),
        ([{"type": "swap", "seat": 1, "hand": "KD", "cellar": "6H"}],
         {"type": "swap", "seat": 1, "hand": "QD", "cellar": "KD"}, "second_swap", "swap"),
        ([{"type": "swap", "seat": 1, "pass": True}],
         {"type": "swap", "seat": 1, "pass": True}, "second_swap", "swap"),
        ([], {"type": "play", "seat": 1, "card": "KD"}, "wrong_phase", "swap"),
    ],
    ids=["out-of-turn", "hand-card-not-held", "cellar-card-not-in-cellar", "unknown-card",
         "neither-pass-nor-cards", "second-swap", "second-pass", "play-during-swaps"],
)
def test_swap_error_paths(setup: list, inp: dict, code: str, rule: str | None) -> None:
    """Given year 2's swap phase (seat 1 to move) / When a bad swap input arrives / Then
    the typed error with its clause; the state is unchanged."""
    r = _year2()
    for s in setup:
        r.raw(s)
    _events, state = r.step()
    assert state.phase == "swap"
    exc = decide_error(state, inp)
    assert_error(exc, code, rule)


def test_swap_before_the_trump_is_wrong_phase() -> None:
    """Given year 2 dealt, trump not yet declared / When the planner sends a swap / Then
    wrong_phase with rule plan.trump."""
    r = _year2()
    r.inputs = r.inputs[:-1]
    _events, state = r.step()
    assert state.phase == "trump"
    exc = decide_error(state, {"type": "swap", "seat": 1, "pass": True})
    assert_error(exc, "wrong_phase", "plan.trump")


def test_swap_after_every_seat_has_swapped_is_wrong_phase() -> None:
    """Given all four swaps done / When another swap arrives / Then it is refused
    (second_swap or wrong_phase with the play's clause)."""
    r = _year2().pass_(1).pass_(2).pass_(3).pass_(0)
    _events, state = r.step()
    assert state.phase == "play"
    exc = decide_error(state, {"type": "swap", "seat": 1, "pass": True})
    assert getattr(exc, "code", None) in ("wrong_phase", "second_swap")


def test_swap_no_swap_for_a_seat_with_an_empty_cellar() -> None:
    """Given the wrecker_poison year (seat 1's cellar emptied by requisition), kolkhoz
    preset, years 2 / When year 2 opens the swaps (planner 1) / Then seat 1 has no swap:
    seat 2 is first to move, and seat 1's swap input is no_swap_available."""
    import json

    from .test_variants_52 import EXAMPLES

    record = json.loads((EXAMPLES / "wrecker_poison.json").read_text())
    record["ruleset"]["options"]["years"] = 2
    r = Rec(preset="kolkhoz", years=2, check=False)
    r.inputs = record["inputs"]
    r.deal(2, ["KH QH JH 10H 9H", "KC QC JC 10C 9C", "KS QS JS 10S 9S", "X 8H 7H 6H 10D"],
           "3H 2D AC AS")
    r.trump(1, "D")
    _events, state = r.step()
    assert (state.phase, state.to_move) == ("swap", 2)
    exc = decide_error(state, {"type": "swap", "seat": 1, "hand": "KC", "cellar": "6D"})
    assert_error(exc, "no_swap_available", "swap.scope")


# --------------------------------------------------------------------------- swap.scope
@pytest.mark.parametrize(
    ("scope", "cellar", "ok"),
    [
        ("hidden_or_revealed", "2H", True),
        ("hidden_or_revealed", "JH", True),
        ("workers", "2H", False),
        ("workers", "5S", False),
        ("workers", "JH", True),
        ("hidden", "2H", False),
        ("hidden", "JH", True),
    ],
)
def test_swap_scope_which_cellar_cards_may_be_taken(scope: str, cellar: str, ok: bool) -> None:
    """Given seat 0's cellar (2H, 5S face-up rewards; JH hidden) / When it swaps KH for
    ``cellar`` under swap_scope ``scope`` / Then accepted, or swap_not_eligible
    (swap.scope)."""
    r = _year2(swap_scope=scope).pass_(1).pass_(2).pass_(3)
    _events, state = r.step()
    assert state.to_move == 0
    inp = {"type": "swap", "seat": 0, "hand": "KH", "cellar": cellar}
    if ok:
        new = core().decide(state, inp)
        assert (new[0]["type"], new[0]["cellar"]) == ("swap", cellar)
        assert_rule(new[0], "swap")
    else:
        exc = decide_error(state, inp)
        assert_error(exc, "swap_not_eligible", "swap.scope")


def _after_mice_year(scope: str) -> Rec:
    """Year 1 B3 under the mice: seat 1 keeps 8C face-up (a revealed worker), seat 3 7C
    face-up, seat 2 only rewards 2H 5S, seat 0 nothing."""
    r = Rec(years=2, mice=True, swap=True, swap_scope=scope)
    year1_b3(r)
    r.deal(2, ["KS QS JS 10S 9S", "KD QD 7S KC 6C", "KH QH JH 10H 9H", "8H 7H 6H 10D 9D"],
           "3H 2D AC AS")
    r.trump(1, "C")
    return r


def test_swap_scope_workers_allows_a_revealed_worker_and_skips_reward_only_cellars() -> None:
    """Given swap_scope=workers / When seat 1 takes its face-up 8C / Then accepted; seat 2,
    whose cellar holds only reward cards, has no swap: seat 3 is next."""
    r = _after_mice_year("workers")
    r.swap(1, "KD", "8C")
    _events, state = r.step()
    assert (state.phase, state.to_move) == ("swap", 3)
    exc = decide_error(state, {"type": "swap", "seat": 2, "hand": "KH", "cellar": "2H"})
    assert_error(exc, "no_swap_available", "swap.scope")


def test_swap_scope_default_allows_a_revealed_reward() -> None:
    """Given the same position with the default scope / Then seat 2 has a swap after
    seat 1 and may take its face-up reward 2H."""
    r = _after_mice_year("hidden_or_revealed")
    r.pass_(1)
    _events, state = r.step()
    assert state.to_move == 2
    new = core().decide(state, {"type": "swap", "seat": 2, "hand": "KH", "cellar": "2H"})
    assert new[0]["cellar"] == "2H"


# --------------------------------------------------------------------------- swap.buried
def test_swap_buried_card_goes_in_hidden() -> None:
    """Given seat 0 buries KH in place of its face-up 2H / Then other seats see that a
    swap happened and that 2H was taken, never the buried KH; when H fails, KH (the
    highest heart) is revealed before it goes North."""
    k = core()
    events = _reward_year().run()
    sw = one(events, "swap", seat=0)
    assert_rule(sw, "swap.buried")
    for viewer in (1, 2, 3, None):
        red = k.redact_event(sw, viewer, finished=False)
        assert red["hand"] is None
        assert red["cellar"] == "2H"
    assert k.redact_event(sw, 0, finished=False)["hand"] == "KH"
    y2 = year_events(events, 2)
    assert (0, "KH", "H") in reveals(events, 2)
    assert norths(events, 2) == [(0, "KH", "H")]
    rev = one(y2, "revealed", card="KH")
    assert y2.index(rev) < y2.index(one(y2, "north", card="KH"))


def test_swap_buried_hidden_card_taken_stays_hidden_from_others() -> None:
    """Given seat 1 takes its hidden 6H / Then other seats see neither card."""
    k = core()
    r = _year2().swap(1, "KD", "6H")
    events, _state = r.step()
    sw = one(events, "swap", seat=1)
    red = k.redact_event(sw, 2, finished=False)
    assert red["hand"] is None and red["cellar"] is None


# --------------------------------------------------------------------------- swap.reward_played
def test_swap_reward_played_follows_wins_and_counts_its_value() -> None:
    """Given seat 0 holding the swapped-in 2H / When it leads 2H and nobody else holds a
    heart or plays a trump / Then 2H wins the trick; assigned to D it brings D from 38
    to exactly 40 (completed, paying 2D)."""
    events = _reward_year().run()
    t2 = of(year_events(events, 2), "trick")[1]
    assert (t2["cards"], t2["winner"], t2["lead_suit"]) == (["2H", "QD", "6D", "9S"], 0, "H")
    f = one(year_events(events, 2), "farmed", field="D")
    assert (f["seat"], f["hours"], f["rewards"]) == (0, 40, ["2D"])
    assert_result(events, scores=[30, 16, 17, 19],
                  cellars=[["5S", "JH", "2D", "AC", "AS", "10C"], ["6H", "10D"],
                           ["10S", "7D"], ["6S", "KS"]])


def test_swap_reward_played_must_follow_suit() -> None:
    """Given seat 0 holding the swapped-in 2H as its only heart / When seat 1 leads 7H and
    seat 0 plays KC / Then revoke (trick.follow): the reward card is an ordinary heart,
    and 2H is seat 0's only legal card."""
    r = Rec(years=2, swap=True)
    game_g2(r)
    r.deal(2, ["KH KC QC JC 10C", "7H QD JD 10D 6C", "9D 8D 7D 6D 7C", "KS QS JS 9S 8S"],
           Y2_JOBS)
    r.trump(1, "C").pass_(1).pass_(2).pass_(3).swap(0, "KH", "2H")
    r.play(1, "7H").play(2, "6D").play(3, "8S")
    _events, state = r.step()
    exc = decide_error(state, {"type": "play", "seat": 0, "card": "KC"})
    assert_error(exc, "revoke", "trick.follow")
    assert {i["card"] for i in core().legal_inputs(state)} == {"2H"}


def test_swap_reward_played_returns_to_the_worker_deck() -> None:
    """Given 2H swapped out of seat 0's cellar and played in year 2 / When year 3 is
    dealt / Then 2H may be dealt as a worker (it was reshuffled into the worker deck),
    and may not be revealed again as a job (jobs_invalid)."""
    r = _reward_year(years=3)
    hands = ["2H 7H 8H 9H 10H", "6D 8D 9D JD QD", "6C 7C 8C 9C JC", "7S 8S 9S JS QS"]
    ok = Rec(years=3, swap=True)
    ok.inputs = list(r.inputs)
    ok.deal(3, hands, "4H 3D 2C 2S")
    events, state = ok.step()
    assert one(events, "deal", year=3)["hands"][0][0] == "2H"
    assert state.phase == "trump"
    bad = Rec(years=3, swap=True)
    bad.inputs = list(r.inputs)
    bad.deal(3, ["QH 7H 8H 9H 10H"] + hands[1:], "2H 3D 2C 2S")
    exc = bad.run_error()
    assert_error(exc, "jobs_invalid", "plan.jobs")
