"""The hash chain over a game's events (RECORD_FORMAT.md, "Hash chain").

The one implementation is ``gamekit.canonical`` (shared by every game package and the
store); this module names it for the store: ``GENESIS``, ``canonical_json``, ``link``,
``hashes``.
"""

from __future__ import annotations

from gamekit.canonical import GENESIS, canonical_json, hashes, link

__all__ = ["GENESIS", "canonical_json", "hashes", "link"]
