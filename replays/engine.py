"""The one adapter between the platform and the games (``gamekit.registry``, docs/seam.md).

Everything the apps need from a game's rules goes through the functions here, which
reach the game only through its ``GameDefinition`` — never a game package's internals.
Events are plain JSON dicts exactly as the game emits them. A viewer is ``None`` (a
spectator) or a seat number.

Every function takes ``game`` (the game id, default ``kolkhoz``). Engine versions: a
stored game is pinned to the engine it was played under (``engine_version`` of its
opening event, ``Game.engine_version``); every function that works on a stored game's
events — fold, views, redaction, decisions, explanations, verification, what-if,
regression, evidence — runs that version's definition (the current engine or a frozen
release); only new games and new imports use the current one. Where a function sees no
opening event (a tail of the log, one event, a record) it takes ``engine_version=``
(None: the current engine).

The platform's own compensating events (``result_adjusted``, ``game_voided``: an
arbiter's ruling after the end) are not the game's: they are kept out of the game's
engine and explained here (``replays.compensating``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from gamekit import registry
from gamekit.bots import identity
from gamekit.registry import EngineUnavailable, UnknownGame
from gamekit.seam import GameDefinition, NotSupported, Outcome

from . import compensating

Event = dict[str, Any]
Viewer = int | None

DEFAULT_GAME = "kolkhoz"
# The type of the event that ends a Kolkhoz game (``end_type()`` for any game).
END_TYPE = "game_end"

__all__ = ["EngineUnavailable", "NotSupported", "Outcome", "UnknownGame", "identity"]


def definition(version: str | None = None, game: str = DEFAULT_GAME) -> GameDefinition:
    """The definition of ``game`` at engine ``version`` (None: the current one). Raises
    ``EngineUnavailable`` for a version this installation does not run, ``UnknownGame``
    for an unknown id."""
    return registry.get(game, version)


def end_type(game: str = DEFAULT_GAME) -> str:
    """The type of the event that ends a game of ``game`` (it reveals the seed)."""
    return definition(None, game).end_type


def engine_version(game: str = DEFAULT_GAME) -> str:
    """The current engine's version (new games are pinned to it)."""
    return definition(None, game).engine_version


def available_versions(game: str = DEFAULT_GAME) -> list[str]:
    """Every engine version this installation runs (frozen releases, then the current)."""
    return registry.versions(game)


def rules_version(game: str = DEFAULT_GAME) -> str:
    """The rules revision the current engine implements."""
    return definition(None, game).rules_version


def require_version(version: str, game: str = DEFAULT_GAME) -> None:
    """Raise ``EngineUnavailable`` unless an engine of ``version`` is available."""
    definition(version, game)


def _pinned(events: Sequence[Event], version: str | None = None,
            game: str = DEFAULT_GAME) -> GameDefinition:
    """The definition of a log: ``version`` if given, else its opening event's pin (if
    the log starts with it), else the current one."""
    first = events[0] if events else None
    if version is None and isinstance(first, dict) and first.get("seq") == 0:
        version = first.get("engine_version")
    return definition(version, game)


def _own(events: Sequence[Event]) -> list[Event]:
    """The game's own events of a stored log (the platform's compensating ones left out)."""
    return compensating.split(events)[0]


def _of_state(state: Any, game: str) -> GameDefinition:
    """The definition whose state ``state`` is (among those in use), else the current."""
    for defn in registry.loaded():
        if defn.id == game and defn.state_type is not None and type(state) is defn.state_type:
            return defn
    return definition(None, game)


def is_engine_error(exc: BaseException) -> bool:
    """True for any game's typed errors (a ruleset, input or record it refuses)."""
    return any(isinstance(exc, d.errors) for d in registry.loaded())


def error_info(exc: BaseException) -> dict[str, Any]:
    """``{code, message, rule, input}`` of an engine error (``input`` for records)."""
    return {
        "code": str(getattr(exc, "code", "engine_error")),
        "message": str(getattr(exc, "message", None) or exc),
        "rule": getattr(exc, "rule", None),
        "input": getattr(exc, "input_index", None),
    }


