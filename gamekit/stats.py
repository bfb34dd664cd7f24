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
import random
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


def cluster_bootstrap(clusters: Sequence[Sequence[float]], *, resamples: int = 2000,
                      seed: str = "gamekit.stats.cluster_bootstrap",
                      level: float = 0.95) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean of all values, resampling whole
    *clusters* (for a panel: one deal's seat-rotated games) with replacement, so the
    pairing of the games of one deal is kept in every resample.

    ``clusters``: one sequence of values per cluster, all of the same length.
    ``resamples`` draws from ``random.Random(seed)`` (reproducible). Returns
    ``(lo, hi)`` at ``level`` (0.95: the 2.5th and 97.5th percentiles, nearest rank);
    ``(mean, mean)`` for a single cluster, ``(nan, nan)`` for none."""
    means = [sum(c) / len(c) for c in clusters]
    k = len(means)
    if k == 0:
        return (float("nan"), float("nan"))
    if k == 1:
        return (means[0], means[0])
    rng = random.Random(seed)
    stats = sorted(sum(means[rng.randrange(k)] for _ in range(k)) / k
                   for _ in range(resamples))
    tail = (1 - level) / 2
    return (percentile(stats, tail), percentile(stats, 1 - tail))
