"""Setup, card values, the year, the deal, the jobs and the trump (RULINGS.md:
setup.*, card.*, year.count, famine, plan.*, deal.short)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .builders import (
    B_HANDS,
    B_JOBS,
    SEATS,
    Rec,
    adjudication_error,
    assert_error,
    assert_result,
    assert_rule,
    autoplay,
    base_b,
    core,
    decide_error,
    deck_from_events,
    game_end,
    game_g2,
    of,
    one,
    run,
    value,
    year_events,
)


# --------------------------------------------------------------------------- setup.*
def test_setup_players_game_has_exactly_four_seats() -> None:
    """Given the base record / When adjudicated / Then the game event has the four
    seats and cites setup.players."""
    events = base_b().run()
    game = events[0]
    assert game["type"] == "game" and game["seq"] == 0
    assert game["seats"] == SEATS
    assert_rule(game, "setup.players")


@pytest.mark.parametrize("seats", [SEATS[:3], SEATS + ["Dmitri"]])
def test_setup_players_other_counts_are_refused(seats: list[str]) -> None:
    """Given a record with 3 or 5 seats / When adjudicated / Then record_invalid,
    an error of the record as a whole (input_index None)."""
    rec = base_b().record()
    rec["seats"] = seats
    exc = adjudication_error(rec)
    assert_error(exc, "record_invalid")
    assert exc.input_index is None


def test_setup_deck52_game_event_resolves_every_option() -> None:
    """Given a record naming only `years` / When adjudicated / Then the game event
    holds the complete ruleset (52-card deck, every default) and cites setup.deck52."""
    game = base_b().run()[0]
    opts = game["ruleset"]["options"]
    assert opts == {
        "deck": 52, "years": 1, "swap": False, "stakh": False, "wrecker": False,
        "nomenklatura": False, "orden": False, "northern": False, "mice": False,
        "accum": False, "medals": False, "trump_selection": "planner",
        "first_lead": "planner", "swap_scope": "hidden_or_revealed", "reveal": "highest",
        "tiebreak_medals": "game", "k36_vulnerable": "stack_takers", "wrecker_returns": False,
    }
    assert_rule(game, "setup.deck52")


@pytest.mark.parametrize("card", ["AH", "2D", "5S", "3C"])
def test_setup_deck52_reward_cards_are_never_dealt(card: str) -> None:
    """Given a 52-card deal putting a reward card (A..5) in a hand / When adjudicated
    / Then deal_card_not_in_deck (plan.deal) at the deal input."""
    hands = list(B_HANDS)
    hands[0] = f"KH QH JH 10H {card}"
    jobs = "2H AD 3C 5S".replace(card, {"H": "4H", "D": "3D", "S": "4S", "C": "4C"}[card[-1]])
    exc = Rec().deal(1, hands, jobs).run_error()
    assert_error(exc, "deal_card_not_in_deck", "plan.deal")
    assert exc.input_index == 0


@pytest.mark.parametrize(
    "jobs",
    [
        {"H": "2D", "D": "AD", "C": "3C", "S": "5S"},  # a D reward on the H field
        {"H": "6H", "D": "AD", "C": "3C", "S": "5S"},  # a worker as reward
        {"H": "2H", "D": "AD", "C": "3C", "S": "X"},
    ],
)
def test_setup_deck52_jobs_come_from_each_fields_own_pile(jobs: dict[str, str]) -> None:
    """Given a deal whose jobs are not A..5 of the field's own suit / When adjudicated
    / Then jobs_invalid (plan.jobs)."""
    exc = Rec().raw({"type": "deal", "year": 1, "hands": [h.split() for h in B_HANDS],
                     "jobs": jobs}).run_error()
    assert_error(exc, "jobs_invalid", "plan.jobs")
    assert exc.input_index == 0


@pytest.mark.parametrize("card", ["AH", "5D", "2C"])
def test_setup_deck36_has_no_reward_cards(card: str) -> None:
    """Given a 36-card game (Aces only mark the fields, no reward cards) and a deal
    holding an Ace or a 2..5 / When adjudicated / Then deal_card_not_in_deck."""
    hands = list(B_HANDS)
    hands[0] = f"KH QH JH 10H {card}"
    exc = Rec(deck=36, orden=True).deal(1, hands).run_error()
    assert_error(exc, "deal_card_not_in_deck", "plan.deal")


def test_setup_deck36_deal_has_no_jobs() -> None:
    """Given a 36-card game / When a deal brings jobs / Then jobs_invalid (plan.jobs);
    without jobs the same deal is accepted and cites setup.deck36 in the game event."""
    exc = Rec(deck=36, orden=True).deal(1, B_HANDS, B_JOBS).run_error()
    assert_error(exc, "jobs_invalid", "plan.jobs")
    events = base_b(deck=36, orden=True).run()
    assert_rule(events[0], "setup.deck36")
    assert "jobs" not in one(events, "deal") or not one(events, "deal")["jobs"]


def test_setup_wrecker_joker_only_with_the_variant() -> None:
    """Given no Wrecker variant / When a deal holds X / Then deal_card_not_in_deck;
    Given the variant / Then the same deal is accepted (33-card worker deck)."""
    hands = list(B_HANDS)
    hands[1] = "X 8H 7H 6H 7D"
    exc = Rec().deal(1, hands, B_JOBS).run_error()
    assert_error(exc, "deal_card_not_in_deck", "plan.deal")
    events, _state = Rec(wrecker=True).deal(1, hands, B_JOBS).step()
    assert one(events, "deal")["hands"][1][0] == "X"
    assert_rule(events[0], "setup.wrecker")


def test_setup_planner_given_by_agreement() -> None:
    """Given first_planner 2 / When the game starts / Then year 1's planner is seat 2,
    the trump is seat 2's to declare and seat 2 leads the first trick."""
    r = Rec(first_planner=2)
    r.deal(1, B_HANDS, B_JOBS)
    events, state = r.step()
    assert one(events, "year", year=1)["planner"] == 2
    assert events[0]["first_planner"] == 2
    assert_rule(events[0], "setup.planner")
    exc = decide_error(state, {"type": "trump", "seat": 0, "suit": "S"})
    assert_error(exc, "out_of_turn", "plan.trump")
    r.trump(2, "S")
    events, state = r.step()
    exc = decide_error(state, {"type": "play", "seat": 0, "card": "KH"})
    assert_error(exc, "out_of_turn", "trick.lead")
    assert state.to_move == 2