# -- creating games --------------------------------------------------------------


def build_ruleset(spec: dict[str, Any] | None, *, game: str = DEFAULT_GAME) -> Any:
    """The current engine's ruleset of ``{preset, options}`` (None: the default); raises
    the game's typed ruleset error (``is_engine_error``)."""
    return definition(None, game).ruleset(spec)


def new_game(
    *, ruleset: dict[str, Any] | None, seats: Sequence[str], first_planner: int | None,
    seed: str | None, game: str = DEFAULT_GAME,
) -> list[Event]:
    """The opening events of a new game by the current engine (Kolkhoz: ``game`` and the
    first ``year``); raises the game's typed errors."""
    defn = definition(None, game)
    return defn.start(defn.ruleset(ruleset), list(seats), {"first_planner": first_planner},
                      seed)


def play_bot_game(*, preset: str | None, seats: Sequence[str], seed: str,
                  bot: str = "random", game: str = DEFAULT_GAME) -> list[Event]:
    """A whole game played by ``bot`` in every seat (``GameDefinition.play_bots``), chance
    from ``seed``: its full log."""
    defn = definition(None, game)
    events = defn.start(defn.ruleset({"preset": preset} if preset else None), list(seats),
                        {"first_planner": None}, seed)
    players = [defn.bot(bot) for _ in seats]
    state = defn.fold(events)
    while not defn.finished(state):
        state, new = defn.play_bots(state, players, seed)
        events.extend(new)
    return events


def adjudicate(record: dict[str, Any], *, engine_version: str | None = None,
               game: str = DEFAULT_GAME) -> list[Event]:
    """The full adjudicated log of a record, by the engine of ``engine_version`` (None:
    the current engine — a record names no version). Raises the game's typed error on
    a bad record, ``EngineUnavailable`` for an unknown version."""
    return definition(engine_version, game).adjudicate(record)


def to_record(events: Sequence[Event], *, seed: str | None = None,
              engine_version: str | None = None, game: str = DEFAULT_GAME) -> dict[str, Any]:
    """The record of a log (the seed included once revealed, or when given), by the
    game's engine (``engine_version`` or the opening event's)."""
    return _pinned(events, engine_version, game).to_record(_own(events), seed=seed)


def decide(events: Sequence[Event], inp: dict[str, Any], *, seed: str | None,
           game: str = DEFAULT_GAME) -> list[Event]:
    """Validate one input against the state after ``events`` with the game's pinned
    engine; its resulting events. ``seed``: the game's seed (revealed at the end)."""
    defn = _pinned(events, game=game)
    return defn.decide(defn.fold(_own(events)), inp, seed=seed or None)


def chance_input(events: Sequence[Event], seed: str, *,
                 game: str = DEFAULT_GAME) -> dict[str, Any] | None:
    """The chance outcome (deal, draw) the seed gives next, or None."""
    defn = _pinned(events, game=game)
    return defn.chance_input(defn.fold(_own(events)), seed)


# -- facts about a log -----------------------------------------------------------


def game_setup(first_event: Event, *, game: str = DEFAULT_GAME) -> dict[str, Any]:
    """The setup facts of the opening event (seq 0): ruleset, seats, versions, commitment."""
    return {
        "ruleset": first_event.get("ruleset") or {},
        "seats": list(first_event.get("seats") or []),
        "seed_commitment": first_event.get("seed_commitment"),
        "engine_version": str(first_event.get("engine_version") or engine_version(game)),
        "rules_version": str(first_event.get("rules_version") or rules_version(game)),
    }


def event_actor(event: Event, *, game: str = DEFAULT_GAME) -> str:
    """Who caused an event: ``seat:N`` for a decision, ``chance`` for a chance outcome,
    ``engine`` for a consequence (and for the platform's compensating events)."""
    if compensating.is_compensating(event):
        return "engine"
    return definition(None, game).actor(event)


