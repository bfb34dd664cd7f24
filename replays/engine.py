"""The one adapter between the platform and the game engine (``kolkhoz_core``).

Everything the ``replays`` app needs from the rules goes through the functions
here, so a change in the engine's API is fixed in this module alone, and another
game could later sit behind the same functions. Events are plain JSON dicts
exactly as the engine emits them (see ``docs/engine-api.md``).

A viewer is ``None`` (a spectator) or a seat number ``0..3``.
"""

from __future__ import annotations

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
