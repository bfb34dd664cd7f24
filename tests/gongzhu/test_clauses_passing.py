"""Passing (variant «Передача карт», option passing): pass.when, pass.cards,
pass.direction, pass.exchange (RULINGS.md "Passing")."""

from __future__ import annotations

import pytest

from gongzhu_core.views import redact_event

from .records import Game, error_of, of, run, run_partial

OFFSET = {"left": 1, "right": 3, "across": 2}


def assert_error(err, code, input_, rule):
    assert (err.code, err.input, err.rule) == (code, input_, rule), err.message


def passing_round(first_dealer=3, **options):
    """A record of one round's deal and passes (seat 0 is dealt AS KS QS, seat 3 AD KD
    QD; everyone passes their three highest cards), no play yet."""
    g = Game("passing", first_dealer=first_dealer, **options)
    g.round(given={0: "AS KS QS", 3: "AD KD QD"}, passes={0: "AS KS QS", 3: "AD KD QD"},
            play_out=False)
    return g


# ---------------------------------------------------------------------- pass.when
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_pass_when_order_from_the_dealers_left(dealer):
    """Given passing and dealer d / when the round is adjudicated / then the four pass
    inputs come right after the deal in turn order from d's left, followed by the
    exchange and then the first play (pass.when)."""
    g = Game("passing", first_dealer=dealer, end_score=-1)
    g.round()
    events = run(g.record())
    types = [e["type"] for e in events[:9]]
    assert types == ["game", "round", "deal", "pass", "pass", "pass", "pass", "exchange",
                     "play"]
    assert [e["seat"] for e in of(events, "pass")] == [(dealer + 1 + i) % 4 for i in range(4)]
    assert all(e["rules"] == [] for e in of(events, "pass"))


def test_pass_when_out_of_turn():
    """Given dealer 3 (seat 0 passes first) / when seat 1 passes first / then wrong_seat
    at that input, rule pass.when."""
    rec = passing_round().record()
    rec["inputs"][1], rec["inputs"][2] = rec["inputs"][2], rec["inputs"][1]
    assert_error(error_of(rec), "wrong_seat", 1, "pass.when")


def test_pass_when_a_play_before_the_passes_are_done():
    """Given three of four passes made / when a play comes / then unexpected_input at
    that input, rule pass.when."""
    rec = passing_round().record()
    rec["inputs"][4] = {"type": "play", "seat": 0, "card": "2C"}
    assert_error(error_of(rec), "unexpected_input", 4, "pass.when")


def test_pass_when_no_pass_in_a_round_without_passing():
    """Given the standard rules (no passing) / when a pass is given after the deal /
    then unexpected_input, rule pass.when (a pass was given)."""
    g = Game(first_dealer=3)
    g.round(given={0: "AS KS QS"}, play_out=False)
    g.raw({"type": "pass", "seat": 0, "cards": ["AS", "KS", "QS"]})
    assert_error(error_of(g.record()), "unexpected_input", 1, "pass.when")


# ---------------------------------------------------------------------- pass.cards
@pytest.mark.parametrize("cards", [["AS", "KS"], ["AS", "KS", "QS", "2C"], ["AS", "AS", "KS"],
                                   ["AS", "KS", "AD"], []])
def test_pass_cards_three_different_own_cards(cards):
    """Given seat 0 dealt AS KS QS (not AD) / when it passes two, four, a duplicate, a
    card it was not dealt, or nothing / then bad_pass at its input, rule pass.cards."""
    rec = passing_round().record()
    rec["inputs"][1] = {"type": "pass", "seat": 0, "cards": cards}
    assert_error(error_of(rec), "bad_pass", 1, "pass.cards")


def test_pass_cards_never_a_card_about_to_be_received():
    """Given seat 0 passes AS KS QS to seat 1 (left) / when seat 1 then passes AS on /
    then bad_pass: a pass is made from the dealt hand (pass.cards)."""
    g = passing_round()
    rec = g.record()
    assert rec["inputs"][1] == {"type": "pass", "seat": 0, "cards": ["AS", "KS", "QS"]}
    rec["inputs"][2]["cards"] = ["AS"] + rec["inputs"][2]["cards"][:2]
    assert_error(error_of(rec), "bad_pass", 2, "pass.cards")


