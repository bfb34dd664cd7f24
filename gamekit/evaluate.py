"""Bot strength on a fixed panel, for any registered game (``evaluate_panel``).

The candidate bot plays against copies of a baseline bot on the deals of a fixed panel
(``gamekit.panels``): every deal is played once per seat rotation — the candidate in
seat 0, then 1, … k − 1, the baseline's copies in the other seats — so each deal is
met from every seat and every candidate meets the same deals in the same seats (the
duplicate idea). Games are played through the game's definition only (``start``,
``play_bots``, ``outcome``), the way a league's tables are played.

Figures (docs/bots.md "The evaluation panel"):

* ``win_share`` — the candidate's share of first places, a first place shared by j
  seats counting 1/j; a bot against copies of itself scores exactly 1/k (``parity``);
* ``ci95`` — 95% percentile bootstrap over *deals* (``gamekit.stats.cluster_bootstrap``,
  2,000 resamples of whole deals with their k rotated games, seeded: reproducible): it
  keeps the pairing of one deal's rotations, whose results are correlated;
  ``ci95_wilson`` is the Wilson score interval treating the games as independent
  trials (fractional ties counted as fractions), ``ci95_normal`` the normal
  approximation over per-deal means;
* ``mean_place`` (1 = best) and ``mean_score`` (the game's own score; see
  ``lower_score_wins``), each with its bootstrap interval over deals;
* ``by_seat`` — games and win share of the candidate in each seat (every seat plays
  every deal once: the counts are equal by construction);
* ``decision_ms`` / ``decision_cpu_ms`` — the candidate's wall-clock and thread CPU
  time per decision (p50, p90, p95, max; milliseconds) on this machine.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from . import registry
from .bots import identity, parse_bot_spec
from .panels import DEFAULT_PANEL, PanelError, panel_digest, panel_seeds
from .seam import GameDefinition
from .stats import cluster_bootstrap, first_place_share, paired_half_width, percentile, wilson

__all__ = ["FORMAT", "EvaluationError", "deal_fingerprint", "evaluate_panel", "play_deal",
           "resolve_bot"]

#: The report's format tag (a contract: fields are added, never renamed).
FORMAT = "kolkhoz-evaluation/1"
BotSpec = tuple[str, dict[str, Any]]
# per rotated game: (win share, place, score)
GameResult = tuple[float, int, float]


class EvaluationError(ValueError):
    """An evaluation that cannot be run: ``code`` (``unknown_bot``,
    ``bad_bot_settings``, ``bad_seats``, ``invalid_ruleset``, ``unknown_panel``,
    ``no_panel_for_table``, ``panel_too_small``, ``bad_jobs``) and ``message``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, Any]:
        """``{"error": {"code", "message"}}``: what the command line prints."""
        return {"error": {"code": self.code, "message": self.message}}


def resolve_bot(defn: GameDefinition, spec: str | BotSpec,
                settings: Mapping[str, Any] | None = None) -> tuple[BotSpec, dict[str, Any]]:
    """``(name, settings)`` and the identity of the bot ``spec`` names (a
    ``NAME[:SETTING=VALUE]...`` string, or a ``(name, settings)`` pair; ``settings``
    are added on top). Raises EvaluationError ``unknown_bot`` (listing the game's
    bots) or ``bad_bot_settings`` (the bot's own complaint)."""
    if isinstance(spec, str):
        try:
            name, parsed = parse_bot_spec(spec)
        except ValueError as e:
            raise EvaluationError("bad_bot_settings", str(e)) from None
    else:
        name, parsed = spec[0], dict(spec[1])
    parsed.update(settings or {})
    if name not in defn.bot_names():
        raise EvaluationError("unknown_bot", f"{defn.id} has no bot {name!r} (bots: "
                              f"{', '.join(defn.bot_names())})")
    try:
        bot = defn.bot(name, **parsed)
    except (KeyError, TypeError, ValueError) as e:
        raise EvaluationError("bad_bot_settings", f"bot {name!r} refuses the settings "
                              f"{parsed!r}: {e}") from None
    return (name, parsed), identity(bot)


