"""The command line: ``python -m arne_core adjudicate | play | bench | evaluate |
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
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from gamekit.recordcheck import add_verify_command
from gamekit.tools import json_line, load_json, name_values

from .errors import ArneError
from .record import adjudicate
from .ruleset import PRESETS

EXIT_BAD_RECORD = 2
SEATS = ["Anya", "Boris", "Vera", "Gleb", "Dasha", "Egor"]


_line = json_line
_load = load_json


def _values(pairs: list[str] | None) -> dict[str, Any]:
    """``NAME=VALUE`` pairs (``gamekit.tools.name_values``); a bad pair is the engine's
    ``invalid_ruleset``."""
    try:
        return name_values(pairs)
    except ValueError as e:
        raise ArneError("invalid_ruleset", str(e), None) from None


def cmd_adjudicate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        record = _load(args.record)
    except (OSError, ValueError) as e:
        err.write(_line({"error": {"code": "malformed", "message": f"cannot read the "
                                   f"record: {e}", "input": None, "rule": None}}) + "\n")
        return EXIT_BAD_RECORD
    try:
        events = adjudicate(record)
    except ArneError as e:
        for ev in e.events:
            out.write(_line(ev) + "\n")
        err.write(_line(e.to_json()) + "\n")
        return EXIT_BAD_RECORD
    for ev in events:
        out.write(_line(ev) + "\n")
    return 0


def cmd_whatif(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """One JSON object: ``{"illegal"}``, ``{"divergence"}`` or ``{"same": true}``
    (arne_core.whatif); exit 2 with the error object for a bad record or ruleset."""
    from .whatif import whatif

    try:
        record = _load(args.record)
    except (OSError, ValueError) as e:
        err.write(_line({"error": {"code": "malformed", "message": str(e), "input": None,
                                   "rule": None}}) + "\n")
        return EXIT_BAD_RECORD
    if not isinstance(record, dict):
        err.write(_line(ArneError("malformed", "a record is a JSON object").to_json())
                  + "\n")
        return EXIT_BAD_RECORD
    out.write(_line(whatif(record, options=_values(args.option), preset=args.preset)) + "\n")
    return 0


def add_play_commands(sub: Any) -> None:
    """``play``, ``bench`` and ``evaluate`` (``arne_core.cli_play``)."""
    from .cli_play import add_commands

    add_commands(sub)


def _definition(version: str | None) -> Any:
    """The game's definition at engine ``version`` (for ``verify``; LookupError for one
    not installed)."""
    from .definition import definition

    return definition(version)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m arne_core",
                                description="The Arne rules engine: adjudicate records, "
                                "play bot games, measure speed and bot strength.")
    sub = p.add_subparsers(dest="command", required=True)
    a = sub.add_parser("adjudicate", help="print a record's full event log (exit 2 on a "
                       "bad input)")
    a.add_argument("record", help="a arne-record/1 JSON file, or - for standard input")
    a.set_defaults(func=cmd_adjudicate)
    add_play_commands(sub)
    w = sub.add_parser("whatif", help="replay a record's inputs under another ruleset")
    w.add_argument("record")
    w.add_argument("--option", action="append", metavar="NAME=VALUE")
    w.add_argument("--preset", choices=sorted(PRESETS))
    w.set_defaults(func=cmd_whatif)
    add_verify_command(sub, _definition, record_format="arne-record/1")
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run the CLI; returns the exit status (0, or 2 for a bad record / ruleset)."""
    out = out or sys.stdout
    err = err or sys.stderr
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args, out, err))
    except ArneError as e:
        err.write(_line(e.to_json()) + "\n")
        return EXIT_BAD_RECORD
