"""The one adapter between the platform and the game engine (``kolkhoz_core``).

Everything the ``replays`` app needs from the rules goes through the functions
here, so a change in the engine's API is fixed in this module alone, and another
game could later sit behind the same functions. Events are plain JSON dicts
exactly as the engine emits them (see ``docs/engine-api.md``).

A viewer is ``None`` (a spectator) or a seat number ``0..3``.

Engine versions: a game is pinned to the engine it was played under (``engine_version``
of its ``game`` event, ``Game.engine_version``). Every function that works on a stored
game's events — fold, views, redaction, decisions, explanations, verification, what-if,
regression, evidence — runs that game's engine (``kolkhoz_core.releases``: the current
engine or a frozen earlier release); only new games and new imports use the current one.
A log is pinned by its ``game`` event; where a function sees no ``game`` event (a tail
of the log, one event, a record) it takes ``engine_version=`` (None: the current engine).
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any

import kolkhoz_core as core
from kolkhoz_core import releases

Event = dict[str, Any]
Viewer = int | None

# Inputs (decisions and chance outcomes) as opposed to consequences.
INPUT_TYPES = frozenset({"deal", "trump", "swap", "play", "assign"})
END_TYPE = "game_end"
# The hours a field needs to be completed (farm.threshold); the replay viewer draws
# each field's hours against it.
FIELD_QUOTA = 40


class EngineUnavailable(Exception):
    """The engine version a game was played under is not installed here (neither the
    current engine nor a frozen release): the game is not at fault, so this is never
    reported as tampering."""

    def __init__(self, version: str) -> None:
        super().__init__(f"engine version {version!r} is not available (have "
                         f"{', '.join(available_versions())})")
        self.version = version


def engine_version() -> str:
    """The current engine's version string (``kolkhoz_core.__version__``): new games."""
    return str(core.__version__)


def available_versions() -> list[str]:
    """Every engine version this installation runs (frozen releases, then the current)."""
    return releases.versions()


def rules_version() -> str:
    """The RULINGS.md revision the installed engine implements."""
    return str(getattr(core, "RULES_VERSION", "unknown"))


def require_version(version: str) -> None:
    """Raise ``EngineUnavailable`` unless an engine of ``version`` is available (the
    current one or a frozen release registered in ``kolkhoz_core.releases``)."""
    if not releases.is_available(version):
        raise EngineUnavailable(version)


def engine_for(version: str | None) -> ModuleType:
    """The engine module of ``version`` (None: the current engine); raises
    ``EngineUnavailable`` for a version no release provides."""
    if version is None:
        return core
    try:
        return releases.engine(version)
    except releases.UnknownEngineVersion:
        raise EngineUnavailable(str(version)) from None


def _pinned(events: Sequence[Event], version: str | None = None) -> ModuleType:
    """The engine of a log: ``version`` if given, else its ``game`` event's pin (if the
    log starts with it), else the current engine."""
    first = events[0] if events else None
    if version is None and isinstance(first, dict) and first.get("type") == "game":
        version = first.get("engine_version")
    return engine_for(version)


def _engine_of_state(state: Any) -> ModuleType:
    """The engine whose ``GameState`` ``state`` is."""
    package = type(state).__module__.rpartition(".")[0]
    return sys.modules.get(package, core)


def is_engine_error(exc: BaseException) -> bool:
    """True for any engine release's typed errors (``KolkhozError`` and subclasses)."""
    return any(isinstance(exc, m.KolkhozError) for m in releases.loaded())


def error_info(exc: BaseException) -> dict[str, Any]:
    """``{code, message, rule, input}`` of an engine error (``input`` for records)."""
    return {
        "code": str(getattr(exc, "code", "engine_error")),
        "message": str(getattr(exc, "message", None) or exc),
        "rule": getattr(exc, "rule", None),
        "input": getattr(exc, "input_index", None),
    }


