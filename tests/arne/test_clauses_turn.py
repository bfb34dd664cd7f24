"""The turn: turn.order, turn.draw, turn.main, turn.white, turn.one_white, turn.end, and
the score cards and black cards in it: white.score, white.x2, black.any_time,
play.from_hand."""

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


def test_a_turn_in_canonical_order():
    """Given two seats / when seat 0 draws, places R500 into red and both pass the
    after-window / then the log is turn, draw, window main [0], white, window_closed,
    placed, window after [1, 0], two passes, window_closed, turn_end, turn 2 — with rules
    turn.order, turn.draw, turn.main, white.score, window.after, turn.end."""
    g = Game(2)
    g.deal({0: ["R500.1"]})
    g.draw()
    g.white("R500.1", area="R")
    g.pass_all()
    events = play(g)
    assert [e["type"] for e in events] == [
        "game", "deal", "turn", "draw", "window", "white", "window_closed", "placed",
        "window", "pass_window", "pass_window", "window_closed", "turn_end", "turn"]
    turn, draw, main, white, closed, placed, win = events[2:9]
    assert "turn.order" in rules_of(turn) and "turn.draw" in rules_of(draw)
    assert (main["kind"], main["order"]) == ("main", [0]) and "turn.main" in rules_of(main)
    assert closed["kind"] == "main"
    assert "white.score" in rules_of(placed) and white["card"] == "R500.1"
    assert (win["kind"], win["order"]) == ("after", [1, 0]) and "window.after" in rules_of(win)
    end = one(events, "turn_end")
    assert (end["turn"], end["next_position"], end["next_seat"], end["direction"],
            end["decided_by"]) == (1, 1, 1, 1, None)
    assert "turn.end" in rules_of(end)
    assert (events[-1]["turn"], events[-1]["seat"]) == (2, 1)


def test_turns_go_round_by_position():
    """Given three seats and first player 1 / when four quiet turns are played / then the
    turns are at positions 1, 2, 0, 1 (seats alike) and each turn_end names the next
    (turn.order, turn.end)."""
    g = Game(3, first=1)
    g.deal()
    for _ in range(4):
        g.quiet_turn()
    events = play(g)
    assert [(t["position"], t["seat"]) for t in of(events, "turn")] == [
        (1, 1), (2, 2), (0, 0), (1, 1), (2, 2)]
    assert [e["next_seat"] for e in of(events, "turn_end")] == [2, 0, 1, 2]
    assert all("turn.order" in rules_of(e) for e in of(events, "turn_end"))


def test_black_cards_then_the_white_card_in_the_main_window():
    """Given seat 0 holding B-200 and STOP / when in its main window it plays both, then
    its white card / then each black is accepted in the main window (no new window), the
    −200 placed in blue, the STOP claimed, and the white closes the main window
    (turn.main, black.any_time)."""
    g = Game(2)
    g.deal({0: ["B-200.1", "STOP.1", "R100.1"]})
    g.draw()
    i = g.black(0, "B-200.1", area="B")
    j = g.black(0, "STOP.1")
    k = g.white("R100.1", area="R")
    events = play(g)
    assert [e["type"] for e in after(events, i)] == ["placed"]
    assert [e["type"] for e in after(events, j)] == ["discarded", "claim"]
    assert "turn.main" in rules_of(input_event(events, i)) | rules_of(input_event(events, j))
    assert [e["type"] for e in after(events, k)][:2] == ["window_closed", "placed"]
    assert len(of(events, "window")) == 2


def test_pass_the_main_window_without_a_white_card():
    """Given seat 0 holding only black cards and two X3 with no pile on the table / when it
    passes its main window / then window_closed main and the after-window follow; the next
    turn is seat 1's (turn.white, turn.main)."""
    g = Game(2)
    g.deal({0: ["X3.1", "X3.2", "STOP.1", "STOP.2", "REV.1", "CRUSH.1", "CRUSH.2",
                "LOCK.1"]}, draws=["LOCK.2"])
    g.draw()
    i = g.pass_()
    g.pass_all()
    events = play(g)
    assert [e["type"] for e in after(events, i)] == ["window_closed", "window"]
    assert "turn.white" in rules_of(input_event(events, i))
    assert one(events, "turn_end")["next_seat"] == 1


def test_must_play_a_white_card_it_holds():
    """Given seat 0 holding a score card / when it passes its main window / then
    must_play_white at that input, rule turn.white, and the log ends with the main
    window."""
    g = Game(2)
    g.deal({0: ["R50.1"]})
    g.draw()
    bad = g.raw({"type": "pass_window", "seat": 0})
    err = error_of(g.record())
    assert_error(err, "must_play_white", bad, "turn.white")
    assert err.events[-1]["type"] == "window" and err.events[-1]["kind"] == "main"


def test_one_white_card_per_turn():
    """Given seat 0 has played its white card / when it plays another white card in its
    after-window / then out_of_turn, rule turn.one_white (turn.one_white)."""
    g = Game(2)
    g.deal({0: ["R50.1", "R100.1"]})
    g.draw()
    g.white("R50.1", area="R")
    g.pass_(1)
    bad = g.raw({"type": "white", "seat": 0, "card": "R100.1", "area": "R"})
    assert_error(error_of(g.record()), "out_of_turn", bad, "turn.one_white")


