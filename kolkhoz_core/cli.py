"""The command line: ``python -m kolkhoz_core adjudicate | play | bench | evaluate |
whatif | verify``.

``adjudicate RECORD.json`` prints the adjudicated log as JSON lines and exits 0, or
prints the log up to the first bad input and exits 2 with
``{"error": {"code", "message", "input", "rule"}}`` on standard error (RECORD_FORMAT.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from gamekit.evalcli import add_panel_arguments
from gamekit.recordcheck import add_verify_arguments

from .errors import AdjudicationError, KolkhozError
from .record import FORMAT, adjudicate, to_record

EXIT_BAD_RECORD = 2


def _line(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _load(path: str) -> Any:
    """The JSON document at ``path`` (``-``: standard input). Raises OSError or ValueError
    (a document nested too deeply for the decoder is a ValueError too)."""
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None


def _error(e: KolkhozError) -> dict[str, Any]:
    """The CLI's error object of an engine error: ``{"error": {"code", "message",
    "input", "rule"}}`` (RECORD_FORMAT.md "The command-line adjudicator"; ``input`` is
    null for an error of the record or ruleset as a whole), as every game's CLI writes."""
    body = e.to_dict()
    return {"error": {"code": body["code"], "message": body["message"],
                      "input": body.get("input"), "rule": body["rule"]}}


def cmd_adjudicate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        record = _load(args.record)
    except (OSError, ValueError) as e:
        err.write(_line({"error": {"code": "record_invalid", "message": f"cannot read the "
                                   f"record: {e}", "input": None, "rule": None}}) + "\n")
        return EXIT_BAD_RECORD
    try:
        events = adjudicate(record)
    except AdjudicationError as e:
        for ev in e.events:
            out.write(_line(ev) + "\n")
        err.write(_line({"error": e.to_dict()}) + "\n")
        return EXIT_BAD_RECORD
    for ev in events:
        out.write(_line(ev) + "\n")
    return 0