def test_setup_planner_drawn_from_the_seed() -> None:
    """Given no first_planner but a seed / When the game starts / Then the planner
    is drawn from the seed: a seat 0..3, the same every time, named in the game
    event and in year 1."""
    k = core()
    rs = k.build_ruleset({"options": {"years": 1}})
    a = k.new_game(rs, SEATS, first_planner=None, seed="planner-seed")
    b = k.new_game(rs, SEATS, first_planner=None, seed="planner-seed")
    assert a[0]["first_planner"] in (0, 1, 2, 3)
    assert a[0]["first_planner"] == b[0]["first_planner"]
    assert one(a, "year")["planner"] == a[0]["first_planner"]
    assert a[0]["seed_commitment"] == k.seed_commitment("planner-seed")


def test_setup_planner_neither_given_nor_seeded_is_refused() -> None:
    """Given a record with neither first_planner nor seed / When adjudicated /
    Then record_invalid (input_index None)."""
    rec = base_b().record()
    del rec["first_planner"]
    exc = adjudication_error(rec)
    assert_error(exc, "record_invalid")
    assert exc.input_index is None


# --------------------------------------------------------------------------- card.*
def test_card_value_is_hours_and_points() -> None:
    """Given G2 with S paying AS / When seat 0 completes H with KH 9H 8H 10H and S with
    9S KS QS 8S / Then the farmed hours are 40 and 42 (K=13, Q=12, J=11) and seat 0
    scores 2H + AS + pocketed JH = 2 + 1 + 11 = 14."""
    r = Rec()
    game_g2(r)
    r.inputs[0]["jobs"]["S"] = "AS"
    events = r.run()
    assert one(events, "farmed", field="H")["hours"] == 40
    assert one(events, "farmed", field="S")["hours"] == 42
    end = assert_result(events, scores=[14, 6, 10, 6])
    assert set(end["cellars"][0]) == {"2H", "AS", "JH"}


def test_card_order_higher_value_wins_within_the_suit() -> None:
    """Given G2 trick 3 (8H led, QS and 8S off-suit, 10H) with no trump played /
    When the trick ends / Then 10H (seat 0) beats 8H; the off-suit QS does not count."""
    events = game_g2().run()
    t = of(events, "trick")[2]
    assert (t["leader"], t["winner"], t["cards"], t["lead_suit"]) == (
        1, 0, ["8H", "QS", "8S", "10H"], "H")
    assert_rule(t, "trick.winner")


