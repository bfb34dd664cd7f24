"""The turn and the round: turn.choose, turn.final, turn.reveal, turn.order,
round.turns, setup.seats, setup.rows."""

from __future__ import annotations

import pytest

from .records import Game, assert_error, error_of, of, one, placements, rules_of, run_partial


def test_choose_any_card_of_the_hand():
    """Given a deal / when each seat chooses a card that is neither its lowest nor its
    highest / then the chooses are accepted and logged with their cards (turn.choose)."""
    g = Game(2)
    g.deal(hands=[[1, 3, 5, 7, 9, 11, 13, 15, 17, 19], [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]],
           rows=[50, 60, 70, 80])
    g.turn([9, 14], take=0)
    events = run_partial(g.record())
    chooses = of(events, "choose")
    assert [(e["seat"], e["card"]) for e in chooses] == [(0, 9), (1, 14)]
    assert all("turn.choose" in rules_of(e) for e in chooses)


def test_reveal_when_the_last_has_chosen():
    """Given three seats / when two have chosen / then no reveal yet; when the third
    chooses / then one reveal with cards[i] = seat i's card and order = seats lowest card
    first, right after the last choose (turn.reveal, turn.order)."""
    g = Game(3)
    g.deal(rows=[10, 20, 30, 40], given={0: [45], 1: [25], 2: [35]})
    g.turn({0: 45, 1: 25, 2: 35}, order=[2, 0, 1])
    rec = g.record()
    rec["inputs"] = rec["inputs"][:-1]
    assert of(run_partial(rec), "reveal") == []
    events = run_partial(g.record())
    reveal = one(events, "reveal")
    assert events[events.index(reveal) - 1]["type"] == "choose"
    assert (reveal["round"], reveal["turn"]) == (1, 1)
    assert (reveal["cards"], reveal["order"]) == ([45, 25, 35], [1, 2, 0])
    assert {"turn.reveal", "turn.order"} <= rules_of(reveal)


def test_placing_in_ascending_order_against_the_current_table():
    """Given rows 10 20 30 40 / when 21, 22 and 23 are revealed / then 21 goes after 20, 22
    after the 21 just placed, 23 after 22 — each against the rows as they stand after the
    lower cards (turn.order)."""
    g = Game(3)
    g.deal(rows=[10, 20, 30, 40], given={0: [23], 1: [21], 2: [22]})
    want = g.turn([23, 21, 22])
    events = run_partial(g.record())
    assert [(e["card"], e["row"], e["length"]) for e in of(events, "place")] == [
        (21, 1, 2), (22, 1, 3), (23, 1, 4)]
    assert [e["seat"] for e in of(events, "place")] == [1, 2, 0]
    assert placements(events) == want


def test_a_turn_ends_when_its_highest_card_is_placed():
    """Given a turn / when it is placed / then the next ``turn`` event follows its highest
    card's placement directly (turn.order, round.turns)."""
    g = Game(2)
    g.deal(rows=[10, 20, 30, 40], given={0: [50, 51], 1: [60, 61]})
    g.turn([50, 60])
    events = run_partial(g.record())
    last = max(of(events, "place"), key=lambda e: e["card"])
    i = events.index(last)
    assert events[i + 1]["type"] == "turn" and events[i + 1]["turn"] == 2
    assert "round.turns" in rules_of(events[i + 1])


def test_second_choose_is_refused_already_chosen():
    """Given seat 1 has chosen this turn / when it chooses again (another card it holds) /
    then already_chosen at that input, rule turn.final, and the log stops before it."""
    g = Game(3)
    g.deal(rows=[10, 20, 30, 40], given={1: [55, 56]})
    g.raw({"type": "choose", "seat": 1, "card": 55})
    bad = g.raw({"type": "choose", "seat": 1, "card": 56})
    err = error_of(g.record())
    assert_error(err, "already_chosen", bad, "turn.final")
    assert [e["type"] for e in err.events][-1] == "choose"


