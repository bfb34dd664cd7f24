"""The tactical variant: tactical, tactical.players, tactical.deck, tactical.draft
(rotation, snake, the first drafter per round), tactical.rows, tactical.open."""

from __future__ import annotations

import pytest

from .records import (
    Game,
    assert_error,
    draft_seats,
    error_of,
    of,
    one,
    placements,
    rules_of,
    run,
    run_partial,
)


@pytest.mark.parametrize("n, top", [(2, 24), (3, 34), (4, 44)])
def test_deck_and_draft_event(n, top):
    """Given the tactical preset with ``n`` seats / when the game starts / then the draft
    event lays out the cards 1 … 10n + 4 ascending (24, 34, 44), first seat 0, order
    rotation (tactical.deck, tactical.draft)."""
    events = run_partial(Game(n, "tactical").record())
    assert [e["type"] for e in events] == ["game", "round", "draft"]
    draft = events[2]
    assert (draft["round"], draft["cards"], draft["first"], draft["order"]) == (
        1, list(range(1, top + 1)), 0, "rotation")
    assert {"tactical.deck", "tactical.draft"} <= rules_of(draft)
    assert {"setup.players", "tactical.players"} <= rules_of(events[0])


@pytest.mark.parametrize("n", [5, 6, 10])
def test_five_or_more_players_refused(n):
    """Given the tactical variant with 5+ seats / when adjudicated / then
    invalid_combination, input null, rule tactical.players (settled point 7)."""
    assert_error(error_of(Game(n, "tactical").record()), "invalid_combination", None,
                 "tactical.players")
    rec = Game(n, None, tactical=True).record()
    assert_error(error_of(rec), "invalid_combination", None, "tactical.players")


@pytest.mark.parametrize("n, order, seats", [
    (3, "rotation", [0, 1, 2, 0, 1, 2, 0, 1, 2]),
    (3, "snake", [0, 1, 2, 2, 1, 0, 0, 1, 2]),
    (2, "snake", [0, 1, 1, 0, 0, 1]),
    (4, "snake", [0, 1, 2, 3, 3, 2, 1, 0, 0]),
])
def test_draft_order(n, order, seats):
    """Given draft_order ``order`` / when round 1 is drafted / then the picks go in that
    seat order, ten per seat, and the four cards left start rows 0-3 ascending
    (tactical.draft, tactical.rows)."""
    g = Game(n, "tactical", draft_order=order)
    made = g.draft(picks=[20, 3, 17, 1, 2, 5, 8, 9, 4])
    assert made[: len(seats)] == seats
    assert all(made.count(s) == 10 for s in range(n))
    events = run_partial(g.record())
    picks = of(events, "pick")
    assert [e["seat"] for e in picks] == made
    assert all("tactical.draft" in rules_of(e) for e in picks)
    rows = one(events, "rows")
    assert rows["rows"] == [r[0] for r in g.rows] == sorted(rows["rows"])
    assert "tactical.rows" in rules_of(rows)
    assert one(events, "draft")["order"] == order


@pytest.mark.parametrize("order", ["rotation", "snake"])
def test_first_drafter_moves_each_round(order):
    """Given a tactical game of several rounds / when adjudicated / then round r's draft
    starts with seat (r - 1) mod n and its picks follow the order from it (tactical.draft,
    settled points 12, 14: every round drafted anew from the same cards)."""
    g = Game(3, "tactical", draft_order=order, threshold=40, rng=2)
    g.play_game()
    assert len(g.history) >= 3
    events = run(g.record())
    drafts = of(events, "draft")
    assert [d["first"] for d in drafts] == [(r - 1) % 3 for r in range(1, len(drafts) + 1)]
    assert all(d["cards"] == list(range(1, 35)) for d in drafts)
    picks = [e["seat"] for e in of(events, "pick")]
    want = [s for r in range(1, len(drafts) + 1) for s in draft_seats(3, r, order)]
    assert picks == want
    assert [e["penalties"] for e in of(events, "round_end")] == g.history
    assert events[-1]["places"] == [1 + sum(o < t for o in g.totals) for t in g.totals]


def test_two_player_rounds_alternate_the_first_drafter():
    """Given two seats / when rounds 1-3 are drafted / then seats 0, 1, 0 pick first."""
    g = Game(2, "tactical", threshold=1000, rng=1)
    for _ in range(3):
        g.play_round()
    g.draft()
    firsts = [d["first"] for d in of(run_partial(g.record()), "draft")]
    assert firsts[:4] == [0, 1, 0, 1]