def event_visibility(event: Event, *, game: str = DEFAULT_GAME) -> str:
    """``public`` if a live-game spectator sees the event whole, else ``restricted``.

    Informational only (an index for audits): what a viewer sees is always decided by
    ``redact`` at read time (with the game's pinned engine); this index uses the
    current engine's redaction."""
    if compensating.is_compensating(event):
        return "public"
    redacted = definition(None, game).redact(event, None, finished=False)
    return "public" if redacted == event else "restricted"


def outcome(events: Sequence[Event], *, game: str = DEFAULT_GAME) -> Outcome | None:
    """The game's result (places, scores, tie-break values) once its log has ended,
    else None — as the game itself rules it (an arbiter's later adjustment is not
    applied here: ``disputes`` does)."""
    defn = _pinned(events, game=game)
    return defn.outcome(defn.fold(_own(events)))


# -- views -----------------------------------------------------------------------


def redact(events: Sequence[Event], viewer: Viewer, *, finished: bool,
           engine_version: str | None = None, game: str = DEFAULT_GAME) -> list[Event]:
    """What ``viewer`` may see of each event (hidden facts become null), by the game's
    engine (``engine_version``, or the log's opening event). Compensating events hide
    nothing."""
    defn = _pinned(events, engine_version, game)
    return [e if compensating.is_compensating(e) else defn.redact(e, viewer, finished=finished)
            for e in events]


def states(events: Sequence[Event], *, game: str = DEFAULT_GAME) -> Iterator[Any]:
    """The state after every event (a compensating event leaves it as it was)."""
    defn = _pinned(events, game=game)
    own, extra = compensating.split(events)
    state = None
    for state in defn.replay(own):
        yield state
    for _ in extra:
        yield state


def view(state: Any, viewer: Viewer, *, finished: bool, game: str = DEFAULT_GAME
         ) -> dict[str, Any]:
    """The state as ``viewer`` may see it; once the game is finished, everything (every
    step of a finished game's replay is shown whole, ``revealed_view``). ``state`` is
    rendered by the definition that folded it."""
    defn = _of_state(state, game)
    if finished and not defn.finished(state):
        return defn.revealed_view(state)
    if viewer is None:
        return defn.spectator_view(state)
    return defn.seat_view(state, viewer)


def caption(event: Event, seats: Sequence[str], *, game: str = DEFAULT_GAME) -> str:
    """A short caption of one (already redacted) event for the replay viewer."""
    if compensating.is_compensating(event):
        return str(event.get("type"))
    return definition(None, game).caption(event, list(seats))


def render_hints(*, game: str = DEFAULT_GAME) -> dict[str, Any]:
    """The constants the game's table renderer needs (Kolkhoz: the field ``quota``)."""
    return definition(None, game).render_hints()


# -- audits: explanations, what-if, evidence, regression ------------------------------


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
    own = _own(events)
    texts = iter(_pinned(events, engine_version, game).explain_log(own, list(seats)))
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
    return _pinned(stored, engine_version, game).regress(_own(stored), record)


def evidence_bundle(events: Sequence[Event], *, hashes: Sequence[str], game_id: str,
                    seed: str | None, game: str = DEFAULT_GAME) -> dict[str, Any]:
    """The evidence bundle of a finished game (its pinned engine; the events after the
    end — compensating events — are carried as its ``adjustments``)."""
    return _pinned(events, game=game).evidence_bundle(events, hashes=hashes,
                                                      game_id=game_id, seed=seed)


def chance_mismatch(events: Sequence[Event], seed: str, *,
                    game: str = DEFAULT_GAME) -> dict[str, Any] | None:
    """The first chance outcome of ``events`` that ``seed`` does not give: ``{seq, type,
    year, reason, message, error}`` or None. ``message`` never names a card; ``error``
    (an unfoldable log only) may. By the log's pinned engine."""
    return _pinned(events, game=game).chance_mismatch(events, seed)


