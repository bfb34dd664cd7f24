"""Strength evaluation: one candidate bot against n − 1 opponents, seats rotated.

Games come in blocks of ``seats`` per seed (default 4): the same seed (the same deal,
the same draws, the same bot generators per seat and position) is played with the
candidate in each seat in turn, the opponents keeping their order in the other seats.
Rotating seats removes the luck of the deal and of the first turn from the comparison
(paired seeds), so ``matches`` must be a multiple of ``seats``. A match is a whole game
(until the deck runs out and the final round is played; end.*).

Reported:

* ``win_share`` — the candidate's share of first places. A first place shared by k
  seats (score.places: equal scores share the place) counts **1/k**, so n equal bots
  score 1/n in expectation and one bot against copies of itself exactly 1/n;
* ``ci95`` — 95% interval on ``win_share``: normal approximation over the per-seed
  means (each the mean of the rotated games, respecting the pairing;
  ``gamekit.stats.paired_half_width``); ``ci95_wilson``: Wilson over single games;
* ``mean_place`` (1–n, shared places as the engine gives them), ``mean_score`` (the
  candidate's final score, score.seat) with its paired ``mean_score_ci95``,
  ``mean_margin`` (its score minus the best other seat's; misère: the other way round,
  so positive is ahead), ``mean_turns``;
* ``decision_ms`` — the candidate's wall-clock time per decision (p50, p95, max).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from gamekit.stats import first_place_share, paired_half_width, percentile, wilson

from .bots import get_bot, identity
from .ruleset import Ruleset, build_ruleset
from .runner import play_game

__all__ = ["evaluate", "play_block", "resolve_ruleset", "seat_names"]

Result = tuple[float, int, int, int, int]  # (win share, place, score, margin, turns)


def seat_names(n: int) -> list[str]:
    """The seat labels of an evaluation table: ``P1`` … ``Pn``."""
    return [f"P{i + 1}" for i in range(n)]


def resolve_ruleset(ruleset: Ruleset | Mapping[str, Any] | str | None) -> Ruleset:
    """A built ruleset from a Ruleset, a spec ``{"preset", "options"}``, a preset name,
    or None (``normal``). Raises ArneError ``invalid_ruleset``."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    if isinstance(ruleset, str):
        return build_ruleset({"preset": ruleset})
    return build_ruleset(ruleset if ruleset is not None else {"preset": "normal"})


