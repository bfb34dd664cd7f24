"""The 36-card game (RULINGS.md: setup.deck36, k36.orden incl. option
k36_vulnerable both ways, k36.combos, req.fallback, and the stack bookkeeping:
top card face-up in the cellar, the rest back to the deck, North cards back next
year)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .builders import (
    B_HANDS,
    Rec,
    assert_error,
    assert_result,
    assert_rule,
    base_b,
    core,
    decide_error,
    norths,
    of,
    one,
    run,
    value,
    year_events,
)

FIXTURES = Path(__file__).parent / "fixtures"
SUIT_ORDER = {"H": 0, "D": 1, "C": 2, "S": 3}


def k36(**options: object) -> Rec:
    options.setdefault("deck", 36)
    options.setdefault("orden", True)
    return Rec(**options)


def top_of(stack: list[str]) -> str:
    return min(stack, key=lambda c: (value(c), SUIT_ORDER[c[-1]]))


# --------------------------------------------------------------------------- k36.orden: stacks
def test_k36_orden_completer_takes_the_field_as_a_stack() -> None:
    """Given the base deal in the 36-card Orden game / When seat 2 completes H (KH 9H QH
    8H) and S (KS 6S QS 9S) in trick 2 / Then each farmed event carries the whole
    stack; cards assigned to H and S afterwards stay on the fields."""
    events = base_b(k36()).run()
    h = one(events, "farmed", field="H")
    s = one(events, "farmed", field="S")
    assert (h["seat"], sorted(h["rewards"])) == (2, sorted(["KH", "9H", "QH", "8H"]))
    assert (s["seat"], sorted(s["rewards"])) == (2, sorted(["KS", "6S", "QS", "9S"]))
    assert_rule(h, "k36.orden")


def test_k36_orden_after_requisition_only_the_top_card_stays() -> None:
    """Given the same game (D fails: seat 2, the only stack taker, loses its pocketed
    8D) / When the year ends / Then each stack returns to the deck except its lowest
    card (8H, 6S); the year's North card returns too; seat 2 scores 8 + 6."""
    events = base_b(k36()).run()
    assert norths(events) == [(2, "8D", "D")]
    ye = one(events, "year_end")
    assert sorted(ye["returned"]) == sorted(["KH", "9H", "QH", "KS", "QS", "9S", "8D"])
    assert_rule(ye, "k36.orden")
    assert_result(events, scores=[6, 7, 14, 9],
                  cellars=[["6D"], ["7D"], ["8H", "6S"], ["9D"]], north=["8D"])


def test_k36_orden_top_card_ties_go_by_suit_order() -> None:
    """Given H completed in trick 4 with both 6H and 6S on it (and S in trick 2 with 8H
    lowest) / Then the H stack's top is 6H (H before S): seat 2 keeps 8H and 6H, and
    6S returns to the deck."""
    r = k36()
    r.deal(1, B_HANDS)
    r.trump(0, "S")
    r.trick(0, "KH 9H KS 6S", 2, "H H S H")
    r.trick(2, "QS 9S QH 8H", 2, "S S S S")
    r.trick(2, "JS 8S JH 7H", 2, "S S S S")
    r.trick(2, "10S 7S 10H 6H", 2, "H H H H")
    events = r.run()
    h = one(events, "farmed", field="H")
    assert sorted(h["rewards"]) == sorted(["KH", "9H", "6S", "10S", "7S", "10H", "6H"])
    ye = one(events, "year_end")
    assert "6S" in ye["returned"] and "6H" not in ye["returned"]
    assert_result(events, cellars=[["6D"], ["7D"], ["8H", "6H"], ["9D"]], scores=[6, 7, 14, 9])


