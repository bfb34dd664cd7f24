"""The bot commands of ``python -m arne_core``: ``play``, ``bench`` and ``evaluate``.

``cli.build_parser`` wires them with ``add_commands(sub)`` (``sub``: its
``add_subparsers`` object); each handler takes ``(args, out, err)`` and returns the exit
status (0; 2 with one ``{"error": …}`` JSON line on ``err`` for a bad ruleset, seat count,
bot name or evaluation).
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from gamekit.evalcli import add_panel_arguments
from gamekit.tools import json_line, name_values

from .errors import ArneError

EXIT_BAD = 2
SEATS = ["Anya", "Boris", "Vera", "Gleb", "Dasha", "Egor"]
PRESET_NAMES = ["dummy", "first_game", "misere", "normal"]


def _error(err: TextIO, code: str, message: str, rule: str | None = None) -> int:
    err.write(json_line({"error": {"code": code, "message": message, "input": None,
                                   "rule": rule}}) + "\n")
    return EXIT_BAD


def _ruleset(args: argparse.Namespace) -> Any:
    """The ruleset of ``--preset`` and ``--option NAME=VALUE`` (ArneError
    ``invalid_ruleset`` for a bad one)."""
    from .ruleset import build_ruleset

    try:
        options = name_values(args.option)
    except ValueError as e:
        raise ArneError("invalid_ruleset", str(e)) from None
    return build_ruleset({"preset": args.preset, "options": options})


def cmd_play(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """One game of ``--players`` bots (``--bot``, or ``--bots A,B,…`` naming each seat)
    from ``--seed``: its record (or ``--log``: its event log as JSON lines)."""
    from .bots import get_bot
    from .record import to_record
    from .runner import play_game

    names = args.bots.split(",") if args.bots else [args.bot] * args.players
    try:
        rs = _ruleset(args)
        if not 2 <= len(names) <= 6:
            raise ArneError("invalid_setup", "2 to 6 bots", "setup.players")
        bots = [get_bot(n) for n in names]
        events = play_game(rs, SEATS[:len(names)], bots, args.seed)
    except ArneError as e:
        err.write(json_line(e.to_json()) + "\n")
        return EXIT_BAD
    except KeyError as e:
        return _error(err, "unknown_bot", str(e.args[0] if e.args else e))
    if args.log:
        for ev in events:
            out.write(json_line(ev) + "\n")
    else:
        out.write(json.dumps(to_record(events), ensure_ascii=False, indent=1) + "\n")
    return 0


def cmd_bench(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bench.bench`` over ``--games`` games: one JSON line (games/s, events/s, peak
    memory)."""
    from .bench import bench

    try:
        report = bench(args.games, args.seed, args.bot, _ruleset(args), seats=args.players)
    except ArneError as e:
        err.write(json_line(e.to_json()) + "\n")
        return EXIT_BAD
    except (KeyError, ValueError) as e:
        return _error(err, "bad_bench", str(e.args[0] if e.args else e))
    out.write(json_line(report) + "\n")
    return 0


def cmd_evaluate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``evaluate.evaluate``: one JSON line (win share with its 95% interval, mean
    place, mean score and margin, decision times)."""
    from gamekit.evalcli import is_sampled, run_panel

    from .evaluate import evaluate

    if not is_sampled(args):
        return run_panel("arne", args, out, err)
    try:
        report = evaluate(args.candidate, args.against, args.matches or 400,
                          args.seed or "evaluate", _ruleset(args), seats=args.seats or 4,
                          candidate_settings=name_values(args.setting),
                          opponent_settings=name_values(args.baseline_setting),
                          jobs=args.jobs)
    except ArneError as e:
        err.write(json_line(e.to_json()) + "\n")
        return EXIT_BAD
    except (KeyError, ValueError) as e:
        return _error(err, "bad_evaluation", str(e.args[0] if e.args else e))
    out.write(json.dumps(report, ensure_ascii=False) + "\n")
    return 0


def _ruleset_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--preset", default="normal", choices=PRESET_NAMES)
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="override one option (repeatable), e.g. black_timing=after_action")


def add_commands(sub: Any) -> None:
    """Add ``play``, ``bench`` and ``evaluate`` to ``sub`` (an argparse subparsers
    object); each sets ``func`` to its handler ``(args, out, err) -> int``."""
    pl = sub.add_parser("play", help="play one bot game and print its record")
    pl.add_argument("--seed", required=True)
    _ruleset_args(pl)
    pl.add_argument("--bot", default="random")
    pl.add_argument("--players", type=int, default=4, help="seats (2–6), default 4")
    pl.add_argument("--bots", help="bot names, comma-separated, seat 0 first")
    pl.add_argument("--log", action="store_true", help="print the event log instead")
    pl.set_defaults(func=cmd_play)
    b = sub.add_parser("bench", help="play N bot games; print games/s, events/s and "
                       "fold time, peak memory")
    b.add_argument("--games", type=int, default=50)
    b.add_argument("--seed", default="bench")
    b.add_argument("--bot", default="random")
    b.add_argument("--players", type=int, default=4, help="seats (2–6), default 4")
    _ruleset_args(b)
    b.set_defaults(func=cmd_bench)
    ev = sub.add_parser("evaluate", help="a candidate bot against n − 1 copies of another "
                        "(--seats) on the fixed panel's deals, seats rotated; prints the win "
                        "share with its 95%% interval (--json: JSON)")
    ev.add_argument("candidate")
    ev.add_argument("--against", default="random")
    ev.add_argument("--seats", "--players", dest="seats", type=int, default=None,
                    help="seats (2–6), default 4")
    ev.add_argument("--matches", type=int, default=None,
                    help="the sampled form instead of the panel: N matches (a multiple of "
                    "the seats, default 400), one JSON line")
    ev.add_argument("--seed", default=None, help="sampled form: seeds SEED/0, SEED/1, ...")
    ev.add_argument("--jobs", type=int, default=1, help="processes (the same report)")
    _ruleset_args(ev)
    add_panel_arguments(ev)
    ev.set_defaults(func=cmd_evaluate)


__all__ = ["add_commands", "cmd_bench", "cmd_evaluate", "cmd_play"]