def test_second_choose_of_the_same_card_is_already_chosen():
    """Given seat 0 has chosen 55 / when it chooses 55 again (no longer free in its hand)
    / then already_chosen before not_in_hand (the pair's first, turn.final)."""
    g = Game(2)
    g.deal(rows=[10, 20, 30, 40], given={0: [55]})
    g.raw({"type": "choose", "seat": 0, "card": 55})
    bad = g.raw({"type": "choose", "seat": 0, "card": 55})
    assert_error(error_of(g.record()), "already_chosen", bad, "turn.final")


def test_round_is_exactly_ten_turns():
    """Given a whole round / when adjudicated / then turns 1..10, each with n chooses, and
    11 - t cards in every hand at turn t; then round_end (round.turns)."""
    g = Game(4, threshold=1000)
    g.deal()
    g.play_out()
    events = run_partial(g.record())
    assert [e["turn"] for e in of(events, "turn")] == list(range(1, 11))
    assert len(of(events, "choose")) == 40 and len(of(events, "reveal")) == 10
    assert len(of(events, "place", "take")) == 40
    assert events[-2]["type"] == "round_end" and events[-1]["type"] == "round"


def test_choose_after_the_tenth_turn_is_out_of_order_without_seed():
    """Given a round of ten turns and no seed / when a choose follows / then out_of_order
    with rule round.deal: the next round's deal is due (settled point 6)."""
    g = Game(2, threshold=1000)
    g.deal()
    g.play_out()
    bad = g.raw({"type": "choose", "seat": 0, "card": 1})
    assert_error(error_of(g.record()), "out_of_order", bad, "round.deal")


def test_seat_order_decides_nothing_in_the_base_game():
    """Given the same turns with the seats' hands rotated / when adjudicated / then the
    same cards go to the same rows and the same cards are taken, by whoever played them
    (setup.seats: cards are placed by number, not around the table)."""
    hands = [[1, 15, 27, 33, 45, 52, 64, 71, 86, 93], [2, 16, 28, 34, 46, 53, 65, 72, 87, 94],
             [3, 17, 29, 35, 47, 54, 66, 73, 88, 95]]
    out = []
    for shift in (0, 1):
        g = Game(3, threshold=1000, rng=5)
        hs = hands[shift:] + hands[:shift]
        g.deal(hands=hs, rows=[10, 30, 50, 70])
        for t in range(10):
            g.turn([h[t] for h in hs], take=1)
        events = run_partial(g.record())
        out.append([(e["card"], e["row"], e.get("cards")) for e in of(events, "place", "take")])
    assert out[0] == out[1]


def test_rows_numbered_from_the_deal_and_keep_their_number():
    """Given a deal naming rows 30, 12, 47, 80 / when row 2 is taken by a low card / then
    the rows event lists rows 0-3 in the deal's order and the restarted row is still row
    2 (setup.rows, settled point 8)."""
    g = Game(3)
    g.deal(rows=[30, 12, 47, 80], given={0: [33, 5, 6], 1: [13, 35, 36], 2: [81, 70, 82]})
    g.turn({0: 33, 1: 13, 2: 81})
    g.turn({0: 5, 1: 35, 2: 70}, take=2)
    g.turn({0: 6, 1: 36, 2: 82})
    events = run_partial(g.record())
    rows = one(events, "rows")
    assert (rows["round"], rows["rows"]) == (1, [30, 12, 47, 80])
    assert "round.deal" in rules_of(rows)
    # 5 restarted row 2 (ends now 70 13 5 81): 6 follows it there, 36 goes after 13
    assert [(e["card"], e["row"], e["length"]) for e in of(events, "place")][-3:] == [
        (6, 2, 2), (36, 1, 3), (82, 3, 3)]


@pytest.mark.parametrize("n", [2, 10])
def test_hands_run_out_together(n):
    """Given ``n`` seats / when ten turns are played / then every seat chose exactly ten
    times, once per turn (round.turns: nobody is ever without a card)."""
    g = Game(n, threshold=1000)
    g.deal()
    g.play_out("low")
    events = run_partial(g.record())
    seats = [e["seat"] for e in of(events, "choose")]
    assert all(seats.count(s) == 10 for s in range(n))
    assert len(of(events, "round_end")) == 1