# --------------------------------------------------------------------------- year.count / famine
def test_year_count_one_year_game_ends_after_year_one() -> None:
    """Given years=1 / When the record ends after year 1 / Then one year, then
    year_end and game_end last."""
    events = base_b().run()
    assert [e["year"] for e in of(events, "year")] == [1]
    assert events[-2]["type"] == "year_end" and events[-1]["type"] == "game_end"
    assert_rule(events[-1], "score")


def test_year_count_input_after_the_last_year_is_game_over() -> None:
    """Given a finished one-year game / When one more input follows / Then game_over
    (year.count) at that input; decide on the finished state refuses it too."""
    r = base_b()
    r.raw({"type": "play", "seat": 2, "card": "8D"})
    exc = r.run_error()
    assert_error(exc, "game_over", "year.count")
    assert exc.input_index == len(r.inputs) - 1
    assert exc.events[-1]["type"] == "game_end"
    events, state = base_b().step()
    assert state.finished and state.phase == "over"
    exc = decide_error(state, {"type": "deal", "year": 2, "hands": [[], [], [], []]})
    assert_error(exc, "game_over", "year.count")


def test_year_count_planner_passes_left() -> None:
    """Given a two-year record / When year 2 starts / Then its planner is seat 1
    (the left of seat 0), who declares trump."""
    from .builders import year1_b3, year2_n2

    r = Rec(years=2)
    year1_b3(r)
    year2_n2(r, t="KC", p1="7D", p0="JC")
    events = r.run()
    years = of(events, "year")
    assert [(y["year"], y["planner"], y["famine"]) for y in years] == [
        (1, 0, False), (2, 1, False)]
    assert_rule(years[1], "year.count")
    assert one(events, "trump", suit="C")["seat"] == 1


@pytest.mark.parametrize("years", [0, 6, "5"])
def test_year_count_out_of_range_is_refused(years: object) -> None:
    """Given years outside 1..5 / When the ruleset is built / Then invalid_option_value."""
    with pytest.raises(Exception) as info:
        core().build_ruleset({"options": {"years": years}})
    assert_error(info.value, "invalid_option_value")


@pytest.fixture(scope="module")
def five_year_game() -> tuple[list[dict], object]:
    return autoplay({"preset": "kolkhoz"}, "five-year-plan", first_planner=0)


def test_year_count_default_plan_has_five_years(five_year_game) -> None:
    """Given the default 5-year kolkhoz game played out / Then five years, planners
    0,1,2,3,0 (passing left), and only year 5 is the famine."""
    events, state = five_year_game
    assert state.finished
    years = of(events, "year")
    assert [(y["year"], y["planner"], y["famine"]) for y in years] == [
        (1, 0, False), (2, 1, False), (3, 2, False), (4, 3, False), (5, 0, True)]
    assert events[-1]["type"] == "game_end"


def test_famine_four_cards_three_tricks_no_trump(five_year_game) -> None:
    """Given the default plan / Then years 1-4 deal 5 cards, declare a trump and play
    4 tricks; year 5 deals 4 cards, has no trump event and plays 3 tricks."""
    events, _ = five_year_game
    for y in range(1, 6):
        ye = year_events(events, y)
        sizes = {len(h) for h in one(ye, "deal")["hands"]}
        tricks = of(ye, "trick")
        if y < 5:
            assert sizes == {5} and len(tricks) == 4 and len(of(ye, "trump")) == 1
        else:
            assert sizes == {4} and len(tricks) == 3 and of(ye, "trump") == []
            assert_rule(one(ye, "year"), "famine")


def test_famine_trump_input_is_wrong_phase() -> None:
    """Given the famine year dealt / When the planner declares a trump / Then
    wrong_phase with rule famine, and the state is unchanged."""
    def at_famine(state, events):
        return state.year == 5 and events[-1]["type"] != "year" and state.phase != "deal"

    _events, state = autoplay({"preset": "kolkhoz"}, "famine-trump", stop=at_famine)
    assert state.year == 5 and state.phase in ("swap", "play")
    exc = decide_error(state, {"type": "trump", "seat": state.planner, "suit": "H"})
    assert_error(exc, "wrong_phase", "famine")