def test_chameleon_score_card_is_not_the_white_card():
    """Given seat 0 holding CHAM and two red score cards / when in its main window it
    plays the chameleon with R500 and then R1000 as its white card / then both are placed
    in red: the chameleon's card belongs to a black action (turn.one_white, cham.with)."""
    g = Game(2)
    g.deal({0: ["CHAM.1", "R500.1", "R1000.1"]})
    g.draw()
    i = g.black(0, "CHAM.1", **{"with": "R500.1", "area": "R"})
    g.white("R1000.1", area="R")
    events = play(g)
    placed = of(events, "placed")
    assert [(p["card"], p["chameleon"], p["area"]) for p in placed] == [
        ("R500.1", "CHAM.1", "R"), ("R1000.1", None, "R")]
    assert "cham.with" in rules_at(events, i)


@pytest.mark.parametrize("card, area, ok", [
    ("R500.1", "R", True), ("R500.1", "discard", True), ("B500.1", "discard", True),
    ("B500.1", "R", False), ("R500.1", "B", False), ("B500.1", "B", False),
    ("R500.1", "Y", False)])
def test_score_card_placement_normal_game(card, area, ok):
    """Given the normal game, seat 0 red / when it plays a score card to ``area`` / then
    only its own colour into its own area, or any card to the discard pile, is legal
    (placed / discarded); else illegal_area, rule white.score."""
    g = Game(2)
    g.deal({0: [card]})
    g.draw()
    if not ok:
        bad = g.raw({"type": "white", "seat": 0, "card": card, "area": area})
        assert_error(error_of(g.record()), "illegal_area", bad, "white.score")
        return
    i = g.white(card, area=area)
    events = play(g)
    ev = after(events, i)[1]
    if area == "discard":
        assert (ev["type"], ev["cards"]) == ("discarded", [card])
    else:
        assert (ev["type"], ev["seat"], ev["card"], ev["area"], ev["chameleon"]) == (
            "placed", 0, card, "R", None)
        assert "white.score" in rules_of(ev)


def test_spare_colour_score_card_only_to_the_discard_pile():
    """Given three seats (Y G O; purple is the spare colour) / when seat 0 plays P500 into
    "P" / then illegal_area (white.score); to the discard pile it is accepted."""
    g = Game(3)
    g.deal({0: ["P500.1", "P1000.1"]})
    g.draw()
    i = g.white("P1000.1", area="discard")
    events = play(g)
    assert after(events, i)[1]["cards"] == ["P1000.1"]
    assert "P" not in events[0]["colours"]
    g2 = Game(3)
    g2.deal({0: ["P500.1"]})
    g2.draw()
    bad = g2.raw({"type": "white", "seat": 0, "card": "P500.1", "area": "P"})
    assert_error(error_of(g2.record()), "illegal_area", bad, "white.score")


def test_x2_is_a_score_card():
    """Given seat 0 holding RX2 and BX2 / when it plays RX2 into red / then placed with
    rule white.x2; BX2 into red is illegal_area (white.score, white.x2)."""
    g = Game(2)
    g.deal({0: ["RX2.1", "BX2.1"]})
    g.draw()
    i = g.white("RX2.1", area="R")
    events = play(g)
    placed = after(events, i)[1]
    assert (placed["type"], placed["card"], placed["area"]) == ("placed", "RX2.1", "R")
    assert "white.x2" in rules_at(events, i)
    g2 = Game(2)
    g2.deal({0: ["BX2.1"]})
    g2.draw()
    bad = g2.raw({"type": "white", "seat": 0, "card": "BX2.1", "area": "R"})
    err = error_of(g2.record())
    assert (err.code, err.input) == ("illegal_area", bad)
    assert err.rule in {"white.score", "white.x2"}


def test_black_cards_by_anyone_several_in_a_row():
    """Given seat 0's after-window / when seat 1 plays R-200 into red, then CRUSH on R500
    and STOP, all without passing / then each is accepted and seat 1 is offered again
    after each (black.any_time, window.priority)."""
    g = Game(2)
    g.deal({0: ["R500.1"], 1: ["R-200.1", "CRUSH.1", "STOP.1"]})
    g.draw()
    g.white("R500.1", area="R")
    idx = [g.black(1, "R-200.1", area="R"), g.black(1, "CRUSH.1", target="R500.1"),
           g.black(1, "STOP.1")]
    g.pass_all()
    events = play(g)
    assert [after(events, i)[0]["type"] for i in idx] == ["placed", "crushed", "discarded"]
    assert all("black.any_time" in rules_of(input_event(events, i)) for i in idx)
    assert one(events, "turn_end")["decided_by"] == "STOP.1"


def test_a_card_not_in_hand():
    """Given seat 1 not holding STOP.1 (seat 0 does) / when seat 1 plays it in the
    after-window / then not_in_hand, rule play.from_hand."""
    g = Game(2)
    g.deal({0: ["R500.1", "STOP.1"]})
    g.draw()
    g.white("R500.1", area="R")
    bad = g.raw({"type": "black", "seat": 1, "card": "STOP.1"})
    assert_error(error_of(g.record()), "not_in_hand", bad, "play.from_hand")