def test_k36_orden_top_card_sent_north_leaves_nothing() -> None:
    """Given seat 2's H stack (KH 9H 6S QH 8H, top 6S face-up) and S failing at 34 /
    When S is requisitioned / Then 6S, seat 2's only S card, goes North, and at year end
    the whole rest of the stack returns: seat 2 ends with an empty cellar."""
    r = k36()
    r.deal(1, B_HANDS)
    r.trump(0, "S")
    r.trick(0, "KH 9H KS 6S", 2, "H H S H")
    r.trick(2, "QS 9S QH 8H", 2, "S S H H")
    r.trick(2, "JS 8S JH 7H", 2, "H H H H")
    r.trick(2, "10S 7S 10H 6H", 2, "H H H H")
    events = r.run()
    assert [f["field"] for f in of(events, "farmed")] == ["H"]
    assert norths(events) == [(2, "8D", "D"), (2, "6S", "S")]
    ye = one(events, "year_end")
    assert sorted(ye["returned"]) == sorted(["KH", "9H", "QH", "8H", "8D", "6S"])
    assert_result(events, cellars=[["6D"], ["7D"], [], ["9D"]], scores=[6, 7, 0, 9])


# --------------------------------------------------------------------------- k36_vulnerable
G2_36 = ["KH QH JH 10H 6D", "9H 8H 7H 6H 7D", "KS QS JS 10S 8D", "9S 8S 7S 6C 9D"]


def _g2_36(vulnerable: str) -> list[dict]:
    """G2 in the 36-card Orden game: seat 3 and seat 1 win a trick each but take no
    stack; seat 0 completes H and S (stacks). D and C fail; seat 3 pocketed 6C."""
    r = k36(k36_vulnerable=vulnerable)
    r.deal(1, G2_36)
    r.trump(0, "D")
    r.trick(0, "KH 9H 8D 9D", 3, "H H D D")
    r.trick(3, "9S 6D 7D KS", 1, "S D D S")
    r.trick(1, "8H QS 8S 10H", 0, "H S S H")
    r.trick(0, "QH 7H JS 7S", 0, "S S S S")
    return r.run()


def test_k36_orden_stack_takers_only_are_vulnerable() -> None:
    """Given k36_vulnerable=stack_takers (default) / When C fails / Then only seat 0 (the
    stack taker) is vulnerable; seat 3, a trick winner without a stack, keeps 6C."""
    events = _g2_36("stack_takers")
    req = one(events, "requisition", field="C")
    assert req["vulnerable"] == [0]
    assert_rule(req, "k36.orden")
    assert norths(events) == []
    assert_result(events, cellars=[["8H", "8S", "JH"], ["6H"], ["10S"], ["6C"]],
                  scores=[27, 6, 10, 6])


def test_k36_orden_trick_winners_option() -> None:
    """Given k36_vulnerable=trick_winners / When C fails / Then seats 0, 1, 3 (the trick
    winners) are vulnerable and seat 3's 6C goes North (and returns next year)."""
    events = _g2_36("trick_winners")
    req = one(events, "requisition", field="C")
    assert req["vulnerable"] == [0, 1, 3]
    assert norths(events) == [(3, "6C", "C")]
    assert "6C" in one(events, "year_end")["returned"]
    assert_result(events, cellars=[["8H", "8S", "JH"], ["6H"], ["10S"], []])


# --------------------------------------------------------------------------- req.fallback
FB_HANDS = ["6H 7H 8H 9H KD", "6D 7D 8D 9D QD", "6C 7C 8C 9C KC", "6S 7S 8S 9S QC"]


def _fallback(hands: list[str] = FB_HANDS, t3: str = "8H 8D 8C 8S", **options: object) -> list:
    """Trump H: seat 0 leads and wins every trick with a heart, the others discarding
    their own suit; each card goes to its own field (under 40 everywhere). Nobody
    completes a field, so nobody takes a stack. Pockets KD, QD, KC, QC."""
    r = k36(**options)
    r.deal(1, hands)
    r.trump(0, "H")
    for lead in ("6", "7"):
        r.trick(0, f"{lead}H {lead}D {lead}C {lead}S", 0, "H D C S")
    r.trick(0, t3, 0, "H D C S")
    r.trick(0, "9H 9D 9C 9S", 0, "H D C S")
    return r.run()


def test_req_fallback_all_fields_failed_and_nobody_vulnerable_uses_the_mice() -> None:
    """Given all four fields failed and no stack taken (nobody vulnerable) / Then the
    year is resolved with the mice: everyone reveals, the table's highest goes North
    per field: KD (over QD) and KC (over QC); QD and QC stay."""
    events = _fallback()
    reqs = of(events, "requisition")
    assert [q["field"] for q in reqs] == ["H", "D", "C", "S"]
    for q in reqs:
        assert_rule(q, "req.fallback")
        assert q["vulnerable"] == [0, 1, 2, 3]
    assert norths(events) == [(0, "KD", "D"), (2, "KC", "C")]
    assert_result(events, scores=[0, 12, 0, 12], medals=[4, 0, 0, 0], places=[3, 1, 4, 1])