# -- creating games --------------------------------------------------------------


def new_game(
    *, ruleset: dict[str, Any] | None, seats: Sequence[str], first_planner: int | None,
    seed: str | None,
) -> list[Event]:
    """The opening events (``game``, first ``year``) of a new game; raises KolkhozError."""
    rs = core.build_ruleset(ruleset)
    return list(core.new_game(rs, list(seats), first_planner=first_planner, seed=seed))


def play_bot_game(*, preset: str | None, seats: Sequence[str], seed: str,
                  bot: str = "random") -> list[Event]:
    """A whole game played by bots (``kolkhoz_core.bots.play_game``): its full log."""
    from kolkhoz_core import bots

    rs = core.build_ruleset({"preset": preset} if preset else None)
    players = [bots.get_bot(bot) for _ in seats]
    return list(core.play_game(rs, list(seats), players, seed))


def adjudicate(record: dict[str, Any], *, engine_version: str | None = None) -> list[Event]:
    """The full adjudicated log of a ``kolkhoz-record/1`` document, by the engine of
    ``engine_version`` (None: the current engine — a record names no version).

    Raises the engine's ``AdjudicationError`` (a KolkhozError) on a bad record,
    ``EngineUnavailable`` for an unknown version.
    """
    return list(engine_for(engine_version).adjudicate(record))


def to_record(events: Sequence[Event], *, seed: str | None = None,
              engine_version: str | None = None) -> dict[str, Any]:
    """The ``kolkhoz-record/1`` document of a log (the seed included once revealed,
    or when given), by the game's engine (``engine_version`` or the ``game`` event's)."""
    return dict(_pinned(events, engine_version).to_record(list(events), seed=seed))


def decide(events: Sequence[Event], inp: dict[str, Any], *, seed: str | None) -> list[Event]:
    """Validate one input against the state after ``events`` with the game's pinned
    engine; its resulting events.

    ``seed`` is the game's seed, revealed by the engine in ``game_end``."""
    eng = _pinned(events)
    return list(eng.decide(eng.fold(list(events)), inp, seed=seed or None))


def chance_input(events: Sequence[Event], seed: str) -> dict[str, Any] | None:
    """The chance outcome (deal / random trump) the seed gives next, or None."""
    eng = _pinned(events)
    out: dict[str, Any] | None = eng.chance_input(eng.fold(list(events)), seed)
    return out


# -- facts about a log -----------------------------------------------------------


def game_setup(first_event: Event) -> dict[str, Any]:
    """The setup facts of the ``game`` event (seq 0): ruleset, seats, versions, commitment."""
    return {
        "ruleset": first_event.get("ruleset") or {},
        "seats": list(first_event.get("seats") or []),
        "seed_commitment": first_event.get("seed_commitment"),
        "engine_version": str(first_event.get("engine_version") or engine_version()),
        "rules_version": str(first_event.get("rules_version") or rules_version()),
    }


def event_actor(event: Event) -> str:
    """Who caused an event: ``seat:N`` for a decision, ``chance`` for a deal or a
    random draw, ``engine`` for a consequence."""
    etype = event.get("type")
    if etype in INPUT_TYPES:
        seat = event.get("seat")
        if etype == "deal" or seat is None:
            return "chance"
        return f"seat:{seat}"
    return "engine"


def event_visibility(event: Event) -> str:
    """``public`` if a live-game spectator sees the event whole, else ``restricted``.

    Informational only (an index for audits): what a viewer sees is always
    decided by ``redact`` at read time (with the game's pinned engine); this index
    uses the current engine's redaction.
    """
    redacted = core.redact_event(event, None, finished=False)
    return "public" if redacted == event else "restricted"


# -- views -----------------------------------------------------------------------


def redact(events: Sequence[Event], viewer: Viewer, *, finished: bool,
           engine_version: str | None = None) -> list[Event]:
    """What ``viewer`` may see of each event (hidden cards become null), by the game's
    engine (``engine_version``, or the log's ``game`` event)."""
    eng = _pinned(events, engine_version)
    return [eng.redact_event(e, viewer, finished=finished) for e in events]


