"""White action cards: x3.target, x3.once, grab, plus2.colour, plus2.black, plus2.give,
draw3 (Pass Hands and Swap Seats: test_clauses_windows.py)."""

from __future__ import annotations

import pytest

from .records import (
    Game,
    after,
    assert_error,
    error_of,
    input_event,
    of,
    one,
    play,
    rules_at,
    rules_of,
)


def test_x3_on_x2_is_times_six():
    """Given seat 0 places R500 and RX2 in red / when it plays X3 on the X2 / then tripled
    (seat, X3, target RX2.1, area R) and red totals 500 × 6 = 3000 at the end
    (x3.target, white.x2, score.area)."""
    g = Game(2)
    g.deal({0: ["R500.1", "RX2.1", "X3.1"]})
    for card in ("R500.1", "RX2.1"):
        g.draw()
        g.white(card, area="R")
        g.settle()
        g.quiet_turn()
    g.draw()
    i = g.white("X3.1", target="RX2.1")
    g.finish()
    events = play(g)
    tripled = after(events, i)[1]
    assert (tripled["type"], tripled["seat"], tripled["card"], tripled["target"],
            tripled["area"]) == ("tripled", 0, "X3.1", "RX2.1", "R")
    assert "x3.target" in rules_of(tripled)
    end = events[-1]
    assert end["totals"]["R"] == g.totals()["R"] == 3000


def test_x3_on_minus200_crushed_locked_and_chameleon_piles():
    """Given three seats / when seat 0 triples its own crushed Y100 (later locked), a
    G-200, seat 1's chameleon pile G500 and a locked O-200 / then every X3 is accepted:
    Y = 100 × 3 restored = 300, G = 1500 − 600 = 900, the locked −200 stays 0
    (x3.target, crush, lock, score.pile)."""
    g = Game(3)
    g.deal({0: ["Y100.1", "X3.1", "X3.2", "X3.3", "X3.4", "CRUSH.1", "LOCK.1", "G-200.1"],
            1: ["CHAM.1", "G500.1"], 2: ["LOCK.2"]}, keep=["O-200.1"])
    g.draw()
    g.black(0, "G-200.1", area="G")
    g.white("Y100.1", area="Y")
    g.pass_(1), g.pass_(2)
    g.black(0, "CRUSH.1", target="Y100.1")
    g.pass_all()
    g.draw()
    g.black(1, "CHAM.1", **{"with": "G500.1", "area": "G"})
    g.settle()
    g.quiet_turn()
    g.draw("O-200.1")
    g.black(0, "O-200.1", area="O")
    idx = [g.white("X3.1", target="Y100.1")]
    g.pass_(1)
    g.black(2, "LOCK.2", target="O-200.1")
    g.pass_all()
    g.quiet_turn(), g.quiet_turn()
    g.draw()
    idx.append(g.white("X3.2", target="G-200.1"))
    g.pass_(1), g.pass_(2)
    g.black(0, "LOCK.1", target="Y100.1")
    g.pass_all()
    g.quiet_turn(), g.quiet_turn()
    g.draw()
    idx.append(g.white("X3.3", target="G500.1"))
    g.settle()
    g.quiet_turn(), g.quiet_turn()
    g.draw()
    idx.append(g.white("X3.4", target="O-200.1"))
    g.finish()
    events = play(g)
    assert [(after(events, i)[1]["target"], after(events, i)[1]["area"]) for i in idx] == [
        ("Y100.1", "Y"), ("G-200.1", "G"), ("G500.1", "G"), ("O-200.1", "O")]
    end = events[-1]
    assert (end["totals"]["Y"], end["totals"]["G"]) == (300, 900)
    assert end["totals"]["O"] == g.totals()["O"]
    piles = {p["card"]: p for ps in end["areas"].values() for p in ps}
    assert piles["O-200.1"]["x3"] == "X3.4" and piles["O-200.1"]["lock"] == "LOCK.2"


