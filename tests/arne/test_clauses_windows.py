"""Response windows and the cards that move hands and seats: turn.main, window.before,
window.after, window.order, window.priority, window.hands, black_timing after_action,
hands, swap."""

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


def test_main_window_is_the_active_seats_alone():
    """Given seat 0's main window / when seat 1 plays a black card in it / then
    out_of_turn with rule turn.main."""
    g = Game(2)
    g.deal({1: ["STOP.1"]})
    g.draw()
    bad = g.raw({"type": "black", "seat": 1, "card": "STOP.1"})
    assert_error(error_of(g.record()), "out_of_turn", bad, "turn.main")


@pytest.mark.parametrize("timing", ["windows", "after_action"])
def test_before_window_only_with_black_timing_windows(timing):
    """Given four seats / when seat 0 plays GRAB on seat 2 / then with black_timing
    "windows" a before-window [1, 2, 3, 0] precedes the random card; with "after_action"
    the random card is due right after the discarded GRAB, and the only windows are the
    main and after ones (window.before, window.after)."""
    g = Game(4, black_timing=timing)
    g.deal({0: ["GRAB.1"]})
    g.draw()
    i = g.white("GRAB.1", target=2)
    g.settle()
    events = play(g)
    kinds = [(w["kind"], w["order"]) for w in of(events, "window")]
    if timing == "windows":
        assert kinds == [("main", [0]), ("before", [1, 2, 3, 0]), ("after", [1, 2, 3, 0])]
    else:
        assert kinds == [("main", [0]), ("after", [1, 2, 3, 0])]
        assert [e["type"] for e in after(events, i)] == ["window_closed", "discarded"]
        assert events[events.index(input_event(events, i)) + 3]["type"] == "random_card"
    assert "window.after" in rules_of(of(events, "window")[-1])


def test_no_before_window_for_other_actions():
    """Given seat 0 plays DRAW3 / when adjudicated / then the draw is due right after the
    discarded card: no before-window (window.before)."""
    g = Game(2)
    g.deal({0: ["DRAW3.1"]})
    g.draw()
    i = g.white("DRAW3.1")
    g.settle()
    events = play(g)
    assert [e["type"] for e in after(events, i)] == ["window_closed", "discarded"]
    assert [w["kind"] for w in of(events, "window")] == ["main", "after"]


def test_a_black_card_resets_the_passes():
    """Given three seats, seat 0's after-window [1, 2, 0] / when seat 1 passes and seat 2
    plays a black card / then seat 2 is offered again, and the window closes only after
    2, 0 and 1 pass in succession; a draw after 2 and 0 only is not yet due
    (window.priority)."""
    g = Game(3)
    g.deal({2: ["STOP.1"]})
    g.draw()
    card, fields = g.quiet_white(0)
    g.white(card, **fields)
    g.pass_(1)
    i = g.black(2, "STOP.1")
    g.pass_(2)
    g.pass_(0)
    early = g.record()
    bad = len(early["inputs"])
    early["inputs"].append({"type": "draw", "seat": 2, "cards": [g.stock[0]]})
    err = error_of(early)
    assert (err.code, err.input) == ("unexpected_input", bad)
    g.pass_(1)
    events = play(g)
    passes = [e["seat"] for e in events[events.index(input_event(events, i)):]
              if e["type"] == "pass_window"]
    assert passes == [2, 0, 1]
    assert events[-3]["type"] == "window_closed" and "window.priority" in rules_at(events, i + 3)


def test_a_seat_without_cards_still_answers():
    """Given seat 1 emptied its hand in a before-window / when the after-window comes to it
    / then it must pass like anyone; a pass by seat 0 in its place is out_of_turn
    (window.order, window.priority)."""
    g = Game(2)
    g.deal({0: ["GRAB.1"], 1: ["STOP.1", "STOP.2", "REV.1", "R-200.1", "CHAM.1", "B500.1",
                               "CHAM.2", "B1000.1"]})
    g.draw()
    g.white("GRAB.1", target=1)
    for card, fields in [("STOP.1", {}), ("STOP.2", {}), ("REV.1", {}),
                         ("R-200.1", {"area": "R"}),
                         ("CHAM.1", {"with": "B500.1", "area": "B"}),
                         ("CHAM.2", {"with": "B1000.1", "area": "B"})]:
        g.black(1, card, **fields)
    g.pass_(1), g.pass_(0)
    assert g.hands[1] == [] and g.offered() == 1
    bad = g.raw({"type": "pass_window", "seat": 0})
    assert_error(error_of(g.record()), "out_of_turn", bad, "window.order")
    g.inputs.pop()
    g.pass_(1), g.pass_(0)
    play(g)


def test_window_order_is_fixed_when_it_opens_and_follows_direction():
    """Given four seats and direction −1 (seat 3's REVERSE in turn 1) / when seat 3 plays
    its turn / then its after-window is offered from the position before it: [2, 1, 0, 3]
    (window.order)."""
    g = Game(4)
    g.deal({3: ["REV.1"]})
    g.draw()
    card, fields = g.quiet_white(0)
    g.white(card, **fields)
    g.pass_(1), g.pass_(2)
    g.black(3, "REV.1")
    g.pass_all()
    g.quiet_turn()
    events = play(g)
    after_windows = [w["order"] for w in of(events, "window") if w["kind"] == "after"]
    assert after_windows == [[1, 2, 3, 0], [2, 1, 0, 3]]
    assert "window.order" in rules_of(of(events, "window")[-1])