def test_any_card_on_the_table_may_be_picked():
    """Given the draft / when seat 0 picks the highest card and seat 1 the lowest / then
    both are accepted and the hands hold them (tactical.draft)."""
    g = Game(2, "tactical")
    g.draft(picks=[24, 1, 12])
    g.turn({0: 24, 1: 1}, take=0)
    events = run_partial(g.record())
    assert [e["card"] for e in of(events, "pick")][:3] == [24, 1, 12]
    assert one(events, "reveal")["cards"] == [24, 1]


def test_tactical_play_is_the_base_play():
    """Given a drafted round / when ten turns are played / then every placement and take
    is what the base rules give (tactical: choosing, placing and heads unchanged)."""
    g = Game(4, "tactical", threshold=1000, rng=9)
    g.draft()
    want = []
    while g.turn_no < 10:
        want += g.play_turn()
    events = run_partial(g.record())
    assert of(events, "place", "take") and len(of(events, "place", "take")) == 40
    assert placements(events) == want
    assert one(events, "round_end")["penalties"] == g.history[0]


def test_pick_by_the_wrong_seat():
    """Given snake order with three seats / when seat 0 makes the fourth pick (seat 2's) /
    then wrong_seat, rule tactical.draft."""
    g = Game(3, "tactical", draft_order="snake")
    for seat, card in [(0, 1), (1, 2), (2, 3)]:
        g.raw({"type": "pick", "seat": seat, "card": card})
    bad = g.raw({"type": "pick", "seat": 0, "card": 4})
    assert_error(error_of(g.record()), "wrong_seat", bad, "tactical.draft")


@pytest.mark.parametrize("n, card", [(2, 25), (3, 35), (4, 45), (2, 104), (2, 0), (3, 2)])
def test_pick_not_on_the_table(n, card):
    """Given a draft where card 2 was taken first / when a pick names a card taken
    already or above 10n + 4 (or no card) / then not_on_table, rule tactical.draft."""
    g = Game(n, "tactical")
    g.raw({"type": "pick", "seat": 0, "card": 2})
    bad = g.raw({"type": "pick", "seat": 1, "card": card})
    assert_error(error_of(g.record()), "not_on_table", bad, "tactical.draft")


def test_wrong_seat_before_not_on_table():
    """Given a draft / when the wrong seat picks a card not on the table / then wrong_seat
    (the pair's first)."""
    g = Game(2, "tactical")
    bad = g.raw({"type": "pick", "seat": 1, "card": 99})
    assert_error(error_of(g.record()), "wrong_seat", bad, "tactical.draft")


def test_choose_a_card_drafted_by_another():
    """Given a drafted round / when seat 0 chooses a card seat 1 drafted / then not_in_hand
    (turn.choose)."""
    g = Game(2, "tactical")
    g.draft()
    bad = g.raw({"type": "choose", "seat": 0, "card": g.hands[1][0]})
    assert_error(error_of(g.record()), "not_in_hand", bad, "turn.choose")


def test_deal_and_choose_during_the_draft_are_out_of_order():
    """Given a tactical round's draft / when a deal or a choose comes instead of a pick /
    then out_of_order, rule tactical.draft; a take_row there is not_due (low.card)."""
    for inp, code, rule in [
        ({"type": "deal", "round": 1, "hands": [[1], [2]], "rows": [3, 4, 5, 6]},
         "out_of_order", "tactical.draft"),
        ({"type": "choose", "seat": 0, "card": 1}, "out_of_order", "tactical.draft"),
        ({"type": "take_row", "seat": 0, "row": 0}, "not_due", "low.card"),
    ]:
        g = Game(2, "tactical")
        g.raw({"type": "pick", "seat": 0, "card": 1})
        bad = g.raw(inp)
        assert_error(error_of(g.record()), code, bad, rule)


def test_pick_after_the_draft_is_out_of_order():
    """Given a completed draft / when one more pick comes / then out_of_order, rule
    turn.choose (a pick outside a tactical draft)."""
    g = Game(2, "tactical")
    g.draft()
    bad = g.raw({"type": "pick", "seat": 0, "card": g.rows[0][0]})
    assert_error(error_of(g.record()), "out_of_order", bad, "turn.choose")
