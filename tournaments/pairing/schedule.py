"""What every schedule shares: its shapes, the table sizes, the check of the names, and the
statistics the schedulers optimise and the tests measure.

Shapes
------
A *table* is a tuple of player names in seat order: ``table[0]`` is seat 0 (in Kolkhoz
the **first planner** of the game), then seats 1, 2, … — four seats at a Kolkhoz table,
as many as the game's table size elsewhere (``seats``; default ``SEATS`` = 4).  A
*round* is a list of tables in which every scheduled player sits exactly once.  A
*schedule* is a list of rounds.

Table sizes (:func:`table_sizes`)
---------------------------------
``n`` players at tables of ``seats`` seats, when the game also plays with fewer (down to
``min_seats``): the fewest tables that seat everyone, ``k = ceil(n / seats)``, with sizes
as equal as possible (they differ by at most one seat), the full tables first — 13
players at 4-seat tables sit 4, 3, 3, 3; 5 sit 3, 2.  Possible only when
``floor(n / k) >= min_seats``; otherwise (always, for a game of one fixed size, unless
``n`` is a multiple of ``seats``) there is no such split and the tournament's fill
policy (byes or house bots) makes up the remainder.  Equal sizes keep every game as
close to the standard one as they can: nobody is sent to a much smaller table so that
the others can play full ones.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

SEATS = 4
"""Seats at a Kolkhoz table (seat 0 is the first planner): the default table size."""

Table = tuple[str, ...]
Round = list[Table]


def check_seats(seats: int, min_seats: int | None = None) -> tuple[int, int]:
    """``(seats, smallest table)`` checked: ``seats`` an int >= 2, ``min_seats`` (None:
    ``seats``, the table size is fixed) an int, at most ``seats``; a table never has
    fewer than 2 seats. Raises ValueError."""
    if isinstance(seats, bool) or not isinstance(seats, int) or seats < 2:
        raise ValueError(f"seats must be an integer of at least 2, got {seats!r}")
    lo = seats if min_seats is None else min_seats
    if isinstance(lo, bool) or not isinstance(lo, int) or lo > seats:
        raise ValueError(f"min_seats must be an integer of at most seats ({seats}), "
                         f"got {min_seats!r}")
    return seats, max(2, lo)


def table_sizes(n: int, seats: int = SEATS, min_seats: int | None = None) -> list[int] | None:
    """The sizes of the tables that seat exactly ``n`` players (module docstring): the
    fewest tables, sizes within one seat of each other and at least ``min_seats`` (None:
    ``seats``), the largest first; None when no such split exists. ``[seats] * (n //
    seats)`` whenever ``n`` is a multiple of ``seats``. Raises ValueError for ``n < 1``
    or bad ``seats``/``min_seats`` (:func:`check_seats`)."""
    seats, lo = check_seats(seats, min_seats)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a positive integer, got {n!r}")
    k = -(-n // seats)
    small, extra = divmod(n, k)
    if small < lo:
        return None
    return [small + 1] * extra + [small] * (k - extra)


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


def _sizes_or_raise(n_players: int, seats: int, min_seats: int | None) -> list[int]:
    sizes = table_sizes(n_players, seats, min_seats) if n_players > 0 else None
    if sizes is None:
        if min_seats is None or min_seats >= seats:
            raise ValueError(f"n_players must be a positive multiple of {seats}, "
                             f"got {n_players}")
        raise ValueError(f"{n_players} players do not split into tables of {min_seats} "
                         f"to {seats} seats")
    return sizes


def repeat_lower_bound(n_players: int, rounds: int, seats: int = SEATS,
                       min_seats: int | None = None) -> int:
    """Counting lower bound on :func:`repeat_count` for a schedule of ``rounds`` rounds.

    Each round seats ``n`` players at the tables of :func:`table_sizes`, a table of
    ``z`` seats holding ``C(z, 2)`` pairs, so ``r`` rounds hold ``r * sum C(z, 2)``
    meetings among ``C(n, 2)`` pairs; every meeting beyond one per pair is a repeat
    (4-seat tables: ``max(0, 3*n*r/2 - C(n, 2))``).  Raises ValueError if the players
    do not split into such tables (for a fixed size: ``n`` not a positive multiple of
    ``seats``).
    """
    sizes = _sizes_or_raise(n_players, seats, min_seats)
    meetings = sum(z * (z - 1) // 2 for z in sizes) * rounds
    return max(0, meetings - n_players * (n_players - 1) // 2)


def spread_lower_bound(n_players: int, rounds: int, seats: int = SEATS,
                       min_seats: int | None = None) -> int:
    """Lower bound on ``sum(C(c, 2))`` over pairs, ``c`` = meetings of the pair.

    ``sum(C(c, 2))`` counts, for every two rounds, the pairs that met in both: at
    least the even-spread bound (the meetings spread as evenly as they can be over the
    pairs).  For 4-seat tables two partitions into ``k = n/4`` tables also share at
    least 4 pairs when ``k = 2`` (a 2x2 intersection matrix with line sums 4) and 3
    when ``k = 3`` (every row of a 3x3 one with sum 4 has an entry >= 2); the bound is
    that times ``C(r, 2)``, or the even-spread bound, whichever is larger.  Raises
    ValueError as :func:`repeat_lower_bound` does.
    """
    sizes = _sizes_or_raise(n_players, seats, min_seats)
    pairs = n_players * (n_players - 1) // 2
    meetings = sum(z * (z - 1) // 2 for z in sizes) * rounds
    q, rem = divmod(meetings, pairs) if pairs else (0, 0)
    even = rem * (q + 1) * q // 2 + (pairs - rem) * q * (q - 1) // 2
    per_two_rounds = 0
    if set(sizes) == {SEATS}:
        per_two_rounds = {1: 6, 2: 4, 3: 3}.get(len(sizes), 0)
    return max(even, per_two_rounds * rounds * (rounds - 1) // 2)


def seat_counts(tables: Iterable[Sequence[str]]) -> dict[str, list[int]]:
    """Per player, how often they sat in each seat: ``{name: [s0, s1, …]}``, one count
    per seat of the largest table (``[s0, s1, s2, s3]`` for Kolkhoz's four).

    ``s0`` is the number of games in seat 0 (Kolkhoz: as first planner).
    """
    tables = [list(t) for t in tables]
    width = max((len(t) for t in tables), default=0)
    out: dict[str, list[int]] = {}
    for t in tables:
        for seat, p in enumerate(t):
            out.setdefault(p, [0] * width)[seat] += 1
    return out