@pytest.mark.parametrize("reverse_first", [False, True])
def test_pass_hands_in_the_current_direction(reverse_first):
    """Given three seats (direction −1 after seat 2's REVERSE, or +1) / when the active
    seat plays HANDS / then hands_passed (direction, counts) follows the discarded card
    at once — no before-window — every hand, black cards included, goes to the next
    position in that direction, and the after-window's first seat plays the STOP it just
    received (hands, window.hands)."""
    g = Game(3)
    g.deal({0: ["HANDS.1", "STOP.1"] if not reverse_first else [],
            2: ["HANDS.1", "STOP.1", "REV.1"] if reverse_first else []})
    if reverse_first:
        g.draw()
        card, fields = g.quiet_white(0)
        g.white(card, **fields)
        g.pass_(1)
        g.black(2, "REV.1")
        g.pass_all()
    g.draw()
    i = g.white("HANDS.1")
    receiver = g.window_order()[0]
    assert "STOP.1" in g.hands[receiver]
    g.black(receiver, "STOP.1")
    g.pass_all()
    events = play(g)
    tail = after(events, i)
    assert [e["type"] for e in tail] == ["window_closed", "discarded", "hands_passed", "window"]
    passed = tail[2]
    direction = -1 if reverse_first else 1
    # seat 2 played its REVERSE out of turn: 7 cards after its HANDS, now seat 1's
    counts = [8, 7, 8] if reverse_first else [8, 8, 8]
    assert (passed["direction"], passed["counts"]) == (direction, counts)
    assert "hands" in rules_of(passed) and "window.hands" in rules_at(events, i)
    assert receiver == 1  # the seat after the active one, either way


def test_pass_hands_ignores_a_reverse_of_the_same_turn():
    """Given seat 0 plays REV in its main window, then HANDS / when adjudicated / then the
    hands pass in the direction in force (+1): the REVERSE takes effect only at the end of
    the turn (hands, claim.last)."""
    g = Game(3)
    g.deal({0: ["REV.1", "HANDS.1"]})
    g.draw()
    g.black(0, "REV.1")
    g.white("HANDS.1")
    g.settle()
    events = play(g)
    assert one(events, "hands_passed")["direction"] == 1
    assert one(events, "turn_end")["direction"] == -1


def test_swap_with_the_next_seat_gives_two_turns_and_its_colour():
    """Given three seats and yellow holding seat 0's Y1000 / when seat 0 swaps with seat 1
    (turn 4) / then swapped (seats [0, 1], positions [1, 0]); the after-window starts
    after seat 0's new position: [2, 1, 0]; the next turn is at position 1 — seat 0 again;
    there it places G500 into green, and at the end seat 0 scores green, seat 1 yellow
    (swap, window.order, score.seat)."""
    g = Game(3)
    g.deal({0: ["Y1000.1", "SWAP.1", "G500.1"]})
    g.draw()
    g.white("Y1000.1", area="Y")
    g.settle()
    g.quiet_turn(), g.quiet_turn()
    g.draw()
    i = g.white("SWAP.1", target=1)
    g.settle()
    g.draw()
    g.white("G500.1", area="G")
    g.finish()
    events = play(g)
    swapped = after(events, i)[2]
    assert (swapped["type"], swapped["seats"], swapped["positions"]) == (
        "swapped", [0, 1], [1, 0])
    assert "swap" in rules_of(swapped)
    assert after(events, i)[3]["order"] == [2, 1, 0]
    assert [t["seat"] for t in of(events, "turn")][3:5] == [0, 0]
    end = events[-1]
    assert end["positions"] == [1, 0, 2]
    assert end["scores"] == [end["totals"]["G"], end["totals"]["Y"], end["totals"]["O"]]
    assert end["scores"] == g.scores() and end["totals"]["Y"] != end["totals"]["G"]
    assert [p["card"] for p in end["areas"]["G"]][:1] == ["G500.1"]
    assert [p["card"] for p in end["areas"]["Y"]][:1] == ["Y1000.1"]


def test_before_window_answer_changes_what_plus_two_takes():
    """Given seat 1 holding R100, R500 and R1000 / when seat 0's PLUS2C asks it for red and
    seat 1, in the before-window, carries R1000 home with a chameleon / then the Plus Two
    takes effect on the hand as it is when the window closes: two red cards, so no give —
    gave [R100, R500] into red (window.before, plus2.give, cham.place)."""
    g = Game(2)
    g.deal({0: ["PLUS2C.1"], 1: ["R100.1", "R500.1", "R1000.1", "CHAM.1", "B50.1", "B50.2",
                                 "STOP.1", "LOCK.1"]})
    g.draw()
    g.white("PLUS2C.1", target=1, colour="R")
    i = g.black(1, "CHAM.1", **{"with": "R1000.1", "area": "B"})
    g.settle()
    events = play(g)
    assert after(events, i)[0]["area"] == "B"
    gave = one(events, "gave")
    assert (gave["cards"], gave["area"]) == (["R100.1", "R500.1"], "R")
    assert not of(events, "give")