# --------------------------------------------------------------------------- plan.deal
def test_plan_deal_event_carries_the_hands() -> None:
    """Given the base deal / When adjudicated / Then the deal event repeats the hands
    and jobs and cites plan.deal and plan.jobs."""
    deal = one(base_b().run(), "deal")
    assert deal["hands"] == [h.split() for h in B_HANDS]
    assert deal["jobs"] == {"H": "2H", "D": "AD", "C": "3C", "S": "5S"}
    assert_rule(deal, "plan.deal", "plan.jobs")


@pytest.mark.parametrize(
    ("inp", "code", "rule"),
    [
        ({"type": "deal", "year": 2, "hands": [h.split() for h in B_HANDS],
          "jobs": {"H": "2H", "D": "AD", "C": "3C", "S": "5S"}}, "deal_wrong_year", "plan.deal"),
        ({"type": "deal", "year": 1,
          "hands": [["KH", "QH", "JH", "10H", "6D"], ["KH", "8H", "7H", "6H", "7D"],
                    ["KS", "QS", "JS", "10S", "8D"], ["9S", "8S", "7S", "6S", "9D"]],
          "jobs": {"H": "2H", "D": "AD", "C": "3C", "S": "5S"}}, "deal_duplicate_card",
         "plan.deal"),
        ({"type": "deal", "year": 1,
          "hands": [["KH", "QH", "JH", "10H"], ["9H", "8H", "7H", "6H"],
                    ["KS", "QS", "JS", "10S"], ["9S", "8S", "7S", "6S"]],
          "jobs": {"H": "2H", "D": "AD", "C": "3C", "S": "5S"}}, "deal_wrong_size", "deal.short"),
        ({"type": "deal", "year": 1,
          "hands": [["KH", "QH", "JH", "10H", "6D"], ["9H", "8H", "7H", "6H", "7D"],
                    ["KS", "QS", "JS", "10S", "8D"], ["9S", "8S", "7S", "6S"]],
          "jobs": {"H": "2H", "D": "AD", "C": "3C", "S": "5S"}}, "deal_wrong_size", "deal.short"),
        ({"type": "deal", "year": 1,
          "hands": [["KH", "QH", "JH", "10H", "1D"], ["9H", "8H", "7H", "6H", "7D"],
                    ["KS", "QS", "JS", "10S", "8D"], ["9S", "8S", "7S", "6S", "9D"]],
          "jobs": {"H": "2H", "D": "AD", "C": "3C", "S": "5S"}}, "malformed_input", None),
        ({"type": "deal", "year": 1}, "malformed_input", None),
        ({"type": "play", "seat": 0, "card": "KH"}, "wrong_phase", "plan.deal"),
        ({"type": "shuffle", "seat": 0}, "unknown_input_type", None),
    ],
    ids=["wrong-year", "duplicate", "four-cards-in-a-full-year", "uneven", "unknown-card",
         "missing-hands", "play-before-deal", "unknown-type"],
)
def test_plan_deal_error_paths(inp: dict, code: str, rule: str | None) -> None:
    """Given a new game awaiting year 1's deal / When a bad deal (or another input)
    arrives / Then the typed error with its clause, and the state is unchanged."""
    _events, state = Rec().step()
    assert state.phase == "deal"
    exc = decide_error(state, inp)
    assert_error(exc, code, rule)


# --------------------------------------------------------------------------- plan.jobs
def test_plan_jobs_rewards_are_revealed_per_field_and_pay_the_completer() -> None:
    """Given jobs 2H AD 3C 5S / When seat 2 completes H and S / Then the farmed events
    pay exactly 2H and 5S; year_end discards the unclaimed AD and 3C."""
    events = base_b().run()
    assert one(events, "farmed", field="H")["rewards"] == ["2H"]
    assert one(events, "farmed", field="S")["rewards"] == ["5S"]
    ye = one(events, "year_end")
    assert sorted(ye["discarded"]) == ["3C", "AD"]
    assert_rule(ye, "year.end")


@pytest.mark.parametrize("jobs", ["2H 2D AC AS", "3H AD AC AS"],
                         ids=["paid-reward-2H", "discarded-reward-AD"])
def test_plan_jobs_a_reward_already_used_cannot_be_revealed_again(jobs: str) -> None:
    """Given year 1 of B (2H paid to seat 2, AD discarded) / When year 2's deal
    reveals 2H or AD again / Then jobs_invalid (plan.jobs)."""
    r = base_b(years=2)
    r.deal(2, ["KC QC JC 10C 9C", "KD QD JD 10D 8C", "6C 7C 9H 8H 7H",
               "6S 7S 8S 9S 10S"], jobs)
    exc = r.run_error()
    assert_error(exc, "jobs_invalid", "plan.jobs")
    assert exc.input_index == len(r.inputs) - 1


