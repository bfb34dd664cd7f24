"""Scoring and the end of the game: round.score, round.next, game.end (threshold, the
whole round played out, nothing after the end), game.places (lowest_tie share/play_on)."""

from __future__ import annotations

import pytest

from .records import (
    Game,
    assert_error,
    error_of,
    of,
    one,
    places,
    rules_of,
    run,
    run_partial,
    takes,
)


def find_game(pred, n: int = 3, limit: int = 4000, **options):
    """The first builder game (rng 0, 1, ...) played to its end that ``pred`` accepts."""
    for k in range(limit):
        g = Game(n, rng=k, **options)
        g.play_game()
        if pred(g):
            g.k = k  # type: ignore[attr-defined]
            return g
    raise AssertionError("no such game in the search range")


def cumulative(g: Game) -> list[list[int]]:
    out, tot = [], [0] * g.n
    for pen in g.history:
        tot = [a + b for a, b in zip(tot, pen, strict=True)]
        out.append(tot)
    return out


def test_round_end_penalties_piles_table():
    """Given a round / when it ends / then round_end gives each seat's penalty (the heads
    of its pile), the totals, the piles in the order taken and the rows as left, which
    count for nobody (round.score, card.heads, pile)."""
    g = Game(4, threshold=1000, rng=3)
    g.deal()
    g.play_out()
    events = run_partial(g.record())
    end = one(events, "round_end")
    assert end["round"] == 1
    assert end["penalties"] == g.history[0] == end["scores"]
    assert end["piles"] == g.piles and end["table"] == g.table
    assert takes(events) == g.all_takes
    assert {"round.score", "card.heads"} <= rules_of(end)


def test_totals_carry_over_and_every_round_is_dealt_anew():
    """Given a game of several rounds / when adjudicated / then each round opens with a
    round event and a new deal of four new rows, and the totals are the sums of the
    rounds' penalties (round.next)."""
    g = find_game(lambda g: len(g.history) >= 3, n=3)
    events = run(g.record())
    ends = of(events, "round_end")
    assert [e["penalties"] for e in ends] == g.history
    assert [e["scores"] for e in ends] == cumulative(g)
    assert [e["round"] for e in of(events, "round")] == list(range(1, len(g.history) + 1))
    assert all("round.next" in rules_of(e) for e in of(events, "round"))
    for prev, nxt in zip(ends, of(events, "round")[1:], strict=False):
        assert events.index(nxt) == events.index(prev) + 1


def test_game_ends_when_the_threshold_is_reached_exactly():
    """Given the default threshold 66 / when a round ends with a total of exactly 66 /
    then game_end follows that round_end (game.end: '66 or more', settled point 9)."""
    g = find_game(lambda g: max(g.totals) == 66, n=3)
    events = run(g.record())
    assert events[-1]["type"] == "game_end" and events[-2]["type"] == "round_end"
    assert max(events[-1]["scores"]) == 66
    assert events[-1]["rounds"] == len(g.history)


def test_sixty_five_does_not_end_the_game():
    """Given the default threshold / when a round ends with the highest total 65 / then
    the next round begins (game.end)."""
    def hit(g):
        return any(max(t) == 65 for t in cumulative(g)[:-1])
    g = find_game(hit, n=3)
    k = next(i for i, t in enumerate(cumulative(g)) if max(t) == 65)
    events = run(g.record())
    end_k = of(events, "round_end")[k]
    assert max(end_k["scores"]) == 65
    assert events[events.index(end_k) + 1]["type"] == "round"


@pytest.mark.parametrize("delta, ends", [(0, True), (1, False)])
def test_threshold_option(delta, ends):
    """Given threshold = round 1's highest total (+0 / +1) / when round 1 ends / then the
    game ends exactly when reached (game.end, option threshold)."""
    probe = Game(3, threshold=1000, rng=11)
    probe.deal()
    probe.play_out()
    top = max(probe.totals)
    g = Game(3, threshold=top + delta, rng=11)
    g.deal()
    g.play_out()
    assert g.over == ends
    events = run(g.record()) if ends else run_partial(g.record())
    assert (events[-1]["type"] == "game_end") == ends
    if not ends:
        assert events[-1]["type"] == "round" and events[-1]["round"] == 2


