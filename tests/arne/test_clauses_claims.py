"""STOP and REVERSE: stop, reverse, claim.last (with reverse_stack), claim.two_players,
turn.order after a claim."""

from __future__ import annotations

import pytest

from .records import Game, after, of, one, play, rules_at, rules_of


def three_seats(deal: dict, **options) -> Game:
    """Three seats; seat 0 draws and discards its first score card: its after-window
    [1, 2, 0] is open."""
    g = Game(3, **options)
    g.deal(deal)
    g.draw()
    card, fields = g.quiet_white(0)
    g.white(card, **fields)
    return g


def test_stop_out_of_turn_takes_the_next_turn():
    """Given seat 0's after-window / when seat 2 plays STOP / then discarded, claim (seat 2,
    STOP.1, stop); the turn ends with next position 2 (seat 2), direction +1, decided by
    STOP.1, and play goes on from there: position 0 next (stop, turn.order)."""
    g = three_seats({2: ["STOP.1"]})
    g.pass_(1)
    i = g.black(2, "STOP.1")
    g.pass_all()
    g.quiet_turn()
    events = play(g)
    discarded, claim = after(events, i)
    assert discarded["cards"] == ["STOP.1"]
    assert (claim["type"], claim["seat"], claim["card"], claim["effect"]) == (
        "claim", 2, "STOP.1", "stop")
    assert "stop" in rules_of(claim)
    first, second = of(events, "turn_end")
    assert (first["next_position"], first["next_seat"], first["direction"],
            first["decided_by"]) == (2, 2, 1, "STOP.1")
    assert "claim.last" in rules_of(first)
    assert (second["next_seat"], second["decided_by"]) == (0, None)


def test_reverse_out_of_turn_turns_the_direction():
    """Given seat 0's after-window / when seat 2 plays REV / then claim (reverse); seat 2
    takes the next turn with direction −1, and the turn after is at position 1
    (reverse, turn.order)."""
    g = three_seats({2: ["REV.1"]})
    g.pass_(1)
    i = g.black(2, "REV.1")
    g.pass_all()
    g.quiet_turn()
    events = play(g)
    claim = after(events, i)[1]
    assert (claim["seat"], claim["effect"]) == (2, "reverse") and "reverse" in rules_of(claim)
    first, second = of(events, "turn_end")
    assert (first["next_seat"], first["direction"], first["decided_by"]) == (2, -1, "REV.1")
    assert (second["next_position"], second["direction"]) == (1, -1)
    assert of(events, "turn")[-1]["direction"] == -1


def test_reverse_in_ones_own_main_window():
    """Given seat 0 plays REV in its own main window / when the turn ends / then seat 0
    takes the next turn as well, direction −1, then seat 2 (reverse, turn.main)."""
    g = Game(3)
    g.deal({0: ["REV.1"]})
    g.draw()
    g.black(0, "REV.1")
    g.settle()
    g.quiet_turn()
    events = play(g)
    assert [t["seat"] for t in of(events, "turn")] == [0, 0, 2]


@pytest.mark.parametrize("stack, plays, seat, direction", [
    ("last_decides", [(1, "STOP.2"), (2, "REV.2")], 2, -1),
    ("last_decides", [(1, "REV.1"), (2, "STOP.1")], 2, 1),
    ("each_reverses", [(1, "REV.1"), (2, "STOP.1")], 2, -1),
    ("each_reverses", [(1, "REV.1"), (2, "REV.2")], 2, 1),
    ("last_decides", [(1, "REV.1"), (2, "REV.2")], 2, -1),
    ("last_decides", [(2, "STOP.1"), (1, "STOP.2")], 1, 1)])
def test_the_last_claim_decides(stack, plays, seat, direction):
    """Given two claims in one after-window / when the turn ends / then the last card
    played decides who moves; the direction turns only if it is a REVERSE
    (last_decides) or once per REVERSE of the turn (each_reverses); both cards are on the
    discard pile in the order played (claim.last)."""
    g = three_seats({1: ["STOP.2", "REV.1"], 2: ["STOP.1", "REV.2"]}, reverse_stack=stack)
    for s, card in plays:
        while g.offered() != s:
            g.pass_()
        g.black(s, card)
    g.pass_all()
    events = play(g)
    end = one(events, "turn_end")
    assert (end["next_seat"], end["direction"], end["decided_by"]) == (seat, direction,
                                                                       plays[-1][1])
    assert [c["card"] for c in of(events, "claim")] == [c for _, c in plays]
    assert g.discard[-2:] == [c for _, c in plays]