def test_req_fallback_not_when_someone_is_vulnerable() -> None:
    """Given the same year with k36_vulnerable=trick_winners (seat 0 vulnerable) / Then no
    fallback: seat 0 alone answers, losing KD; QD, KC, QC stay."""
    events = _fallback(k36_vulnerable="trick_winners")
    for q in of(events, "requisition"):
        assert "req.fallback" not in q["rules"]
        assert q["vulnerable"] == [0]
    assert norths(events) == [(0, "KD", "D")]


def test_req_fallback_judged_after_the_stakhanovite_widening() -> None:
    """Project reading: nobody-vulnerable is judged after all widening. Given stakh (seat
    0 swept all four tricks) / Then seats 1, 2, 3 are vulnerable, no fallback: QD, KC,
    QC go North, the hero keeps KD."""
    events = _fallback(stakh=True)
    for q in of(events, "requisition"):
        assert "req.fallback" not in q["rules"]
        assert q["vulnerable"] == [1, 2, 3]
    assert norths(events) == [(1, "QD", "D"), (2, "KC", "C"), (3, "QC", "C")]
    assert_result(events, cellars=[["KD"], [], [], []])


def test_req_fallback_judged_after_the_informant_widening() -> None:
    """Given nomenklatura and the Informant QH on the failed H (everyone vulnerable for
    H) / Then someone is vulnerable, so no fallback: H reveals nothing (no heart in any
    cellar) and D, C, S are skipped (nobody answers): nothing goes North."""
    hands = ["6H 7H QH 9H KD"] + FB_HANDS[1:]
    events = _fallback(hands, "QH 8D 8C 8S", nomenklatura=True)
    req_h = one(events, "requisition", field="H")
    assert req_h["vulnerable"] == [0, 1, 2, 3]
    assert_rule(req_h, "nom.informant")
    for f in ("D", "C", "S"):
        q = one(events, "requisition", field=f)
        assert (q["vulnerable"], q["skipped"]) == ([], True)
        assert "req.fallback" not in q["rules"]
    assert norths(events) == []
    assert_result(events, cellars=[["KD"], ["QD"], ["KC"], ["QC"]])


def test_req_fallback_with_the_drunkard_only_the_jack_goes() -> None:
    """Given nomenklatura and the Drunkard JH on the failed H, nobody vulnerable / When the
    fallback (the mice) runs / Then for H only the Jack goes North, from the field
    (seat null); D and C lose KD and KC; North cards return at year end."""
    hands = ["6H 7H JH 9H KD"] + FB_HANDS[1:]
    events = _fallback(hands, "JH 8D 8C 8S", nomenklatura=True)
    assert norths(events) == [(None, "JH", "H"), (0, "KD", "D"), (2, "KC", "C")]
    assert_rule(one(events, "north", card="JH"), "nom.drunkard")
    assert sorted(one(events, "year_end")["returned"]) == ["JH", "KC", "KD"]


# --------------------------------------------------------------------------- bookkeeping
def test_k36_bookkeeping_north_cards_return_and_tops_stay_face_up() -> None:
    """Given year 1 of the Orden stack game (seat 2 keeps tops 8H and 6S face-up; 8D went
    North), swap on with swap_scope=hidden / When year 2 deals 8D again / Then the deal
    is accepted (North cards return next year); seat 1 has a swap (hidden 7D) and
    passes; seat 2, holding only face-up tops, has none: its swap input is
    no_swap_available (swap.scope) and seat 3 is next."""
    r = k36(years=2, swap=True, swap_scope="hidden")
    base_b(r)
    r.deal(2, ["KH QH 9H 10H 7H", "8D 10D JD QD KD", "6C 7C 8C 9C 10C", "KS QS JS 10S 9S"])
    r.trump(1, "D")
    _events, state = r.step()
    assert (state.phase, state.to_move) == ("swap", 1)
    r.pass_(1)
    _events, state = r.step()
    assert state.to_move == 3
    exc = decide_error(state, {"type": "swap", "seat": 2, "hand": "6C", "cellar": "8H"})
    assert_error(exc, "no_swap_available", "swap.scope")


