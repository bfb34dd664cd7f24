"""Fit ``bots.plan_value``'s coefficients: logistic regression of the final first-place share
on each year end's (total, exposure) features, in games between ``heuristic`` bots.

    python -m kolkhoz_core.plan_value_fit [--games N] [--seed S]

prints, per rule family (``kolkhoz`` for ``k52``, ``kolkhoznik`` for ``k36``, ``zone``
for ``everyone``) and years left, the fitted ``(a, b)``, the sample size and the
log-loss against a constant 0.25 — the numbers quoted in docs/bots.md and copied into
``plan_value.COEFFS``. Deterministic given the seed. Stdlib only (Newton's method on
two coefficients, no intercept: the four seats are symmetric).
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence

from gamekit.stats import first_place_share

from . import build_ruleset
from .bots.base import Bot
from .bots.heuristic import HeuristicBot
from .bots.plan_value import features
from .cards import VALUE
from .game import start
from .runner import play_year

FAMILY_PRESET = {"k52": "kolkhoz", "k36": "kolkhoznik", "everyone": "zone"}


def collect(preset: str, games: int, seed: str) -> dict[int, list[tuple[float, float, float]]]:
    """years left -> [(total, exposure, first-place share)] over every seat and year end."""
    rs = build_ruleset({"preset": preset})
    data: dict[int, list[tuple[float, float, float]]] = {}
    bots: list[Bot] = [HeuristicBot() for _ in range(4)]
    for g in range(games):
        gseed = f"{seed}/{preset}/{g}"
        state, _ = start(rs, list("ABCD"), None, gseed)
        rows: list[tuple[int, list[tuple[float, float]]]] = []
        places: list[int] = []
        while not state.finished:
            events = play_year(state, bots, gseed)
            if not state.finished:
                totals = [sum(VALUE[e[0]] for e in cel) for cel in state.cellars]
                if state.opts["medals"]:
                    totals = [totals[i] + state.medals_total[i] for i in range(4)]
                cellars = [[(c, h, k) for c, h, k, _ in cel] for cel in state.cellars]
                rows.append((state.years - state.year + 1, features(totals, cellars)))
            else:
                places = events[-1]["places"]
        for left, feats in rows:
            for seat in range(4):
                t, e = feats[seat]
                data.setdefault(left, []).append((t, e, first_place_share(places, seat)))
    return data


def _solve(h: list[list[float]], g: list[float]) -> list[float]:
    """h x = g for a small symmetric positive-definite h (Gaussian elimination)."""
    n = len(g)
    m = [row[:] + [g[i]] for i, row in enumerate(h)]
    for i in range(n):
        piv = m[i][i]
        for j in range(i + 1, n):
            f = m[j][i] / piv
            for k in range(i, n + 1):
                m[j][k] -= f * m[i][k]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (m[i][n] - sum(m[i][k] * x[k] for k in range(i + 1, n))) / m[i][i]
    return x


def fit(rows: Sequence[tuple[float, float, float]], iters: int = 25,
        ridge: float = 1.0) -> tuple[float, float, float]:
    """Logistic regression: (a, b, c) maximising the likelihood of the first-place
    share y under sigmoid(a*t + b*e + c) (Newton's method; a small ridge on a and b
    keeps it defined when total and exposure coincide, as after year 1)."""
    w_ = [0.0, 0.0, 0.0]
    for _ in range(iters):
        g = [-ridge * w_[0], -ridge * w_[1], 0.0]
        h = [[ridge, 0.0, 0.0], [0.0, ridge, 0.0], [0.0, 0.0, 1e-9]]
        for t, e, y in rows:
            x = (t, e, 1.0)
            p = 1.0 / (1.0 + math.exp(-(w_[0] * t + w_[1] * e + w_[2])))
            r = y - p
            w = p * (1 - p)
            for i in range(3):
                g[i] += r * x[i]
                for j in range(3):
                    h[i][j] += w * x[i] * x[j]
        step = _solve(h, g)
        w_ = [w_[i] + step[i] for i in range(3)]
    return w_[0], w_[1], w_[2]


def log_loss(rows: Sequence[tuple[float, float, float]], a: float, b: float,
             c: float) -> float:
    """Mean cross-entropy of the shares under the model (the constant 0.25: a=b=0,
    c=log(1/3))."""
    s = 0.0
    for t, e, y in rows:
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-(a * t + b * e + c)))))
        s -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return s / len(rows)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", default="plan-fit")
    args = ap.parse_args(argv)
    out: dict[str, dict[str, object]] = {}
    for fam, preset in FAMILY_PRESET.items():
        data = collect(preset, args.games, args.seed)
        per: dict[str, object] = {}
        for left in sorted(data):
            rows = data[left]
            a, b, c = fit(rows)
            per[str(left)] = {"a": round(a, 4), "b": round(b, 4), "c": round(c, 4),
                              "n": len(rows),
                              "log_loss": round(log_loss(rows, a, b, c), 4),
                              "log_loss_const": round(log_loss(rows, 0, 0, math.log(1 / 3)), 4)}
        out[fam] = {"preset": preset, "games": args.games, "fit": per}
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
