"""The platform's compensating events: what the store appends after a game's end.

An arbiter's ruling (``disputes``) is written to the game's log after ``game_end`` as

* ``result_adjusted`` ``{places, scores?, previous_places?, dispute?, clause?, ruling?}``
  — the result that counts from now on;
* ``game_voided`` ``{dispute?, clause?, ruling?}`` — the game no longer counts;
* ``ruling`` ``{ruling}`` — a ruling recorded without a change.

They belong to the platform, not to any game: no game engine knows them. The store
hands a game's engine only its own events (``split``), keeps these whole for every
viewer (they hide nothing) and explains them here. Their wire format is unchanged
from when the Kolkhoz engine carried them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gamekit.seam import cite_missing

Event = dict[str, Any]

TYPES = frozenset({"result_adjusted", "game_voided", "ruling"})


def is_compensating(event: Event) -> bool:
    """True for a platform event (``TYPES``) rather than one of the game's."""
    return event.get("type") in TYPES


def split(events: Sequence[Event]) -> tuple[list[Event], list[Event]]:
    """``(the game's own events, the compensating events)`` of a stored log (the
    compensating ones all follow ``game_end``)."""
    own = [e for e in events if not is_compensating(e)]
    if len(own) == len(events):
        return list(events), []
    return own, [e for e in events if is_compensating(e)]


def _cite(*rules: str) -> str:
    return "(" + ", ".join(r for r in rules if r) + ")"


def _ruling_text(ev: Event, text: str) -> str:
    if ev.get("ruling") or ev.get("reason"):
        text += f" Ruling: {ev.get('ruling') or ev.get('reason')}"
        text = text.rstrip(".") + "."
    return text


def _by_arbiter(ev: Event) -> str:
    text = "An arbiter's ruling"
    if ev.get("dispute") is not None:
        text += f" on dispute {ev.get('dispute')}"
    return text


def _clause(ev: Event) -> str:
    return f" {_cite(str(ev.get('clause')))}" if ev.get("clause") else ""


def _result_adjusted(ev: Event) -> str:
    text = _by_arbiter(ev) + " adjusts the result" + _clause(ev) + "."
    if ev.get("previous_places") and ev.get("places"):
        text += f" Places {ev.get('previous_places')} become {ev.get('places')}."
    elif ev.get("places"):
        text += f" New places: {ev.get('places')}."
    if ev.get("scores"):
        text += f" Scores: {ev.get('scores')}."
    return _ruling_text(ev, text) + " The play events before it are unchanged."


def _game_voided(ev: Event) -> str:
    text = (_by_arbiter(ev) + " voids this game: its result no longer counts"
            + _clause(ev) + ".")
    return _ruling_text(ev, text) + " The play events before it are unchanged."


def _ruling(ev: Event) -> str:
    return ("An arbiter's ruling is recorded: " + str(ev.get("ruling") or ev.get("reason") or "")
            ).rstrip(": ") + "."


_EXPLAINERS: dict[str, Callable[[Event], str]] = {
    "result_adjusted": _result_adjusted, "game_voided": _game_voided, "ruling": _ruling,
}


def explain(event: Event) -> str:
    """A plain sentence about one compensating event; every clause id in its ``rules``
    appears in the text."""
    try:
        text = _EXPLAINERS[str(event.get("type"))](event)
    except (KeyError, TypeError, ValueError, AttributeError):
        text = f"{event.get('type', 'event')!s} event"
    return cite_missing(text, event.get("rules") or [])