def test_k36_bookkeeping_over_a_five_year_game() -> None:
    """Given the five-year kolkhoznik fixture / Then every year: each stack's top is its
    lowest card (ties H, D, C, S); year_end returns exactly the stacks' other cards
    plus the year's North cards; the tops not sent North stay in the cellars."""
    record = json.loads((FIXTURES / "k36_year_without_tricks.json").read_text())
    events = run(record)
    for y in of(events, "year"):
        ye = year_events(events, y["year"])
        stacks = [f["rewards"] for f in of(ye, "farmed")]
        tops = {top_of(s) for s in stacks}
        went = {n["card"] for n in of(ye, "north")}
        expected = set().union(*map(set, stacks)) - (tops - went) | went if stacks else went
        assert set(one(ye, "year_end")["returned"]) == expected, f"year {y['year']}"


# --------------------------------------------------------------------------- k36.combos
@pytest.mark.parametrize(
    "options",
    [
        {"deck": 36},
        {"deck": 36, "orden": True, "northern": True, "mice": True},
        {"deck": 36, "northern": True},
        {"deck": 36, "orden": True, "accum": True},
        {"deck": 36, "northern": True, "mice": True, "accum": True},
        {"accum": True, "northern": True},
    ],
    ids=["neither", "both", "northern-without-mice", "accum-orden", "accum-northern",
         "accum-northern-52"],
)
def test_k36_combos_invalid_combinations_are_refused(options: dict) -> None:
    """Given a 36-card ruleset without exactly one of Orden / Northern, Northern without
    the mice, or Accumulation (no reward cards; project reading: accum + northern is
    refused in any deck) / When built / Then invalid_combination naming k36.combos;
    as a record: record_invalid-level AdjudicationError with input_index None."""
    with pytest.raises(Exception) as info:
        core().build_ruleset({"options": options})
    assert_error(info.value, "invalid_combination", "k36.combos")
    rec = Rec(**options).record()
    with pytest.raises(Exception) as info:
        core().adjudicate(rec)
    assert getattr(info.value, "input_index", "missing") is None


@pytest.mark.parametrize(
    "options",
    [
        {"deck": 36, "orden": True, "wrecker": True, "stakh": True},
        {"deck": 36, "northern": True, "mice": True, "stakh": True},
        {"deck": 36, "orden": True, "mice": True},
    ],
)
def test_k36_combos_allowed_combinations(options: dict) -> None:
    """Given the Wrecker and the Stakhanovite (or the mice with Orden) in the 36-card game
    / When built / Then accepted."""
    rs = core().build_ruleset({"options": options})
    for k, v in options.items():
        assert rs.options[k] == v


def test_k36_wrecker_in_the_36_card_deck() -> None:
    """Given the 36-card Orden game with the Wrecker / When X is dealt / Then the deal is
    accepted (worker deck 6..K plus X)."""
    hands = list(B_HANDS)
    hands[1] = "X 8H 7H 6H 7D"
    _events, state = k36(wrecker=True).deal(1, hands).step()
    assert state.phase == "trump"


def test_k36_drunkard_goes_north_from_the_stack_he_went_into() -> None:
    """Given 36-card Orden with nomenklatura and the Wrecker (trump S): the Wrecker wins
    trick 1 and puts KH X JS 6S on S (33 hours: the Drunkard JS counts 0); seat 2
    completes S with the Party Man KS (46) and takes the stack; S is poisoned by X /
    When requisition runs / Then D (first failed field) takes seat 2's X (14 in
    every suit); S takes the Drunkard JS out of seat 2's stack instead of any card
    (the Party Man KS beside him stays); seat 2 keeps its 8D and the stack tops."""
    r = k36(wrecker=True, nomenklatura=True)
    r.deal(1, ["KH QH JH 10H 6D", "X 8H 7H 6H 7D", "KS QS JS 10S 8D", "9S 8S 7S 6S 9D"])
    r.trump(0, "S")
    r.trick(0, "KH X JS 6S", 1, "S S S S")
    r.trick(1, "8H KS 9S QH", 2, "H S H H")
    r.trick(2, "QS 8S JH 7H", 2, "H H H H")
    r.trick(2, "10S 7S 10H 6H", 2, "H H H H")
    events = r.run()
    s = one(events, "farmed", field="S")
    assert (s["seat"], s["hours"], sorted(s["rewards"])) == (
        2, 46, sorted(["KH", "X", "JS", "6S", "KS"]))
    req = one(events, "requisition", field="S")
    assert_rule(req, "wrecker.poison", "nom.drunkard")
    got = [(n["card"], n["field"]) for n in of(events, "north")]
    assert got == [("X", "D"), ("JS", "S")]
    assert_result(events, cellars=[["6D"], ["7D"], ["6S", "7H", "8D"], ["9D"]],
                  scores=[6, 7, 21, 9])