def key_order_note(version: str, stored: Any, derived: Any, *,
                   game: str = DEFAULT_GAME) -> str | None:
    """What a verify report says about a mismatch between a ``stored`` event and the
    ``derived`` one, by the game's engine ``version`` (``GameDefinition.verify_note``;
    Kolkhoz: a 0.1.0 game that filed assignments in key order and lists the same things
    in another order, docs/verify.md "Key order"); None otherwise, or when ``version``
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


# -- people and bots at one table ----------------------------------------------------


def bot(name: str, *, game: str = DEFAULT_GAME, **settings: Any) -> Any:
    """A registered bot of the game; KeyError for an unknown name."""
    return definition(None, game).bot(name, **settings)


def seq_rng(seed: str, seat: int, seq: int, *, purpose: str = "bot",
            game: str = DEFAULT_GAME) -> random.Random:
    """The random generator of a bot deciding for ``seat`` at log position ``seq`` of a
    game seeded ``seed``: ``random.Random(f"{game}-{purpose}/seq:{seed}:{seat}:{seq}")``.

    Used where people and bots share a game: every bot move is reproducible from the
    seed and the seq alone. ``purpose`` is ``bot`` for a bot seat and ``autopilot`` for
    a move made when a deadline passed."""
    return random.Random(f"{game}-{purpose}/seq:{seed}:{seat}:{seq}")


def bot_choose(events: Sequence[Event], seat: int, player: Any, *, seed: str,
               purpose: str = "bot", game: str = DEFAULT_GAME) -> dict[str, Any] | None:
    """The input ``player`` (a bot) chooses for ``seat`` at the head of ``events`` — it
    sees only that seat's view and choices — or None when ``seat`` may not act now."""
    defn = _pinned(events, game=game)
    own = _own(events)
    state = defn.fold(own)
    if seat not in defn.may_act(state):
        return None
    rng = seq_rng(seed, seat, len(own), purpose=purpose, game=game)
    return dict(player.choose(defn.seat_view(state, seat), defn.choices(state, seat), rng))


def bot_decision(events: Sequence[Event], bots: dict[int, str], *, seed: str,
                 game: str = DEFAULT_GAME) -> dict[str, Any] | None:
    """The next input of the lowest seat that may act and is one of ``bots`` (seat →
    bot name), else None (only people may act, chance, or the game over)."""
    movers = sorted(may_act(events, game=game) & set(bots))
    if not movers:
        return None
    return bot_choose(events, movers[0], bot(bots[movers[0]], game=game), seed=seed,
                      game=game)


def may_act(events: Sequence[Event], *, game: str = DEFAULT_GAME) -> frozenset[int]:
    """The seats that may submit an input now (empty: chance, or the game over)."""
    defn = _pinned(events, game=game)
    return defn.may_act(defn.fold(_own(events)))


def to_move(events: Sequence[Event], *, game: str = DEFAULT_GAME) -> int | None:
    """The one seat whose decision the game awaits, or None (chance, the game over, or
    several seats choosing at once: see ``may_act``)."""
    movers = may_act(events, game=game)
    return next(iter(movers)) if len(movers) == 1 else None


def legal_for(events: Sequence[Event], seat: int | None, *,
              game: str = DEFAULT_GAME) -> dict[str, Any]:
    """What ``seat`` may do now, computed by the game — the browser computes no rule
    (``GameDefinition.legal_summary``). Kolkhoz's shape::

        {"kind": "trump"|"swap"|"play"|"assign"|"deal"|None, "to_move": seat|None,
         "yours": bool, "options": [...] | {card: [fields]}, "inputs": [input, ...]}
    """
    defn = _pinned(events, game=game)
    return defn.legal_summary(defn.fold(_own(events)), seat)


def finished(events: Sequence[Event], *, game: str = DEFAULT_GAME) -> bool:
    """True once the log's game is over (its ``end_type`` event applied)."""
    defn = _pinned(events, game=game)
    return defn.finished(defn.fold(_own(events)))


def position(events: Sequence[Event], *, game: str = DEFAULT_GAME) -> Any:
    """The state after the whole log (the log's pinned engine)."""
    return _pinned(events, game=game).fold(_own(events))
