"""``python -m gamekit.archive verify ARCHIVE [--json] [--subprocess]``: verify a
tournament archive offline (``gamekit.archive.verify``). Prints one line per check and
per game (``OK`` / ``FAIL`` and why) and a summary, or with ``--json`` the whole report;
exits 0 when everything verifies, 1 when anything fails, 2 when the file cannot be read
as an archive."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .reader import ArchiveError
from .verify import report_lines, verify_archive


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 verified, 1 failed, 2 unreadable)."""
    p = argparse.ArgumentParser(prog="python -m gamekit.archive",
                                description="Verify a tournament archive offline.")
    sub = p.add_subparsers(dest="command", required=True)
    v = sub.add_parser("verify", help="check every file, the seed commitment, every table's "
                       "seed and every game with its own command line")
    v.add_argument("archive", help="the .zip (or .ndjson) from /api/tournaments/{id}/archive/")
    v.add_argument("--json", action="store_true", help="print the whole report as JSON")
    v.add_argument("--subprocess", action="store_true",
                   help="run each game's `python -m <game>_core verify` as a child process "
                   "(default: its command line's main function, in this process)")
    args = p.parse_args(argv)
    # a hostile archive's text (a lone surrogate from a JSON escape) is printed escaped
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        report = verify_archive(args.archive, use_subprocess=args.subprocess)
    except (ArchiveError, OSError) as e:
        print(f"FAIL cannot read {args.archive}: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
    else:
        print("\n".join(report_lines(report)))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