class _Timed:
    """A bot wrapper that records the wall-clock time of every decision."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name, self.version = bot, bot.name, bot.version
        self.settings = bot.settings
        self.times: list[float] = []

    def choose(self, view: Mapping[str, Any], choices: Any, rng: Any) -> dict[str, Any]:
        t0 = time.perf_counter()
        out: dict[str, Any] = self.bot.choose(view, choices, rng)
        self.times.append(time.perf_counter() - t0)
        return out


def play_block(candidate: tuple[str, dict[str, Any]],
               opponents: Sequence[tuple[str, dict[str, Any]]], rs: Ruleset, seed: str
               ) -> tuple[list[Result], list[float]]:
    """The n rotated games of one seed (n = len(opponents) + 1): per game the
    candidate's ``(win share, place, score, margin, turns)``, and its decision times
    (seconds)."""
    n = len(opponents) + 1
    sign = -1 if rs.mode == "misere" else 1
    out: list[Result] = []
    times: list[float] = []
    for seat in range(n):
        cand = _Timed(get_bot(candidate[0], **candidate[1]))
        others = iter(get_bot(name, **settings) for name, settings in opponents)
        bots: list[Any] = [cand if s == seat else next(others) for s in range(n)]
        end = play_game(rs, seat_names(n), bots, seed)[-1]
        places, scores = end["places"], end["scores"]
        best_other = max(sign * scores[s] for s in range(n) if s != seat)
        out.append((first_place_share(places, seat), places[seat], scores[seat],
                    sign * scores[seat] - best_other, end["turns"]))
        times += cand.times
    return out, times


def evaluate(candidate: str, opponents: str | Sequence[str], matches: int, seed: str,
             ruleset: Ruleset | Mapping[str, Any] | str | None = None, *,
             seats: int = 4, candidate_settings: Mapping[str, Any] | None = None,
             opponent_settings: Mapping[str, Any] | None = None, jobs: int = 1,
             progress: bool = False, err: TextIO | None = None) -> dict[str, Any]:
    """Play ``matches`` games (a positive multiple of ``seats``) of ``candidate`` (a bot
    name) against ``opponents`` (one bot name for every other seat, or ``seats`` − 1
    names) at a table of ``seats`` (2–6; the dummy 2–5) and summarise the candidate's
    results (see the module docstring).

    Seeds are ``f"{seed}/{i}"`` for i in 0 .. matches/seats − 1, each played ``seats``
    times with the candidate in seats 0 … n − 1. ``ruleset``: a Ruleset, a spec, a
    preset name or None (``normal``). ``jobs`` > 1 plays blocks in that many processes
    (the result is the same). ``progress`` writes a progress line to ``err`` (stderr).
    Raises ValueError for a bad ``matches``, ``seats`` or opponent count, KeyError for
    an unknown bot, ArneError for a bad ruleset or a seat count it refuses."""
    if type(seats) is not int or not 2 <= seats <= 6:
        raise ValueError("seats must be an integer 2..6")
    if type(matches) is not int or matches <= 0 or matches % seats:
        raise ValueError(f"matches must be a positive multiple of {seats} (seats are "
                         "rotated per seed)")
    names = [opponents] * (seats - 1) if isinstance(opponents, str) else list(opponents)
    if len(names) != seats - 1:
        raise ValueError(f"opponents: one bot name, or {seats - 1}")
    rs = resolve_ruleset(ruleset)
    cand = (candidate, dict(candidate_settings or {}))
    opps = [(n, dict(opponent_settings or {})) for n in names]
    cand_id = identity(get_bot(cand[0], **cand[1]))
    opp_ids = [identity(get_bot(n, **s)) for n, s in opps]
    err = err or sys.stderr
    seeds = [f"{seed}/{i}" for i in range(matches // seats)]
    blocks: list[list[Result]] = []
    times: list[float] = []
    t0 = time.perf_counter()

    def collect(res: list[Result], ts: list[float]) -> None:
        blocks.append(res)
        times.extend(ts)
        if progress:
            err.write(f"\r{len(blocks) * seats}/{matches} matches "
                      f"{time.perf_counter() - t0:6.0f}s")
            err.flush()

    if jobs <= 1:
        for s in seeds:
            collect(*play_block(cand, opps, rs, s))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as ex:
            for res, ts in ex.map(play_block, [cand] * len(seeds), [opps] * len(seeds),
                                  [rs] * len(seeds), seeds, chunksize=2):
                collect(res, ts)
    if progress:
        err.write("\n")
    games = [g for b in blocks for g in b]
    n = len(games)
    ws = sum(g[0] for g in games) / n
    half = paired_half_width([sum(g[0] for g in b) / seats for b in blocks])
    mean_score = sum(g[2] for g in games) / n
    score_half = paired_half_width([sum(g[2] for g in b) / seats for b in blocks])
    lo_w, hi_w = wilson(ws, n)
    return {
        "candidate": cand_id, "opponents": opp_ids, "ruleset": rs.to_json(),
        "seats": seats, "matches": matches, "seed": seed,
        "win_share": round(ws, 4),
        "ci95": [round(max(0.0, ws - half), 4), round(min(1.0, ws + half), 4)],
        "ci95_method": f"normal over per-seed means ({seats} rotated matches per seed)",
        "ci95_wilson": [round(lo_w, 4), round(hi_w, 4)],
        "ties": "a first place shared by k seats counts 1/k",
        "mean_place": round(sum(g[1] for g in games) / n, 4),
        "mean_score": round(mean_score, 1),
        "mean_score_ci95": [round(mean_score - score_half, 1),
                            round(mean_score + score_half, 1)],
        "mean_margin": round(sum(g[3] for g in games) / n, 1),
        "mean_turns": round(sum(g[4] for g in games) / n, 2),
        "decision_ms": {"p50": round(percentile(times, 0.5) * 1000, 3),
                        "p95": round(percentile(times, 0.95) * 1000, 3),
                        "max": round(max(times, default=0.0) * 1000, 3),
                        "decisions": len(times)},
        "elapsed_s": round(time.perf_counter() - t0, 1),
        "jobs": jobs,
    }
