"""Short captions of Kolkhoz events for the replay viewer's step list (one line each;
the full sentence with its clause ids is ``explain.explain_event``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .state import Event


def caption(event: Event, seats: Sequence[str]) -> str:
    """A short caption of one (possibly redacted) event; an unknown type is named."""

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
