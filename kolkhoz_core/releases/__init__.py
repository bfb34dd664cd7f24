"""Every released engine version, kept runnable: ``version -> engine module``.

A game pins the engine version it was played under (``engine_version`` of its
``game`` event). The current engine is ``kolkhoz_core`` itself (``ENGINE_VERSION``);
each earlier release is a frozen copy of the engine in a subpackage here (only
relative imports, so nothing in it reaches the current engine), registered in
``FROZEN`` with the digest of its sources. ``engine(version)`` returns the module a
stored game is folded, viewed, explained, re-adjudicated and verified with.

Releasing a behaviour change (docs/engine-api.md, "Engine versions"):

1. copy the engine modules the release needs into ``releases/vX_Y_Z/`` (with an
   ``__init__`` like ``v0_1_0``'s) and add ``"X.Y.Z": ("vX_Y_Z", digest)`` below,
   the digest from ``tree_digest``;
2. bump ``ENGINE_VERSION`` (and ``RULINGS_SHA256`` if RULINGS.md changed) in
   ``kolkhoz_core/game.py``, then change the rules;
3. keep the old fixture logs under ``tests/fixtures/releases/X.Y.Z/`` and regenerate
   ``tests/fixtures/records/*.log.jsonl``.
"""

from __future__ import annotations

import hashlib
import importlib
import sys
from pathlib import Path
from types import ModuleType

from ..game import ENGINE_VERSION
from ..record import differs_only_in_order

HERE = Path(__file__).resolve().parent

# version -> (subpackage, sha256 over its sources: see tree_digest). A frozen release
# is never edited; tests/core/test_releases.py recomputes each digest.
FROZEN: dict[str, tuple[str, str]] = {
    "0.1.0": ("v0_1_0", "2a3fdb4ea004bda4f791be0d18a25d14e014a7f2487fe37d8b329a42ba96b6e2"),
}

# Releases whose fold filed a trick's cards in the key order of the ``assign`` event's
# ``cards`` object (fixed in 0.2.0: docs/rules.md x.key_order). A game played under one
# of them on a store that reorders keys (PostgreSQL's jsonb) can fail re-adjudication.
KEY_ORDER_RELEASES = frozenset({"0.1.0"})
KEY_ORDER_NOTE = (
    "it holds the same cards as the engine derives, listed in another order: engine "
    "{version} built that order from the key order of a stored assignment, which "
    "PostgreSQL changes, so an honest {version} game stored there can fail here; "
    "re-adjudication cannot tell this from a changed log (docs/verify.md, 'Key order')")


def key_order_note(version: object, stored: object, derived: object) -> str | None:
    """The note a verify report adds to a mismatch between a ``stored`` event and the
    ``derived`` one re-adjudication gives, when the game's engine ``version`` is one of
    ``KEY_ORDER_RELEASES`` and the two differ only in the order of what they list; None
    otherwise. The mismatch still fails: the note says what kind it is."""
    if version in KEY_ORDER_RELEASES and differs_only_in_order(stored, derived):
        return KEY_ORDER_NOTE.format(version=version)
    return None


class UnknownEngineVersion(LookupError):
    """No engine of this version is registered here (neither current nor frozen).

    Not a ``KolkhozError``: the game is not at fault, this installation lacks its
    engine. ``version`` is the version asked for, ``available`` the known ones."""

    def __init__(self, version: object) -> None:
        self.version = str(version)
        self.available = versions()
        super().__init__(f"engine version {self.version!r} is not available here "
                         f"(this kolkhoz_core runs {', '.join(self.available)}); verify "
                         f"with kolkhoz_core {self.version}")


def versions() -> list[str]:
    """Every version this installation can run: the frozen ones, then the current."""
    return [*FROZEN, ENGINE_VERSION]


def is_available(version: object) -> bool:
    """True if ``engine(version)`` would succeed."""
    return version == ENGINE_VERSION or (isinstance(version, str) and version in FROZEN)


def engine(version: object) -> ModuleType:
    """The engine module for ``version``: ``kolkhoz_core`` for the current version, the
    frozen copy for an earlier release. It offers the names of docs/engine-api.md
    (a frozen release: all but the bots, ``play_game`` and the CLI). Raises
    ``UnknownEngineVersion`` for any other version (or a non-string)."""
    if version == ENGINE_VERSION:
        return importlib.import_module("kolkhoz_core")
    if isinstance(version, str) and version in FROZEN:
        return importlib.import_module(f"{__name__}.{FROZEN[version][0]}")
    raise UnknownEngineVersion(version)


def loaded() -> list[ModuleType]:
    """The engine modules imported so far (the current one and any frozen release
    already used): to recognise an engine error whichever release raised it."""
    names = ["kolkhoz_core"] + [f"{__name__}.{sub}" for sub, _ in FROZEN.values()]
    return [sys.modules[n] for n in names if n in sys.modules]


def tree_digest(subpackage: str) -> str:
    """sha256 over a release's sources: for each ``*.py`` file in name order, its name,
    a NUL, its sha256 (hex), a newline."""
    h = hashlib.sha256()
    for path in sorted((HERE / subpackage).glob("*.py")):
        h.update(f"{path.name}\0{hashlib.sha256(path.read_bytes()).hexdigest()}\n".encode())
    return h.hexdigest()