def test_pass_cards_any_three_of_the_dealt_hand():
    """Given a pass of three low cards, a heart and the pig among them / when adjudicated
    / then it is accepted and the pass event repeats the input (pass.cards)."""
    g = Game("passing", first_dealer=3, end_score=-1)
    g.round(given={0: "QS 2H 3C"}, passes={0: "QS 2H 3C"})
    events = run(g.record())
    first = of(events, "pass")[0]
    assert (first["seat"], first["cards"], first["rules"]) == (0, ["QS", "2H", "3C"], [])


# ---------------------------------------------------------------------- pass.direction
DIRECTIONS = {
    "left": ["left"] * 5,
    "right": ["right"] * 5,
    "alternate": ["left", "right", "left", "right", "left"],
    "cycle": ["left", "right", "across", None, "left"],
}


@pytest.mark.parametrize("pass_to", list(DIRECTIONS))
def test_pass_direction_per_round(pass_to):
    """Given passing with pass_to p / when five rounds are played / then each round
    event names its direction (left every round | right every round | left in odd and
    right in even rounds | left, right, across, none, left), each seat receives the
    three cards of the seat that passes to it in the passer's order, and every round
    cites pass.direction (pass.direction, pass.exchange)."""
    g = Game("passing", first_dealer=1, pass_to=pass_to)
    for _ in range(5):
        g.round()
    events = run_partial(g.record())
    rounds = of(events, "round")[:5]
    assert [e["pass_to"] for e in rounds] == DIRECTIONS[pass_to]
    assert all(e["rules"] == ["round.dealer", "pass.direction"] for e in rounds)
    exchanges = iter(of(events, "exchange"))
    for number, (rnd, direction) in enumerate(zip(rounds, DIRECTIONS[pass_to],
                                                  strict=True), start=1):
        model = g.rounds[number - 1]
        if direction is None:
            continue
        ex = next(exchanges)
        assert (ex["round"], ex["direction"], ex["rules"]) == (number, direction,
                                                              ["pass.exchange"])
        passes = {e["seat"]: e["cards"] for e in of(events, "pass")
                  if rnd["seq"] < e["seq"] < ex["seq"]}
        assert len(passes) == 4
        for seat in range(4):
            assert ex["received"][(seat + OFFSET[direction]) % 4] == passes[seat]
        assert ex["received"] == model.received


def test_pass_direction_cycle_fourth_round_has_no_passing():
    """Given pass_to cycle / when round 4 is played / then it has no pass inputs and no
    exchange: its deal is followed directly by the first play, and its round event
    (pass_to null) still cites pass.direction (pass.direction)."""
    g = Game("passing", first_dealer=0, pass_to="cycle")
    for _ in range(4):
        g.round()
    events = run_partial(g.record())
    fourth = of(events, "round")[3]
    assert (fourth["round"], fourth["pass_to"]) == (4, None)
    assert fourth["rules"] == ["round.dealer", "pass.direction"]
    following = events[fourth["seq"] + 1:fourth["seq"] + 3]
    assert [e["type"] for e in following] == ["deal", "play"]
    assert len(of(events, "exchange")) == 3


def test_pass_direction_cycle_refuses_a_pass_in_the_fourth_round():
    """Given pass_to cycle / when a pass is given in round 4 / then unexpected_input,
    rule pass.when (pass.direction)."""
    g = Game("passing", first_dealer=0, pass_to="cycle")
    for _ in range(3):
        g.round()
    rm = g.round(play_out=False)
    g.raw({"type": "pass", "seat": 0, "cards": rm.dealt[0][:3]})
    err = error_of(g.record())
    assert_error(err, "unexpected_input", len(g.inputs) - 1, "pass.when")


def test_pass_direction_without_passing_no_round_cites_it():
    """Given passing off / when a round is played / then its round event has pass_to
    null and cites round.dealer only (pass.direction)."""
    g = Game(first_dealer=0, end_score=-1)
    g.round()
    rnd = of(run(g.record()), "round")[0]
    assert (rnd["pass_to"], rnd["rules"]) == (None, ["round.dealer"])


