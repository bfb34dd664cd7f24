"""The one adapter between the platform and the game engine (``kolkhoz_core``).

Everything the ``replays`` app needs from the rules goes through the functions
here, so a change in the engine's API is fixed in this module alone, and another
game could later sit behind the same functions. Events are plain JSON dicts
exactly as the engine emits them (see ``docs/engine-api.md``).

A viewer is ``None`` (a spectator) or a seat number ``0..3``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import kolkhoz_core as core

Event = dict[str, Any]
Viewer = int | None

# Inputs (decisions and chance outcomes) as opposed to consequences.
INPUT_TYPES = frozenset({"deal", "trump", "swap", "play", "assign"})
END_TYPE = "game_end"
# The hours a field needs to be completed (farm.threshold); the replay viewer draws
# each field's hours against it.
FIELD_QUOTA = 40


class EngineUnavailable(Exception):
    """The engine version a game was played under is not installed here."""

    def __init__(self, version: str) -> None:
        super().__init__(f"engine version {version!r} is not available (have {engine_version()})")
        self.version = version


def engine_version() -> str:
    """The installed engine's version string (``kolkhoz_core.__version__``)."""
    return str(core.__version__)


def rules_version() -> str:
    """The RULINGS.md revision the installed engine implements."""
    return str(getattr(core, "RULES_VERSION", "unknown"))


def require_version(version: str) -> None:
    """Raise ``EngineUnavailable`` unless ``version`` is the installed engine.

    Only one engine version is installed at a time; older versions would be
    registered here (e.g. a vendored wheel per version) when the engine changes.
    """
    if version != engine_version():
        raise EngineUnavailable(version)


def is_engine_error(exc: BaseException) -> bool:
    """True for the engine's typed errors (``KolkhozError`` and subclasses)."""
    base = getattr(core, "KolkhozError", None)
    return base is not None and isinstance(exc, base)


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


def adjudicate(record: dict[str, Any]) -> list[Event]:
    """The full adjudicated log of a ``kolkhoz-record/1`` document.

    Raises the engine's ``AdjudicationError`` (a KolkhozError) on a bad record.
    """
    return list(core.adjudicate(record))


def to_record(events: Sequence[Event], *, seed: str | None = None) -> dict[str, Any]:
    """The ``kolkhoz-record/1`` document of a log (the seed included once revealed,
    or when given)."""
    return dict(core.to_record(list(events), seed=seed))


def decide(events: Sequence[Event], inp: dict[str, Any], *, seed: str | None) -> list[Event]:
    """Validate one input against the state after ``events``; its resulting events.

    ``seed`` is the game's seed, revealed by the engine in ``game_end``."""
    return list(core.decide(core.fold(list(events)), inp, seed=seed or None))


