"""Exposing (variant «Показ», option exposing): expose.when, expose.cards, expose.effect,
expose.hold (RULINGS.md "Exposing"). Pure value combinations are in
test_clauses_scoring.py; here the exposures go through whole records."""

from __future__ import annotations

import pytest

from .records import Game, error_of, of, run, run_partial


def assert_error(err, code, input_, rule):
    assert (err.code, err.input, err.rule) == (code, input_, rule), err.message


# Dealer 3, seat 0 leads. Seat 3 takes AH (seat 1's, discarded on diamonds), seat 1
# takes QS (seat 2's, discarded on clubs), seat 0 takes JD (seat 3's), all other hearts
# (-150) and 10C (seat 3's); seat 2 takes nothing. Unexposed: -100, -100, 0, -50.
SCRIPT = ["2D AH 3D 4D", "5C 6C 7C QS", "8S 9S JD 10S", "KH QH JH 10H", "9H 8H 7H 6H",
          "5H 4H 3H 2H", "AC JC 2S 10C"]


def exposing_round(exposes, *, play_out=True, **options):
    g = Game("exposing", first_dealer=3, end_score=-1, **options)
    g.round(tricks=SCRIPT if play_out else (), exposes=exposes, play_out=play_out,
            given=None if play_out else {0: "2D 6C 10S KH 9H 5H AC",
                                         1: "AH 7C 8S QH 8H 4H JC",
                                         2: "3D QS 9S JH 7H 3H 2S",
                                         3: "4D 5C JD 10H 6H 2H 10C"})
    return g


# ---------------------------------------------------------------------- expose.when
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_expose_when_order_after_passing_before_the_lead(dealer):
    """Given exposing and passing, dealer d, every seat holding a scoring card / when the
    round is adjudicated / then the exchange is followed by one expose per seat in turn
    from d's left, then the first play (expose.when)."""
    g = Game("exposing", first_dealer=dealer, passing=True, end_score=-1)
    g.round(given={s: [f"{r}H" for r in ("2", "3", "4", "5")][s:s + 1] for s in range(4)})
    events = run(g.record())
    ex = of(events, "exchange")[0]["seq"]
    assert [e["type"] for e in events[ex + 1:ex + 6]] == ["expose"] * 4 + ["play"]
    assert [e["seat"] for e in of(events, "expose")] == [(dealer + 1 + i) % 4 for i in range(4)]
    assert all(e["rules"] == [] for e in of(events, "expose"))