# --------------------------------------------------------------------------- plan.trump
def test_plan_trump_planner_declares() -> None:
    """Given the base deal / When the planner declares S / Then a trump event
    (seat 0, suit S) citing plan.trump, and S cards beat the led H."""
    events = base_b().run()
    t = one(events, "trump")
    assert (t["seat"], t["suit"]) == (0, "S")
    assert_rule(t, "plan.trump")
    assert of(events, "trick")[0]["winner"] == 2


@pytest.mark.parametrize(
    ("inp", "code", "rule"),
    [
        ({"type": "trump", "seat": 1, "suit": "S"}, "out_of_turn", "plan.trump"),
        ({"type": "trump", "seat": 0, "suit": "X"}, "malformed_input", None),
        ({"type": "trump", "seat": 0}, "malformed_input", None),
        ({"type": "play", "seat": 0, "card": "KH"}, "wrong_phase", "plan.trump"),
        ({"type": "swap", "seat": 0, "pass": True}, "wrong_phase", "swap"),
        ({"type": "assign", "seat": 0, "cards": {}}, "wrong_phase", "plan.trump"),
    ],
    ids=["not-the-planner", "bad-suit", "no-suit", "play-before-trump",
         "swap-in-year-1", "assign-before-trump"],
)
def test_plan_trump_error_paths(inp: dict, code: str, rule: str | None) -> None:
    """Given year 1 dealt, awaiting the planner's trump / When a bad input arrives /
    Then the typed error with its clause; the state is unchanged."""
    _events, state = Rec().deal(1, B_HANDS, B_JOBS).step()
    assert state.phase == "trump" and state.to_move == 0
    exc = decide_error(state, inp)
    assert_error(exc, code, rule)


def test_plan_trump_random_is_drawn_from_the_seed() -> None:
    """Given trump_selection=random and a seed / When year 1 is dealt / Then the trump
    is a chance input (seat null) drawn from the seed, the same on every call,
    and the planner may not choose it."""
    k = core()
    r = Rec(trump_selection="random", seed="random-trump")
    r.deal(1, B_HANDS, B_JOBS)
    events, state = r.step()
    assert state.phase == "trump"
    drawn = k.chance_input(state, "random-trump")
    assert drawn == k.chance_input(state, "random-trump")
    assert drawn["type"] == "trump" and drawn["seat"] is None and drawn["suit"] in "HDCS"
    assert all(inp["seat"] is None for inp in k.legal_inputs(state))
    new = k.decide(state, drawn)
    assert (new[0]["type"], new[0]["seat"], new[0]["suit"]) == ("trump", None, drawn["suit"])
    exc = decide_error(state, {"type": "trump", "seat": 0, "suit": "S"})
    assert error_code_in(exc, {"out_of_turn", "malformed_input", "wrong_phase"})


def error_code_in(exc: object, codes: set[str]) -> bool:
    return getattr(exc, "code", None) in codes


def test_plan_trump_random_recorded_draw_is_replayed() -> None:
    """Given trump_selection=random and a record holding the draw (seat null, suit S)
    / When adjudicated / Then the trump event is that draw and the year plays with
    S as trump (seat 2 trumps trick 1)."""
    r = Rec(trump_selection="random")
    r.deal(1, B_HANDS, B_JOBS).trump(None, "S")
    r.trick(0, "KH 9H KS 6S", 2, "H H S S")
    r.trick(2, "QS 9S QH 8H", 2, "S S H H")
    r.trick(2, "JS 8S JH 7H", 2, "S S H H")
    r.trick(2, "10S 7S 10H 6H", 2, "H H H H")
    events = r.run()
    t = one(events, "trump")
    assert (t["seat"], t["suit"]) == (None, "S")
    assert_rule(t, "plan.trump")
    assert_result(events, scores=[6, 7, 7, 9])


