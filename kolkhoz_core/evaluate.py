"""Strength evaluation: one candidate bot against three copies of a baseline bot.

Games come in blocks of four per seed: the same seed (so the same first deal, the same
first planner, the same bot generators) is played with the candidate in each of the
four seats in turn. Rotating seats this way removes the luck of the deal from the
comparison (paired seeds), so ``games`` must be a multiple of 4.

Reported (``python -m kolkhoz_core evaluate``):

* ``win_share`` — the candidate's share of first places (a first place shared by k
  seats counts 1/k); three copies of one bot against a fourth equal one score 0.25;
* ``ci95`` — a 95% confidence interval on ``win_share``: normal approximation over the
  per-seed means (each the mean of the four rotated games), which respects the pairing
  (the generic statistics are ``gamekit.stats``);
  the Wilson interval over single games is given too (``ci95_wilson``);
* ``mean_place`` — the candidate's mean final place (1..4; shared places as printed);
* ``decision_ms`` — the candidate's wall-clock time per decision (p50, p95, max; p90 added) on
  this machine, and ``decision_cpu_ms`` the CPU time of the deciding thread (the same
  figure without the other processes competing for the cores).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from gamekit.stats import first_place_share, paired_half_width, percentile, wilson

from .bots import get_bot, identity
from .choices import Choices
from .ruleset import build_ruleset
from .runner import play_game

__all__ = ["SEATS", "evaluate", "play_block", "wilson"]

SEATS = ["Anya", "Boris", "Pyotr", "Vera"]


class _Timed:
    """A bot wrapper that records the time of every decision."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.version = bot.version
        self.settings = bot.settings
        self.times: list[float] = []
        self.cpu: list[float] = []

    def choose(self, view: Mapping[str, Any], choices: Choices, rng: Any) -> dict[str, Any]:
        t0 = time.perf_counter()
        c0 = time.thread_time()
        out: dict[str, Any] = self.bot.choose(view, choices, rng)
        self.cpu.append(time.thread_time() - c0)
        self.times.append(time.perf_counter() - t0)
        return out


def play_block(candidate: str, cand_settings: dict[str, Any], baseline: str,
               base_settings: dict[str, Any], preset: str, seed: str
               ) -> tuple[list[tuple[float, int]], list[float], list[float]]:
    """The four rotated games of one seed: ``[(win share, place)] * 4`` for the
    candidate, and its decision times (wall clock and CPU, seconds)."""
    ruleset = build_ruleset({"preset": preset})
    out: list[tuple[float, int]] = []
    times: list[float] = []
    cpu: list[float] = []
    for seat in range(4):
        cand = _Timed(get_bot(candidate, **cand_settings))
        bots: list[Any] = [get_bot(baseline, **base_settings) for _ in range(4)]
        bots[seat] = cand
        events = play_game(ruleset, SEATS, bots, seed)
        places = events[-1]["places"]
        out.append((first_place_share(places, seat), places[seat]))
        times += cand.times
        cpu += cand.cpu
    return out, times, cpu


def evaluate(candidate: str, baseline: str, games: int, seed: str, *,
             preset: str = "kolkhoz", candidate_settings: dict[str, Any] | None = None,
             baseline_settings: dict[str, Any] | None = None, jobs: int = 1,
             progress: bool = True, err: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` games (a multiple of 4) and summarise the candidate's results.

    Seeds are ``f"{seed}/{i}"`` for i in 0 .. games/4 - 1. Raises ValueError when
    ``games`` is not a positive multiple of 4 or a bot name is unknown (KeyError)."""
    if games <= 0 or games % 4:
        raise ValueError("games must be a positive multiple of 4 (seats are rotated per seed)")
    err = err or sys.stderr
    cs = dict(candidate_settings or {})
    bs = dict(baseline_settings or {})
    cand_id = identity(get_bot(candidate, **cs))
    base_id = identity(get_bot(baseline, **bs))
    n_seeds = games // 4
    seeds = [f"{seed}/{i}" for i in range(n_seeds)]
    per_seed: list[list[tuple[float, int]]] = []
    times: list[float] = []
    cpu: list[float] = []
    t0 = time.perf_counter()

    def tick(done: int) -> None:
        if progress:
            frac = done / n_seeds
            el = time.perf_counter() - t0
            eta = el / frac - el if frac > 0 else 0.0
            err.write(f"\r[{'#' * int(30 * frac):<30}] {done * 4}/{games} games "
                      f"{el:6.0f}s elapsed, ~{eta:5.0f}s left")
            err.flush()

    if jobs <= 1:
        for i, s in enumerate(seeds):
            res, ts, cp = play_block(candidate, cs, baseline, bs, preset, s)
            per_seed.append(res)
            times += ts
            cpu += cp
            tick(i + 1)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as ex:
            futs = [ex.submit(play_block, candidate, cs, baseline, bs, preset, s)
                    for s in seeds]
            for i, fu in enumerate(futs):
                res, ts, cp = fu.result()
                per_seed.append(res)
                times += ts
                cpu += cp
                tick(i + 1)
    if progress:
        err.write("\n")
    shares = [w for block in per_seed for w, _ in block]
    places = [p for block in per_seed for _, p in block]
    means = [sum(w for w, _ in block) / 4 for block in per_seed]
    ws = sum(shares) / len(shares)
    half = paired_half_width(means)
    lo_w, hi_w = wilson(ws, len(shares))
    return {
        "candidate": cand_id, "baseline": base_id, "preset": preset, "games": games,
        "seed": seed,
        "win_share": round(ws, 4),
        "ci95": [round(max(0.0, ws - half), 4), round(min(1.0, ws + half), 4)],
        "ci95_method": "normal over per-seed means (4 rotated games per seed)",
        "ci95_wilson": [round(lo_w, 4), round(hi_w, 4)],
        "mean_place": round(sum(places) / len(places), 4),
        "decision_ms": {"p50": round(percentile(times, 0.5) * 1000, 2),
                        "p95": round(percentile(times, 0.95) * 1000, 2),
                        "p90": round(percentile(times, 0.9) * 1000, 2),
                        "max": round(max(times, default=0.0) * 1000, 2),
                        "decisions": len(times)},
        "decision_cpu_ms": {"p50": round(percentile(cpu, 0.5) * 1000, 2),
                            "p95": round(percentile(cpu, 0.95) * 1000, 2),
                            "p90": round(percentile(cpu, 0.9) * 1000, 2),
                            "max": round(max(cpu, default=0.0) * 1000, 2)},
        "elapsed_s": round(time.perf_counter() - t0, 1),
        "jobs": jobs,
    }
