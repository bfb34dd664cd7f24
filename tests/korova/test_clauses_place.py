"""Placing a card: place.row, place.append, place.sixth, low.card, low.when, pile — with
the source's own examples (row ends 12/30/33/38; 25 30 36 with a full row; 5 35 70 below
every row end) and the settled points on several low cards in one turn."""

from __future__ import annotations

import pytest

from .records import Game, error_of, heads, of, one, placements, rules_of, run, run_partial, takes


def turn_events(events, turn, round_=1):
    """The events of one turn, from its ``turn`` event to the next ``turn``/round_end."""
    start = next(i for i, e in enumerate(events)
                 if e["type"] == "turn" and e["turn"] == turn and e["round"] == round_)
    end = next((i for i in range(start + 1, len(events))
                if events[i]["type"] in ("turn", "round_end")), len(events))
    return events[start:end]


def test_place_row_smallest_difference_source_example():
    """Given row ends 12, 30, 33, 38 (the source's example) / when 34 and 90 are played /
    then 34 goes after 33 (row 2) — not after 12 or 30, and not after 38 which is above
    it — and 90 after 38 (place.row, place.append)."""
    g = Game(2)
    g.deal(rows=[12, 30, 33, 38], given={0: [34], 1: [90]})
    want = g.turn({0: 34, 1: 90})
    events = run_partial(g.record())
    got = placements(events)
    assert got == want
    assert [(e["card"], e["row"], e["length"]) for e in of(events, "place")] == [
        (34, 2, 2), (90, 3, 2)]
    for e in of(events, "place"):
        assert {"turn.order", "place.row", "place.append"} <= rules_of(e)


def test_place_row_full_row_is_not_avoided():
    """Given row 0 full (10 11 15 20 24) and row 1 ending at 5 / when 25 is played / then
    it goes to row 0 as its sixth card although row 1 is also below it and empty of heads
    (place.row: neither length nor heads give a right to another row; disputed point)."""
    g = Game(2)
    g.deal(rows=[10, 5, 90, 95], given={0: [11, 15, 20, 24, 25], 1: [91, 92, 93, 94, 96]})
    for a, b in [(11, 91), (15, 92), (20, 93), (24, 94)]:
        g.turn({0: a, 1: b})
    want = g.turn({0: 25, 1: 96})
    events = run_partial(g.record())
    take = one(events, "take")
    assert (take["card"], take["row"], take["cause"]) == (25, 0, "sixth")
    assert placements(turn_events(events, 5)) == want


def test_sixth_card_source_example():
    """Given row 0 = 10 11 15 20 24, row 1 ends 29, row 2 ends 34 / when 25, 30 and 36 are
    revealed / then 25 (seat 1) takes the five cards for 3+5+2+3+1 = 14 heads and stays
    as row 0's only card, 30 goes after 29 and 36 after 34 (place.sixth, pile)."""
    g = Game(3)
    g.deal(rows=[10, 26, 31, 60], given={0: [11, 15, 20, 24, 36], 1: [27, 28, 29, 61, 25],
                                         2: [32, 33, 34, 62, 30]})
    for cards in ([11, 27, 32], [15, 28, 33], [20, 29, 34], [24, 61, 62]):
        g.turn(cards)
    want = g.turn({0: 36, 1: 25, 2: 30}, order=[2, 0, 1])
    events = run_partial(g.record())
    turn5 = turn_events(events, 5)
    assert [e["type"] for e in turn5] == ["turn", "choose", "choose", "choose", "reveal",
                                          "take", "place", "place"]
    take = turn5[5]
    assert {k: take[k] for k in ("seat", "card", "row", "cause", "cards", "penalty")} == {
        "seat": 1, "card": 25, "row": 0, "cause": "sixth", "cards": [10, 11, 15, 20, 24],
        "penalty": 14}
    assert {"turn.order", "place.row", "place.sixth", "card.heads", "pile"} <= rules_of(take)
    assert [(e["card"], e["row"], e["length"]) for e in turn5[6:]] == [(30, 1, 5), (36, 2, 5)]
    assert placements(turn5) == want
    assert want[0]["penalty"] == 14