def test_plan_trump_random_missing_draw_comes_from_the_seed() -> None:
    """Given trump_selection=random, a seed and no trump input / When adjudicated up
    to the first play / Then the engine writes the seed's draw (seat null)."""
    k = core()
    r = Rec(trump_selection="random", seed="draw-me")
    r.deal(1, B_HANDS, B_JOBS)
    _events, state = r.step()
    suit_ = k.chance_input(state, "draw-me")["suit"]
    exc = r.run_error()  # the record ends before the game does
    assert_error(exc, "record_incomplete")
    trumps = of(exc.events, "trump")
    assert [(t["seat"], t["suit"]) for t in trumps] == [(None, suit_)]


# --------------------------------------------------------------------------- deal.short
def _deal_sizes_follow_the_deck(events: list[dict], *, deck: int, wrecker: bool) -> list:
    """For each year: (year, deck size before the deal, hand size, tricks)."""
    rows = []
    for y in of(events, "year"):
        idx = events.index(y)
        before = deck_from_events(events[:idx], deck=deck, wrecker=wrecker)
        ye = year_events(events, y["year"])
        deal = one(ye, "deal")
        sizes = {len(h) for h in deal["hands"]}
        assert len(sizes) == 1, f"year {y['year']}: uneven hands {deal['hands']}"
        size = sizes.pop()
        full = 4 if y["famine"] else 5
        assert size == min(full, len(before) // 4), (
            f"year {y['year']}: deck of {len(before)} dealt {size} each")
        for h in deal["hands"]:
            assert set(h) <= before, f"year {y['year']}: dealt {set(h) - before}"
        tricks = len(of(ye, "trick"))
        assert tricks == max(size - 1, 0), f"year {y['year']}: {size} cards, {tricks} tricks"
        assert_rule(deal, "plan.deal")
        if size < full:
            assert_rule(deal, "deal.short")
        rows.append((y["year"], len(before), size, tricks))
    return rows


def _greedy_completion(state, legal):
    """Assign each trick where it completes the most fields (keeps the 36-card deck
    short); otherwise the first legal input."""
    if legal[0]["type"] != "assign":
        return legal[0]
    best = legal[0]
    best_score = -1
    for inp in legal[: 400]:
        fields = list(inp["cards"].values())
        score = max(fields.count(f) for f in set(fields))
        if score > best_score:
            best, best_score = inp, score
    return best


@pytest.mark.parametrize("seed", ["short-1", "short-2", "short-3"])
def test_deal_short_kolkhoznik_hands_follow_the_deck(seed: str) -> None:
    """Given kolkhoznik games played out (36 cards, stack tops stay in cellars, North
    cards return) / Then every year deals evenly as far as the deck goes
    (min(5 or 4, deck // 4) each), has one trick fewer than the hand size, and a
    short deal cites deal.short."""
    events, state = autoplay({"preset": "kolkhoznik"}, seed, policy=_greedy_completion)
    assert state.finished
    rows = _deal_sizes_follow_the_deck(events, deck=36, wrecker=False)
    assert len(rows) == 5


FIXTURES = Path(__file__).parent / "fixtures"


def cellars_from_events(events: list[dict]) -> list[set[str]]:
    """Every seat's cellar at this point of the log, from the events alone."""
    cellars: list[set[str]] = [set(), set(), set(), set()]
    for e in events:
        t = e["type"]
        if t == "pocket":
            cellars[e["seat"]].add(e["card"])
        elif t == "farmed":
            cellars[e["seat"]] |= set(e.get("rewards") or [])
        elif t == "swap" and not e.get("pass"):
            cellars[e["seat"]].discard(e["cellar"])
            cellars[e["seat"]].add(e["hand"])
        elif t == "north" and e.get("seat") is not None:
            cellars[e["seat"]].discard(e["card"])
        elif t == "year_end":
            for c in e.get("returned") or []:
                for cel in cellars:
                    cel.discard(c)
    return cellars