@pytest.mark.parametrize("target, rule", [
    ("R500.1", "x3.once"), ("R100.1", "x3.target"), ("discard", "x3.target"),
    (None, "x3.target")])
def test_x3_never_twice_never_alone(target, rule):
    """Given R500 with an X3 on it / when seat 0 plays another X3 on it, on a card not on
    the table, on "discard", or with no target / then illegal_target with rule x3.once
    (the pile has one) or x3.target."""
    g = Game(2)
    g.deal({0: ["R500.1", "X3.1", "X3.2", "R100.1"]})
    g.draw()
    g.white("R500.1", area="R")
    g.settle()
    g.quiet_turn()
    g.draw()
    g.white("X3.1", target="R500.1")
    g.settle()
    g.quiet_turn()
    g.draw()
    inp = {"type": "white", "seat": 0, "card": "X3.2"}
    if target is not None:
        inp["target"] = target
    bad = g.raw(inp)
    assert_error(error_of(g.record()), "illegal_target", bad, rule)


def test_grab_with_its_before_window():
    """Given three seats / when seat 0 plays GRAB on seat 2 / then the card is discarded, a
    before-window [1, 2, 0] opens, then seat 2's random_card and grabbed (seat 0, source 2,
    the card), then the after-window, where seat 0 plays the grabbed STOP (grab,
    window.before, play.from_hand)."""
    g = Game(3)
    g.deal({0: ["GRAB.1"], 2: ["STOP.1"]})
    g.draw()
    i = g.white("GRAB.1", target=2)
    g.pass_all()
    j = g.random_card("STOP.1")
    g.pass_(1), g.pass_(2)
    g.black(0, "STOP.1")
    g.pass_all()
    events = play(g)
    closed, discarded, window = after(events, i)
    assert discarded["cards"] == ["GRAB.1"]
    assert (window["kind"], window["order"]) == ("before", [1, 2, 0])
    assert "window.before" in rules_of(window) and "grab" in rules_at(events, i)
    grabbed = after(events, j)[0]
    assert (grabbed["type"], grabbed["seat"], grabbed["source"], grabbed["card"]) == (
        "grabbed", 0, 2, "STOP.1")
    assert "grab" in rules_of(grabbed) and "grab" in rules_of(input_event(events, j))
    assert one(events, "claim")["seat"] == 0


def test_grab_on_a_hand_emptied_in_the_before_window():
    """Given seat 1 holding eight black cards it can all use / when seat 0's GRAB names it
    and seat 1 plays them all in the before-window / then no random_card is due, grabbed
    has card null, the GRAB stays played; seat 1, without cards, still answers the
    after-window (grab, window.before, window.priority)."""
    g = Game(2)
    g.deal({0: ["GRAB.1"], 1: ["CHAM.1", "B500.1", "CHAM.2", "B1000.1", "STOP.1", "STOP.2",
                               "REV.1", "R-200.1"]})
    g.draw()
    g.white("GRAB.1", target=1)
    g.black(1, "CHAM.1", **{"with": "B500.1", "area": "B"})
    g.black(1, "CHAM.2", **{"with": "B1000.1", "area": "B"})
    g.black(1, "R-200.1", area="R")
    g.black(1, "STOP.1"), g.black(1, "STOP.2")
    last = g.black(1, "REV.1")
    assert g.hands[1] == []
    g.pass_(1), g.pass_(0)
    g.pass_(1), g.pass_(0)
    events = play(g)
    tail = after(events, last + 2)
    assert [e["type"] for e in tail] == ["window_closed", "grabbed", "window"]
    assert (tail[1]["card"], tail[1]["source"]) == (None, 1)
    assert not of(events, "random_card")
    end = one(events, "turn_end")
    assert (end["next_seat"], end["direction"], end["decided_by"]) == (1, -1, "REV.1")