@pytest.mark.parametrize("stack, direction", [("last_decides", -1), ("each_reverses", 1)])
def test_thief_takes_a_claimed_reverse_back_and_replays_it(stack, direction):
    """Given seat 1 played REV in seat 0's after-window / when seat 2 takes it back off the
    discard pile with a THIEF and plays it again / then both plays count (two claims): seat
    2 decides; direction −1 with last_decides, back to +1 with each_reverses
    (claim.last, thief.discard)."""
    g = three_seats({1: ["REV.1"], 2: ["THIEF.1"]}, reverse_stack=stack)
    g.black(1, "REV.1")
    g.pass_(1)
    i = g.black(2, "THIEF.1", target="discard")
    g.black(2, "REV.1")
    g.pass_all()
    events = play(g)
    assert after(events, i)[0]["card"] == "REV.1"
    assert [(c["seat"], c["card"]) for c in of(events, "claim")] == [(1, "REV.1"),
                                                                     (2, "REV.1")]
    end = one(events, "turn_end")
    assert (end["next_seat"], end["direction"], end["decided_by"]) == (2, direction, "REV.1")


def test_claims_of_the_main_and_before_windows_count():
    """Given seat 0 plays STOP in its main window and GRAB on seat 1, and seat 2 plays STOP
    in the before-window / when the turn ends / then seat 2's, the later, decides
    (claim.last, window.before)."""
    g = Game(3)
    g.deal({0: ["STOP.1", "GRAB.1"], 2: ["STOP.2"]})
    g.draw()
    g.black(0, "STOP.1")
    g.white("GRAB.1", target=1)
    g.pass_(1)
    g.black(2, "STOP.2")
    g.settle()
    events = play(g)
    assert one(events, "turn_end")["next_seat"] == 2
    assert len(of(events, "claim")) == 2


@pytest.mark.parametrize("plays, seat", [
    ([(0, "STOP.1")], 0), ([(1, "STOP.2")], 1), ([(0, "STOP.1"), (1, "REV.1")], 1),
    ([(1, "REV.1"), (0, "STOP.1")], 0)])
def test_two_seats_an_extra_turn(plays, seat):
    """Given two seats and seat 0's turn / when STOP/REVERSE are played (seat 0's own in
    its after-window; seat 1's) / then seat 0's own card gives it the next turn too;
    seat 1's gives it the turn it had anyway; against each other the last word wins
    (claim.two_players, claim.last)."""
    g = Game(2)
    g.deal({0: ["STOP.1"], 1: ["STOP.2", "REV.1"]})
    g.draw()
    card, fields = g.quiet_white(0)
    g.white(card, **fields)
    idx = []
    for s, c in plays:
        while g.offered() != s:
            g.pass_()
        idx.append(g.black(s, c))
    g.pass_all()
    g.draw()
    events = play(g)
    end = one(events, "turn_end")
    assert (end["next_seat"], end["decided_by"]) == (seat, plays[-1][1])
    assert of(events, "turn")[-1]["seat"] == seat
    assert "claim.two_players" in rules_of(end) | rules_at(events, idx[-1])


def test_a_claim_counts_from_where_its_seat_sits_when_the_turn_ends():
    """Given three seats / when seat 0 plays STOP in its main window and then swaps with
    seat 2 (moving from position 0 to 2) / then the next turn is at position 2, where seat
    0 sits when the turn ends — seat 0 again, not seat 2 who now sits at position 0
    (stop, swap, claim.last)."""
    g = Game(3)
    g.deal({0: ["STOP.1", "SWAP.1"]})
    g.draw()
    g.black(0, "STOP.1")
    g.white("SWAP.1", target=2)
    g.settle()
    events = play(g)
    end = one(events, "turn_end")
    assert (end["next_position"], end["next_seat"], end["decided_by"]) == (2, 0, "STOP.1")
    assert of(events, "turn")[-1]["seat"] == 0
