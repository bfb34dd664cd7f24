"""Seats at a Swiss table: who sits in seat 0 (Kolkhoz: the first planner), 1, 2, …
given how often each player already sat in each seat (``tournaments.pairing.swiss``)."""

from __future__ import annotations

import itertools
import random

from .schedule import Table

SWISS_SEAT_EXHAUSTIVE_MAX = 6
"""Tables of at most this many seats are seated by trying every order (720 at six)."""


def _count(counts: dict[str, list[int]], p: str, s: int) -> int:
    row = counts.get(p)
    return row[s] if row is not None and s < len(row) else 0


def seat_table(members: list[str], counts: dict[str, list[int]], rng: random.Random) -> Table:
    """``members`` in seat order for this round, given ``counts`` (each player's games
    per seat so far, ``seat_counts`` of the history): the order that keeps the
    seat-0 counts lowest (their maximum, then their sum of squares), then all seat
    counts most even (sum of squares), ties by the seeded ``rng`` — every order tried
    up to ``SWISS_SEAT_EXHAUSTIVE_MAX`` seats, greedily beyond
    (:func:`seat_table_greedy`)."""
    if len(members) > SWISS_SEAT_EXHAUSTIVE_MAX:
        return seat_table_greedy(members, counts, rng)
    best: tuple[tuple[int, int, int, float], Table] | None = None
    for perm in itertools.permutations(members):
        fp_after = [_count(counts, p, 0) + (1 if s == 0 else 0) for s, p in enumerate(perm)]
        all_sq = sum((_count(counts, p, s) + 1) ** 2 for s, p in enumerate(perm))
        key = (max(fp_after), sum(x * x for x in fp_after), all_sq, rng.random())
        if best is None or key < best[0]:
            best = (key, tuple(perm))
    assert best is not None
    return best[1]


def seat_table_greedy(members: list[str], counts: dict[str, list[int]],
                      rng: random.Random) -> Table:
    """A large table seated seat by seat: each seat to whoever of the rest sat there
    least often (ties: fewer games in all, then the seeded RNG)."""
    rest = list(members)
    out: list[str] = []
    for s in range(len(members)):
        keyed = [(_count(counts, p, s), sum(counts.get(p, [])), rng.random(), p) for p in rest]
        chosen = min(keyed)[3]
        rest.remove(chosen)
        out.append(chosen)
    return tuple(out)
