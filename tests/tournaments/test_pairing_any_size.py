"""Pairing for any table size: table sizes, round-robin, Swiss and match series at 2, 3,
5, 6 and 10 seats, and remainders as smaller tables (no DB).

Given a game's table size (and, for a game that also plays with fewer seats, its minimum)
/ when a round is paired / then every entry sits once at a table of an allowed size, the
remainder follows the documented rule and seats stay balanced."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    PairingHistory,
    PlayerStanding,
    assign_seats,
    house_bot_names,
    match_series,
    pair_counts,
    repeat_count,
    repeat_lower_bound,
    round_robin,
    seat_counts,
    swiss_round,
    table_sizes,
)

FEW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def names(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(n)]


def standings_of(players: list[str], points: dict[str, float] | None = None):
    points = points or {}
    return [PlayerStanding(p, points.get(p, 0.0))
            for p in sorted(players, key=lambda p: -points.get(p, 0.0))]


# ---------------------------------------------------------------- table sizes


@pytest.mark.parametrize(("n", "seats", "lo", "expected"), [
    (8, 4, None, [4, 4]),          # a multiple: full tables only
    (6, 3, None, [3, 3]),
    (5, 3, None, None),            # a fixed size: the fill policy decides
    (5, 4, 2, [3, 2]),
    (13, 4, 2, [4, 3, 3, 3]),      # sizes within one seat, full tables first
    (9, 4, 3, [3, 3, 3]),
    (5, 4, 3, None),               # 2 + 3 would need a 2-seat table
    (23, 10, 2, [8, 8, 7]),
    (3, 6, 2, [3]),
])
def test_table_sizes_follow_the_documented_rule(n, seats, lo, expected) -> None:
    assert table_sizes(n, seats, lo) == expected


@given(n=st.integers(1, 60), seats=st.integers(2, 10), data=st.data())
def test_table_sizes_are_the_fewest_tables_and_as_equal_as_possible(n, seats, data) -> None:
    lo = data.draw(st.integers(2, seats))
    sizes = table_sizes(n, seats, lo)
    k = math.ceil(n / seats)
    if sizes is None:
        # no split into k tables of lo..seats exists (and more tables cannot help)
        assert k * lo > n
        return
    assert sum(sizes) == n and len(sizes) == k
    assert all(lo <= z <= seats for z in sizes)
    assert max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes, reverse=True)


def test_table_sizes_reject_nonsense() -> None:
    with pytest.raises(ValueError, match="seats"):
        table_sizes(4, 1)
    with pytest.raises(ValueError, match="min_seats"):
        table_sizes(4, 4, 5)
    with pytest.raises(ValueError, match="positive"):
        table_sizes(0, 4)


# ---------------------------------------------------------------- round-robin


@FEW
@given(seats=st.sampled_from([2, 3, 5, 6]), k=st.integers(1, 3), rounds=st.integers(1, 6),
       seed=st.integers(0, 1000))
def test_round_robin_of_any_size_seats_everyone_and_balances_seats(seats, k, rounds, seed):
    players = names(seats * k)
    schedule = round_robin(players, rounds, seed, seats=seats)
    assert len(schedule) == rounds
    for rnd in schedule:
        assert all(len(t) == seats for t in rnd)
        assert sorted(p for t in rnd for p in t) == sorted(players)
    # every player in every seat floor(r/s) or ceil(r/s) times
    lo, hi = rounds // seats, -(-rounds // seats)
    for per_seat in seat_counts(t for r in schedule for t in r).values():
        assert all(lo <= c <= hi for c in per_seat), per_seat


def spread(schedule) -> int:
    """sum of C(c, 2) over pair meeting counts c."""
    return sum(c * (c - 1) // 2 for c in pair_counts(t for r in schedule for t in r).values())


def _min_6_in_triples(rounds: int) -> tuple[int, int]:
    """Exhaustive minimum of (repeats, spread) over schedules of 6 players in triples."""
    parts = []
    for c in itertools.combinations(range(1, 6), 2):
        a = (0, *c)
        parts.append([a, tuple(x for x in range(6) if x not in a)])
    return min((repeat_count(s), spread(s)) for rest in
               itertools.product(parts, repeat=rounds - 1) for s in [[parts[0], *rest]])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_round_robin_of_6_at_3_seats_reaches_the_exhaustive_minimum(seed) -> None:
    # given 6 players of a 3-seat game over the default ceil(5/2) = 3 rounds
    schedule = round_robin(names(6), None, seed, seats=3)
    assert len(schedule) == 3
    # then its repeated meetings, then their spread, are the fewest any schedule has
    assert (repeat_count(schedule), spread(schedule)) == _min_6_in_triples(3) == (5, 6)
    # (18 meetings, 5 of them repeats: 13 of the 15 pairs meet — no schedule does better)
    assert len(pair_counts(t for r in schedule for t in r)) == 13


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_round_robin_of_9_at_3_seats_finds_the_affine_plane(seed) -> None:
    # given 9 players at 3 seats over ceil(8/2) = 4 rounds: AG(2,3) exists
    schedule = round_robin(names(9), None, seed, seats=3)
    assert len(schedule) == 4 and repeat_lower_bound(9, 4, 3) == 0
    # then every pair meets exactly once
    assert repeat_count(schedule) == 0 and set(pair_counts(
        t for r in schedule for t in r).values()) == {1}


def test_round_robin_with_smaller_tables_keeps_one_pattern_every_round() -> None:
    # given 13 players of a game of 2 to 4 seats at 4-seat tables
    schedule = round_robin(names(13), 4, 3, seats=4, min_seats=2)
    for rnd in schedule:
        assert [len(t) for t in rnd] == [4, 3, 3, 3]
        assert sorted(p for t in rnd for p in t) == names(13)


@pytest.mark.parametrize(("players", "seats", "lo", "message"), [
    (names(7), 3, None, "multiple of 3"),
    (names(2), 3, None, "at least 3"),
    (names(5), 4, 3, "split into tables of 3 to 4"),
])
def test_round_robin_of_any_size_rejects_counts_that_do_not_split(players, seats, lo,
                                                                  message) -> None:
    with pytest.raises(ValueError, match=message):
        round_robin(players, 2, 0, seats=seats, min_seats=lo)


@FEW
@given(seats=st.sampled_from([3, 5, 6]), tables=st.integers(1, 4), rounds=st.integers(1, 8),
       seed=st.integers(0, 1000))
def test_assign_seats_balances_any_table_size(seats, tables, rounds, seed) -> None:
    players = names(seats * tables)
    schedule = [[players[i * seats:(i + 1) * seats] for i in range(tables)]
                for _ in range(rounds)]
    seated = assign_seats(schedule, seed, seats=seats)
    counts = seat_counts(t for r in seated for t in r)
    lo, hi = rounds // seats, -(-rounds // seats)
    assert all(lo <= c <= hi for per in counts.values() for c in per)


def test_assign_seats_of_any_size_rejects_a_table_of_the_wrong_size() -> None:
    with pytest.raises(ValueError, match="exactly 3 seats"):
        assign_seats([[("a", "b", "c", "d")]], seats=3)
    with pytest.raises(ValueError, match="2 to 4 seats"):
        assign_seats([[("a",)]], seats=4, min_seats=2)


# ---------------------------------------------------------------- Swiss


def simulate(n: int, rounds: int, *, seats: int, lo: int | None = None, fill: str = "bye",
             seed: int = 0):
    """Rounds of a Swiss event with seeded results (seat order = places)."""
    players = names(n)
    points = dict.fromkeys(players, 0.0)
    history = PairingHistory()
    for r in range(rounds):
        rnd = swiss_round(standings_of(players, points), history, seed + r, fill=fill,
                          seats=seats, min_seats=lo)
        yield rnd, history
        history.record(rnd)
        for t in rnd.tables:
            for place, p in enumerate(t):
                if p in points:
                    points[p] += len(t) - 1 - place


@pytest.mark.parametrize(("n", "seats"), [(4, 3), (5, 3), (7, 3), (8, 3), (7, 5), (13, 6)])
def test_swiss_byes_at_any_size_never_give_a_second_bye_first(n, seats) -> None:
    counts: Counter[str] = Counter()
    for rnd, _ in simulate(n, 3 * n, seats=seats, seed=n):
        assert len(rnd.byes) == n % seats and rnd.bots == []
        assert all(len(t) == seats for t in rnd.tables)
        before = dict(counts)
        for p in rnd.byes:
            assert all(before.get(q, 0) >= before.get(p, 0) for q in names(n)
                       if q not in rnd.byes)
            counts[p] += 1
    assert max(counts[p] for p in names(n)) - min(counts[p] for p in names(n)) <= 1


@pytest.mark.parametrize(("n", "seats"), [(5, 3), (7, 3), (8, 3), (11, 6), (13, 10)])
def test_swiss_bots_at_any_size_fill_the_tables_and_spread(n, seats) -> None:
    rnd = swiss_round(standings_of(names(n)), None, 0, fill="bots", seats=seats)
    k = (-n) % seats
    assert rnd.byes == [] and rnd.bots == house_bot_names(k)
    assert all(len(t) == seats for t in rnd.tables)
    per_table = [sum(1 for p in t if p in rnd.bots) for t in rnd.tables]
    assert max(per_table) <= math.ceil(k / len(rnd.tables))


@pytest.mark.parametrize(("n", "seats", "lo", "sizes"), [
    (13, 4, 2, [4, 3, 3, 3]), (5, 4, 2, [3, 2]), (23, 10, 2, [8, 8, 7]), (7, 3, 2, [3, 2, 2]),
])
def test_swiss_remainder_sits_at_smaller_tables_when_the_game_allows(n, seats, lo,
                                                                     sizes) -> None:
    # given players ranked p00 (best) … and a game that also plays with fewer seats
    ranked = names(n)
    standings = [PlayerStanding(p, float(n - i)) for i, p in enumerate(ranked)]
    for fill in ("bye", "bots"):
        rnd = swiss_round(standings, None, 0, fill=fill, seats=seats, min_seats=lo)
        # then nobody sits out, no bot is seated, and the smaller tables are the bottom ones
        assert rnd.byes == [] and rnd.bots == []
        assert [len(t) for t in rnd.tables] == sizes
        assert sorted(p for t in rnd.tables for p in t) == ranked
    assert set(rnd.tables[0]) == set(ranked[:sizes[0]])


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_swiss_at_any_size_avoids_repeated_tables_over_an_event(seats) -> None:
    # given 4 tables' worth of players over 3 rounds: a repeat is always avoidable
    for rnd, _ in simulate(4 * seats, 3, seats=seats, seed=seats):
        assert rnd.repeated_tables == 0


def test_swiss_at_3_seats_balances_seat_zero() -> None:
    runs = list(simulate(9, 12, seats=3, seed=4))
    counts = seat_counts(runs[-1][1].tables)
    first = [counts[p][0] for p in names(9)]
    assert max(first) - min(first) <= 2


def test_swiss_of_10_seats_is_seated_greedily_and_deterministically() -> None:
    a = [r.tables for r, _ in simulate(20, 3, seats=10, seed=9)]
    b = [r.tables for r, _ in simulate(20, 3, seats=10, seed=9)]
    assert a == b and all(len(t) == 10 for r in a for t in r)


def test_swiss_needs_a_table_of_players() -> None:
    with pytest.raises(ValueError, match="at least 3"):
        swiss_round(standings_of(names(2)), seats=3)
    with pytest.raises(ValueError, match="house bots"):
        swiss_round(standings_of(names(7)), fill="bots", seats=6, house_bots=["b1"])


# ---------------------------------------------------------------- match series


@pytest.mark.parametrize(("seats", "games"), [(2, 6), (3, 9), (3, 7), (5, 25), (6, 12)])
def test_match_series_of_any_size_rotates_seats(seats, games) -> None:
    players = names(seats)
    series = match_series(players, games, seats=seats)
    assert len(series) == games and all(sorted(t) == players for t in series)
    counts = seat_counts(series)
    first = [counts[p][0] for p in players]
    assert max(first) - min(first) <= 1
    if games % seats == 0:
        assert all(c == games // seats for per in counts.values() for c in per)


def test_match_series_of_3_uses_both_cyclic_orders() -> None:
    series = match_series(["a", "b", "c"], 6, seats=3)
    # a block of three is a Latin square; the next block runs the other way round
    assert series[:3] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert series[3:] == [("a", "c", "b"), ("c", "b", "a"), ("b", "a", "c")]