class _Timed:
    """A bot wrapper recording the wall-clock and thread CPU time of every decision."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name, self.version = bot, bot.name, bot.version
        self.settings = bot.settings
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def choose(self, view: Mapping[str, Any], choices: Any, rng: Any) -> dict[str, Any]:
        t0, c0 = time.perf_counter(), time.thread_time()
        out: dict[str, Any] = self.bot.choose(view, choices, rng)
        self.cpu.append(time.thread_time() - c0)
        self.wall.append(time.perf_counter() - t0)
        return out


def play_deal(game_id: str, version: str | None, ruleset: Mapping[str, Any] | None,
              seats: int, candidate: BotSpec, baseline: BotSpec, seed: str
              ) -> tuple[list[GameResult], list[float], list[float], list[str]]:
    """One panel deal played ``seats`` times, the candidate in seat r of game r:
    per game the candidate's ``(win share, place, score)``, its decision times (wall
    clock and CPU, seconds), and per game the fingerprint of the opening deal
    (``deal_fingerprint``)."""
    defn = registry.get(game_id, version)
    rs = defn.ruleset(ruleset)
    names = [f"P{i + 1}" for i in range(seats)]
    out: list[GameResult] = []
    wall: list[float] = []
    cpu: list[float] = []
    prints: list[str] = []
    for seat in range(seats):
        cand = _Timed(defn.bot(candidate[0], **candidate[1]))
        bots: list[Any] = [cand if s == seat else defn.bot(baseline[0], **baseline[1])
                           for s in range(seats)]
        opening = defn.start(rs, names, {}, seed)
        state = defn.fold(opening)
        prints.append(deal_fingerprint(defn, state, opening, seed))
        turns: dict[int, int] = {}
        while not defn.finished(state):
            state, events = defn.play_bots(state, bots, seed, turns=turns)
            if not events and not defn.finished(state):
                raise RuntimeError(f"{game_id}: play stopped before the end (deal {seed})")
        result = defn.outcome(state)
        assert result is not None
        out.append((first_place_share(result.places, seat), result.places[seat],
                    float(result.scores[seat])))
        wall += cand.wall
        cpu += cand.cpu
    return out, wall, cpu, prints


def deal_fingerprint(defn: GameDefinition, state: Any, opening: Sequence[Any],
                     seed: str) -> str:
    """SHA-256 (hex, 16 digits) of a game's opening events and its first chance outcome
    (the first deal, when the opening does not already hold it): equal for two games
    dealt the same cards, whoever sits where."""
    first = defn.chance_input(state, seed)
    doc = json.dumps([list(opening), first], sort_keys=True, default=str)
    return hashlib.sha256(doc.encode()).hexdigest()[:16]


def _ms(xs: Sequence[float]) -> dict[str, float]:
    return {"p50": round(percentile(xs, 0.5) * 1000, 3),
            "p90": round(percentile(xs, 0.9) * 1000, 3),
            "p95": round(percentile(xs, 0.95) * 1000, 3),
            "max": round(max(xs, default=0.0) * 1000, 3)}


def _interval(pair: tuple[float, float], digits: int = 4) -> list[float]:
    return [round(pair[0], digits), round(pair[1], digits)]


def _check(defn: GameDefinition, seats: int | None, ruleset: Mapping[str, Any] | None,
           jobs: int) -> int:
    lo, hi = defn.seats
    k = (4 if lo <= 4 <= hi else hi) if seats is None else seats
    if type(k) is not int or not lo <= k <= hi:
        at = f"{lo}" if lo == hi else f"{lo} to {hi}"
        raise EvaluationError("bad_seats", f"{defn.id} is played at {at} seats, "
                              f"not {seats!r}")
    try:
        rs = defn.ruleset(ruleset)
    except defn.errors as e:
        raise EvaluationError("invalid_ruleset", str(getattr(e, "message", e))) from None
    try:  # a ruleset may narrow the seat range (Korova's tactical game: 2 to 4)
        defn.start(rs, [f"P{i + 1}" for i in range(k)], {}, "seat-check")
    except defn.errors as e:
        raise EvaluationError("bad_seats", str(getattr(e, "message", e))) from None
    if type(jobs) is not int or jobs < 1:
        raise EvaluationError("bad_jobs", f"jobs is a positive integer, not {jobs!r}")
    return k


def evaluate_panel(game_id: str, candidate: str | BotSpec, baseline: str | BotSpec, *,
                   deals: int = 100, seats: int | None = None,
                   ruleset: Mapping[str, Any] | None = None, panel: str = DEFAULT_PANEL,
                   candidate_settings: Mapping[str, Any] | None = None,
                   baseline_settings: Mapping[str, Any] | None = None,
                   version: str | None = None, jobs: int = 1, progress: bool = False,
                   err: TextIO | None = None) -> dict[str, Any]:
    """Play the first ``deals`` deals of ``panel`` for ``game_id`` at ``seats`` seats
    (None: 4 when the game allows it, else its maximum) once per seat rotation —
    ``deals × seats`` games — and summarise the candidate's results (module docstring;
    a JSON-able dict, ``FORMAT``).

    ``candidate`` / ``baseline``: ``NAME[:SETTING=VALUE]...`` or ``(name, settings)``;
    ``*_settings`` are added. ``ruleset``: ``{"preset", "options"}`` (None: the game's
    default). ``jobs`` > 1 plays deals in that many processes (the same report but for
    the timings). Raises EvaluationError (codes listed on the class)."""
    try:
        defn = registry.get(game_id, version)
    except LookupError as e:
        raise EvaluationError("unknown_game", str(e)) from None
    k = _check(defn, seats, ruleset, jobs)
    cand, cand_id = resolve_bot(defn, candidate, candidate_settings)
    base, base_id = resolve_bot(defn, baseline, baseline_settings)
    try:
        seeds = panel_seeds(game_id, k, deals, panel)
    except PanelError as e:
        raise EvaluationError(e.code, e.message) from None
    err = err or sys.stderr
    blocks: list[list[GameResult]] = []
    wall: list[float] = []
    cpu: list[float] = []
    prints: list[list[str]] = []
    t0 = time.perf_counter()

    def collect(res: tuple[list[GameResult], list[float], list[float], list[str]]) -> None:
        blocks.append(res[0])
        wall.extend(res[1])
        cpu.extend(res[2])
        prints.append(res[3])
        if progress:
            err.write(f"\r{len(blocks)}/{len(seeds)} deals ({len(blocks) * k} games) "
                      f"{time.perf_counter() - t0:6.0f}s")
            err.flush()

    args = (game_id, version, ruleset, k, cand, base)
    if jobs == 1:
        for s in seeds:
            collect(play_deal(*args, s))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as ex:
            for res in ex.map(play_deal, *([a] * len(seeds) for a in args), seeds):
                collect(res)
    if progress:
        err.write("\n")
    report = _report(defn, ruleset, panel, k, seeds, blocks, cand_id, base_id, wall, cpu,
                     time.perf_counter() - t0, jobs)
    report["panel"]["deals_fingerprint"] = hashlib.sha256(
        json.dumps(prints).encode()).hexdigest()
    report["panel"]["rotations_same_deal"] = all(len(set(p)) == 1 for p in prints)
    return report


def _report(defn: GameDefinition, ruleset: Mapping[str, Any] | None, panel: str,
            k: int, seeds: list[str], blocks: list[list[GameResult]],
            cand_id: dict[str, Any], base_id: dict[str, Any], wall: list[float],
            cpu: list[float], elapsed: float, jobs: int) -> dict[str, Any]:
    """The report of ``evaluate_panel`` from the per-deal results."""
    games = [g for b in blocks for g in b]
    n = len(games)
    shares = [[g[0] for g in b] for b in blocks]
    ws = sum(g[0] for g in games) / n
    half = paired_half_width([sum(s) / k for s in shares])
    places = [[float(g[1]) for g in b] for b in blocks]
    scores = [[g[2] for g in b] for b in blocks]
    mean_score = sum(g[2] for g in games) / n
    return {
        "format": FORMAT,
        "game": defn.id, "engine_version": defn.engine_version,
        "ruleset": dict(ruleset) if ruleset is not None else None,
        "panel": {"id": panel, "deals": len(seeds), "seats": k, "games": n,
                  "digest": panel_digest(defn.id, k, panel),
                  "rotation": "every deal once per seat, the candidate in seat r of the "
                              "r-th game, the baseline's copies in the other seats"},
        "candidate": cand_id, "baseline": base_id,
        "parity": round(1 / k, 4),
        "win_share": round(ws, 4),
        "ci95": _interval(cluster_bootstrap(shares)),
        "ci95_method": f"percentile bootstrap over deals (2000 resamples of whole deals, "
                       f"{k} rotated games each)",
        "ci95_wilson": _interval(wilson(ws, n)),
        "ci95_normal": [round(max(0.0, ws - half), 4), round(min(1.0, ws + half), 4)],
        "ties": "a first place shared by j seats counts 1/j",
        "mean_place": round(sum(g[1] for g in games) / n, 4),
        "mean_place_ci95": _interval(cluster_bootstrap(places)),
        "mean_score": round(mean_score, 3),
        "mean_score_ci95": _interval(cluster_bootstrap(scores), 3),
        "score_name": defn.score_name,
        "lower_score_wins": bool(defn.lower_wins(ruleset)),
        "by_seat": [{"seat": s, "games": len(blocks),
                     "win_share": round(sum(b[s][0] for b in blocks) / len(blocks), 4)}
                    for s in range(k)],
        "decision_ms": {**_ms(wall), "decisions": len(wall)},
        "decision_cpu_ms": _ms(cpu),
        "elapsed_s": round(elapsed, 1),
        "jobs": jobs,
    }
