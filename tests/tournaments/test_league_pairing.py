"""Pairing: round-robin, Swiss and match series for 4-seat tables (no DB)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    DEFAULT_HOUSE_BOTS,
    PairingHistory,
    PlayerStanding,
    affine_plane_ag24,
    assign_seats,
    match_series,
    pair_counts,
    repeat_count,
    repeat_lower_bound,
    round_robin,
    seat_counts,
    spread_lower_bound,
    swiss_round,
)

FEW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def names(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(n)]


def spread(schedule: list) -> int:
    """sum of C(c, 2) over pair meeting counts c."""
    return sum(c * (c - 1) // 2 for c in pair_counts(t for r in schedule for t in r).values())


def assert_rounds_are_partitions(schedule: list, players: list[str]) -> None:
    for rnd in schedule:
        seated = [p for t in rnd for p in t]
        assert all(len(t) == 4 for t in rnd), rnd
        assert sorted(seated) == sorted(players), "a round must seat everyone exactly once"


# ---------------------------------------------------------------- round robin


def test_ag24_is_a_resolvable_2_16_4_1_design() -> None:
    # given the affine plane AG(2,4)
    classes = affine_plane_ag24()
    # then it has 5 parallel classes of 4 disjoint lines covering 16 points
    assert len(classes) == 5
    for lines in classes:
        assert sorted(p for line in lines for p in line) == list(range(16))
    # and every pair of points lies on exactly one line
    counts = pair_counts(line for lines in classes for line in lines)
    assert len(counts) == 16 * 15 // 2
    assert set(counts.values()) == {1}


@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_16_players_meet_every_other_player_exactly_once_in_5_rounds(seed: int) -> None:
    # given 16 players and no round count
    players = names(16)
    # when a round robin is scheduled
    schedule = round_robin(players, None, seed)
    # then there are 5 rounds, each a partition into 4 tables of 4
    assert len(schedule) == 5
    assert_rounds_are_partitions(schedule, players)
    # and every one of the 120 pairs meets exactly once
    counts = pair_counts(t for r in schedule for t in r)
    assert len(counts) == 120
    assert set(counts.values()) == {1}
    assert repeat_count(schedule) == 0


def test_16_players_beyond_5_rounds_cycle_the_design() -> None:
    # given 16 players over 10 rounds
    schedule = round_robin(names(16), 10, seed=3)
    # then every pair meets exactly twice
    assert set(pair_counts(t for r in schedule for t in r).values()) == {2}


@FEW
@given(
    n=st.sampled_from([4, 8, 12, 16, 20, 24]),
    rounds=st.integers(1, 6),
    seed=st.integers(0, 10_000),
)
def test_every_round_robin_table_has_exactly_four_seats(n: int, rounds: int, seed: int) -> None:
    players = names(n)
    schedule = round_robin(players, rounds, seed)
    assert len(schedule) == rounds
    assert_rounds_are_partitions(schedule, players)
    assert all(len(set(t)) == 4 for r in schedule for t in r)


def _brute_force_8_players_3_rounds() -> tuple[int, int]:
    """Exhaustive minimum of (repeats, spread) over all 3-round schedules of 8."""
    parts = []
    for c in itertools.combinations(range(1, 8), 3):
        a = (0, *c)
        parts.append((a, tuple(x for x in range(8) if x not in a)))
    best = None
    for p1 in parts:
        for p2 in parts:
            sched = [[parts[0][0], parts[0][1]], list(p1), list(p2)]
            key = (repeat_count(sched), spread(sched))
            best = key if best is None or key < best else best
    assert best is not None
    return best


@pytest.mark.parametrize("seed", [0, 11, 99])
def test_8_players_reach_the_proven_minimum_of_repeats(seed: int) -> None:
    # given 8 players over the default 3 rounds (ceil(7/3))
    players = names(8)
    schedule = round_robin(players, None, seed=seed)
    assert len(schedule) == 3
    # then repeats equal the counting bound 3*8*3/2 - C(8,2) = 36 - 28 = 8,
    # which exhaustive search confirms is the minimum, with the least spread
    assert repeat_lower_bound(8, 3) == 8
    assert _brute_force_8_players_3_rounds() == (8, 12)
    assert repeat_count(schedule) == 8
    assert spread(schedule) == 12 == spread_lower_bound(8, 3)
    # and so everyone meets everyone at least once
    assert len(pair_counts(t for r in schedule for t in r)) == 28


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_12_players_reach_the_proven_minimum_spread_and_repeats(seed: int) -> None:
    # given 12 players over the default 4 rounds (ceil(11/3))
    schedule = round_robin(names(12), None, seed)
    assert len(schedule) == 4
    # then the spread sum C(c,2) is the proven minimum: any two partitions of
    # 12 into 3 tables share >= 3 pairs (pigeonhole), so >= 3 * C(4,2) = 18
    assert spread_lower_bound(12, 4) == 18
    assert spread(schedule) == 18
    # and repeats are 13, the exact minimum (see the exhaustive test below;
    # the easy bounds are 6 by counting and 9 by pigeonhole against round 1)
    assert repeat_count(schedule) == 13


def _pair_mask(partition, pair_id) -> int:
    m = 0
    for t in partition:
        for a, b in itertools.combinations(sorted(t), 2):
            m |= 1 << pair_id[(a, b)]
    return m


@pytest.mark.slow
def test_no_4_round_schedule_of_12_players_has_fewer_than_13_repeats() -> None:
    """Exhaustive, symmetry-reduced: at most 59 of the 66 pairs can meet.

    Round 1 is fixed; round 2 matters only up to its 3x3 intersection matrix
    with round 1 (9 classes); rounds 3 and 4 range over all 5775 partitions,
    pruning round-3 choices that cannot reach 60 distinct pairs even if
    round 4 brought 18 new ones.  72 meetings - 59 pairs = 13 repeats.
    """
    pair_id = {pq: i for i, pq in enumerate(itertools.combinations(range(12), 2))}
    masks = [_pair_mask(p, pair_id) for p in all_partitions(list(range(12)))]
    assert len(masks) == 5775
    first = [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)]
    m1 = _pair_mask(first, pair_id)
    classes: dict[tuple, int] = {}
    for p, m in zip(all_partitions(list(range(12))), masks, strict=True):
        rows = [[sum(1 for x in t if x // 4 == g) for g in range(3)] for t in p]
        key = min(
            tuple(sorted(tuple(r[c] for c in perm) for r in rows))
            for perm in itertools.permutations(range(3))
        )
        classes.setdefault(key, m)
    assert len(classes) == 9
    best = 0
    for m2 in classes.values():
        u2 = m1 | m2
        for m3 in masks:
            u3 = u2 | m3
            c3 = u3.bit_count()
            if c3 + 18 < 60:
                continue
            for m4 in masks:
                best = max(best, c3 + (m4 & ~u3).bit_count())
    assert best == 59


@FEW
@given(
    n=st.sampled_from([4, 8, 12, 16, 20]),
    rounds=st.integers(1, 9),
    seed=st.integers(0, 10_000),
)
def test_round_robin_seats_are_balanced(n: int, rounds: int, seed: int) -> None:
    # when a round robin is scheduled
    schedule = round_robin(names(n), rounds, seed)
    counts = seat_counts(t for r in schedule for t in r)
    # then every player sits in every seat floor(r/4) or ceil(r/4) times
    lo, hi = rounds // 4, -(-rounds // 4)
    for per_seat in counts.values():
        assert all(lo <= c <= hi for c in per_seat), per_seat
    # so first-planner counts differ by at most 1
    first = [c[0] for c in counts.values()]
    assert max(first) - min(first) <= 1


def test_round_robin_is_deterministic_given_the_seed() -> None:
    assert round_robin(names(12), 4, seed=5) == round_robin(names(12), 4, seed=5)
    assert round_robin(names(16), 5, seed=5) == round_robin(names(16), 5, seed=5)


@pytest.mark.parametrize(
    ("players", "rounds", "message"),
    [
        (names(3), None, "at least 4"),
        (names(6), None, "multiple of 4"),
        (["a", "b", "c", "a"], None, "duplicate"),
        (["a", "b", "c", ""], None, "non-empty"),
        (names(8), 0, "rounds"),
    ],
)
def test_round_robin_rejects_bad_input(
    players: list[str], rounds: int | None, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        round_robin(players, rounds, seed=0)


def test_assign_seats_rejects_a_five_seat_table() -> None:
    with pytest.raises(ValueError, match="exactly 4 seats"):
        assign_seats([[("a", "b", "c", "d", "e")]])


# ---------------------------------------------------------------- match series


@pytest.mark.parametrize("games", [4, 8, 12, 24])
def test_match_series_rotates_seats_equally(games: int) -> None:
    # given four players over a multiple of 4 games
    series = match_series(("a", "b", "c", "d"), games)
    assert len(series) == games and all(len(set(g)) == 4 for g in series)
    # then each is first planner (and in every seat) exactly games/4 times
    counts = seat_counts(series)
    assert all(c == [games // 4] * 4 for c in counts.values()), counts


def test_match_series_rotates_neighbours_over_24_games() -> None:
    series = match_series(("a", "b", "c", "d"), 24)
    successors = Counter((g[i], g[(i + 1) % 4]) for g in series for i in range(4))
    # every ordered pair (x plays right after y) occurs equally often
    assert len(successors) == 12 and set(successors.values()) == {8}


@pytest.mark.parametrize("games", [1, 2, 3, 5, 7])
def test_match_series_first_planner_counts_differ_by_at_most_one(games: int) -> None:
    first = Counter(g[0] for g in match_series(("a", "b", "c", "d"), games))
    counts = [first.get(p, 0) for p in "abcd"]
    assert max(counts) - min(counts) <= 1


def test_match_series_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="exactly 4"):
        match_series(("a", "b", "c"), 4)
    with pytest.raises(ValueError, match="duplicate"):
        match_series(("a", "b", "c", "c"), 4)
    with pytest.raises(ValueError, match="games"):
        match_series(("a", "b", "c", "d"), 0)


# ---------------------------------------------------------------- Swiss


def table_key(t, bots=frozenset(DEFAULT_HOUSE_BOTS)):
    humans = frozenset(p for p in t if p not in bots)
    return humans, len(t) - len(humans)


def all_partitions(items: list[str]):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for combo in itertools.combinations(rest, 3):
        remaining = [x for x in rest if x not in combo]
        for tail in all_partitions(remaining):
            yield [(first, *combo), *tail]


@st.composite
def field_and_history(draw, min_n: int = 4, max_n: int = 12):
    n = draw(st.integers(min_n, max_n))
    players = names(n)
    points = draw(st.lists(st.integers(0, 9), min_size=n, max_size=n))
    ranked = [p for _, p in sorted(zip(points, players, strict=True), key=lambda x: -x[0])]
    standings = [
        PlayerStanding(p, float(sorted(points, reverse=True)[i])) for i, p in enumerate(ranked)
    ]
    # small indices are drawn often, so earlier tables overlap and collide
    seats = st.lists(st.integers(0, n - 1), min_size=4, max_size=4, unique=True)
    history_tables = draw(
        st.lists(seats.map(lambda ix: tuple(players[i] for i in ix)), max_size=40)
    )
    fill = draw(st.sampled_from(["bye", "bots"]))
    seed = draw(st.integers(0, 1000))
    return standings, PairingHistory(tables=list(history_tables)), fill, seed


@FEW
@given(case=field_and_history())
def test_swiss_never_repeats_a_table_when_an_alternative_exists(case) -> None:
    standings, history, fill, seed = case
    # when a Swiss round is paired
    rnd = swiss_round(standings, history, seed, fill=fill)
    entries = [s.player for s in standings if s.player not in rnd.byes] + rnd.bots
    # then it seats every entry at 4-seat tables
    assert all(len(t) == 4 for t in rnd.tables)
    assert sorted(p for t in rnd.tables for p in t) == sorted(entries)
    # and it repeats a table only if every partition of the entries does
    previous = {table_key(t) for t in history.tables}
    repeats = sum(1 for t in rnd.tables if table_key(t) in previous)
    assert repeats == rnd.repeated_tables
    if repeats:
        best = min(
            sum(1 for t in part if table_key(t) in previous) for part in all_partitions(entries)
        )
        assert repeats == best


def test_swiss_takes_the_only_partition_without_a_repeated_table() -> None:
    # given 8 players who already sat at every possible table but two
    players = names(8)
    fresh = [frozenset(players[:4]), frozenset(players[4:])]
    history = PairingHistory(
        tables=[t for t in itertools.combinations(players, 4) if frozenset(t) not in fresh]
    )
    # and standings whose score groups would rather mix the two halves
    order = ["p00", "p04", "p01", "p05", "p02", "p06", "p03", "p07"]
    standings = [PlayerStanding(p, float(10 - i)) for i, p in enumerate(order)]
    # when paired, then the only repeat-free partition is chosen
    rnd = swiss_round(standings, history, seed=0)
    assert rnd.repeated_tables == 0
    assert {frozenset(t) for t in rnd.tables} == set(fresh)


def test_swiss_avoids_the_obvious_rematch_of_the_top_tables() -> None:
    # given 8 players on equal points who just played p00-p03 and p04-p07
    players = names(8)
    standings = [PlayerStanding(p, 3.0) for p in players]
    history = PairingHistory(tables=[tuple(players[:4]), tuple(players[4:])])
    # when the next round is paired
    rnd = swiss_round(standings, history, seed=0)
    # then neither table is repeated and pairs that met are as few as possible:
    # any split of two old tables of 4 into new tables of 4 keeps 2+2 together
    assert rnd.repeated_tables == 0
    assert {frozenset(t) for t in rnd.tables}.isdisjoint({frozenset(t) for t in history.tables})
    assert rnd.repeated_pairs == 4


@FEW
@given(n=st.integers(16, 26), seed=st.integers(0, 1000), rounds=st.integers(1, 3))
def test_swiss_on_larger_fields_avoids_repeated_tables(n: int, seed: int, rounds: int) -> None:
    players = names(n)
    history = PairingHistory()
    rng = random.Random(seed)
    points: Counter[str] = Counter()
    for r in range(rounds):
        standings = [
            PlayerStanding(p, points[p]) for p in sorted(players, key=lambda p: -points[p])
        ]
        rnd = swiss_round(standings, history, seed + r)
        assert all(len(t) == 4 for t in rnd.tables)
        assert rnd.repeated_tables == 0
        history.record(rnd)
        for t in rnd.tables:
            for p, pts in zip(rng.sample(list(t), 4), (3, 2, 1, 0), strict=True):
                points[p] += pts


def test_swiss_first_round_groups_by_ranking() -> None:
    # given 12 players with distinct points and no history
    players = names(12)
    standings = [PlayerStanding(p, float(20 - i)) for i, p in enumerate(players)]
    # when paired
    rnd = swiss_round(standings, None, seed=1)
    # then tables are the ranking cut into fours, top table first
    assert [sorted(t) for t in rnd.tables] == [players[0:4], players[4:8], players[8:12]]


def simulate_swiss(n: int, rounds: int, fill: str, seed: int):
    players = names(n)
    history = PairingHistory()
    points: Counter[str] = Counter()
    rng = random.Random(seed)
    for r in range(rounds):
        standings = [
            PlayerStanding(p, points[p]) for p in sorted(players, key=lambda p: -points[p])
        ]
        rnd = swiss_round(standings, history, seed + r, fill=fill)
        yield rnd, history
        history.record(rnd)
        for t in rnd.tables:
            for p, pts in zip(rng.sample(list(t), 4), (3, 2, 1, 0), strict=True):
                points[p] += pts


@pytest.mark.parametrize("n", [6, 7, 9, 10])
def test_no_second_bye_before_everyone_had_one(n: int) -> None:
    # given a Swiss event over many rounds with byes
    rounds = 3 * n
    bye_counts: Counter[str] = Counter()
    for rnd, _ in simulate_swiss(n, rounds, "bye", seed=n):
        assert len(rnd.byes) == n % 4
        before = dict(bye_counts)
        for p in rnd.byes:
            # then a player gets a second (k+1-th) bye only when everyone has k
            assert all(before.get(q, 0) >= before.get(p, 0) for q in names(n) if q not in rnd.byes)
            bye_counts[p] += 1
        counts = [bye_counts[p] for p in names(n)]
        assert max(counts) - min(counts) <= 1
    # and over 3n rounds every player sat out equally often
    assert len(set(bye_counts[p] for p in names(n))) == 1


def test_first_byes_go_to_the_lowest_ranked() -> None:
    players = names(7)
    standings = [PlayerStanding(p, float(10 - i)) for i, p in enumerate(players)]
    rnd = swiss_round(standings, None, seed=0)
    assert sorted(rnd.byes) == players[-3:]
    assert rnd.bots == []


@pytest.mark.parametrize(("n", "bots"), [(5, 3), (9, 3), (10, 2), (11, 1), (12, 0)])
def test_bots_fill_the_tables_and_are_spread(n: int, bots: int) -> None:
    standings = [PlayerStanding(p, float(20 - i)) for i, p in enumerate(names(n))]
    rnd = swiss_round(standings, None, seed=0, fill="bots")
    assert rnd.byes == [] and len(rnd.bots) == bots
    tables = len(rnd.tables)
    assert tables == (n + bots) // 4
    per_table = [sum(1 for p in t if p in rnd.bots) for t in rnd.tables]
    assert max(per_table) <= math.ceil(bots / tables)


@pytest.mark.parametrize("n", [8, 9, 12, 13, 16])
def test_swiss_seat_rotation_is_balanced(n: int) -> None:
    runs = list(simulate_swiss(n, 12, "bye", seed=3))
    history = runs[-1][1]  # the generator records every round, the last one included
    assert len(history.tables) == 12 * (n // 4)
    counts = seat_counts(history.tables)
    first = [counts[p][0] for p in names(n) if p in counts]
    # greedy per table on history: first-planner counts stay within 2
    assert max(first) - min(first) <= 2


def test_swiss_seat_zero_goes_to_the_least_frequent_first_planner() -> None:
    players = names(4)
    history = PairingHistory(tables=[("p00", "p01", "p02", "p03"), ("p01", "p00", "p02", "p03")])
    rnd = swiss_round([PlayerStanding(p) for p in players], history, seed=0)
    assert rnd.tables[0][0] in {"p02", "p03"}


def test_swiss_is_deterministic_given_the_seed() -> None:
    a = [r.tables for r, _ in simulate_swiss(17, 4, "bye", seed=9)]
    b = [r.tables for r, _ in simulate_swiss(17, 4, "bye", seed=9)]
    assert a == b


def test_swiss_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="at least 4"):
        swiss_round([PlayerStanding(p) for p in names(3)])
    with pytest.raises(ValueError, match="duplicate"):
        swiss_round(
            [PlayerStanding("a"), PlayerStanding("a"), PlayerStanding("b"), PlayerStanding("c")]
        )
    with pytest.raises(ValueError, match="fill"):
        swiss_round([PlayerStanding(p) for p in names(4)], fill="random")
    with pytest.raises(ValueError, match="clash"):
        swiss_round([PlayerStanding(p) for p in [*names(4), "house-bot-1"]], fill="bots")
    with pytest.raises(ValueError, match="house bots"):
        swiss_round([PlayerStanding(p) for p in names(5)], fill="bots", house_bots=["b1"])
