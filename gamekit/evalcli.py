"""The ``evaluate`` command every game's command line shares (``gamekit.evaluate``).

``python -m <game>_core evaluate CANDIDATE --against BASELINE [--panel N] [--seats K]
[--json] [--setting NAME=VALUE]... [--baseline-setting NAME=VALUE]... [--preset P]
[--option NAME=VALUE]... [--jobs J] [--quiet]`` plays the first ``N`` deals of the fixed
panel (default 100 of ``panel/1``) once per seat rotation and prints a summary, or with
``--json`` the report as one JSON object. ``CANDIDATE`` and ``BASELINE`` name a bot,
optionally with settings: ``ismcts:iterations=300``. Exit 0; exit 2 with
``{"error": {"code", "message"}}`` on standard error for an unknown bot, settings a bot
refuses, a table size the game does not play, a bad ruleset or a panel too small.

A game whose ``evaluate`` had its own sampled form before the panel (``--games`` /
``--matches`` with ``--seed``) keeps it: ``is_sampled`` tells the game's handler that
such a flag was given, and it runs its own evaluation as before.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from .bots import identity_label
from .evaluate import EvaluationError, evaluate_panel
from .panels import DEFAULT_PANEL
from .tools import json_line, name_values

__all__ = ["EXIT_BAD", "add_panel_arguments", "is_sampled", "run_panel", "summary"]

EXIT_BAD = 2
#: Deals played when ``--panel`` is not given.
DEFAULT_DEALS = 100


def _add(p: argparse.ArgumentParser, *flags: str, **kw: Any) -> None:
    """Add an option unless the game's parser already has it (its own keeps working)."""
    if not any(f in p._option_string_actions for f in flags):
        p.add_argument(*flags, **kw)


def add_panel_arguments(p: argparse.ArgumentParser) -> None:
    """Add the panel flags to a game's ``evaluate`` subparser ``p`` (those it lacks):
    ``--against``, ``--panel``, ``--panel-id``, ``--seats``, ``--json``, ``--setting``,
    ``--baseline-setting``, ``--jobs``, ``--quiet``."""
    _add(p, "--against", default="random", help="the baseline bot (NAME[:SETTING=VALUE]...)")
    _add(p, "--panel", type=int, default=None, metavar="N",
         help=f"play the first N deals of the panel, each once per seat rotation "
              f"(default {DEFAULT_DEALS})")
    _add(p, "--panel-id", default=DEFAULT_PANEL, help=f"the panel (default {DEFAULT_PANEL})")
    _add(p, "--seats", type=int, default=None, metavar="K",
         help="table size (default 4 when the game is played at 4)")
    _add(p, "--json", action="store_true", help="print the report as one JSON object")
    _add(p, "--setting", action="append", metavar="NAME=VALUE",
         help="a candidate setting (e.g. iterations=300), repeatable")
    _add(p, "--baseline-setting", action="append", metavar="NAME=VALUE",
         help="a baseline setting, repeatable")
    _add(p, "--jobs", type=int, default=1, help="worker processes (the same figures)")
    _add(p, "--quiet", action="store_true", help="no progress line")


def is_sampled(args: argparse.Namespace) -> bool:
    """True when the older sampled form was asked for (``--games``/``--matches`` or
    ``--seed`` given) and no ``--panel``: the game's own evaluation then runs."""
    sampled = any(getattr(args, f, None) is not None for f in ("games", "matches", "seed"))
    return sampled and getattr(args, "panel", None) is None


def _error(err: TextIO, code: str, message: str) -> int:
    err.write(json_line({"error": {"code": code, "message": message}}) + "\n")
    return EXIT_BAD


def run_panel(game_id: str, args: argparse.Namespace, out: TextIO, err: TextIO,
              *, seats: int | None = None) -> int:
    """Run the panel evaluation the parsed ``args`` describe for ``game_id``; print the
    summary (or ``--json`` the report) on ``out``. ``seats``: the table size when the
    game's parser names it otherwise (``--players``). Returns the exit status."""
    try:
        cand_settings = name_values(args.setting)
        base_settings = name_values(args.baseline_setting)
        options = name_values(getattr(args, "option", None))
    except ValueError as e:
        return _error(err, "bad_bot_settings", str(e))
    ruleset: dict[str, Any] | None = None
    if getattr(args, "preset", None) is not None or options:
        ruleset = {k: v for k, v in (("preset", getattr(args, "preset", None)),
                                     ("options", options)) if v}
    mixed = [f"--{f}" for f in ("games", "matches", "seed") if getattr(args, f, None) is not None]
    if mixed:
        return _error(err, "mixed_forms", f"{', '.join(mixed)} belong to the sampled form; "
                      "the panel fixes its own deals (drop them, or drop --panel)")
    if args.panel is not None and args.panel < 1:
        return _error(err, "panel_too_small", f"--panel is a number of deals ≥ 1, "
                      f"not {args.panel}")
    try:
        report = evaluate_panel(
            game_id, args.candidate, args.against, deals=args.panel or DEFAULT_DEALS,
            seats=args.seats if args.seats is not None else seats, ruleset=ruleset,
            panel=args.panel_id, candidate_settings=cand_settings,
            baseline_settings=base_settings, jobs=args.jobs,
            progress=not args.quiet, err=err)
    except EvaluationError as e:
        return _error(err, e.code, e.message)
    out.write((json.dumps(report, ensure_ascii=False) if args.json else summary(report))
              + "\n")
    return 0


def summary(r: dict[str, Any]) -> str:
    """A few readable lines of an ``evaluate_panel`` report."""
    p = r["panel"]
    k = p["seats"]
    lines = [
        f"{identity_label(r['candidate'])} against {k - 1} × {identity_label(r['baseline'])}",
        f"{r['game']} {r['engine_version']}, ruleset {json_line(r['ruleset'] or 'default')}; "
        f"{p['id']}: {p['deals']} deals × {k} seat rotations = {p['games']} games",
        f"win share {r['win_share']:.3f}  95% CI [{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}] "
        f"(bootstrap over deals; Wilson [{r['ci95_wilson'][0]:.3f}, "
        f"{r['ci95_wilson'][1]:.3f}]); equal bots: {r['parity']:.3f}",
        f"mean place {r['mean_place']:.2f} [{r['mean_place_ci95'][0]:.2f}, "
        f"{r['mean_place_ci95'][1]:.2f}]; mean {r['score_name']} {r['mean_score']:.1f} "
        f"[{r['mean_score_ci95'][0]:.1f}, {r['mean_score_ci95'][1]:.1f}]"
        + (" (lower is better)" if r["lower_score_wins"] else ""),
        "win share by seat: " + "  ".join(f"{s['seat']}: {s['win_share']:.3f}"
                                          for s in r["by_seat"]),
        f"decision ms p50 {r['decision_ms']['p50']}, p90 {r['decision_ms']['p90']}, "
        f"p95 {r['decision_ms']['p95']} (CPU p50 {r['decision_cpu_ms']['p50']}, p90 "
        f"{r['decision_cpu_ms']['p90']}); {r['decision_ms']['decisions']} "
        f"decisions, {r['elapsed_s']} s",
    ]
    return "\n".join(lines)