def states(events: Sequence[Event]) -> Iterator[Any]:
    """The state after every event (``replay`` of the log's pinned engine)."""
    return iter(_pinned(events).replay(list(events)))


def view(state: Any, viewer: Viewer, *, finished: bool) -> dict[str, Any]:
    """The state as ``viewer`` may see it; once the game is finished, everything
    (every step of a finished game's replay shows every hand and cellar). ``state``
    is rendered by the engine that folded it."""
    eng = _engine_of_state(state)
    if finished and not state.finished:
        # The engine shows everything only in the final state; for the steps before
        # it, each seat's own view supplies that seat's hand and cellar.
        out = dict(eng.spectator_view(state))
        out["hands"] = list(out["hands"])
        out["cellars"] = list(out["cellars"])
        for seat in range(len(out["hands"])):
            own = eng.seat_view(state, seat)
            out["hands"][seat] = own["hands"][seat]
            out["cellars"][seat] = own["cellars"][seat]
        out["viewer"] = "all"
        return out
    if viewer is None:
        return dict(eng.spectator_view(state))
    return dict(eng.seat_view(state, viewer))


def caption(event: Event, seats: Sequence[str]) -> str:
    """A short caption of one (already redacted) event for the replay viewer."""
    explain = getattr(core, "caption", None)
    if explain is not None:
        return str(explain(event, list(seats)))

    def name(seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(seats):
            return seats[seat]
        return "the State" if seat is None else str(seat)

    t = event.get("type")
    if t == "game":
        return "New game: " + ", ".join(seats)
    if t == "year":
        return f"Year {event.get('year')}, planner {name(event.get('planner'))}" + (
            " — famine" if event.get("famine") else "")
    if t == "deal":
        return f"Deal for year {event.get('year')}"
    if t == "trump":
        return f"{name(event.get('seat'))} names trump {event.get('suit')}"
    if t == "swap":
        if event.get("pass"):
            return f"{name(event.get('seat'))} passes the swap"
        return f"{name(event.get('seat'))} swaps with the cellar"
    if t == "play":
        return f"{name(event.get('seat'))} plays {event.get('card') or 'a card'}"
    if t == "trick":
        return f"{name(event.get('winner'))} wins the trick"
    if t == "assign":
        return f"{name(event.get('seat'))} assigns the workers"
    if t == "farmed":
        return f"Field {event.get('field')} completed by {name(event.get('seat'))}"
    if t == "pocket":
        return f"{name(event.get('seat'))} pockets a card"
    if t == "requisition":
        return f"Requisition of field {event.get('field')}" + (
            " (skipped)" if event.get("skipped") else "")
    if t == "revealed":
        return f"{name(event.get('seat'))} reveals {event.get('card') or 'a card'}"
    if t == "north":
        return f"{event.get('card') or 'A card'} goes North"
    if t == "year_end":
        return f"End of year {event.get('year')}"
    if t == "game_end":
        return "Game over"
    return str(t)


# -- audits: explanations, what-if, evidence, regression (kolkhoz_core.explain/whatif/
#    bundle) ------------------------------------------------------------------------


def explain(event: Event, seats: Sequence[str], prev: Event | None = None, *,
            engine_version: str | None = None) -> str:
    """A plain-language explanation of one (already redacted) event, naming every clause
    id it cites (``explain_event`` of the engine ``engine_version``, None: current);
    ``prev`` is the event before."""
    return str(engine_for(engine_version).explain_event(event, list(seats), prev))


def explanations(events: Sequence[Event], seats: Sequence[str], *,
                 engine_version: str | None = None) -> list[str]:
    """One explanation per (already redacted) event, in order — the replay log's text
    (``explain_log`` of the game's engine: ``engine_version`` or the ``game`` event's)."""
    return list(_pinned(events, engine_version).explain_log(list(events), list(seats)))


def explanation(event: Event, seats: Sequence[str], prev: Event | None = None,
                text: str | None = None, *, engine_version: str | None = None
                ) -> dict[str, Any]:
    """``{seq, type, text, rules, facts, anchors}`` of one (already redacted) event
    (``text``: its explanation from ``explanations`` over the log, if already known;
    ``engine_version``: the game's, None: the current engine)."""
    return dict(engine_for(engine_version).explanation(event, list(seats), prev, text))


def whatif(record: dict[str, Any], *, options: dict[str, Any] | None,
           preset: str | None, engine_version: str | None = None) -> dict[str, Any]:
    """Replay a record's inputs under another ruleset (``whatif`` of the engine
    ``engine_version``, the game's; None: the current engine):
    ``{"illegal": …}`` | ``{"divergence": …, "scores", "places"}`` | ``{"same": true}``.
    Raises the engine's ``WhatIfError`` (a KolkhozError) on a bad ruleset or record."""
    eng = engine_for(engine_version)
    return dict(eng.whatif.whatif(record, options=options, preset=preset))


def regress(stored: Sequence[Event], record: dict[str, Any], *,
            engine_version: str | None = None) -> dict[str, Any]:
    """Re-adjudicate a stored game's inputs and compare with its log (``whatif.regress``)
    — with the engine ``engine_version`` if given (e.g. the current one, to see what a
    rules change would do to history), else the game's pinned engine: ``{ok,
    result_changed, first_divergence, scores, places, error}``."""
    return dict(_pinned(stored, engine_version).regress(list(stored), record))


def evidence_bundle(events: Sequence[Event], *, hashes: Sequence[str], game_id: str,
                    seed: str | None) -> dict[str, Any]:
    """The ``kolkhoz-evidence/1`` bundle of a finished game (``build_bundle`` of its
    pinned engine)."""
    return dict(_pinned(events).build_bundle(list(events), hashes=list(hashes),
                                             game_id=game_id, seed=seed))


def chance_mismatch(events: Sequence[Event], seed: str) -> dict[str, Any] | None:
    """The first deal or random trump of ``events`` that ``seed`` does not give
    (``kolkhoz_core.choices.chance_mismatch``, the evidence bundle's ``deals`` check):
    ``{seq, type, year, reason, message, error}`` or None. ``message`` never names a
    card; ``error`` (an unfoldable log only) may. By the log's pinned engine."""
    choices_module = importlib.import_module(f"{_pinned(events).__name__}.choices")
    out: dict[str, Any] | None = choices_module.chance_mismatch(list(events), seed)
    return out


def key_order_note(version: str, stored: Any, derived: Any) -> str | None:
    """What a verify report says about a mismatch between a ``stored`` event and the
    ``derived`` one, when the game's engine ``version`` filed assignments in key order
    (0.1.0) and the two list the same things in another order; None otherwise
    (``kolkhoz_core.releases.key_order_note``, docs/verify.md "Key order")."""
    return releases.key_order_note(version, stored, derived)


def verify_bundle(bundle: Any) -> dict[str, Any]:
    """Check an evidence bundle as the CLI's ``verify`` does (the current engine's
    verifier hands a bundle pinned to a frozen release to that release)."""
    return dict(core.verify_bundle(bundle))


# -- people and bots at one table ----------------------------------------------------


def bot(name: str, **settings: Any) -> Any:
    """A registered bot (``kolkhoz_core.bots.get_bot``); KeyError for an unknown name."""
    from kolkhoz_core import bots

    return bots.get_bot(name, **settings)


def seq_rng(seed: str, seat: int, seq: int, *, purpose: str = "bot") -> random.Random:
    """The random generator of a bot deciding for ``seat`` at log position ``seq`` of a
    game seeded ``seed``: ``random.Random(f"kolkhoz-{purpose}/seq:{seed}:{seat}:{seq}")``.

    Used where people and bots share a game (a person's move can come at any time, so
    the bots' generators cannot run a year at a time as in ``kolkhoz_core.runner``):
    every bot move is reproducible from the seed and the seq alone. ``purpose`` is
    ``bot`` for a bot seat and ``autopilot`` for a move made when a deadline passed."""
    return random.Random(f"kolkhoz-{purpose}/seq:{seed}:{seat}:{seq}")


def bot_choose(events: Sequence[Event], seat: int, player: Any, *, seed: str,
               purpose: str = "bot") -> dict[str, Any] | None:
    """The input ``player`` (a bot) chooses for ``seat`` at the head of ``events`` — it
    sees only that seat's view and the legal choices — or None when it is not that
    seat's decision (chance, another seat, the game over). The view and choices come
    from the game's pinned engine."""
    eng = _pinned(events)
    state = eng.fold(list(events))
    if state.finished:
        return None
    ch = eng.choices(state)
    if ch.chance or ch.seat != seat:
        return None
    rng = seq_rng(seed, seat, state.seq, purpose=purpose)
    return dict(player.choose(eng.seat_view(state, seat), ch, rng))


def bot_decision(events: Sequence[Event], bots: dict[int, str], *,
                 seed: str) -> dict[str, Any] | None:
    """The next input if the seat to decide is one of ``bots`` (seat → bot name), else
    None (a person's turn, chance, or the game over)."""
    eng = _pinned(events)
    state = eng.fold(list(events))
    if state.finished:
        return None
    ch = eng.choices(state)
    if ch.chance or ch.seat not in bots:
        return None
    return bot_choose(events, ch.seat, bot(bots[ch.seat]), seed=seed)


def to_move(events: Sequence[Event]) -> int | None:
    """The seat whose decision the game awaits, or None (chance, or the game over)."""
    eng = _pinned(events)
    state = eng.fold(list(events))
    if state.finished:
        return None
    ch = eng.choices(state)
    return None if ch.chance else ch.seat


def legal_for(events: Sequence[Event], seat: int | None) -> dict[str, Any]:
    """What ``seat`` may do now, from ``kolkhoz_core.choices`` — the browser computes no
    rule. Shape::

        {"kind": "trump"|"swap"|"play"|"assign"|"deal"|None, "to_move": seat|None,
         "yours": bool, "options": [...] | {card: [fields]}, "inputs": [input, ...]}

    ``options`` (only when ``yours``): suits (trump), card codes (play), swap choices as
    ``{"pass": true}`` or ``{"hand": card, "cellar": card}``, or for an assignment each
    trick card's legal fields (clause assign.*: every product is legal). ``inputs``: the
    complete legal inputs (RECORD_FORMAT.md shapes) for trump, swap and play (for assign,
    build ``{"type": "assign", "seat", "cards": {card: field}}`` from ``options``)."""
    eng = _pinned(events)
    state = eng.fold(list(events))
    ch = eng.choices(state)
    mover = None if (ch.chance or state.finished) else ch.seat
    yours = seat is not None and mover == seat
    out: dict[str, Any] = {"kind": ch.kind, "to_move": mover, "yours": yours,
                           "options": [], "inputs": []}
    if not yours:
        return out
    if ch.kind == "swap":
        out["options"] = [{"pass": True} if o is None else {"hand": o[0], "cellar": o[1]}
                          for o in ch.options]
    elif ch.kind == "assign":
        out["options"] = {card: list(fields) for card, fields in ch.options.items()}
    else:
        out["options"] = list(ch.options)
    if ch.kind != "assign":
        out["inputs"] = ch.to_inputs()
    return out


def position(events: Sequence[Event]) -> Any:
    """The state after the whole log (``fold`` of the log's pinned engine)."""
    return _pinned(events).fold(list(events))
