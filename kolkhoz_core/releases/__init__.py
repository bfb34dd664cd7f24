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
from typing import Any

from ..game import ENGINE_VERSION
from ..record import differs_only_in_order

HERE = Path(__file__).resolve().parent

# version -> (subpackage, sha256 over its sources: see tree_digest). A frozen release
# is never edited; tests/core/test_releases.py recomputes each digest.
FROZEN: dict[str, tuple[str, str]] = {
    "0.1.0": ("v0_1_0", "2a3fdb4ea004bda4f791be0d18a25d14e014a7f2487fe37d8b329a42ba96b6e2"),
}

# Versions whose fold filed a trick's cards in the key order of the ``assign`` event's
# ``cards`` object (docs/rules.md x.key_order), and the frozen release whose code that
# fold was. A game played under one of them on a store that reorders keys (PostgreSQL's
# jsonb) can fail re-adjudication from its record. 0.2.0 was released (6fe9dc3) with
# 0.1.0's code but for its version constants (d85a1dd), and the fix (4837f7a) kept the
# number: a 0.2.0 game stored before the fix is such a game too.
KEY_ORDER_CODE: dict[str, str] = {"0.1.0": "0.1.0", "0.2.0": "0.1.0"}
KEY_ORDER_RELEASES = frozenset(KEY_ORDER_CODE)
KEY_ORDER_NOTE = (
    "it holds the same cards as the engine derives, listed in another order: engine "
    "{version} built that order from the key order of a stored assignment, which "
    "PostgreSQL changes, so an honest {version} game stored there can fail here; but "
    "re-derived as the platform played it live, it does not match either (docs/verify.md, "
    "'Key order')")


def key_order_note(version: object, stored: object, derived: object) -> str | None:
    """The note a verify report adds to a mismatch between a ``stored`` event and the
    ``derived`` one re-adjudication gives, when the game's engine ``version`` is one of
    ``KEY_ORDER_RELEASES`` and the two differ only in the order of what they list; None
    otherwise. The mismatch still fails (a log that re-derives as played live,
    ``rederive_stored``, passes before any note is asked for): the note says what kind
    of mismatch it is."""
    if version in KEY_ORDER_RELEASES and differs_only_in_order(stored, derived):
        return KEY_ORDER_NOTE.format(version=version)
    return None


def _opening(eng: ModuleType, events: list[dict[str, Any]],
             seed: str | None) -> list[dict[str, Any]]:
    """The events ``eng`` opens the game of ``events[0]`` with (as its adjudicator
    does from the record); [] when that event cannot be read."""
    try:
        game = events[0]
        ruleset = eng.build_ruleset({k: v for k, v in game["ruleset"].items()
                                     if v is not None})
        return list(eng.new_game(ruleset, list(game["seats"]), game["first_planner"], seed))
    except (eng.KolkhozError, IndexError, KeyError, TypeError, AttributeError):
        return []


def jsonb_order(value: Any) -> Any:
    """``value`` with every object's keys in the order PostgreSQL's ``jsonb`` returns
    them: shorter keys first, then bytewise."""
    if isinstance(value, dict):
        return {k: jsonb_order(value[k])
                for k in sorted(value, key=lambda k: (len(k.encode()), k.encode()))}
    if isinstance(value, list):
        return [jsonb_order(v) for v in value]
    return value


STORED_FOLDS_NOTE = (
    "re-derived as the live platform derived it on PostgreSQL: each decision from the "
    "stored log before it, folded with its keys in jsonb's order by engine {version} as "
    "released before x.key_order (docs/verify.md, 'Key order')")


def rederive_stored(version: object, events: list[dict[str, Any]],
                    seed: str | None) -> dict[str, Any] | None:
    """Re-derive a stored log the way the live platform on PostgreSQL derived it under a
    version whose fold read key order (``KEY_ORDER_CODE``): every input of ``events``
    decided, with the code that version ran then, on the fold of the stored events before
    it with their keys in jsonb's order (``jsonb_order``: what the platform read back),
    and its events compared with the stored ones that follow. The events before the
    first input must be the opening ``version`` itself derives (``new_game``, as
    re-adjudication does). ``seed``: the game's seed.

    Returns None when ``version`` never read key order, else ``{ok, first_divergence:
    {seq, stored, derived} | None, error: {code, message, rule} | None, note}``: ``ok``
    when every stored event is re-derived and none is left over. A pure function of the
    log's content (key order is never read from the caller): each stored consequence
    must be what that code derives from the events before it. A live game's log must
    end where a decision is awaited."""
    if version not in KEY_ORDER_CODE:
        return None
    eng = engine(KEY_ORDER_CODE[version])
    opening = _opening(engine(version), events, seed)
    report: dict[str, Any] = {"ok": False, "first_divergence": None, "error": None,
                              "note": STORED_FOLDS_NOTE.format(version=version)}
    start = next((i for i, ev in enumerate(events) if eng.input_of(ev) is not None),
                 len(events))
    for seq in range(start):
        derived = opening[seq] if seq < len(opening) else None
        if events[seq] != derived:
            report["first_divergence"] = {"seq": seq, "stored": events[seq], "derived": derived}
            return report
    state = eng.fold([jsonb_order(ev) for ev in events[:start]])
    seq = start
    while seq < len(events):
        inp = eng.input_of(events[seq])
        derived_events: list[dict[str, Any]] = []
        try:
            derived_events = [] if inp is None else eng.decide(state, inp, seed=seed)
        except eng.KolkhozError as e:
            report["error"] = {"code": e.code, "message": e.message, "rule": e.rule}
        if not derived_events:  # a consequence where a decision should be, or refused
            report["first_divergence"] = {"seq": seq, "stored": events[seq], "derived": None}
            return report
        for k, derived in enumerate(derived_events):
            stored = events[seq + k] if seq + k < len(events) else None
            if stored != derived:
                report["first_divergence"] = {"seq": seq + k, "stored": stored,
                                              "derived": derived}
                return report
        for stored in events[seq: seq + len(derived_events)]:
            state = eng.evolve(state, jsonb_order(stored))
        seq += len(derived_events)
    report["ok"] = True
    return report


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
