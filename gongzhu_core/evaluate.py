"""Strength evaluation: one candidate bot against three opponents, seats rotated.

Matches come in blocks of four per seed: the same seed (the same deals, the same first
dealer, the same bot generators per seat and position) is played with the candidate in
each of the four seats in turn, the opponents keeping their order in the other seats.
Rotating seats removes the luck of the deal from the comparison (paired seeds), so
``matches`` must be a multiple of 4. A match is a whole game (to the ruleset's
``end_score``, −1000 by default).

Reported:

* ``win_share`` — the candidate's share of first places. A first place shared by k
  seats (game.places: equal totals share it) counts **1/k** (fractionally, not as a
  whole win), so four equal bots score 0.25 in expectation and one bot against three
  copies of itself exactly 0.25;
* ``ci95`` — 95% interval on ``win_share``: normal approximation over the per-seed
  means (each the mean of the four rotated games, respecting the pairing;
  ``gamekit.stats.paired_half_width``); ``ci95_wilson``: Wilson over single games;
* ``mean_place`` (1–4, shared places as the engine gives them), ``mean_score`` (the
  candidate's final total) with its paired ``mean_score_ci95``, ``mean_rounds``;
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
from .choices import Choices
from .ruleset import Ruleset, build_ruleset
from .runner import play_game

__all__ = ["SEATS", "evaluate", "play_block", "resolve_ruleset"]

SEATS = ["East", "South", "West", "North"]
Result = tuple[float, int, int, int]  # (win share, place, final total, rounds)


def resolve_ruleset(ruleset: Ruleset | Mapping[str, Any] | str | None) -> Ruleset:
    """A built ruleset from a Ruleset, a spec ``{"preset", "options"}``, a preset name,
    or None (``standard``). Raises GongzhuError ``invalid_ruleset``."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    if isinstance(ruleset, str):
        return build_ruleset({"preset": ruleset})
    return build_ruleset(ruleset)


class _Timed:
    """A bot wrapper that records the wall-clock time of every decision."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name, self.version = bot, bot.name, bot.version
        self.settings = bot.settings
        self.times: list[float] = []

    def choose(self, view: Mapping[str, Any], choices: Choices, rng: Any) -> dict[str, Any]:
        t0 = time.perf_counter()
        out: dict[str, Any] = self.bot.choose(view, choices, rng)
        self.times.append(time.perf_counter() - t0)
        return out


def play_block(candidate: tuple[str, dict[str, Any]],
               opponents: Sequence[tuple[str, dict[str, Any]]], rs: Ruleset, seed: str
               ) -> tuple[list[Result], list[float]]:
    """The four rotated games of one seed: per game the candidate's ``(win share,
    place, final total, rounds)``, and its decision times (seconds)."""
    out: list[Result] = []
    times: list[float] = []
    for seat in range(4):
        cand = _Timed(get_bot(candidate[0], **candidate[1]))
        others = iter(get_bot(name, **settings) for name, settings in opponents)
        bots: list[Any] = [cand if s == seat else next(others) for s in range(4)]
        end = play_game(rs, SEATS, bots, seed)[-1]
        places = end["places"]
        out.append((first_place_share(places, seat), places[seat], end["scores"][seat],
                    end["rounds"]))
        times += cand.times
    return out, times


def evaluate(candidate: str, opponents: str | Sequence[str], matches: int, seed: str,
             ruleset: Ruleset | Mapping[str, Any] | str | None = None, *,
             candidate_settings: Mapping[str, Any] | None = None,
             opponent_settings: Mapping[str, Any] | None = None, jobs: int = 1,
             progress: bool = False, err: TextIO | None = None) -> dict[str, Any]:
    """Play ``matches`` games (a positive multiple of 4) of ``candidate`` (a bot name)
    against ``opponents`` (one bot name for all three seats, or three names) and
    summarise the candidate's results (see the module docstring).

    Seeds are ``f"{seed}/{i}"`` for i in 0 .. matches/4 − 1, each played four times with
    the candidate in seats 0, 1, 2, 3. ``ruleset``: a Ruleset, a spec, a preset name or
    None (``standard``). ``jobs`` > 1 plays blocks in that many processes (the result
    is the same). ``progress`` writes a progress line to ``err`` (stderr).
    Raises ValueError for a bad ``matches`` or opponent count, KeyError for an unknown
    bot, GongzhuError for a bad ruleset."""
    if type(matches) is not int or matches <= 0 or matches % 4:
        raise ValueError("matches must be a positive multiple of 4 (seats are rotated "
                         "per seed)")
    names = [opponents] * 3 if isinstance(opponents, str) else list(opponents)
    if len(names) != 3:
        raise ValueError("opponents: one bot name, or three")
    rs = resolve_ruleset(ruleset)
    cand = (candidate, dict(candidate_settings or {}))
    opps = [(n, dict(opponent_settings or {})) for n in names]
    cand_id = identity(get_bot(cand[0], **cand[1]))
    opp_ids = [identity(get_bot(n, **s)) for n, s in opps]
    err = err or sys.stderr
    seeds = [f"{seed}/{i}" for i in range(matches // 4)]
    blocks: list[list[Result]] = []
    times: list[float] = []
    t0 = time.perf_counter()

    def collect(res: list[Result], ts: list[float]) -> None:
        blocks.append(res)
        times.extend(ts)
        if progress:
            err.write(f"\r{len(blocks) * 4}/{matches} matches "
                      f"{time.perf_counter() - t0:6.0f}s")
            err.flush()

    if jobs <= 1:
        for s in seeds:
            collect(*play_block(cand, opps, rs, s))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as ex:
            for res, ts in ex.map(play_block, [cand] * len(seeds), [opps] * len(seeds),
                                  [rs] * len(seeds), seeds, chunksize=4):
                collect(res, ts)
    if progress:
        err.write("\n")
    games = [g for b in blocks for g in b]
    n = len(games)
    ws = sum(g[0] for g in games) / n
    half = paired_half_width([sum(g[0] for g in b) / 4 for b in blocks])
    mean_score = sum(g[2] for g in games) / n
    score_half = paired_half_width([sum(g[2] for g in b) / 4 for b in blocks])
    lo_w, hi_w = wilson(ws, n)
    return {
        "candidate": cand_id, "opponents": opp_ids, "ruleset": rs.to_json(),
        "matches": matches, "seed": seed,
        "win_share": round(ws, 4),
        "ci95": [round(max(0.0, ws - half), 4), round(min(1.0, ws + half), 4)],
        "ci95_method": "normal over per-seed means (4 rotated matches per seed)",
        "ci95_wilson": [round(lo_w, 4), round(hi_w, 4)],
        "ties": "a first place shared by k seats counts 1/k",
        "mean_place": round(sum(g[1] for g in games) / n, 4),
        "mean_score": round(mean_score, 1),
        "mean_score_ci95": [round(mean_score - score_half, 1),
                            round(mean_score + score_half, 1)],
        "mean_rounds": round(sum(g[3] for g in games) / n, 2),
        "decision_ms": {"p50": round(percentile(times, 0.5) * 1000, 3),
                        "p95": round(percentile(times, 0.95) * 1000, 3),
                        "max": round(max(times, default=0.0) * 1000, 3),
                        "decisions": len(times)},
        "elapsed_s": round(time.perf_counter() - t0, 1),
        "jobs": jobs,
    }
