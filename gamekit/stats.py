"""The generic parts of a bot-strength evaluation, whatever the game.

A candidate plays against copies of a baseline over *paired seeds*: each seed is played
once with the candidate in every seat in turn (the seat rotation), so the luck of the
deal cancels out of the comparison. Per game the candidate scores its share of first
places (``first_place_share``); the interval is a normal approximation over the per-seed
means (``paired_half_width``), which respects the pairing; ``wilson`` gives the interval
over single games too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def first_place_share(places: Sequence[int], seat: int) -> float:
    """``seat``'s share of the first place: ``1/k`` if it shares first place with
    ``k - 1`` other seats, else 0."""
    if places[seat] != 1:
        return 0.0
    return 1.0 / sum(1 for p in places if p == 1)


def paired_half_width(means: Sequence[float], z: float = 1.96) -> float:
    """Half the width of the normal-approximation interval of the mean of ``means``
    (one mean per paired seed); NaN for fewer than two seeds."""
    n = len(means)
    if n < 2:
        return float("nan")
    m = sum(means) / n
    var = sum((x - m) ** 2 for x in means) / (n - 1)
    return z * math.sqrt(var / n)


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion ``p`` over ``n`` trials ((0, 1) when
    ``n`` is 0)."""
    if n == 0:
        return (0.0, 1.0)
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(xs: Sequence[float], q: float) -> float:
    """The nearest-rank ``q``-quantile (0 < q <= 1) of ``xs``; 0.0 for no values."""
    if not xs:
        return 0.0
    s = sorted(xs)
    i = min(len(s) - 1, max(0, int(math.ceil(q * len(s))) - 1))
    return s[i]
