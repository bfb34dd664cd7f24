"""Plain-language explanations of a game's events, built only from what each event
recorded: its fields, its ``facts`` and its ``rules`` (the clause ids of RULINGS.md,
anchors of docs/rules.md).

An explanation is a function of the events alone (never of a folded state), so
explaining a log redacted for a viewer can never reveal more than that viewer's
events show: a hidden card is ``null`` in the event and "a card" in the text.

Every explanation names every clause id its event cites, in parentheses, so an
auditor can follow each ruling to its clause.

- ``explain_event(event, seats, prev=None) -> str`` — one event (``prev``: the event
  just before it, used to say "revealed 7♦ and sent it North" in one sentence).
- ``explain_log(events, seats=None) -> list[str]`` — one string per event, in order.
- ``explanation(event, seats, prev=None) -> dict`` — ``{seq, type, text, rules,
  facts, anchors}`` (``anchors``: ``docs/rules.md#<clause>`` per clause id).

The sentences are split by concept: ``explain_words`` (cards, fields, seats, citations),
``explain_play`` (setup and the play of a year) and ``explain_year_end`` (requisition,
the year's and the game's end); this module dispatches and walks the log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamekit.seam import cite_missing

from .explain_play import PLAY_EXPLAINERS
from .explain_words import (
    FIELD_NAMES,
    FIELD_RANK,
    SUIT_SYMBOLS,
    Event,
    by_field_order,
    card_label,
    cards_label,
    field_label,
    seat_label,
    seats_label,
)
from .explain_year_end import VULNERABLE_WHY, YEAR_END_EXPLAINERS

__all__ = [
    "CONSEQUENCE_TYPES", "FIELD_NAMES", "FIELD_RANK", "RULES_DOC", "SUIT_SYMBOLS",
    "VULNERABLE_WHY", "Event", "by_field_order", "card_label", "cards_label", "explain_event",
    "explain_log", "explanation", "field_label", "seat_label", "seats_label",
]

RULES_DOC = "docs/rules.md"


# -- one event ---------------------------------------------------------------------------
def explain_event(event: Event, seats: Sequence[str] | None = None,
                  prev: Event | None = None, context: Mapping[str, Any] | None = None) -> str:
    """A plain-language sentence (or a few) explaining ``event``.

    ``seats``: the seat names (from the ``game`` event); ``prev``: the event just before
    (optional context); ``context``: what ``explain_log`` tracks along the log —
    ``options`` (the game's resolved options) and ``requisition`` (the requisition event
    being resolved). Works on redacted events (hidden cards are ``null``). Every
    clause id in ``event["rules"]`` appears in the text. Never raises on an unknown or
    odd event: it falls back to naming its type and clauses.
    """
    try:
        text = _explain(event, seats, prev, context or {})
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        text = f"{event.get('type', 'event')!s} event"
    return cite_missing(text, event.get("rules") or [])


def _explain(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    t = ev.get("type")
    fn = _EXPLAINERS.get(str(t))
    if fn is None:
        return f"{t} event."
    return str(fn(ev, seats, prev, ctx))

_EXPLAINERS: dict[str, Any] = {**PLAY_EXPLAINERS, **YEAR_END_EXPLAINERS}

#: the consequence types (derived by the engine, not inputs)
CONSEQUENCE_TYPES = ("game", "year", "trick", "farmed", "pocket", "requisition", "revealed",
                     "north", "year_end", "game_end")


# -- a whole log -------------------------------------------------------------------------
def explain_log(events: Sequence[Event], seats: Sequence[str] | None = None) -> list[str]:
    """One explanation per event, in order (``seats`` default: the ``game`` event's)."""
    if seats is None and events and events[0].get("type") == "game":
        seats = list(events[0].get("seats") or [])
    out = []
    prev: Event | None = None
    ctx: dict[str, Any] = {"options": {}, "requisition": None, "revealed_by_seat": {}}
    for ev in events:
        t = ev.get("type")
        if t == "game":
            ctx["options"] = (ev.get("ruleset") or {}).get("options") or {}
        elif t == "requisition":
            ctx["requisition"], ctx["revealed_by_seat"] = ev, {}
        elif t == "year_end":
            ctx["requisition"], ctx["revealed_by_seat"] = None, {}
        out.append(explain_event(ev, seats, prev, ctx))
        if t == "revealed":
            seat = ev.get("seat")
            ctx["revealed_by_seat"][seat] = ctx["revealed_by_seat"].get(seat, 0) + 1
        prev = ev
    return out


def explanation(event: Event, seats: Sequence[str] | None = None,
                prev: Event | None = None, text: str | None = None) -> dict[str, Any]:
    """``{seq, type, text, rules, facts, anchors}`` of one event: the text of
    ``explain_event`` (or ``text``, e.g. from ``explain_log``) and, per clause id, its
    anchor in docs/rules.md."""
    rules = [r for r in (event.get("rules") or []) if isinstance(r, str)]
    return {
        "seq": event.get("seq"),
        "type": event.get("type"),
        "text": text if text is not None else explain_event(event, seats, prev),
        "rules": rules,
        "facts": event.get("facts") or {},
        "anchors": {r: f"{RULES_DOC}#{r}" for r in rules},
    }