def test_expose_when_seat_without_exposable_card_is_skipped():
    """Given exposing (any) and seat 0 dealt no scoring card / when the round is
    adjudicated / then only seats 1, 2, 3 make an exposing decision (expose.when)."""
    g = Game("exposing", first_dealer=3, end_score=-1)
    g.round(given={0: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS 2C"})
    events = run(g.record())
    assert [e["seat"] for e in of(events, "expose")] == [1, 2, 3]


def test_expose_when_under_four_only_holders_of_the_four():
    """Given expose_cards four, seat 1 holding AH and QS, seat 2 JD and 10C / when the
    round is adjudicated / then seats 0 and 3 (holding none of the four) are skipped
    (expose.when, expose.cards)."""
    g = Game("exposing", first_dealer=3, end_score=-1, expose_cards="four")
    g.round(given={1: "AH QS", 2: "JD 10C"})
    assert [e["seat"] for e in of(run(g.record()), "expose")] == [1, 2]


def test_expose_when_out_of_turn():
    """Given dealer 3 (seat 0 exposes first) / when seat 1's expose comes first / then
    wrong_seat at that input, rule expose.when."""
    rec = exposing_round({}, play_out=False).record()
    rec["inputs"][1], rec["inputs"][2] = rec["inputs"][2], rec["inputs"][1]
    assert_error(error_of(rec), "wrong_seat", 1, "expose.when")


def test_expose_when_play_before_every_decision():
    """Given two of four exposing decisions made / when a play comes / then
    unexpected_input, rule expose.when."""
    rec = exposing_round({}, play_out=False).record()
    rec["inputs"][3] = {"type": "play", "seat": 0, "card": "2D"}
    assert_error(error_of(rec), "unexpected_input", 3, "expose.when")


def test_expose_when_not_after_the_first_lead():
    """Given the exposing decisions made and seat 0 has led / when an expose comes /
    then unexpected_input, rule expose.when."""
    g = exposing_round({}, play_out=False)
    g.play("2D")
    index = g.raw({"type": "expose", "seat": 1, "cards": ["AH"]})
    assert_error(error_of(g.record()), "unexpected_input", index, "expose.when")


def test_expose_when_not_without_the_variant():
    """Given the standard rules / when an expose follows the deal / then
    unexpected_input, rule expose.when."""
    g = Game(first_dealer=3)
    g.round(given={1: "AH"}, play_out=False)
    g.raw({"type": "expose", "seat": 1, "cards": ["AH"]})
    assert_error(error_of(g.record()), "unexpected_input", 1, "expose.when")


def test_expose_when_from_the_hand_after_passing():
    """Given passing left, seat 0 (dealer 3) passes QS to seat 1 / when seat 1 exposes
    QS / then it is accepted; when seat 0 exposes QS / then bad_expose, rule
    expose.cards (expose.when: the hand after passing)."""
    g = Game("exposing", first_dealer=3, passing=True, end_score=-1)
    g.round(given={0: "QS 2H 3H 5H"}, passes={0: "QS 2H 3H"}, exposes={1: "QS"},
            play_out=False)
    events = run_partial(g.record())
    assert [(e["seat"], e["cards"]) for e in of(events, "expose")][:2] == [(0, []),
                                                                          (1, ["QS"])]
    rec = g.record()
    first_expose = 5
    assert rec["inputs"][first_expose]["seat"] == 0
    rec["inputs"][first_expose]["cards"] = ["QS"]
    assert_error(error_of(rec), "bad_expose", first_expose, "expose.cards")


# ---------------------------------------------------------------------- expose.cards
@pytest.mark.parametrize("expose_cards, seat, shown, ok", [
    ("any", 2, ["3H"], True), ("any", 0, ["KH", "9H", "5H"], True), ("any", 1, [], True),
    ("any", 2, ["2S"], False), ("any", 2, ["9S"], False),
    ("four", 1, ["AH"], True), ("four", 3, ["JD", "10C"], True),
    ("four", 2, ["3H"], False), ("four", 3, ["10H"], False),
    ("any", 1, ["QS"], False), ("any", 1, ["AH", "AH"], False), ("four", 1, ["AH", "AH"], False),
])
def test_expose_cards(expose_cards, seat, shown, ok):
    """Given expose_cards any (every scoring card, the zero hearts too) or four (AH QS JD
    10C only) / when a seat exposes cards / then a scoring card of its hand is accepted,
    while a card not exposable, not in its hand, or listed twice is bad_expose, rule
    expose.cards."""
    g = exposing_round({}, play_out=False, expose_cards=expose_cards)
    rec = g.record()
    index = next(i for i, inp in enumerate(rec["inputs"])
                 if inp["type"] == "expose" and inp["seat"] == seat)
    rec["inputs"][index]["cards"] = shown
    if ok:
        events = run_partial(rec)
        assert [e["cards"] for e in of(events, "expose") if e["seat"] == seat] == [shown]
    else:
        assert_error(error_of(rec), "bad_expose", index, "expose.cards")


# ---------------------------------------------------------------------- expose.effect
def test_expose_effect_unexposed_baseline():
    """Given the script and no exposure / when played / then -100, -100, 0, -50 and no
    expose.effect (expose.effect)."""
    end = of(run(exposing_round({}).record()), "round_end")[0]
    assert end["points"] == [-100, -100, 0, -50]
    assert end["exposed"] == [[], [], [], []]
    assert end["rules"] == ["score.cards", "score.doubler", "score.total"]


@pytest.mark.parametrize("exposes, points", [
    ({1: "AH"}, [-100, -100, 0, -100]),               # exposed AH -100, taken by seat 3
    ({2: "QS"}, [-100, -200, 0, -50]),                # exposed pig -200, taken by seat 1
    ({3: "JD"}, [100, -100, 0, -50]),                 # sheep +200: (200 - 150) x 2
    ({2: "3H"}, [-100, -100, 0, -50]),                # a zero heart stays 0
    ({3: "10C"}, [-200, -100, 0, -50]),               # the ten x4: -50 x 4
    ({1: "AH", 2: "QS", 3: "JD 10C"}, [200, -200, 0, -100]),   # (200 - 150) x 4
])
def test_expose_effect_doubles_for_whoever_takes_it(exposes, points):
    """Given cards exposed by one seat and taken by another / when the round is scored /
    then each exposed card counts double for its taker (AH -100, pig -200, sheep +200,
    a zero heart 0, an exposed ten x4), round_end lists the exposures and cites
    expose.effect (expose.effect)."""
    end = of(run(exposing_round(exposes).record()), "round_end")[0]
    assert end["points"] == points
    assert end["exposed"] == [exposes.get(s, "").split() for s in range(4)]
    assert "expose.effect" in end["rules"]
    assert end["rules"] == sorted(end["rules"][:-1]) + ["score.total"]


def test_expose_effect_four_ah_doubles_every_heart():
    """Given expose_cards four and seat 1 exposes AH / when seat 0 takes the other twelve
    hearts, JD and 10C and seat 3 takes AH / then seat 0 scores (100 - 300) x 2 = -400
    and seat 3 -100 (expose.effect)."""
    end = of(run(exposing_round({1: "AH"}, expose_cards="four").record()), "round_end")[0]
    assert end["points"] == [-400, -100, 0, -100]
    assert "expose.effect" in end["rules"]


def test_expose_effect_only_in_its_round():
    """Given seat 2 exposes QS in round 1 and nothing is exposed in round 2 / when both
    rounds are scored / then the pig costs -200 in round 1 and -100 in round 2
    (expose.effect: exposures count only in their round)."""
    g = Game("exposing", first_dealer=3)
    g.round(tricks=SCRIPT, exposes={2: "QS"})
    g.round(tricks=SCRIPT)          # dealer 0: the same tricks one seat further round
    ends = of(run_partial(g.record()), "round_end")
    assert ends[0]["points"] == [-100, -200, 0, -50]
    assert ends[1]["exposed"] == [[], [], [], []]
    assert ends[1]["points"] == [-50, -100, -100, 0]
    assert "expose.effect" not in ends[1]["rules"]


# ---------------------------------------------------------------------- expose.hold
def hold_game(given, exposes, tricks=(), **options):
    g = Game("exposing", first_dealer=3, end_score=-1, **{"expose_hold": True, **options})
    g.round(given=given, exposes=exposes, tricks=tricks, play_out=False)
    return g


def test_expose_hold_no_lead_of_an_exposed_card_in_its_suits_first_trick():
    """Given expose_hold, seat 0 exposed QS and holds 2S / when it leads QS to the
    round's first spade trick / then exposed_held, rule expose.hold."""
    g = hold_game({0: "QS 2S"}, {0: "QS"})
    index = g.play("QS", check=False)
    assert_error(error_of(g.record()), "exposed_held", index, "expose.hold")


def test_expose_hold_no_follow_with_an_exposed_card_in_its_suits_first_trick():
    """Given expose_hold, seat 1 exposed QS and holds 3S / when seat 0 leads 2S and seat
    1 plays QS / then exposed_held, rule expose.hold."""
    g = hold_game({0: "2S", 1: "QS 3S"}, {1: "QS"})
    g.play("2S")
    index = g.play("QS", check=False)
    assert_error(error_of(g.record()), "exposed_held", index, "expose.hold")


@pytest.mark.parametrize("given, exposes, tricks", [
    ({1: "QS 3S", 0: "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"}, {1: "QS"}, ["2D QS"]),
    ({1: "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H 2D 3D 4D", 0: "2S"}, {1: "QS"}, ["2S QS"]),
    ({0: "AS 2S KS JS 10S 9S 4S", 1: "QS 3S 5S 6S 7S 8S"}, {1: "QS"}, ["AS 3S", "2S QS"]),
    ({0: "AH KH 2D 3D 4D 5D 6D 7D 8D 9D 10D 2C 3C"}, {0: "AH KH"}, ["AH"]),
])
def test_expose_hold_what_stays_allowed(given, exposes, tricks):
    """Given expose_hold / when an exposed card is discarded on another suit, played by
    a holder with no unexposed card of its suit, played to a later trick of its suit,
    or led while every card of its suit in the hand is exposed / then it is accepted
    (expose.hold)."""
    g = Game("exposing", first_dealer=3, end_score=-1, expose_hold=True)
    g.round(given=given, exposes=exposes, play_out=False)
    for t in tricks:
        for card in t.split():
            while card not in g.current.hands[g.to_play()]:
                g.policy_play()
            g.play(card)
    events = run_partial(g.record())
    last = events[-1] if events[-1]["type"] == "play" else events[-2]
    assert last["card"] == tricks[-1].split()[-1]


def test_expose_hold_off_by_default():
    """Given exposing without expose_hold, seat 0 exposed QS and holds 2S / when it leads
    QS at once / then it is accepted (expose.hold)."""
    g = Game("exposing", first_dealer=3, end_score=-1)
    g.round(given={0: "QS 2S"}, exposes={0: "QS"}, play_out=False)
    g.play("QS")
    assert run_partial(g.record())[-1]["card"] == "QS"


def test_expose_hold_checked_after_hearts_broken():
    """Given hearts_broken and expose_hold, seat 0 exposed AH and holds 2H and 2C / when
    it leads AH on the first trick / then hearts_not_broken (rule trick.hearts), the
    earlier check (expose.hold, trick.hearts)."""
    g = hold_game({0: "AH 2H 2C"}, {0: "AH"}, hearts_broken=True)
    index = g.play("AH", check=False)
    assert_error(error_of(g.record()), "hearts_not_broken", index, "trick.hearts")


def test_expose_hold_a_discard_does_not_open_the_suit():
    """Given expose_hold, seat 1 exposed QS and holds 3S; on trick 1 (2D led) seat 2,
    void in diamonds, discards 5S / when seat 1 follows trick 2's 2S lead (seat 3) with
    QS / then
    exposed_held: trick 2 is still the first trick of spades (expose.hold)."""
    g = Game("exposing", first_dealer=3, end_score=-1, expose_hold=True)
    g.round(given={1: "QS 3S"}, exposes={1: "QS"}, tricks=["2D 4D 5S AD", "2S 6S"],
            play_out=False)
    assert g.current.tricks[0]["winner"] == 3 and g.to_play() == 1
    index = g.play("QS", check=False)
    assert_error(error_of(g.record()), "exposed_held", index, "expose.hold")


def test_expose_order_kept_and_skipped_seat_out_of_turn():
    """Given seat 3 exposes 10C then JD / when the round ends / then round_end lists them
    in the input's order; and given seat 0 (no exposable card under four) submitting an
    expose in seat 1's turn / then wrong_seat, rule expose.when (expose.when)."""
    g = Game("exposing", first_dealer=3, expose_cards="four")
    g.round(given={1: "AH QS", 3: "JD 10C"}, exposes={3: "10C JD"})
    events = run_partial(g.record())
    assert of(events, "round_end")[0]["exposed"][3] == ["10C", "JD"]
    rec = g.record()
    assert [i["seat"] for i in rec["inputs"][1:3]] == [1, 3]
    rec["inputs"][1] = {"type": "expose", "seat": 0, "cards": []}
    assert_error(error_of(rec), "wrong_seat", 1, "expose.when")