@pytest.mark.parametrize("colour, hand, cards", [
    ("R", ["R500.1", "R1000.1", "B50.1", "B50.2", "B100.1", "STOP.1", "CRUSH.1", "LOCK.1"],
     ["R500.1", "R1000.1"]),
    ("B", ["B1000.1", "R50.1", "R50.2", "R100.1", "STOP.1", "CRUSH.1", "LOCK.1", "REV.1"],
     ["B1000.1"]),
    ("R", ["B50.1", "B50.2", "B100.1", "R-200.1", "STOP.1", "CRUSH.1", "LOCK.1", "REV.1"],
     [])])
def test_plus_two_score_cards_two_or_fewer(colour, hand, cards):
    """Given seat 1 holding two red score cards, one blue, or no red one (a red −200 is not
    a score card) / when seat 0's PLUS2C names seat 1 and the colour — blue being the
    target's own colour, legal in the normal game / then no give is due: after the
    before-window, gave (seat 1, the cards in deck order, to_seat null, the colour) and one
    placed per card by seat 0 into that colour's area, then the after-window
    (plus2.colour, plus2.give)."""
    g = Game(2)
    g.deal({0: ["PLUS2C.1"], 1: hand})
    g.draw()
    i = g.white("PLUS2C.1", target=1, colour=colour)
    g.pass_all()
    g.pass_all()
    events = play(g)
    closed = [e for e in events if e["type"] == "window_closed" and e["kind"] == "before"]
    tail = events[events.index(closed[0]) + 1:]
    gave = tail[0]
    assert (gave["type"], gave["seat"], gave["cards"], gave["to_seat"], gave["area"]) == (
        "gave", 1, cards, None, colour)
    assert "plus2.colour" in rules_of(gave)
    placed = tail[1:1 + len(cards)]
    assert [(p["type"], p["seat"], p["card"], p["area"], p["chameleon"]) for p in placed] == [
        ("placed", 0, c, colour, None) for c in cards]
    assert tail[1 + len(cards)]["kind"] == "after"
    assert not of(events, "give")
    assert "plus2.colour" in rules_at(events, i)


def test_plus_two_score_cards_the_target_chooses_two():
    """Given seat 1 holding R50, R100 and RX2 / when seat 0's PLUS2C names seat 1 and red /
    then a give is due; seat 1 gives RX2 and R50: gave lists them as given and they are
    placed in that order (plus2.give, plus2.colour, white.x2)."""
    g = Game(2)
    g.deal({0: ["PLUS2C.1"], 1: ["R50.1", "R100.1", "RX2.1", "B50.1", "B100.1", "STOP.1",
                                 "CRUSH.1", "LOCK.1"]})
    g.draw()
    g.white("PLUS2C.1", target=1, colour="R")
    g.pass_all()
    i = g.give(["RX2.1", "R50.1"])
    g.pass_all()
    events = play(g)
    give = input_event(events, i)
    assert (give["seat"], give["cards"]) == (1, ["RX2.1", "R50.1"])
    assert "plus2.give" in rules_of(give)
    gave, p1, p2, window = after(events, i)
    assert gave["cards"] == ["RX2.1", "R50.1"]
    assert [(p1["card"], p1["area"]), (p2["card"], p2["area"])] == [("RX2.1", "R"),
                                                                    ("R50.1", "R")]
    assert window["kind"] == "after"


def test_plus_two_black_cards_to_the_players_hand():
    """Given seat 1 holding STOP and CRUSH (its only black cards) / when seat 0's PLUS2K
    names it / then gave (seat 1, both in deck order, to_seat 0, area null) with no give,
    and seat 0 plays the STOP in the after-window (plus2.black, plus2.give)."""
    g = Game(2)
    g.deal({0: ["PLUS2K.1"], 1: ["STOP.1", "CRUSH.1", "B50.1", "B50.2", "B100.1", "B100.2",
                                 "R50.1", "R50.2"]})
    g.draw()
    g.white("PLUS2K.1", target=1)
    g.pass_all()
    g.pass_(1)
    g.black(0, "STOP.1")
    g.pass_all()
    events = play(g)
    gave = one(events, "gave")
    assert (gave["seat"], gave["cards"], gave["to_seat"], gave["area"]) == (
        1, ["CRUSH.1", "STOP.1"], 0, None)
    assert "plus2.black" in rules_of(gave)
    assert one(events, "claim")["seat"] == 0 and not of(events, "give")


