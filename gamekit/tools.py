"""Small helpers every game's command line and audits share (standard library only):
JSON lines in and out, ``NAME=VALUE`` option pairs, and comparing two event logs."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

Event = dict[str, Any]


def json_line(obj: Any) -> str:
    """``obj`` as one compact JSON line (non-ASCII kept)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def load_json(path: str) -> Any:
    """The JSON document at ``path`` (``-``: standard input). Raises OSError, or
    ValueError for a document that is not JSON or is nested too deeply."""
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None


def name_values(pairs: Iterable[str] | None) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as a dict; a value is JSON when it parses, else the string.
    Raises ValueError for a pair without ``=`` or a name."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"an option is NAME=VALUE, not {pair!r}")
        try:
            out[name] = json.loads(raw)
        except ValueError:
            out[name] = raw
    return out


def first_divergence(a: Sequence[Event], b: Sequence[Event], start: int = 1,
                     ignore: tuple[str, ...] = ("rules",)) -> dict[str, Any] | None:
    """The first seq ≥ ``start`` where two logs differ in anything but the ``ignore``d
    fields: ``{"seq", "original", "alternative"}`` (None past a log's end), or None."""
    def substance(e: Event) -> Event:
        return {k: v for k, v in e.items() if k not in ignore}

    for seq in range(start, max(len(a), len(b))):
        x = a[seq] if seq < len(a) else None
        y = b[seq] if seq < len(b) else None
        if x is None or y is None or substance(x) != substance(y):
            return {"seq": seq, "original": x, "alternative": y}
    return None


def end_event(events: Sequence[Event], end_type: str = "game_end") -> Event:
    """The log's last ``end_type`` event, or ``{}``."""
    return next((e for e in reversed(events) if e.get("type") == end_type), {})
