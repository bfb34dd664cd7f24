"""Canonical JSON and the hash chain over a game's events (RECORD_FORMAT.md, "Hash chain").

``hash_0 = sha256("0"*64 + canonical(event_0))``,
``hash_n = sha256(hash_{n-1} + canonical(event_n))``, lowercase hex, UTF-8.
Canonical JSON: keys sorted, separators ``(",", ":")``, non-ASCII kept.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

GENESIS = "0" * 64


def canonical_json(event: Mapping[str, Any]) -> str:
    """The canonical JSON text of one event: keys sorted, no insignificant whitespace,
    non-ASCII kept."""
    return json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def link(prev_hash: str, event: Mapping[str, Any]) -> str:
    """``sha256(prev_hash + canonical(event))`` as lowercase hex (``GENESIS`` before
    seq 0)."""
    return hashlib.sha256((prev_hash + canonical_json(event)).encode("utf-8")).hexdigest()


def hashes(events: Iterable[Mapping[str, Any]], prev_hash: str = GENESIS) -> list[str]:
    """The chain hash of every event, in order, starting after ``prev_hash``."""
    out = []
    for event in events:
        prev_hash = link(prev_hash, event)
        out.append(prev_hash)
    return out