def test_plus_two_black_cards_choice_of_two():
    """Given seat 1 holding four black cards, a −200 among them / when seat 0's PLUS2K
    names it / then a give is due; seat 1 gives R-200 and LOCK: gave (to_seat 0) lists
    them as given and seat 0 plays the −200 into blue in the after-window (plus2.black,
    plus2.give, minus200)."""
    g = Game(2)
    g.deal({0: ["PLUS2K.1"], 1: ["B-200.1", "LOCK.1", "STOP.1", "CRUSH.1", "B50.1",
                                 "B50.2", "B100.1", "B100.2"]})
    g.draw()
    g.white("PLUS2K.1", target=1)
    g.pass_all()
    i = g.give(["LOCK.1", "B-200.1"])
    g.pass_(1)
    g.black(0, "B-200.1", area="B")
    g.pass_all()
    events = play(g)
    gave = after(events, i)[0]
    assert (gave["type"], gave["seat"], gave["cards"], gave["to_seat"], gave["area"]) == (
        "gave", 1, ["LOCK.1", "B-200.1"], 0, None)
    assert "plus2.give" in rules_of(input_event(events, i))
    placed = one(events, "placed")
    assert (placed["seat"], placed["card"], placed["area"]) == (0, "B-200.1", "B")


def draw3_endgame(left: int) -> Game:
    """Quiet turns until a turn starts with ``left`` cards in the draw deck, DRAW3.1 kept
    for that turn's draw."""
    g = Game(2, "first_game")
    g.deal(keep=["DRAW3.1"])
    while not (g.phase == "draw" and len(g.stock) == left):
        assert len(g.stock) > left, "script: missed the turn"
        g.quiet_turn()
    return g


@pytest.mark.parametrize("left", [5, 4, 3, 2])
def test_draw_three_with_few_cards_left(left):
    """Given the deck holds ``left`` cards when a turn begins / when the active seat draws
    DRAW3.1 and plays it / then its draw input has min(3, left − 1) cards; when that
    empties the deck, deck_empty follows the draw, the turn ends as usual and the final
    round follows; with 5 left one card stays and the game goes on (draw3, end.trigger)."""
    g = draw3_endgame(left)
    seat = g.active
    g.draw("DRAW3.1")
    g.white("DRAW3.1")
    i = g.draw3()
    g.pass_all()
    events = play(g)
    draw = input_event(events, i)
    assert (draw["seat"], len(draw["cards"])) == (seat, min(3, left - 1))
    assert "draw3" in rules_of(draw)
    tail = [e["type"] for e in after(events, i)]
    if left <= 4:
        assert tail[:2] == ["deck_empty", "window"]
        assert one(events, "deck_empty")["seat"] == seat
        assert of(events, "final_round") and not of(events, "turn")[-1]["turn"] > g.turn_no
    else:
        assert tail[0] == "window" and not of(events, "deck_empty", "final_round")
        assert of(events, "turn")[-1]["turn"] == g.turn_no


def test_draw_three_on_an_empty_deck():
    """Given the turn's draw took the last card / when the seat plays DRAW3 / then no draw
    input is due: discarded, then the after-window (draw3, end.trigger)."""
    g = draw3_endgame(1)
    g.draw("DRAW3.1")
    i = g.white("DRAW3.1")
    g.pass_all()
    events = play(g)
    assert [e["type"] for e in after(events, i)] == ["window_closed", "discarded", "window"]
    assert one(events, "deck_empty")["seat"] == input_event(events, i)["seat"]
    assert of(events, "final_round")