# ---------------------------------------------------------------------- pass.exchange
def test_pass_exchange_received_cards_are_played_passed_ones_are_gone():
    """Given dealer 3, passing left: seat 3 passes AD KD QD to seat 0, seat 0 passes AS
    KS QS to seat 1 / when seat 0 leads AD / then it is accepted (received cards are in
    hand), and when seat 0 instead leads AS / then not_in_hand, rule trick.play
    (pass.exchange)."""
    g = passing_round()
    assert g.current.received[0] == ["AD", "KD", "QD"]
    assert g.current.received[1] == ["AS", "KS", "QS"]
    index = g.play("AD")
    events = run_partial(g.record())
    assert events[-1]["type"] == "play" and events[-1]["card"] == "AD"
    rec = g.record()
    rec["inputs"][index] = {"type": "play", "seat": 0, "card": "AS"}
    assert_error(error_of(rec), "not_in_hand", index, "trick.play")


def test_pass_exchange_all_at_once_after_the_fourth_pass():
    """Given four passes / when adjudicated / then one exchange event follows the fourth
    pass, giving every seat its three cards at once (pass.exchange)."""
    g = passing_round()
    events = run_partial(g.record())
    assert [e["type"] for e in events[-5:]] == ["pass"] * 4 + ["exchange"]
    ex = events[-1]
    assert ex["direction"] == "left" and all(len(r) == 3 for r in ex["received"])
    assert ex["received"][1] == ["AS", "KS", "QS"] and ex["received"][0] == ["AD", "KD", "QD"]


def test_pass_exchange_whole_round_takes_follow_the_exchanged_hands():
    """Given a passing round played out / when adjudicated / then every trick and the
    cards each seat took are those of the hands after the exchange (pass.exchange,
    trick.taken)."""
    g = Game("passing", first_dealer=2, end_score=-1)
    rm = g.round()
    events = run(g.record())
    assert [t["cards"] for t in of(events, "trick")] == [t["cards"] for t in rm.tricks]
    assert of(events, "round_end")[0]["taken"] == rm.taken


def test_pass_exchange_in_the_passers_order_and_event_count():
    """Given passing and exposing, seat 0 passing 3C, QS, 2H in that order / when the
    round is adjudicated / then seat 1 receives them in that order, and the round has
    68 events + 5 for passing + one per expose input (pass.exchange, round.deal)."""
    g = Game("passing", first_dealer=3, exposing=True, end_score=-1)
    g.round(given={0: "3C QS 2H"}, passes={0: "3C QS 2H"})
    events = run(g.record())
    assert of(events, "exchange")[0]["received"][1] == ["3C", "QS", "2H"]
    start, end = of(events, "round")[0]["seq"], of(events, "round_end")[0]["seq"]
    assert end - start + 1 == 68 + 5 + len(of(events, "expose"))


def test_pass_when_secret_round_deal_hands_secret():
    """Given a passing round / when its events are shown to each seat and a spectator
    while the game runs / then a deal shows only the viewer's hand (round.deal), a pass
    its cards to the passer only (pass.when), an exchange each received set to its
    receiver and its giver only (pass.exchange); once finished, everything."""
    g = Game("passing", first_dealer=3, end_score=-1)
    g.round()
    events = run(g.record())
    deal, ex = of(events, "deal")[0], of(events, "exchange")[0]
    for viewer in (0, 1, 2, 3, None):
        shown = redact_event(deal, viewer, finished=False)["hands"]
        assert [h is not None for h in shown] == [s == viewer for s in range(4)]
        for p in of(events, "pass"):
            cards = redact_event(p, viewer, finished=False).get("cards")
            assert (cards == p["cards"]) if p["seat"] == viewer else cards is None
        got = redact_event(ex, viewer, finished=False)["received"]
        for seat in range(4):
            giver = (seat - 1) % 4
            visible = viewer in (seat, giver)
            assert (got[seat] == ex["received"][seat]) if visible else got[seat] is None
    for e in events:
        assert redact_event(e, 2, finished=True) == e
        if e["type"] in ("expose", "play", "trick", "round_end", "game", "round"):
            assert redact_event(e, None, finished=False) == e