def chance_input(events: Sequence[Event], seed: str) -> dict[str, Any] | None:
    """The chance outcome (deal / random trump) the seed gives next, or None."""
    return core.chance_input(core.fold(list(events)), seed)


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
    decided by ``redact`` at read time.
    """
    redacted = core.redact_event(event, None, finished=False)
    return "public" if redacted == event else "restricted"


# -- views -----------------------------------------------------------------------


def redact(events: Sequence[Event], viewer: Viewer, *, finished: bool) -> list[Event]:
    """What ``viewer`` may see of each event (hidden cards become null)."""
    return [core.redact_event(e, viewer, finished=finished) for e in events]


def states(events: Sequence[Event]) -> Iterator[Any]:
    """The state after every event (``kolkhoz_core.replay``)."""
    return iter(core.replay(list(events)))


def view(state: Any, viewer: Viewer, *, finished: bool) -> dict[str, Any]:
    """The state as ``viewer`` may see it; once the game is finished, everything
    (every step of a finished game's replay shows every hand and cellar)."""
    if finished and not state.finished:
        # The engine shows everything only in the final state; for the steps before
        # it, each seat's own view supplies that seat's hand and cellar.
        out = dict(core.spectator_view(state))
        out["hands"] = list(out["hands"])
        out["cellars"] = list(out["cellars"])
        for seat in range(len(out["hands"])):
            own = core.seat_view(state, seat)
            out["hands"][seat] = own["hands"][seat]
            out["cellars"][seat] = own["cellars"][seat]
        out["viewer"] = "all"
        return out
    if viewer is None:
        return dict(core.spectator_view(state))
    return dict(core.seat_view(state, viewer))


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


def explain(event: Event, seats: Sequence[str], prev: Event | None = None) -> str:
    """A plain-language explanation of one (already redacted) event, naming every clause
    id it cites (``kolkhoz_core.explain.explain_event``); ``prev`` is the event before."""
    from kolkhoz_core.explain import explain_event

    return explain_event(event, list(seats), prev)


def explanations(events: Sequence[Event], seats: Sequence[str]) -> list[str]:
    """One explanation per (already redacted) event, in order — the replay log's text."""
    from kolkhoz_core.explain import explain_log

    return explain_log(list(events), list(seats))


def explanation(event: Event, seats: Sequence[str], prev: Event | None = None,
                text: str | None = None) -> dict[str, Any]:
    """``{seq, type, text, rules, facts, anchors}`` of one (already redacted) event
    (``text``: its explanation from ``explanations`` over the log, if already known)."""
    from kolkhoz_core.explain import explanation as core_explanation

    return core_explanation(event, list(seats), prev, text)


def whatif(record: dict[str, Any], *, options: dict[str, Any] | None,
           preset: str | None) -> dict[str, Any]:
    """Replay a record's inputs under another ruleset (``kolkhoz_core.whatif.whatif``):
    ``{"illegal": …}`` | ``{"divergence": …, "scores", "places"}`` | ``{"same": true}``.
    Raises the engine's ``WhatIfError`` (a KolkhozError) on a bad ruleset or record."""
    from kolkhoz_core.whatif import whatif as core_whatif

    return core_whatif(record, options=options, preset=preset)


def regress(stored: Sequence[Event], record: dict[str, Any]) -> dict[str, Any]:
    """Re-adjudicate a stored game's inputs with the installed engine and compare
    (``kolkhoz_core.whatif.regress``): ``{ok, result_changed, first_divergence, scores,
    places, error}``."""
    from kolkhoz_core.whatif import regress as core_regress

    return core_regress(list(stored), record)


def evidence_bundle(events: Sequence[Event], *, hashes: Sequence[str], game_id: str,
                    seed: str | None) -> dict[str, Any]:
    """The ``kolkhoz-evidence/1`` bundle of a finished game (``kolkhoz_core.bundle``)."""
    from kolkhoz_core.bundle import build_bundle

    return build_bundle(list(events), hashes=list(hashes), game_id=game_id, seed=seed)


def chance_mismatch(events: Sequence[Event], seed: str) -> dict[str, Any] | None:
    """The first deal or random trump of ``events`` that ``seed`` does not give
    (``kolkhoz_core.choices.chance_mismatch``, the evidence bundle's ``deals`` check):
    ``{seq, type, year, reason, message, error}`` or None. ``message`` never names a
    card; ``error`` (an unfoldable log only) may."""
    from kolkhoz_core.choices import chance_mismatch as core_mismatch

    return core_mismatch(list(events), seed)


def verify_bundle(bundle: Any) -> dict[str, Any]:
    """Check an evidence bundle as the CLI's ``verify`` does."""
    from kolkhoz_core.bundle import verify_bundle as core_verify

    return core_verify(bundle)


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
    seat's decision (chance, another seat, the game over)."""
    state = core.fold(list(events))
    if state.finished:
        return None
    ch = core.choices(state)
    if ch.chance or ch.seat != seat:
        return None
    rng = seq_rng(seed, seat, state.seq, purpose=purpose)
    return dict(player.choose(core.seat_view(state, seat), ch, rng))


def bot_decision(events: Sequence[Event], bots: dict[int, str], *,
                 seed: str) -> dict[str, Any] | None:
    """The next input if the seat to decide is one of ``bots`` (seat → bot name), else
    None (a person's turn, chance, or the game over)."""
    state = core.fold(list(events))
    if state.finished:
        return None
    ch = core.choices(state)
    if ch.chance or ch.seat not in bots:
        return None
    return bot_choose(events, ch.seat, bot(bots[ch.seat]), seed=seed)


def to_move(events: Sequence[Event]) -> int | None:
    """The seat whose decision the game awaits, or None (chance, or the game over)."""
    state = core.fold(list(events))
    if state.finished:
        return None
    ch = core.choices(state)
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
    state = core.fold(list(events))
    ch = core.choices(state)
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
    """The state after the whole log (``kolkhoz_core.fold``)."""
    return core.fold(list(events))
