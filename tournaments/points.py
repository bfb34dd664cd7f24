"""Placement points (pure Python, standard library only, no Django; re-exported by
``tournaments.scoring``).

Placement points
----------------
A finished table ranks its players by *place* (1 = best) in standard competition
ranking: tied players share the best place they cover and the next place is skipped
(``1, 2, 2, 4``).  A tournament's placement points give one value per place of its
table size ``N``: by default ``N-1, N-2, …, 0`` — ``3/2/1/0`` at Kolkhoz's four seats,
``2/1/0`` at three, ``5/4/3/2/1/0`` at six — or the organiser's own (``N`` values,
never increasing).  The points of the places a tie covers are split evenly among the
tied players, exactly (``fractions.Fraction``): two players tied for 2nd of four get
``(2 + 1) / 2 = 3/2`` each; four players tied get ``6/4``.

A smaller table (a remainder of a game that also plays with fewer seats) reads the
tournament's points at the same *relative* place: place ``p`` of ``z`` sits
``(p-1)/(z-1)`` of the way from first to last, and gets the points there, linearly
interpolated between the two neighbouring places of the ``N``-seat table
(:func:`table_points`).  With the default points this is ``(N-1)·(z-p)/(z-1)``: the
winner of any table gets ``N-1``, the last 0, and the points of a table average
``(N-1)/2`` per player whatever its size — 3, 1.5, 0 at a 3-seat table of a 4-seat
tournament, as 3, 2, 1, 0 average 1.5 — so equally strong players expect the same
points at a smaller table as at a full one, and a smaller table is neither a
punishment nor a gift.  (Plain ``z-1 … 0`` would give the players of smaller tables
fewer points on average; the full table's first ``z`` values would give them more.)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

DEFAULT_PLACEMENT_POINTS: tuple[int, int, int, int] = (3, 2, 1, 0)
"""Points for places 1, 2, 3 and 4 (Kolkhoz's table of four)."""


POINTS_LIMIT = 10**6
"""The largest size of a placement point: the standings show sums of them as floats, and
1e308 (or 10**400) overflowed there — a 500 on every read of the tournament."""


def _exact(x: Any) -> Fraction:
    if isinstance(x, bool) or not isinstance(x, int | float | Fraction):
        raise ValueError(f"placement points must be numbers, got {x!r}")
    if isinstance(x, float) and not math.isfinite(x):
        raise ValueError(f"placement points must be finite, got {x!r}")
    exact = Fraction(str(x)) if isinstance(x, float) else Fraction(x)
    if abs(exact) > POINTS_LIMIT:
        raise ValueError(f"placement points must lie within ±{POINTS_LIMIT}, got {x!r}")
    return exact


def default_placement_points(seats: int) -> tuple[int, ...]:
    """The default placement points of a ``seats``-seat table: ``seats-1`` down to 0
    (``3, 2, 1, 0`` for four). Raises ValueError for fewer than 1 seat."""
    if isinstance(seats, bool) or not isinstance(seats, int) or seats < 1:
        raise ValueError(f"seats must be a positive integer, got {seats!r}")
    return tuple(range(seats - 1, -1, -1))


def check_points(points: Sequence[Any], seats: int) -> list[Fraction]:
    """``points`` as exact Fractions, checked for a ``seats``-seat table: ``seats``
    finite numbers (floats at their decimal value: 0.5 is 1/2), never increasing from
    one place to the next. Raises ValueError saying what is wrong."""
    if isinstance(points, str | bytes) or not isinstance(points, Sequence):
        raise ValueError(f"placement points must be a list of {seats} numbers")
    if len(points) != seats:
        raise ValueError(f"points must give {seats} values (places 1..{seats}), "
                         f"got {len(points)}")
    exact = [_exact(x) for x in points]
    if any(b > a for a, b in zip(exact, exact[1:], strict=False)):
        raise ValueError(f"placement points must never increase from one place to the "
                         f"next, got {list(points)!r}")
    return exact


def table_points(points: Sequence[Any], size: int) -> list[Fraction]:
    """The placement points of a table of ``size`` seats, from a tournament's points
    for its full tables (``len(points)`` seats; module docstring): ``points`` itself
    when ``size`` is the full size; for a smaller table, place ``p`` gets the value at
    ``(p-1)·(N-1)/(size-1)`` on the full table's places, linearly interpolated (a
    1-seat table: the first place's). Exact Fractions. Raises ValueError for a
    ``size`` outside 1..N or points that are not numbers."""
    full = [_exact(x) for x in points]
    n = len(full)
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= n:
        raise ValueError(f"a table of {size!r} seats has no placement points in a "
                         f"tournament of {n}-seat tables")
    if size == n:
        return full
    if size == 1:
        return [full[0]]
    out = []
    for p in range(size):
        x = Fraction(p * (n - 1), size - 1)
        i = int(x)
        frac = x - i
        out.append(full[i] if frac == 0 else full[i] + frac * (full[i + 1] - full[i]))
    return out


def check_places(places: Sequence[int], seats: int | None = None) -> None:
    """Raise ValueError unless ``places`` (one per seat; ``seats`` of them when given)
    are integers ``1..n`` in competition ranking (``1, 2, 2, 4``)."""
    n = len(places) if seats is None else seats
    if len(places) != n or n < 1:
        raise ValueError(f"places must have {n} entries, got {len(places)}")
    for p in places:
        if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= n:
            raise ValueError(f"places must be integers 1..{n}, got {list(places)!r}")
    counts = Counter(places)
    for place, k in counts.items():
        better = sum(1 for q in places if q < place)
        if better != place - 1:
            raise ValueError(
                f"places {list(places)!r} are not in competition ranking: place {place} "
                f"is shared by {k} but {better} players are ahead (expected {place - 1}); "
                "tied players share the best place and the next places are skipped, e.g. 1,2,2,4"
            )


def placement_points(
    places: Sequence[int], points: Sequence[float] = DEFAULT_PLACEMENT_POINTS
) -> list[Fraction]:
    """Placement points for one table, ties splitting the places they cover.

    ``places``: one int per seat in seat order, 1 = best, competition ranking for
    ties (``[1, 2, 2, 4]``).  ``points``: the points of places 1..n for this table
    (one per seat: ints, floats or Fractions; floats are taken at their exact
    decimal value, e.g. 0.5; a smaller table's come from :func:`table_points`).
    Returns exact ``Fraction`` values in seat order; a group of ``k`` players tied
    at place ``p`` each gets ``sum(points[p-1 : p-1+k]) / k``.  Raises ValueError
    for places that do not form a competition ranking, or ``points`` not of the
    same length.
    """
    check_places(places)
    if len(points) != len(places):
        raise ValueError(f"points must give {len(places)} values (places "
                         f"1..{len(places)}), got {len(points)}")
    table = [_exact(x) for x in points]
    counts = Counter(places)
    return [sum(table[p - 1 : p - 1 + counts[p]], Fraction(0)) / counts[p] for p in places]
