"""The audit functions of ``replays.engine`` (re-exported there: callers use
``engine.X``): explanations of events, what-if under another ruleset, regression
against a stored log, evidence bundles and their verification, and the checks a verify
report makes (``chance_mismatch``, ``key_order_note``, ``stored_folds_report``). Each
runs the game's engine a log is pinned to (``pinning``), or the ``engine_version``
given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.registry import EngineUnavailable

from . import compensating
from .pinning import DEFAULT_GAME, Event, definition, own_events, pinned


def explain(event: Event, seats: Sequence[str], prev: Event | None = None, *,
            engine_version: str | None = None, game: str = DEFAULT_GAME) -> str:
    """A plain-language explanation of one (already redacted) event, naming every clause
    id it cites (by the engine ``engine_version``, None: current); ``prev``: the event
    before."""
    if compensating.is_compensating(event):
        return compensating.explain(event)
    return definition(engine_version, game).explain(event, list(seats), prev).text


def explanations(events: Sequence[Event], seats: Sequence[str], *,
                 engine_version: str | None = None, game: str = DEFAULT_GAME) -> list[str]:
    """One explanation per (already redacted) event, in order — the replay log's text
    (the game's engine: ``engine_version`` or the opening event's)."""
    own = own_events(events)
    texts = iter(pinned(events, engine_version, game).explain_log(own, list(seats)))
    return [compensating.explain(e) if compensating.is_compensating(e) else next(texts)
            for e in events]


def explanation(event: Event, seats: Sequence[str], prev: Event | None = None,
                text: str | None = None, *, engine_version: str | None = None,
                game: str = DEFAULT_GAME) -> dict[str, Any]:
    """``{seq, type, text, rules, facts, anchors}`` of one (already redacted) event
    (``text``: its explanation from ``explanations`` over the log, if already known;
    ``anchors``: each clause id's place in the rulebook)."""
    defn = definition(engine_version, game)
    rules = [r for r in (event.get("rules") or []) if isinstance(r, str)]
    if text is None:
        text = explain(event, seats, prev, engine_version=engine_version, game=game)
    anchors = {r: a for r in rules if (a := defn.clause_anchor(r)) is not None}
    return {"seq": event.get("seq"), "type": event.get("type"), "text": text,
            "rules": rules, "facts": event.get("facts") or {}, "anchors": anchors}


def whatif(record: dict[str, Any], *, options: dict[str, Any] | None,
           preset: str | None, engine_version: str | None = None,
           game: str = DEFAULT_GAME) -> dict[str, Any]:
    """Replay a record's inputs under another ruleset (the game's engine):
    ``{"illegal": …}`` | ``{"divergence": …, "scores", "places"}`` | ``{"same": true}``.
    Raises the game's typed error on a bad ruleset or record."""
    return definition(engine_version, game).whatif(record, options=options, preset=preset)


def regress(stored: Sequence[Event], record: dict[str, Any], *,
            engine_version: str | None = None, game: str = DEFAULT_GAME) -> dict[str, Any]:
    """Re-adjudicate a stored game's inputs and compare with its log — with the engine
    ``engine_version`` if given (e.g. the current one, to see what a rules change would
    do to history), else the game's pinned engine: ``{ok, result_changed,
    first_divergence, scores, places, error}``."""
    return pinned(stored, engine_version, game).regress(own_events(stored), record)


def evidence_bundle(events: Sequence[Event], *, hashes: Sequence[str], game_id: str,
                    seed: str | None, game: str = DEFAULT_GAME) -> dict[str, Any]:
    """The evidence bundle of a finished game (its pinned engine; the events after the
    end — compensating events — are carried as its ``adjustments``)."""
    return pinned(events, game=game).evidence_bundle(events, hashes=hashes,
                                                     game_id=game_id, seed=seed)


def chance_mismatch(events: Sequence[Event], seed: str, *,
                    game: str = DEFAULT_GAME) -> dict[str, Any] | None:
    """The first chance outcome of ``events`` that ``seed`` does not give: ``{seq, type,
    year, reason, message, error}`` or None. ``message`` never names a card; ``error``
    (an unfoldable log only) may. By the log's pinned engine."""
    return pinned(events, game=game).chance_mismatch(events, seed)


def key_order_note(version: str, stored: Any, derived: Any, *,
                   game: str = DEFAULT_GAME) -> str | None:
    """What a verify report says about a mismatch between a ``stored`` event and the
    ``derived`` one, by the game's engine ``version`` (``GameDefinition.verify_note``;
    Kolkhoz: a 0.1.0/0.2.0 game that filed assignments in key order and lists the same
    things in another order, docs/verify.md "Key order"); None otherwise, or when ``version``
    is not available here."""
    try:
        return definition(version, game).verify_note(stored, derived)
    except EngineUnavailable:
        return None


def stored_folds_report(played: Sequence[Event], *, seed: str | None, engine_version: str,
                        stored: Event | None, derived: Event | None,
                        game: str = DEFAULT_GAME) -> dict[str, Any] | None:
    """A passing re-adjudication report for a log its record re-adjudication does not
    reproduce — first at ``stored`` (the stored event) vs ``derived`` — but its release's
    live derivation does (``GameDefinition.rederive_stored``; Kolkhoz: a 0.1.0/0.2.0 game
    whose platform folded the stored log in jsonb's key order, docs/verify.md "Key
    order"): ``{ok: True, engine_version, first_divergence: None, error: None, method:
    "stored_folds", note}``; None when that does not apply, the release is not
    available, or it does not reproduce the log either."""
    try:
        again = definition(engine_version, game).rederive_stored(
            list(played), seed, stored=stored, derived=derived)
    except EngineUnavailable:
        return None
    if not again or not again["ok"]:
        return None
    return {"ok": True, "engine_version": engine_version, "first_divergence": None,
            "error": None, "method": "stored_folds", "note": again["note"]}


def verify_bundle(bundle: Any, *, game: str = DEFAULT_GAME) -> dict[str, Any]:
    """Check an evidence bundle as the game's CLI ``verify`` does (the current engine's
    verifier hands a bundle pinned to a frozen release to that release)."""
    return definition(None, game).verify_bundle(bundle)