def test_sixth_card_stays_and_goes_to_the_next_taker():
    """Given 15 taking row 0 as its sixth card (10-14) / when 16-19 follow it and seat 1's
    20 is that row's sixth card again / then seat 1 takes 15 16 17 18 19 — the earlier
    sixth card was not part of the first penalty and stayed in play (place.sixth)."""
    g = Game(2)
    g.deal(rows=[10, 90, 95, 100], given={0: [11, 12, 13, 14, 15, 16, 17, 18, 19, 92],
                                          1: [101, 102, 103, 104, 96, 97, 98, 99, 91, 20]})
    for a, b in [(11, 101), (12, 102), (13, 103), (14, 104), (15, 96), (16, 97), (17, 98),
                 (18, 99), (19, 91), (92, 20)]:
        g.turn([a, b])
    events = run_partial(g.record())
    first, second = of(events, "take")
    assert (first["seat"], first["card"], first["cards"], first["penalty"]) == (
        0, 15, [10, 11, 12, 13, 14], 11)
    assert (second["seat"], second["card"], second["cards"], second["penalty"]) == (
        1, 20, [15, 16, 17, 18, 19], 6)
    assert one(events, "round_end")["table"][0] == [20]
    assert takes(events) == g.all_takes


def test_low_card_source_example():
    """Given rows 30, 12, 47, 80 and turn 1's 13, 81, 33 / when 5, 35 and 70 are revealed
    and seat 0 takes row 2 (47 alone) / then low_card (ends 33 13 47 81) comes before any
    placement, the take is 47 for 1 head, 5 restarts row 2, 35 goes after 33 and 70 after
    the 35 just placed (low.card, low.when, turn.order)."""
    g = Game(3)
    g.deal(rows=[30, 12, 47, 80], given={0: [33, 5], 1: [13, 35], 2: [81, 70]})
    g.turn({0: 33, 1: 13, 2: 81}, order=[1, 2, 0])
    want = g.turn({0: 5, 1: 35, 2: 70}, order=[2, 0, 1], take=2)
    events = run_partial(g.record())
    turn2 = turn_events(events, 2)
    assert [e["type"] for e in turn2] == ["turn", "choose", "choose", "choose", "reveal",
                                          "low_card", "take_row", "take", "place", "place"]
    low = turn2[5]
    assert (low["seat"], low["card"], low["ends"]) == (0, 5, [33, 13, 47, 81])
    assert {"low.card", "low.when"} <= rules_of(low)
    take = turn2[7]
    assert (take["row"], take["cause"], take["cards"], take["penalty"]) == (2, "low", [47], 1)
    assert {"low.card", "card.heads", "pile"} <= rules_of(take)
    assert [(e["card"], e["row"], e["length"]) for e in turn2[8:]] == [(35, 0, 3), (70, 0, 4)]
    assert placements(turn2) == want


@pytest.mark.parametrize("row", [0, 1, 2, 3])
def test_low_card_any_row_may_be_taken(row):
    """Given a low card and rows of 3, 1, 2 and 4 cards / when its owner takes row ``row``
    (the cheapest or not) / then that whole row goes to its pile and the low card is the
    row's only card (low.card: not required to take the fewest heads)."""
    g = Game(2)
    g.deal(rows=[20, 30, 40, 50], given={0: [21, 22, 41, 1], 1: [90, 91, 92, 93]})
    g.turn([21, 90])
    g.turn([22, 91])
    g.turn([41, 92])
    rows_before = [list(r) for r in g.rows]
    g.turn([1, 93], take=row)
    events = run_partial(g.record())
    take = one(events, "take")
    assert (take["seat"], take["row"], take["cards"]) == (0, row, rows_before[row])
    assert take["penalty"] == sum(heads(c) for c in rows_before[row])
    assert one(events, "take_row")["row"] == row


def test_several_low_cards_one_turn_follow_the_restarted_row():
    """Given rows 50 60 70 80 and four seats / when 1, 2, 3 and 90 are revealed (three
    cards below every row end) / then only 1 takes a row (row 2 chosen); 2 and 3 go after
    it into that row, and 90 after 80 (low.when, settled point 4)."""
    g = Game(4)
    g.deal(rows=[50, 60, 70, 80], given={0: [3], 1: [1], 2: [90], 3: [2]})
    want = g.turn({0: 3, 1: 1, 2: 90, 3: 2}, take=2)
    events = run_partial(g.record())
    assert len(of(events, "low_card")) == 1 and len(of(events, "take_row")) == 1
    assert [(e["card"], e["row"]) for e in of(events, "take", "place")] == [
        (1, 2), (2, 2), (3, 2), (90, 3)]
    assert [e["length"] for e in of(events, "place")] == [2, 3, 2]
    assert placements(events) == want


