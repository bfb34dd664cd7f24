"""The command line: ``python -m korova_core adjudicate | play | bench | evaluate |
whatif | verify`` (RECORD_FORMAT.md "The command-line adjudicator").

``adjudicate RECORD.json`` prints the adjudicated log as JSON lines and exits 0; on an
illegal or malformed input it prints the log up to that point and exits 2 with
``{"error": {"code", "message", "input", "rule"}}`` as one line on standard error.

``verify RECORD.json [--head HASH]`` checks a finished game's record
(``gamekit.recordcheck``: it re-adjudicates, its seed is the committed one and gives its
deals, its log hashes to the published head) and exits 0, or 1 naming the first failure.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from gamekit.evalcli import add_panel_arguments
from gamekit.recordcheck import add_verify_command
from gamekit.tools import json_line, load_json, name_values

from .errors import KorovaError
from .record import adjudicate, to_record
from .ruleset import PRESETS, build_ruleset

EXIT_BAD_RECORD = 2
SEATS = ["Anya", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Ilya", "Kira", "Lev"]


_line = json_line
_load = load_json


def _values(pairs: list[str] | None) -> dict[str, Any]:
    """``NAME=VALUE`` pairs (``gamekit.tools.name_values``); a bad pair is the engine's
    ``invalid_ruleset``."""
    try:
        return name_values(pairs)
    except ValueError as e:
        raise KorovaError("invalid_ruleset", str(e), None) from None


def cmd_adjudicate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        record = _load(args.record)
    except (OSError, ValueError) as e:
        err.write(_line({"error": {"code": "malformed", "message": f"cannot read the "
                                   f"record: {e}", "input": None, "rule": None}}) + "\n")
        return EXIT_BAD_RECORD
    try:
        events = adjudicate(record)
    except KorovaError as e:
        for ev in e.events:
            out.write(_line(ev) + "\n")
        err.write(_line(e.to_json()) + "\n")
        return EXIT_BAD_RECORD
    for ev in events:
        out.write(_line(ev) + "\n")
    return 0


def cmd_play(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """One game of ``--players`` bots (``--bot``, or ``--bots A,B,…`` naming each seat)
    from ``--seed``: its record
    (or ``--log``: its event log)."""
    from .bots import get_bot
    from .runner import play_game

    rs = build_ruleset({"preset": args.preset, "options": _values(args.option)})
    names = args.bots.split(",") if args.bots else [args.bot] * args.players
    if not 2 <= len(names) <= 10:
        raise KorovaError("invalid_seats", "2 to 10 bots", "setup.players")
    events = play_game(rs, SEATS[:len(names)], [get_bot(n) for n in names], args.seed)
    if args.log:
        for ev in events:
            out.write(_line(ev) + "\n")
    else:
        out.write(json.dumps(to_record(events), ensure_ascii=False, indent=1) + "\n")
    return 0


def cmd_bench(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .bench import bench

    out.write(_line(bench(args.games, args.seed, args.bot, seats=args.players)) + "\n")
    return 0


def cmd_evaluate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``evaluate``: on the fixed panel (``gamekit.evalcli``) unless the sampled form
    (``--matches`` / ``--seed``, ``korova_core.evaluate``) is asked for."""
    from gamekit.evalcli import is_sampled, run_panel

    from .evaluate import evaluate

    if not is_sampled(args):
        return run_panel("korova", args, out, err)
    rs = build_ruleset({"preset": args.preset, "options": _values(args.option)})
    try:
        report = evaluate(args.candidate, args.against, args.matches or 400,
                          args.seed or "evaluate", rs, seats=args.seats or 4,
                          candidate_settings=_values(args.setting),
                          opponent_settings=_values(args.baseline_setting), jobs=args.jobs)
    except (KeyError, ValueError) as e:
        err.write(_line({"error": {"code": "bad_evaluation", "message": str(e),
                                   "input": None, "rule": None}}) + "\n")
        return EXIT_BAD_RECORD
    out.write(json.dumps(report, ensure_ascii=False) + "\n")
    return 0