def cmd_play(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .bots import get_bot
    from .ruleset import build_ruleset
    from .runner import play_game

    options: dict[str, Any] = {}
    for opt in args.option or []:
        name, _, raw = opt.partition("=")
        try:
            options[name] = json.loads(raw)
        except ValueError:
            options[name] = raw
    ruleset = build_ruleset({"preset": args.preset, "options": options})
    seats = ["Anya", "Boris", "Pyotr", "Vera"]
    bots = [get_bot(args.bot) for _ in range(4)]
    events = play_game(ruleset, seats, bots, args.seed)
    if args.log:
        for ev in events:
            out.write(_line(ev) + "\n")
    else:
        out.write(json.dumps(to_record(events), ensure_ascii=False, indent=1) + "\n")
    return 0


def cmd_bench(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .bench import run_bench

    result = run_bench(args.games, preset=args.preset, progress=not args.quiet, err=err)
    out.write(_line(result) + "\n")
    return 0


EXIT_VERIFY_FAILED = 1


def cmd_whatif(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``whatif RECORD.json [--option NAME=VALUE]... [--preset P]``: one JSON object on
    standard output (``{"illegal": ...}``, ``{"divergence": ...}`` or ``{"same": true}``,
    kolkhoz_core.whatif) and exit 0; exit 2 with ``{"error": {"code", "message", "rule"}}``
    on standard error when the record or the alternative ruleset is bad."""
    from .whatif import WhatIfError, parse_option, whatif

    try:
        record = _load(args.record)
    except (OSError, ValueError) as e:
        err.write(_line({"error": {"code": "record_invalid", "message": f"cannot read the "
                                   f"record: {e}", "input": None, "rule": None}}) + "\n")
        return EXIT_BAD_RECORD
    try:
        options = dict(parse_option(o) for o in args.option or [])
        if not isinstance(record, dict):
            raise WhatIfError("record_invalid", "a record must be a JSON object", None)
        result = whatif(record, options=options, preset=args.preset)
    except WhatIfError as e:
        err.write(_line(_error(e)) + "\n")
        return EXIT_BAD_RECORD
    out.write(_line(result) + "\n")
    return 0


def _definition(version: str | None) -> Any:
    """Kolkhoz's definition at engine ``version`` (LookupError for one not installed)."""
    from .definition import definition

    return definition(version)


def cmd_verify(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``verify BUNDLE.json``: check an evidence bundle (kolkhoz_core.bundle); prints the
    report; exit 0 when every check passes, 1 naming the first failure on standard error
    (``{"error": {"check", "seq", "message"}}``), 2 when the file cannot be read.

    ``verify RECORD.json [--head HASH] [--engine-version V]``: a ``kolkhoz-record/1``
    file is checked as a record instead (``gamekit.recordcheck``, as every game's
    ``verify`` does: re-adjudication, seed commitment, deals, and the published head)."""
    from gamekit.recordcheck import run_verify

    from .bundle import verify_bundle

    try:
        bundle = _load(args.bundle)
    except (OSError, ValueError) as e:
        err.write(_line({"error": {"check": "format", "seq": None,
                                   "message": f"cannot read the bundle: {e}"}}) + "\n")
        return EXIT_BAD_RECORD
    if isinstance(bundle, dict) and bundle.get("format") == FORMAT:
        return run_verify(args, out, err, _definition, document=bundle)
    report = verify_bundle(bundle)
    out.write(_line(report) + "\n")
    if not report["ok"]:
        err.write(_line({"error": report["failure"]}) + "\n")
        return EXIT_VERIFY_FAILED
    return 0


def _settings(pairs: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for opt in pairs or []:
        name, _, raw = opt.partition("=")
        try:
            out[name] = json.loads(raw)
        except ValueError:
            out[name] = raw
    return out


def cmd_evaluate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``evaluate``: on the fixed panel (``gamekit.evalcli``) unless the sampled form
    (``--games`` / ``--seed``, ``kolkhoz_core.evaluate``) is asked for."""
    from gamekit.evalcli import is_sampled, run_panel

    from .evaluate import evaluate

    if not is_sampled(args):
        return run_panel("kolkhoz", args, out, err)
    if args.seats not in (None, 4):
        err.write(_line({"error": {"code": "bad_seats", "message": "Kolkhoz is played at "
                                   "4 seats"}}) + "\n")
        return EXIT_BAD_RECORD
    try:
        result = evaluate(args.candidate, args.against, args.games or 400, args.seed or "eval",
                          preset=args.preset, candidate_settings=_settings(args.setting),
                          baseline_settings=_settings(args.baseline_setting), jobs=args.jobs,
                          progress=not args.quiet, err=err)
    except (KeyError, ValueError) as e:
        err.write(_line({"error": {"code": "bad_evaluation", "message": str(e)}}) + "\n")
        return EXIT_BAD_RECORD
    out.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m kolkhoz_core",
                                description="The Kolkhoz rules engine: adjudicate records, "
                                "play bot games, measure speed.")
    sub = p.add_subparsers(dest="command", required=True)
    a = sub.add_parser("adjudicate", help="print a record's full event log (exit 2 on a bad input)")
    a.add_argument("record", help="a kolkhoz-record/1 JSON file, or - for standard input")
    a.set_defaults(func=cmd_adjudicate)
    pl = sub.add_parser("play", help="play one random-bot game and print it as a record")
    pl.add_argument("--preset", default="kolkhoz", choices=["kolkhoz", "kolkhoznik", "zone"])
    pl.add_argument("--seed", required=True)
    pl.add_argument("--option", action="append", help="NAME=VALUE override, repeatable")
    pl.add_argument("--bot", default="random")
    pl.add_argument("--log", action="store_true", help="print the event log instead of the record")
    pl.set_defaults(func=cmd_play)
    b = sub.add_parser("bench", help="play N random-bot games; print games/s and fold time")
    b.add_argument("--games", type=int, default=1000)
    b.add_argument("--preset", default="kolkhoz")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    b.set_defaults(func=cmd_bench)
    w = sub.add_parser("whatif", help="replay a record's inputs under another ruleset or "
                       "interpretation option; print the first illegal input or divergence")
    w.add_argument("record", help="a kolkhoz-record/1 JSON file, or - for standard input")
    w.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="override an option (repeatable), e.g. swap_scope=hidden")
    w.add_argument("--preset", choices=["kolkhoz", "kolkhoznik", "zone"],
                   help="replay under this preset (keeping the record's number of years)")
    w.set_defaults(func=cmd_whatif)
    v = sub.add_parser("verify", help="check an evidence bundle: chain, seed commitment, "
                       "deals, consequences (or a record: re-adjudication, seed, deals, "
                       "--head); exit 1 naming the first failure")
    v.add_argument("bundle", help="a kolkhoz-evidence/1 JSON file (or a kolkhoz-record/1 "
                   "one: checked as a record), or - for standard input")
    add_verify_arguments(v, record_format=FORMAT, file=False)
    v.set_defaults(func=cmd_verify)
    ev = sub.add_parser("evaluate", help="a candidate bot in one seat against three baseline "
                        "bots on the fixed panel's deals, seats rotated; prints the win "
                        "share with its 95%% interval (--json: JSON)")
    ev.add_argument("candidate", help="registered bot name (random, heuristic, ismcts, "
                    "seam-ismcts), optionally NAME:SETTING=VALUE...")
    ev.add_argument("--against", required=True, help="the baseline bot's name")
    ev.add_argument("--games", type=int, default=None,
                    help="the sampled form instead of the panel: N games (a multiple of 4, "
                    "default 400), one JSON line")
    ev.add_argument("--seed", default=None, help="sampled form: seeds are SEED/0, SEED/1, "
                    "... (default eval)")
    ev.add_argument("--preset", default="kolkhoz", choices=["kolkhoz", "kolkhoznik", "zone"])
    ev.add_argument("--setting", action="append", metavar="NAME=VALUE",
                    help="a candidate setting (e.g. iterations=300), repeatable")
    ev.add_argument("--baseline-setting", action="append", metavar="NAME=VALUE",
                    help="a baseline setting, repeatable")
    ev.add_argument("--jobs", type=int, default=1, help="worker processes")
    ev.add_argument("--quiet", action="store_true", help="no progress bar")
    add_panel_arguments(ev)
    ev.set_defaults(func=cmd_evaluate)
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 2 bad record or input). An engine
    error no command answered itself (``play --option nope=1``: the ruleset's
    ``unknown_option``) exits 2 with its error object, as in every game's CLI — never a
    traceback."""
    args = build_parser().parse_args(argv)
    err = err or sys.stderr
    try:
        result: int = args.func(args, out or sys.stdout, err)
    except KolkhozError as e:
        err.write(_line(_error(e)) + "\n")
        return EXIT_BAD_RECORD
    return result
