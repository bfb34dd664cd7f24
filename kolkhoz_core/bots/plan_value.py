"""What a year's end is worth for the rest of the Plan: a value estimate for ``ismcts``.

The search plays out the current year only (the next deal is a fresh shuffle); this
module values the position the year leaves behind, for every year but the last, as the
estimated chance of each seat finishing first. Two features per seat, each taken
against the mean of the three other seats:

* ``total`` — its cellar total (plus medals under the ``medals`` variant), what the
  score will count if nothing more changes;
* ``exposure`` — the sum over the four crops of its highest matching cellar card (the
  Wrecker matching every crop): what one requisition of every field would take, the
  cellar's exposure to the years left.

The estimate is ``1 / (1 + exp(-(a * total + b * exposure + c)))``
with coefficients per rule family and per number of years left, fitted by logistic
regression on games between ``heuristic`` bots (``python -m
kolkhoz_core.plan_value_fit``; the fit's sample and the numbers are in
``docs/bots.md``). Families: ``k52`` (the 52-card game), ``k36`` (the 36-card game
without Northern play or the mice), ``everyone`` (Northern play or the mice: every seat
answers for every failed field).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import SUIT, VALUE, WRECKER

Entry = tuple[int, bool, int]

#: family -> years left (1..4) -> (a, b, c): fitted by kolkhoz_core.plan_value_fit over
#: 500 heuristic games per family (2,000 seat-years per entry; ``--games 500 --seed plan-fit``)
COEFFS: dict[str, dict[int, tuple[float, float, float]]] = {
    "k52": {
        1: (0.0981, -0.0159, -1.5365),
        2: (0.0719, -0.0164, -1.283),
        3: (0.0508, 0.0006, -1.1799),
        4: (0.1231, -0.0917, -1.1176),
    },
    "k36": {
        1: (0.1374, -0.0292, -1.6764),
        2: (0.1145, -0.0388, -1.3657),
        3: (0.121, -0.0435, -1.2762),
        4: (0.1172, -0.0391, -1.1709),
    },
    "everyone": {
        1: (0.1433, -0.0327, -1.3335),
        2: (0.0638, -0.0186, -1.1472),
        3: (0.0547, -0.0303, -1.1134),
        4: (0.0093, 0.0093, -1.1023),
    },
}


def family(opts: Mapping[str, Any]) -> str:
    """The rule family whose coefficients apply (``k52``, ``k36`` or ``everyone``)."""
    if opts.get("northern") or opts.get("mice"):
        return "everyone"
    return "k36" if opts.get("deck") == 36 else "k52"


def crop_tops(cellar: Sequence[Entry]) -> list[int]:
    """Per crop (field 0–3), the value of ``cellar``'s highest card a requisition of
    that crop would take (the Wrecker matches every crop); 0 when none (points)."""
    tops = [0, 0, 0, 0]
    for e in cellar:
        c = e[0]
        v = VALUE[c]
        if c == WRECKER:
            for f in range(4):
                if v > tops[f]:
                    tops[f] = v
        elif v > tops[SUIT[c]]:
            tops[SUIT[c]] = v
    return tops


def exposure(cellar: Sequence[Entry]) -> int:
    """Sum over the four crops of the highest matching card of ``cellar`` (points)."""
    return sum(crop_tops(cellar))


def relative(xs: Sequence[float]) -> list[float]:
    """Each seat's figure against the mean of the three others."""
    tot = sum(xs)
    return [x - (tot - x) / 3.0 for x in xs]


def features(totals: Sequence[int],
             cellars: Sequence[Sequence[Entry]]) -> list[tuple[float, float]]:
    """Per seat: (total, exposure), each against the others' mean."""
    t = relative(totals)
    e = relative([exposure(c) for c in cellars])
    return list(zip(t, e, strict=True))


def plan_values(opts: Mapping[str, Any], years_left: int, totals: Sequence[int],
                cellars: Sequence[Sequence[Entry]]) -> list[float]:
    """The estimated chance in [0, 1] of each seat finishing first, from a year's end
    with ``years_left`` (>= 1) years still to play. Raises KeyError for years_left < 1.
    (Called once per search iteration: written for speed, the same as ``features``.)"""
    table = COEFFS[family(opts)]
    a, b, c = table[min(years_left, 4)]
    exp = math.exp
    ex = [exposure(cel) for cel in cellars]
    st = sum(totals)
    se = sum(ex)
    out = []
    for i in range(4):
        t = totals[i] - (st - totals[i]) / 3.0
        e = ex[i] - (se - ex[i]) / 3.0
        z = a * t + b * e + c
        out.append(1.0 / (1.0 + exp(-z)) if z > -30.0 else 0.0)
    return out
