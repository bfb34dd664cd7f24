"""Checking one finished game's record offline, for any game (standard library only):
``verify_record``, and the ``verify`` subcommand each game's command line adds with
``add_verify_command`` (``python -m gongzhu_core verify RECORD.json --head HASH``).

A record (``<game>-record/1``, the platform's ``GET /api/games/{id}/record/``) holds a
game's setup, its seed once revealed, and every input; the engine derives the rest. The
checks, in order, stop at the first failure:

``format``
    a JSON object of the game's ``record_format`` with a list of ``inputs`` (and, when an
    arbiter ruled, a list of ``adjustments``: the events after the end);
``seed``
    the opening event's ``seed_commitment`` is ``sha256(UTF-8(seed))`` and the end event
    reveals that same seed (docs/shuffle.md) — the engine writes both from the record's
    seed, so what ties that seed to the commitment the game published when it began is
    the ``head`` check (the opening event is the first link of the chain) and, at a
    tournament table, the table seed re-derived from the tournament's secret;
``deals``
    every chance outcome the log states is the one the seed gives (the game's own
    ``chance_mismatch``, docs/verify.md "Deals") — checked on as much of the log as the
    inputs give, so a deal the seed does not give is named as the cause even when a later
    input it made illegal stops the adjudication;
``adjudication``
    the engine re-adjudicates the inputs to a finished game (its end event last);
``head``
    the hash chain (``gamekit.canonical``, RECORD_FORMAT.md "Hash chain") over the
    re-adjudicated log followed by the adjustments ends at ``head`` — the head hash the
    platform published when the game ended — when one is given.

So a record that verifies with the published head is, event for event, the log the
platform stored: nothing in it was changed, and its deals are its seed's.
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from .canonical import hashes
from .seam import GameDefinition, NotSupported
from .tools import json_line, load_json

CHECKS = ("format", "seed", "deals", "adjudication", "head")
EXIT_OK, EXIT_FAILED, EXIT_UNREADABLE = 0, 1, 2


class _Failure(Exception):
    def __init__(self, check: str, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.check, self.message, self.seq = check, message, seq


def verify_record(defn: GameDefinition, record: Any, *,
                  head: str | None = None) -> dict[str, Any]:
    """Check a finished game's record with the game definition ``defn`` (its engine
    version is the one the game was played under). ``head``: the published head hash
    the re-adjudicated log must end at (None: not checked, ``head`` is then missing from
    ``passed``).

    Returns ``{"ok", "game", "engine_version", "passed": [check names], "failure":
    {"check", "seq", "message"} | None, "head_seq", "head_hash", "seed", "places",
    "scores"}`` — ``head_seq``/``head_hash`` of the log the record gives (None when it
    does not adjudicate), ``places``/``scores`` from its end event. Never raises on a
    malformed or tampered record: that is a check failing."""
    report: dict[str, Any] = {"ok": False, "game": defn.id,
                              "engine_version": defn.engine_version, "passed": [],
                              "failure": None, "head_seq": None, "head_hash": None,
                              "seed": None, "places": None, "scores": None}
    passed: list[str] = report["passed"]
    try:
        inputs, adjustments = _check_format(defn, record)
        passed.append("format")
        events, refused = _adjudicate(defn, inputs)
        seed = _check_seed(defn, record, events)
        report["seed"] = seed
        passed.append("seed")
        _check_deals(defn, events, seed)
        passed.append("deals")
        if refused is not None:
            raise refused
        full = events + adjustments
        end = events[-1]
        report.update(head_seq=len(full), head_hash=hashes(full)[-1],
                      places=end.get("places"), scores=end.get("scores"))
        passed.append("adjudication")
        if head is not None:
            if report["head_hash"] != head:
                raise _Failure("head", f"the log this record gives hashes to "
                               f"{report['head_hash']} at seq {len(full) - 1}, not the "
                               f"published head {head}: the record is not the stored game "
                               f"(or was played under another engine version than "
                               f"{defn.engine_version})", len(full) - 1)
            passed.append("head")
    except _Failure as f:
        report["failure"] = {"check": f.check, "seq": f.seq, "message": f.message}
        return report
    report["ok"] = True
    return report


def _check_format(defn: GameDefinition, record: Any) -> tuple[dict[str, Any], list[Any]]:
    if not isinstance(record, dict) or record.get("format") != defn.record_format:
        raise _Failure("format", f"not a {defn.record_format} document")
    if not isinstance(record.get("inputs"), list):
        raise _Failure("format", "'inputs' must be a list")
    if record.get("seed") is not None and not isinstance(record.get("seed"), str):
        raise _Failure("format", "'seed' must be a string")
    adjustments = record.get("adjustments", [])
    if not isinstance(adjustments, list) or not all(isinstance(a, dict) for a in adjustments):
        raise _Failure("format", "'adjustments' must be a list of events")
    inputs = {k: v for k, v in record.items() if k != "adjustments"}
    return inputs, adjustments


def _adjudicate(defn: GameDefinition, record: Mapping[str, Any]
                ) -> tuple[list[dict[str, Any]], _Failure | None]:
    """The log the record gives, and the adjudication's failure (None: a finished game);
    on a refused input, the log up to it. Raises when not even the opening event is
    there."""
    try:
        events = list(defn.adjudicate(record))
    except Exception as e:  # noqa: BLE001 - a tampered record is reported, never a crash
        done = getattr(e, "events", None)
        events = [x for x in done if isinstance(x, dict)] if isinstance(done, list) else []
        code = getattr(e, "code", type(e).__name__)
        refused = _Failure("adjudication", f"the inputs do not re-adjudicate ({code}): {e}",
                           len(events))
        if not events:
            raise refused from None
        return events, refused
    if not events or events[-1].get("type") != defn.end_type:
        failure = _Failure("adjudication", f"the inputs do not reach the game's end "
                           f"({defn.end_type}): the game is not finished", len(events))
        if not events:
            raise failure
        return events, failure
    return events, None


def _check_seed(defn: GameDefinition, record: Mapping[str, Any],
                events: list[dict[str, Any]]) -> str | None:
    seed: str | None = record.get("seed")  # a string or None (the format check)
    commitment = events[0].get("seed_commitment")
    if commitment is None:
        if seed is not None:
            raise _Failure("seed", "the game published no commitment, yet a seed is given", 0)
        return None
    if seed is None:
        raise _Failure("seed", "the game committed to a seed but the record has none", 0)
    if hashlib.sha256(seed.encode("utf-8")).hexdigest() != commitment:
        raise _Failure("seed", "sha256(seed) is not the commitment published at seq 0", 0)
    if events[-1].get("type") == defn.end_type and events[-1].get("seed") != seed:
        raise _Failure("seed", "the end event reveals another seed", len(events) - 1)
    return seed


def _check_deals(defn: GameDefinition, events: list[dict[str, Any]], seed: str | None) -> None:
    if seed is None:
        return  # no seed: the deals are the record's own inputs (nothing to derive)
    try:
        bad = defn.chance_mismatch(events, seed)
    except NotSupported:
        raise _Failure("deals", f"{defn.id} cannot check deals against a seed") from None
    if bad is not None:
        what = bad.get("message") or (f"the {bad.get('type')} at seq {bad.get('seq')} is "
                                      f"not the one the seed gives")
        raise _Failure("deals", str(what), bad.get("seq"))


# -- the command line ------------------------------------------------------------------

DefinitionOf = Callable[[str | None], GameDefinition]


def add_verify_command(sub: Any, definition: DefinitionOf, *, record_format: str) -> None:
    """Add ``verify RECORD.json [--head HASH] [--engine-version V]`` to a game's
    argparse subcommands. ``definition(version)``: the game's definition at an engine
    version (None: the current one; LookupError for one not installed)."""
    v = sub.add_parser("verify", help="check a finished game's record: it re-adjudicates, "
                       "its seed is the committed one, its deals are the seed's, and "
                       "(--head) its log hashes to the published head; exit 1 naming "
                       "the first failure")
    add_verify_arguments(v, record_format=record_format)
    v.set_defaults(func=lambda args, out, err: run_verify(args, out, err, definition))


def add_verify_arguments(parser: argparse.ArgumentParser, *, record_format: str,
                         file: bool = True) -> None:
    """The arguments of the record ``verify`` subcommand: ``file`` (unless ``file`` is
    False: a game that adds the options to a ``verify`` of its own, as Kolkhoz does to
    its evidence-bundle one), ``--head`` and ``--engine-version``."""
    if file:
        parser.add_argument("file", help=f"a {record_format} JSON file, or - for standard "
                            "input")
    parser.add_argument("--head", metavar="HASH",
                        help="the head hash the game published when it ended (a "
                        "tournament archive's manifest.json lists it)")
    parser.add_argument("--engine-version", metavar="V",
                        help="the engine version the game was played under (default: the "
                        "current one)")


def run_verify(args: argparse.Namespace, out: TextIO, err: TextIO,
               definition: DefinitionOf, document: Any = None) -> int:
    """Run the record ``verify``: the report as one JSON line on ``out``; exit 0 when
    every check passes, 1 with ``{"error": failure}`` on ``err``, 2 when the file cannot
    be read or the engine version is not installed. ``document``: the record when the
    caller has read it already."""
    if document is None:
        try:
            document = load_json(args.file)
        except (OSError, ValueError) as e:
            err.write(json_line({"error": {"check": "format", "seq": None,
                                           "message": f"cannot read the record: {e}"}}) + "\n")
            return EXIT_UNREADABLE
    try:
        defn = definition(args.engine_version)
    except LookupError as e:
        err.write(json_line({"error": {"check": "engine_version", "seq": None,
                                       "message": str(e)}}) + "\n")
        return EXIT_UNREADABLE
    report = verify_record(defn, document, head=args.head)
    out.write(json_line(report) + "\n")
    if not report["ok"]:
        err.write(json_line({"error": report["failure"]}) + "\n")
        return EXIT_FAILED
    return EXIT_OK