def test_the_round_is_played_out_after_the_threshold_is_passed():
    """Given threshold 1 and a take in turn 1 / when the rest of the round is played /
    then all ten turns are placed before round_end and game_end (game.end: totals are
    looked at only when a round ends)."""
    g = Game(2, threshold=1)
    g.deal(rows=[101, 102, 103, 104], given={0: list(range(1, 11))})
    g.play_out("low")
    assert g.over
    events = run(g.record())
    assert of(events, "take")[0]["turn"] == 1
    assert len(of(events, "turn")) == 10
    assert [e["type"] for e in events[-2:]] == ["round_end", "game_end"]
    end = events[-1]
    assert (end["scores"], end["places"], end["rounds"]) == (g.totals, places(g.totals), 1)
    assert {"game.end", "game.places"} <= rules_of(end)


@pytest.mark.parametrize("extra", [
    {"type": "choose", "seat": 0, "card": 11},
    {"type": "deal", "round": 2, "hands": [[1], [2]], "rows": [3, 4, 5, 6]},
    {"type": "take_row", "seat": 0, "row": 0},
    "garbage", {"type": "choose", "seat": 9, "card": 1},
])
def test_no_input_after_the_end(extra):
    """Given a finished game / when any input follows, even a malformed one or the next
    round's deal / then game_over at its index, rule game.end; the log runs through
    game_end (game.end, settled point 17, check order (1) before (2))."""
    g = Game(2, threshold=1)
    g.deal(rows=[101, 102, 103, 104], given={0: list(range(1, 11))})
    g.play_out("low")
    bad = g.raw(extra)
    err = error_of(g.record())
    assert_error(err, "game_over", bad, "game.end")
    assert err.events[-1]["type"] == "game_end"


def test_places_share_ties():
    """Given a game that ends with the lowest total shared (lowest_tie share) / when it
    ends / then the tied players share place 1 and the places after them are skipped
    (game.places, settled points 10, 11)."""
    g = find_game(lambda g: g.totals.count(min(g.totals)) > 1, n=3, threshold=5)
    events = run(g.record())
    end = events[-1]
    assert end["scores"] == g.totals
    assert end["places"] == places(g.totals)
    assert end["places"].count(1) >= 2 and 2 not in end["places"]


def test_places_other_ties_share():
    """Given a game whose two highest totals are equal / when it ends / then they share
    a place: 1 + the number of strictly lower totals (game.places)."""
    def pred(g):
        low = min(g.totals)
        return g.totals.count(low) == 1 and len(set(g.totals)) < g.n
    g = find_game(pred, n=4, threshold=8)
    end = run(g.record())[-1]
    assert end["places"] == places(g.totals)
    assert len(set(end["places"])) < 4


def test_play_on_continues_past_a_shared_lowest_total():
    """Given the rng of a game whose lowest total is shared when the threshold is
    reached / when lowest_tie is play_on / then the game does not end there: further
    whole rounds until the threshold is reached and one player alone is lowest
    (game.places option play_on)."""
    share = find_game(lambda g: g.totals.count(min(g.totals)) > 1, n=3, threshold=5)
    g = Game(3, rng=share.k, threshold=5, lowest_tie="play_on")
    g.play_game()
    assert len(g.history) > len(share.history)
    events = run(g.record())
    ends = of(events, "round_end")
    tied = ends[len(share.history) - 1]
    assert tied["scores"] == share.totals
    assert events[events.index(tied) + 1]["type"] == "round"
    end = events[-1]
    assert end["type"] == "game_end" and end["places"].count(1) == 1
    assert end["scores"] == g.totals and max(g.totals) >= 5
    assert g.inputs[:len(share.inputs)] == share.inputs


def test_play_on_ends_at_once_with_a_single_lowest():
    """Given lowest_tie play_on and a round that reaches the threshold with one lowest
    total / when it ends / then game_end at once, as with share (game.places)."""
    g = find_game(lambda g: len(g.history) == 1, n=3, threshold=1, lowest_tie="play_on")
    end = run(g.record())[-1]
    assert end["type"] == "game_end" and end["rounds"] == 1
    assert end["places"].count(1) == 1