def cmd_whatif(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """One JSON object: ``{"illegal"}``, ``{"divergence"}`` or ``{"same": true}``
    (korova_core.whatif); exit 2 with the error object for a bad record or ruleset."""
    from .whatif import whatif

    try:
        record = _load(args.record)
    except (OSError, ValueError) as e:
        err.write(_line({"error": {"code": "malformed", "message": str(e), "input": None,
                                   "rule": None}}) + "\n")
        return EXIT_BAD_RECORD
    if not isinstance(record, dict):
        err.write(_line(KorovaError("malformed", "a record is a JSON object").to_json())
                  + "\n")
        return EXIT_BAD_RECORD
    out.write(_line(whatif(record, options=_values(args.option), preset=args.preset)) + "\n")
    return 0


def _definition(version: str | None) -> Any:
    """The game's definition at engine ``version`` (for ``verify``; LookupError for one
    not installed)."""
    from .definition import definition

    return definition(version)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m korova_core",
                                description="The Korova rules engine: adjudicate records, "
                                "play bot games, measure speed and bot strength.")
    sub = p.add_subparsers(dest="command", required=True)
    a = sub.add_parser("adjudicate", help="print a record's full event log (exit 2 on a "
                       "bad input)")
    a.add_argument("record", help="a korova-record/1 JSON file, or - for standard input")
    a.set_defaults(func=cmd_adjudicate)
    pl = sub.add_parser("play", help="play one bot game and print its record")
    pl.add_argument("--seed", required=True)
    pl.add_argument("--preset", default="base", choices=sorted(PRESETS))
    pl.add_argument("--option", action="append", metavar="NAME=VALUE")
    pl.add_argument("--bot", default="random")
    pl.add_argument("--players", type=int, default=4, help="seats (2–10), default 4")
    pl.add_argument("--bots", help="bot names, comma-separated, seat 0 first")
    pl.add_argument("--log", action="store_true", help="print the event log instead")
    pl.set_defaults(func=cmd_play)
    b = sub.add_parser("bench", help="play N bot games; print games/s, events/s and fold time")
    b.add_argument("--games", type=int, default=200)
    b.add_argument("--seed", default="bench")
    b.add_argument("--bot", default="random")
    b.add_argument("--players", type=int, default=4, help="seats (2–10), default 4")
    b.set_defaults(func=cmd_bench)
    ev = sub.add_parser("evaluate", help="a candidate bot against n − 1 copies of another "
                        "(--seats) on the fixed panel's deals, seats rotated; prints the "
                        "win share with its 95%% interval (--json: JSON)")
    ev.add_argument("candidate")
    ev.add_argument("--against", default="random")
    ev.add_argument("--seats", "--players", dest="seats", type=int, default=None,
                    help="seats (2–10), default 4")
    ev.add_argument("--matches", type=int, default=None,
                    help="the sampled form instead of the panel: N matches (a multiple of "
                    "the seats, default 400), one JSON line")
    ev.add_argument("--seed", default=None, help="sampled form: seeds SEED/0, SEED/1, ...")
    ev.add_argument("--preset", default="base", choices=sorted(PRESETS))
    ev.add_argument("--option", action="append", metavar="NAME=VALUE")
    add_panel_arguments(ev)
    ev.set_defaults(func=cmd_evaluate)
    w = sub.add_parser("whatif", help="replay a record's inputs under another ruleset")
    w.add_argument("record")
    w.add_argument("--option", action="append", metavar="NAME=VALUE")
    w.add_argument("--preset", choices=sorted(PRESETS))
    w.set_defaults(func=cmd_whatif)
    add_verify_command(sub, _definition, record_format="korova-record/1")
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run the CLI; returns the exit status (0, or 2 for a bad record / ruleset)."""
    out = out or sys.stdout
    err = err or sys.stderr
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args, out, err))
    except KorovaError as e:
        err.write(_line(e.to_json()) + "\n")
        return EXIT_BAD_RECORD