def test_deal_short_year_without_tricks() -> None:
    """Given a kolkhoznik game (fixture k36_year_without_tricks.json: stack tops kept
    year after year) whose famine year finds 7 cards in the deck / When year 5 is
    dealt / Then 1 card each (3 undealt) and no trick: swap and pocket only, no
    medal; all four fields fail with nobody vulnerable, so req.fallback resolves the
    year with the mice: every seat is vulnerable and the single highest matching
    card at the table goes North for each field."""
    record = json.loads((FIXTURES / "k36_year_without_tricks.json").read_text())
    events = run(record)
    rows = _deal_sizes_follow_the_deck(events, deck=36, wrecker=False)
    assert rows[-1][0] == 5 and rows[-1][2] == 1 and rows[-1][3] == 0
    ye = year_events(events, 5)
    assert_rule(one(ye, "deal"), "deal.short")
    assert of(ye, "trick") == [] and of(ye, "play") == [] and of(ye, "assign") == []
    assert len(of(ye, "pocket")) == 4
    end = game_end(events)
    won = [0, 0, 0, 0]
    for t in of(events, "trick"):
        won[t["winner"]] += 1
    assert end["medals"] == won
    first_req = events.index(of(ye, "requisition")[0])
    cellars = cellars_from_events(events[:first_req])
    reqs = of(ye, "requisition")
    assert [q["field"] for q in reqs] == ["H", "D", "C", "S"]
    for q in reqs:
        assert_rule(q, "req.fallback", "mice")
        assert sorted(q["vulnerable"]) == [0, 1, 2, 3]
        field = q["field"]
        matching = [(value(c), s, c) for s in range(4) for c in cellars[s]
                    if c[-1] == field]
        went = of(ye, "north", field=field)
        if matching:
            top = max(matching)
            assert [(n["seat"], n["card"]) for n in went] == [(top[1], top[2])]
            cellars[top[1]].discard(top[2])
        else:
            assert went == []


def test_deal_short_after_a_drunkard_went_north() -> None:
    """Given a 52-card 4-year game with nomenklatura where the trump Jack is sent
    North from a field in years 1-3 / When year 4 is dealt (20 - n workers left) /
    Then 4 cards each (the rest undealt) and 3 tricks; a deal of uneven hands or
    of 3 cards each is deal_wrong_size (deal.short)."""

    ruleset = {"options": {"years": 4, "nomenklatura": True}}
    for i in range(60):
        seed = f"drunk-{i}"

        def stop(state, events):
            return state.year == 4 and state.phase == "deal"

        events, state = autoplay(ruleset, seed, stop=stop)
        drunk = [e for e in of(events, "north") if e["seat"] is None]
        if drunk and state.year == 4 and state.phase == "deal":
            break
    else:
        pytest.fail("no Drunkard went North in 60 seeded games")
    deck = deck_from_events(events, deck=52, wrecker=False)
    assert len(deck) == 20 - len(drunk)
    ordered = sorted(deck)
    k = core()
    exc = decide_error(state, {"type": "deal", "year": 4,
                               "hands": [ordered[0:5], ordered[5:10], ordered[10:15],
                                         ordered[15:19]],
                               "jobs": k.chance_input(state, seed).get("jobs")})
    assert_error(exc, "deal_wrong_size", "deal.short")
    exc = decide_error(state, {"type": "deal", "year": 4,
                               "hands": [ordered[0:3], ordered[3:6], ordered[6:9],
                                         ordered[9:12]],
                               "jobs": k.chance_input(state, seed).get("jobs")})
    assert_error(exc, "deal_wrong_size", "deal.short")
    deal = k.chance_input(state, seed)
    assert {len(h) for h in deal["hands"]} == {4}
    new = k.decide(state, deal)
    assert_rule(new[0], "deal.short")
    full, end = autoplay(ruleset, seed)
    assert end.finished
    y4 = year_events(full, 4)
    assert {len(h) for h in one(y4, "deal")["hands"]} == {4}
    assert len(of(y4, "trick")) == 3


def test_deal_short_trump_declared_even_with_empty_hands() -> None:
    """Project reading: a trump is declared in every non-famine year, even when a short
    deal gives empty hands. Given the steered kolkhoznik games / Then every non-famine
    year, whatever its hand size, has exactly one trump event."""
    for i in range(6):
        events, _ = autoplay({"preset": "kolkhoznik"}, f"nt-{i}", policy=_greedy_completion)
        for y in of(events, "year"):
            ye = year_events(events, y["year"])
            assert len(of(ye, "trump")) == (0 if y["famine"] else 1)


def test_plan_trump_random_every_year_but_the_famine() -> None:
    """Given trump_selection=random over a full plan / Then years 1-4 each have one trump
    event with seat null (the seed's draw), year 5 none."""
    events, state = autoplay({"preset": "kolkhoz", "options": {"trump_selection": "random"}},
                             "random-plan")
    assert state.finished
    for y in range(1, 6):
        trumps = of(year_events(events, y), "trump")
        if y < 5:
            assert len(trumps) == 1 and trumps[0]["seat"] is None
        else:
            assert trumps == []
