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

The functions are split by concept: ``pinning`` (which definition runs a log),
``engine_audits`` (explanations, what-if, regression, evidence, verification) and this
module (creating games, facts about a log, views, people and bots at one table); this
module re-exports the others' public names, so callers use ``engine.X`` for all.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from gamekit import registry
from gamekit.bots import bot_rng, identity
from gamekit.registry import EngineUnavailable, UnknownGame
from gamekit.seam import GameDefinition, NotSupported, Outcome

from . import compensating
from .engine_audits import (
    chance_mismatch,
    evidence_bundle,
    explain,
    explanation,
    explanations,
    key_order_note,
    regress,
    stored_folds_report,
    verify_bundle,
    whatif,
)
from .pinning import DEFAULT_GAME, Event, Viewer, definition
from .pinning import own_events as _own  # the shorthands the functions below use
from .pinning import pinned as _pinned
from .turns import Folded, fold_log

# The type of the event that ends a Kolkhoz game (``end_type()`` for any game).
END_TYPE = "game_end"

__all__ = ["DEFAULT_GAME", "EngineUnavailable", "Event", "Folded", "NotSupported", "Outcome",
           "UnknownGame", "Viewer", "chance_mismatch", "definition", "evidence_bundle",
           "explain", "explanation", "explanations", "fold_log", "identity", "key_order_note",
           "regress", "stored_folds_report",
           "verify_bundle", "whatif"]


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
    seed: str | None, game: str = DEFAULT_GAME, setup: dict[str, Any] | None = None,
) -> list[Event]:
    """The opening events of a new game by the current engine (Kolkhoz: ``game`` and the
    first ``year``); raises the game's typed errors. ``setup``: the game's own choices
    fixed at creation (``GameDefinition.start``; Arne: ``colours``, ``first_player``,
    ``dummy_colour``), with ``first_planner`` (Kolkhoz's) unless it names one."""
    defn = definition(None, game)
    return defn.start(defn.ruleset(ruleset), list(seats),
                      {"first_planner": first_planner, **(setup or {})}, seed)


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


def render_hints(*, game: str = DEFAULT_GAME) -> dict[str, Any]:
    """The constants the game's table renderer needs (Kolkhoz: the field ``quota``)."""
    return definition(None, game).render_hints()


# -- people and bots at one table ----------------------------------------------------


def bot(name: str, *, game: str = DEFAULT_GAME, **settings: Any) -> Any:
    """A registered bot of the game; KeyError for an unknown name."""
    return definition(None, game).bot(name, **settings)


def seq_rng(seed: str, seat: int, seq: int, *, game: str = DEFAULT_GAME) -> random.Random:
    """The generator of a bot (or the autopilot) deciding for ``seat`` at log position
    ``seq`` of a game seeded ``seed`` — the platform's one seeding scheme
    (``gamekit.bots.bot_rng``): ``random.Random(f"{game}-bot/seq:{seed}:{seat}:{seq}")``.
    Every bot move is reproducible from the seed, the seat and the position alone,
    whoever sits at the other seats."""
    return bot_rng(game, seed, seat, seq)


def bot_choose(events: Sequence[Event], seat: int, player: Any, *, seed: str,
               game: str = DEFAULT_GAME) -> dict[str, Any] | None:
    """The input ``player`` (a bot) chooses for ``seat`` at the head of ``events`` — it
    sees only that seat's view and choices, and draws from ``seq_rng`` at the position
    its turn began, as the seam's loop does (``fold_log(...).bot_input``) — or None when
    ``seat`` may not act now."""
    return fold_log(events, game=game).bot_input(seat, player, seed)


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


def mismatch_message(bad: dict[str, Any]) -> str:
    """The words for a ``chance_mismatch`` entry: Kolkhoz words its own ``message``; the
    other games give ``{seq, type, rule, expected, got}`` and the message is worded from
    the event's type, seq and clause — never from ``expected``/``got``, which hold the
    cards the seed would have dealt."""
    if bad.get("message"):
        return str(bad["message"])
    rule = f" ({bad['rule']})" if bad.get("rule") else ""
    return (f"the {bad.get('type', 'chance')} event at seq {bad.get('seq')} is not the one "
            f"the seed gives{rule}")