def test_year_end_north_cards_stay_north_outside_the_orden_game() -> None:
    """Given the zone preset (36 cards, Northern, not Orden) where the mice sent 9D North
    in year 1 / Then year 1 returns nothing and year 2 may not deal 9D
    (deal_card_not_in_deck); Orden's return of North cards does not apply."""
    r = Rec(preset="zone", years=2)
    base_b(r)
    ok = Rec(preset="zone", years=2)
    ok.inputs = list(r.inputs)
    ok.deal(2, ["KH QH JH 10H KD", "9H 8H 7H 6H 10D", "KS QS JS 10S JD", "9S 8S 7S 6S QD"])
    events, state = ok.step()
    assert one(events, "year_end", year=1)["returned"] == []
    assert norths(events) == [(3, "9D", "D")]
    assert state.phase == "trump"
    r.deal(2, ["KH QH JH 10H 9D", "9H 8H 7H 6H 10D", "KS QS JS 10S JD", "9S 8S 7S 6S QD"])
    exc = r.run_error()
    assert_error(exc, "deal_card_not_in_deck", "plan.deal")


def test_k36_stack_top_drunkard_counts_as_his_printed_eleven() -> None:
    """Project reading x.stack_order: for the stack's top the Drunkard counts as the 11 he
    is printed as (his 0 is only hours). Given nomenklatura, trump S, and H completed
    in trick 3 with KH KS QH JS JH (JS adds 0: 38 + 0 + 11 = 49) / Then the top is JH
    (11, H before S), not JS: seat 2 keeps JH and the S stack's 6S."""
    r = k36(nomenklatura=True)
    r.deal(1, B_HANDS)
    r.trump(0, "S")
    r.trick(0, "KH 9H KS 6S", 2, "H S H S")
    r.trick(2, "QS 9S QH 8H", 2, "S S H S")
    r.trick(2, "JS 8S JH 7H", 2, "H S H S")
    r.trick(2, "10S 7S 10H 6H", 2, "H H H H")
    events = r.run()
    h = one(events, "farmed", field="H")
    assert (h["hours"], sorted(h["rewards"])) == (49, sorted(["KH", "KS", "QH", "JS", "JH"]))
    assert one(events, "farmed", field="S")["hours"] == 44
    assert "JS" in one(events, "year_end")["returned"]
    assert_result(events, cellars=[["6D"], ["7D"], ["6S", "JH"], ["9D"]], scores=[6, 7, 17, 9])


def test_k36_swap_scope_workers_stack_tops_are_not_reward_cards() -> None:
    """RULINGS setup.deck36: the 36-card game has no reward cards, so swap_scope=workers
    allows the face-up stack tops. Given year 1 of the Orden stack game (seat 2 keeps
    only the tops 8H and 6S) / Then in year 2 seat 2 has a swap and may take 8H."""
    r = k36(years=2, swap=True, swap_scope="workers")
    base_b(r)
    r.deal(2, ["KH QH 9H 10H 7H", "8D 10D JD QD KD", "6C 7C 8C 9C 10C", "KS QS JS 10S 9S"])
    r.trump(1, "D").pass_(1)
    _events, state = r.step()
    assert (state.phase, state.to_move) == ("swap", 2)
    new = core().decide(state, {"type": "swap", "seat": 2, "hand": "6C", "cellar": "8H"})
    assert (new[0]["hand"], new[0]["cellar"]) == ("6C", "8H")
