"""The evidence bundle (``kolkhoz-evidence/1``): one JSON document that lets anyone check
a finished game with this package alone — ``python -m kolkhoz_core verify BUNDLE``.

Shape::

    {"format": "kolkhoz-evidence/1", "game": id or null,
     "engine_version", "rules_version", "shuffle_version",   # from the game event
     "seed": str | null, "seed_commitment": str | null,
     "head_seq": int, "head_hash": str,
     "record": {kolkhoz-record/1 ..., "adjustments": [...]},  # the inputs
     "events": [{"seq", "prev_hash", "hash", "event"}, ...], # the whole stored log
     "adjustments": [events after game_end],                 # an arbiter's rulings
     "how_to_verify": str}

``verify_bundle`` runs the checks in order and stops at the first failure:
``format``, ``engine_version`` (the game's pinned engine and rules version must be the
installed ones), ``chain`` (RECORD_FORMAT.md "Hash chain", every link and the head),
``seed`` (sha256 of the seed is the commitment of the ``game`` event; ``game_end``
reveals the same seed), ``deals`` (every deal and random trump is the one the seed
gives, docs/shuffle.md), ``consequences`` (re-adjudicating the inputs reproduces every
event up to ``game_end``), ``record`` (the bundle's record and adjustments are those of
its log).

A bundle whose game is pinned to an earlier engine release that this package carries
frozen (``kolkhoz_core.releases``) is handed whole to that release's ``verify_bundle``:
it is checked exactly as the engine it was played with checks it. A 0.1.0 or 0.2.0 game
played live where keys came back reordered passes ``consequences`` when every decision
re-derives from the stored events before it (``releases.rederive_stored``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from . import releases
from .choices import chance_mismatch
from .game import ENGINE_VERSION, RULES_VERSION
from .record import GENESIS, adjudicate, chain_hash, hash_chain, to_record
from .shuffle import seed_commitment

Event = dict[str, Any]
FORMAT = "kolkhoz-evidence/1"
CHECKS = ("format", "engine_version", "chain", "seed", "deals", "consequences", "record")

HOW_TO_VERIFY = (
    "This file is the complete evidence of one Kolkhoz game. To check it with the engine "
    "alone (no platform, no network): install the kolkhoz_core package of the engine "
    "version named in 'engine_version' (or a later one that carries it as a frozen release: "
    "kolkhoz_core.releases) and run `python -m kolkhoz_core verify THIS_FILE`. "
    "It re-computes the hash chain (hash_n = sha256(hash_{n-1} + canonical JSON of event "
    "n), hash_{-1} = 64 zeros), checks that sha256 of 'seed' is the commitment published "
    "in the first event, re-derives every deal from the seed (kolkhoz-shuffle/1, "
    "docs/shuffle.md), re-adjudicates the record's inputs and compares every consequence "
    "with the log. It prints a JSON report and exits 0, or exits 1 naming the first check "
    "that failed (and the seq where it failed). Events after game_end are an arbiter's "
    "compensating events ('adjustments'); they are chained like every other event and "
    "never change the events before them."
)


def _end_index(events: Sequence[Event]) -> int | None:
    for i, ev in enumerate(events):
        if ev.get("type") == "game_end":
            return i
    return None


def build_bundle(events: Sequence[Event], *, hashes: Sequence[str] | None = None,
                 game_id: str | None = None, seed: str | None = None) -> dict[str, Any]:
    """The evidence bundle of a finished game's full log (compensating events
    included). ``hashes``: the stored hash of every event (computed when None);
    ``seed``: the game's seed (read from ``game_end`` when None). Raises ValueError if
    the log has no ``game_end``."""
    events = list(events)
    end = _end_index(events)
    if end is None:
        raise ValueError("an evidence bundle is made of a finished game (no game_end)")
    if seed is None:
        seed = events[end].get("seed")
    hs = list(hashes) if hashes is not None else hash_chain(events)
    game = events[0]
    adjustments = events[end + 1:]
    record = to_record(events[: end + 1], seed=seed)
    record["adjustments"] = adjustments
    entries = []
    prev = GENESIS
    for ev, h in zip(events, hs, strict=True):
        entries.append({"seq": ev.get("seq"), "prev_hash": prev, "hash": h, "event": ev})
        prev = h
    return {
        "format": FORMAT,
        "game": game_id,
        "engine_version": game.get("engine_version"),
        "rules_version": game.get("rules_version"),
        "shuffle_version": game.get("shuffle_version"),
        "seed": seed,
        "seed_commitment": game.get("seed_commitment"),
        "head_seq": len(events),
        "head_hash": prev,
        "record": record,
        "events": entries,
        "adjustments": adjustments,
        "how_to_verify": HOW_TO_VERIFY,
    }


class _Failure(Exception):
    def __init__(self, check: str, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.check, self.message, self.seq = check, message, seq


def verify_bundle(bundle: Any) -> dict[str, Any]:
    """Check an evidence bundle. Returns ``{"ok": bool, "passed": [check names],
    "failure": {"check", "seq", "message"} | None, "head_hash", "engine_version"}``.
    Never raises on a malformed bundle (that is the ``format`` check failing). A bundle
    pinned to a frozen earlier release is verified by that release (whose version the
    report's ``engine_version`` then names). A game of a release that read key order
    whose ``consequences`` re-derive only as its live platform derived them passes that
    check with a ``note`` (docs/verify.md, "Key order")."""
    frozen = _frozen_release(bundle)
    report: dict[str, Any] = (frozen.verify_bundle(bundle) if frozen is not None
                              else _verify_here(bundle))
    if frozen is not None:
        _key_order(bundle, report, frozen.ENGINE_VERSION, frozen.adjudicate, frozen.to_record)
    else:
        _key_order(bundle, report, ENGINE_VERSION, adjudicate, to_record)
    return report


def _verify_here(bundle: Any) -> dict[str, Any]:
    """The checks of ``verify_bundle`` with this engine."""
    passed: list[str] = []
    try:
        events = _check_format(bundle)
        passed.append("format")
        for name, fn in (("engine_version", _check_engine), ("chain", _check_chain),
                         ("seed", _check_seed), ("deals", _check_deals),
                         ("consequences", _check_consequences), ("record", _check_record)):
            fn(bundle, events)
            passed.append(name)
    except _Failure as f:
        return {"ok": False, "passed": passed,
                "failure": {"check": f.check, "seq": f.seq, "message": f.message},
                "head_hash": bundle.get("head_hash") if isinstance(bundle, dict) else None,
                "engine_version": ENGINE_VERSION}
    return {"ok": True, "passed": passed, "failure": None, "head_hash": bundle["head_hash"],
            "engine_version": ENGINE_VERSION}


def _key_order(bundle: Any, report: dict[str, Any], version: str, adjudicate_fn: Any,
               to_record_fn: Any) -> None:
    """A ``consequences`` failure of a release that read key order (``releases.
    KEY_ORDER_CODE``, docs/verify.md "Key order") where the stored event lists what the
    release derives in another order (releases.key_order_note): when the log re-derives
    as the live platform derived it (``releases.rederive_stored``), the check passes with
    a ``note`` and the ``record`` check runs; otherwise add ``failure.note`` and say it
    in the message — the bundle still fails."""
    failure = report.get("failure") or {}
    seq = failure.get("seq")
    if failure.get("check") != "consequences" or not isinstance(seq, int):
        return
    events = [entry["event"] for entry in bundle["events"]]
    played = events[: (_end_index(events) or 0) + 1]
    try:
        fresh = adjudicate_fn(to_record_fn(played, seed=bundle.get("seed")))
    except Exception as e:  # noqa: BLE001 - as the release's own check: report, not crash
        fresh = list(getattr(e, "events", []) or [])
    derived = fresh[seq] if seq < len(fresh) else None
    note = releases.key_order_note(version, events[seq], derived)
    if not note:
        return
    again = releases.rederive_stored(version, played, bundle.get("seed"))
    if again and again["ok"]:
        try:
            _check_record(bundle, events, to_record_fn)
        except _Failure as f:
            report["passed"].append("consequences")
            report["failure"] = {"check": f.check, "seq": f.seq, "message": f.message}
            return
        report.update(ok=True, failure=None, note=again["note"],
                      passed=[*report["passed"], "consequences", "record"])
        return
    failure["note"] = note
    failure["message"] = f"{failure['message']}: {note}"


def _frozen_release(bundle: Any) -> ModuleType | None:
    """The frozen release a bundle's game event is pinned to, when it is not this engine
    (None: this engine, an unknown version, or a malformed bundle — the checks say)."""
    try:
        pinned = bundle["events"][0]["event"]["engine_version"]
    except (TypeError, KeyError, IndexError):
        return None
    if pinned == ENGINE_VERSION or not releases.is_available(pinned):
        return None
    return releases.engine(pinned)


def _check_format(bundle: Any) -> list[Event]:
    if not isinstance(bundle, dict) or bundle.get("format") != FORMAT:
        raise _Failure("format", f"not a {FORMAT} document")
    entries = bundle.get("events")
    if not isinstance(entries, list) or not entries:
        raise _Failure("format", "'events' must be a non-empty list")
    for i, entry in enumerate(entries):
        if not (isinstance(entry, dict) and isinstance(entry.get("event"), dict)
                and isinstance(entry.get("hash"), str)):
            raise _Failure("format", "each entry of 'events' is {seq, prev_hash, hash, event}",
                           i)
    events = [e["event"] for e in entries]
    if events[0].get("type") != "game":
        raise _Failure("format", "the log must begin with the 'game' event", 0)
    if _end_index(events) is None:
        raise _Failure("format", "the log has no game_end: the game is not finished")
    if not isinstance(bundle.get("record"), dict):
        raise _Failure("format", "'record' must be a kolkhoz-record/1 object")
    return events


def _check_engine(bundle: Mapping[str, Any], events: list[Event]) -> None:
    game = events[0]
    for key, have in (("engine_version", ENGINE_VERSION), ("rules_version", RULES_VERSION)):
        pinned = game.get(key)
        if pinned != have:
            raise _Failure("engine_version",
                           f"the game was played under {key} {pinned!r} but this engine is "
                           f"{have!r} (and carries only the releases "
                           f"{', '.join(releases.versions())}): verify with kolkhoz_core "
                           f"{game.get('engine_version')}", 0)
        if bundle.get(key) != pinned:
            raise _Failure("engine_version", f"the bundle's {key} {bundle.get(key)!r} is not "
                           f"the game's {pinned!r}", 0)


def _check_chain(bundle: Mapping[str, Any], events: list[Event]) -> None:
    prev = GENESIS
    for i, entry in enumerate(bundle["events"]):
        ev = entry["event"]
        if entry.get("seq") != i or ev.get("seq") != i:
            raise _Failure("chain", f"entry {i} carries seq {ev.get('seq')!r}", i)
        if entry.get("prev_hash") != prev:
            raise _Failure("chain", f"seq {i}: prev_hash does not link to seq {i - 1}", i)
        h = chain_hash(prev, ev)
        if entry["hash"] != h:
            raise _Failure("chain", f"seq {i}: the event does not hash to its stored hash "
                           "(it was changed after it was written)", i)
        prev = h
    if bundle.get("head_hash") != prev or bundle.get("head_seq") != len(events):
        raise _Failure("chain", "head_seq/head_hash are not the last link of the chain",
                       len(events) - 1)


def _check_seed(bundle: Mapping[str, Any], events: list[Event]) -> None:
    game = events[0]
    commitment = game.get("seed_commitment")
    seed = bundle.get("seed")
    end = events[_end_index(events) or 0]
    if bundle.get("seed_commitment") != commitment:
        raise _Failure("seed", "the bundle's seed_commitment is not the game event's", 0)
    if commitment is None:
        if seed is not None:
            raise _Failure("seed", "the game published no commitment, yet a seed is given", 0)
        return
    if not isinstance(seed, str):
        raise _Failure("seed", "the game committed to a seed but the bundle has none", 0)
    if seed_commitment(seed) != commitment:
        raise _Failure("seed", "sha256(seed) is not the commitment published at seq 0", 0)
    if end.get("seed") != seed:
        raise _Failure("seed", "game_end reveals another seed", end.get("seq"))


def _check_deals(bundle: Mapping[str, Any], events: list[Event]) -> None:
    seed = bundle.get("seed")
    if not isinstance(seed, str):
        return  # no seed: the deals are the record's own inputs (nothing to derive)
    bad = chance_mismatch(events, seed)
    if bad is not None:
        message = bad["message"] + (f": {bad['error']}" if bad["error"] else "")
        raise _Failure("deals", message, bad["seq"])


def _check_consequences(bundle: Mapping[str, Any], events: list[Event]) -> None:
    end = _end_index(events) or 0
    played = events[: end + 1]
    record = to_record(played, seed=bundle.get("seed"))
    try:
        fresh = adjudicate(record)
    except Exception as e:  # noqa: BLE001 - report, do not crash
        done = list(getattr(e, "events", []) or [])
        seq = len(done)
        raise _Failure("consequences", f"the inputs do not re-adjudicate: {e}", seq) from None
    for seq, stored in enumerate(played):
        again = fresh[seq] if seq < len(fresh) else None
        if again != stored:
            raise _Failure("consequences", f"seq {seq} ({stored.get('type')}) is not what the "
                           f"engine derives ({None if again is None else again.get('type')})",
                           seq)
    if len(fresh) != len(played):
        raise _Failure("consequences", "the engine derives more events than the log holds",
                       len(played))


def _check_record(bundle: Mapping[str, Any], events: list[Event],
                  to_record_fn: Any = to_record) -> None:
    end = _end_index(events) or 0
    want = to_record_fn(events[: end + 1], seed=bundle.get("seed"))
    got = dict(bundle["record"])
    adjustments = got.pop("adjustments", [])
    if got != want:
        raise _Failure("record", "the bundle's record is not the record of its log")
    if adjustments != events[end + 1:] or bundle.get("adjustments") != events[end + 1:]:
        raise _Failure("record", "the adjustments are not the events after game_end",
                       end + 1)