def test_several_low_cards_refill_and_the_sixth_takes():
    """Given rows 50 60 70 80 and seven seats / when 1 2 3 4 5 6 and 90 are revealed /
    then 1 takes row 0 (50, 3 heads), 2-5 follow it, and 6 is that row's sixth card: it
    takes 1 2 3 4 5 for 1+1+1+1+2 = 6 heads (low.when, place.sixth)."""
    g = Game(7)
    g.deal(rows=[50, 60, 70, 80], given={s: [c] for s, c in enumerate([4, 6, 1, 90, 3, 5, 2])})
    want = g.turn([4, 6, 1, 90, 3, 5, 2], take=0)
    events = run_partial(g.record())
    t = of(events, "take")
    assert [(e["card"], e["cause"], e["cards"], e["penalty"]) for e in t] == [
        (1, "low", [50], 3), (6, "sixth", [1, 2, 3, 4, 5], 6)]
    assert (t[0]["seat"], t[1]["seat"]) == (2, 1)
    assert placements(events) == want


def test_take_row_only_once_per_turn_even_when_the_next_is_low_again():
    """Given a low card whose take leaves the next card of the turn still lower than every
    other end but not than the restarted row / when the turn is placed / then exactly one
    low_card and the others follow place.row (low.when: at most one row choice)."""
    g = Game(3)
    g.deal(rows=[40, 50, 60, 70], given={0: [5], 1: [7], 2: [9]})
    g.turn([5, 7, 9], take=3)
    events = run_partial(g.record())
    assert len(of(events, "low_card")) == 1
    assert [(e["card"], e["row"], e["length"]) for e in of(events, "place")] == [
        (7, 3, 2), (9, 3, 3)]


@pytest.mark.parametrize("order", [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1],
                                   [2, 1, 0]])
def test_choice_order_does_not_matter(order):
    """Given the source's low-card turn / when its three chooses arrive in each of the 3!
    orders / then the chooses are logged in the order received and the reveal and every
    placement are the same (turn.choose, settled point 1)."""
    g = Game(3)
    g.deal(rows=[30, 12, 47, 80], given={0: [33, 5], 1: [13, 35], 2: [81, 70]})
    g.turn({0: 33, 1: 13, 2: 81})
    g.turn({0: 5, 1: 35, 2: 70}, order=order, take=2)
    events = run_partial(g.record())
    turn2 = turn_events(events, 2)
    assert [e["seat"] for e in of(turn2, "choose")] == order
    reveal = one(turn2, "reveal")
    assert (reveal["cards"], reveal["order"]) == ([5, 35, 70], [0, 1, 2])
    strip = [{k: v for k, v in e.items() if k != "seq"} for e in turn2[4:]]
    g2 = Game(3)
    g2.deal(rows=[30, 12, 47, 80], given={0: [33, 5], 1: [13, 35], 2: [81, 70]})
    g2.turn({0: 33, 1: 13, 2: 81})
    g2.turn({0: 5, 1: 35, 2: 70}, take=2)
    ref = turn_events(run_partial(g2.record()), 2)[4:]
    assert strip == [{k: v for k, v in e.items() if k != "seq"} for e in ref]


def test_pile_cards_never_return():
    """Given seat 0 took 47 with its low card / when it later chooses 47 / then not_in_hand
    (pile: taken cards never return to a hand), and round_end lists its pile."""
    g = Game(3)
    g.deal(rows=[30, 12, 47, 80], given={0: [33, 5], 1: [13, 35], 2: [81, 70]})
    g.turn({0: 33, 1: 13, 2: 81})
    g.turn({0: 5, 1: 35, 2: 70}, take=2)
    rec = g.record()
    rec["inputs"].append({"type": "choose", "seat": 0, "card": 47})
    err = error_of(rec)
    assert (err.code, err.input, err.rule) == ("not_in_hand", len(rec["inputs"]) - 1,
                                               "turn.choose")
    g.play_out()
    end = one(run(g.record()) if g.over else run_partial(g.record()), "round_end")
    assert end["piles"][0][:1] == [47]
    assert end["piles"] == g.piles
