"""What every schedule shares: its shapes, the check of the names, and the statistics the
schedulers optimise and the tests measure.

Shapes
------
A *table* is a 4-tuple of player names in seat order: ``table[0]`` is seat 0,
the **first planner** of the game, then seats 1, 2, 3.  A *round* is a list of
tables in which every scheduled player sits exactly once.  A *schedule* is a
list of rounds.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

SEATS = 4
"""Seats at every Kolkhoz table (seat 0 is the first planner)."""

Table = tuple[str, str, str, str]
Round = list[Table]


def check_names(players: Iterable[str], *, what: str = "players") -> list[str]:
    """``players`` as a list, checked: every name a non-empty string, none twice. Raises
    ValueError naming ``what`` (``players``, ``table``, ``standings``, ``house_bots``)."""
    names = list(players)
    for p in names:
        if not isinstance(p, str) or not p:
            raise ValueError(f"{what}: every name must be a non-empty string, got {p!r}")
    dupes = sorted(p for p, c in Counter(names).items() if c > 1)
    if dupes:
        raise ValueError(f"{what}: duplicate names {dupes}")
    return names


def pair_counts(tables: Iterable[Sequence[str]]) -> Counter[frozenset[str]]:
    """Count how often each unordered pair of players shared a table.

    ``tables``: any iterable of tables (sequences of names), e.g. a flattened
    schedule.  Returns ``Counter({frozenset({a, b}): meetings})``.
    """
    counts: Counter[frozenset[str]] = Counter()
    for t in tables:
        for a, b in itertools.combinations(t, 2):
            counts[frozenset((a, b))] += 1
    return counts


def repeat_count(schedule: Iterable[Iterable[Sequence[str]]]) -> int:
    """Meetings that were not a pair's first: ``sum(max(0, c - 1))`` over pairs.

    ``schedule``: list of rounds of tables.  Returns a non-negative int; 0 means
    no two players ever met twice.
    """
    counts = pair_counts(t for rnd in schedule for t in rnd)
    return sum(c - 1 for c in counts.values() if c > 1)


def repeat_lower_bound(n_players: int, rounds: int) -> int:
    """Counting lower bound on :func:`repeat_count` for a 4-seat schedule.

    Each round holds ``n/4`` tables of 6 pairs, so ``r`` rounds hold
    ``3*n*r/2`` meetings among ``C(n, 2)`` pairs; every meeting beyond one
    per pair is a repeat.  Returns ``max(0, 3*n*r/2 - C(n, 2))``.
    Raises ValueError if ``n_players`` is not a positive multiple of 4.
    """
    if n_players <= 0 or n_players % SEATS:
        raise ValueError(f"n_players must be a positive multiple of 4, got {n_players}")
    meetings = 6 * (n_players // SEATS) * rounds
    return max(0, meetings - n_players * (n_players - 1) // 2)


def spread_lower_bound(n_players: int, rounds: int) -> int:
    """Lower bound on ``sum(C(c, 2))`` over pairs, ``c`` = meetings of the pair.

    ``sum(C(c, 2))`` counts, for every two rounds, the pairs that met in both.
    Two partitions into ``k = n/4`` tables share at least 4 pairs when
    ``k = 2`` (a 2x2 intersection matrix with line sums 4) and 3 when ``k = 3``
    (every row of a 3x3 one with sum 4 has an entry >= 2); the bound is that
    times ``C(r, 2)``, or the even-spread bound, whichever is larger.
    Raises ValueError if ``n_players`` is not a positive multiple of 4.
    """
    if n_players <= 0 or n_players % SEATS:
        raise ValueError(f"n_players must be a positive multiple of 4, got {n_players}")
    k = n_players // SEATS
    pairs = n_players * (n_players - 1) // 2
    meetings = 6 * k * rounds
    q, rem = divmod(meetings, pairs)
    even = rem * (q + 1) * q // 2 + (pairs - rem) * q * (q - 1) // 2
    per_two_rounds = {1: 6, 2: 4, 3: 3}.get(k, 0)
    return max(even, per_two_rounds * rounds * (rounds - 1) // 2)


def seat_counts(tables: Iterable[Sequence[str]]) -> dict[str, list[int]]:
    """Per player, how often they sat in each seat: ``{name: [s0, s1, s2, s3]}``.

    ``s0`` is the number of games as first planner.
    """
    out: dict[str, list[int]] = {}
    for t in tables:
        for seat, p in enumerate(t):
            out.setdefault(p, [0] * SEATS)[seat] += 1
    return out
