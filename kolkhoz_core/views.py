"""What each viewer may see: seat views, the spectator view and per-event redaction.

Hidden information (never shown to a viewer who may not see it until the game ends):
another seat's hand, a hidden cellar card (a pocketed card, a card buried by a swap, a
hidden card taken by a swap, a 36-card stack's hidden cards), and the seed. A viewer is
a seat number 0–3, or None for a spectator. After ``game_end`` everything is public.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .cards import CODE, SUITS
from .state import KIND_NAMES, Event, GameState

HIDDEN = None  # how a card the viewer may not see is written


def _view(state: GameState, viewer: int | None) -> dict[str, Any]:
    everything = state.finished
    fields = []
    for f in range(4):
        fields.append({
            "field": SUITS[f], "hours": state.field_hours[f],
            "cards": [CODE[c] for c in state.field_cards[f]],
            "rewards": [CODE[c] for c in state.field_rewards[f]],
            "completed": state.completed[f],
        })
    cellars = []
    for seat in range(4):
        mine = everything or seat == viewer
        cards = []
        for c, hidden, kind, stack in state.cellars[seat]:
            cards.append({"card": CODE[c] if (mine or not hidden) else HIDDEN,
                          "hidden": hidden, "kind": KIND_NAMES[kind],
                          "stack": stack if stack >= 0 else None})
        cellars.append(cards)
    hands: list[list[str | None]] = []
    for seat in range(4):
        if everything or seat == viewer:
            hands.append([CODE[c] for c in state.hands[seat]])
        else:
            hands.append([HIDDEN] * len(state.hands[seat]))
    trick_seats = [(state.leader + i) % 4 for i in range(len(state.trick))]
    return {
        "viewer": viewer,
        "seats": list(state.seats),
        "year": state.year, "years": state.years, "planner": state.planner,
        "famine": state.famine, "phase": state.phase, "to_move": state.to_move,
        "trump": None if state.trump is None else SUITS[state.trump],
        "hands": hands,
        "hand": hands[viewer] if viewer is not None else None,
        "trick": {"leader": state.leader if state.trick else None,
                  "cards": [CODE[c] for c in state.trick], "seats": trick_seats},
        "brigadier": state.winner if state.phase == "assign" else None,
        "year_tricks": [{"leader": ld, "cards": [CODE[c] for c in cards], "winner": w}
                        for ld, cards, w in state.year_tricks],
        "tricks_played": state.tricks_played, "tricks_in_year": state.tricks_in_year,
        "fields": fields, "cellars": cellars,
        "north": [CODE[c] for c in state.north],
        "medals_year": list(state.medals_year), "medals_total": list(state.medals_total),
        "deck_size": len(state.deck), "pile_sizes": [len(p) for p in state.piles],
        # this year's exchanges as the table saw them (swap): the face-up card taken
        # into the hand while it is still there (None when the card taken was hidden, or
        # once it has been played or pocketed: a pocket is hidden)
        "year_swaps": [{"seat": seat,
                        "taken": CODE[c] if c >= 0 and c in state.hands[seat] else None}
                       for seat, c in state.year_swaps],
        "swapped": [seat for seat in range(4) if state.swap_done[seat]]
        if state.phase == "swap" else [],
        "ruleset": state.ruleset.to_dict(),
        "finished": state.finished,
        "result": state.result,
    }


def seat_view(state: GameState, seat: int) -> dict[str, Any]:
    """What ``seat`` sees: its own hand and hidden cellar cards, and every public fact.
    A JSON-able dict (see ``_view`` for keys); hidden cards are ``None``."""
    return _view(state, seat)


def spectator_view(state: GameState) -> dict[str, Any]:
    """What a spectator sees: public facts only (everything once the game is over)."""
    return _view(state, None)


def redact_event(event: Event, viewer: int | None, *, finished: bool) -> Event:
    """One event as ``viewer`` may see it (a new dict when anything is hidden).

    deal: other seats' hands become lists of None; swap: the buried card (``hand``)
    and a hidden card taken (``cellar``) are None for other viewers (swap.buried);
    pocket: the card is None for other viewers (pocket). Everything is public once
    ``finished``."""
    if finished:
        return event
    t = event["type"]
    if t == "deal":
        hands = [h if i == viewer else [HIDDEN] * len(h) for i, h in enumerate(event["hands"])]
        return {**event, "hands": hands}
    if t == "swap" and not event.get("pass") and event["seat"] != viewer:
        out = {**event, "hand": HIDDEN}
        if event.get("taken") == "hidden":
            out["cellar"] = HIDDEN
        return out
    if t == "pocket" and event["seat"] != viewer:
        return {**event, "card": HIDDEN}
    return event


def is_finished(events: Iterable[Event]) -> bool:
    """Whether a log contains its ``game_end``."""
    return any(e["type"] == "game_end" for e in events)


def redact_events(events: list[Event], viewer: int | None) -> list[Event]:
    """The whole log as ``viewer`` may see it (finished worked out from the log)."""
    finished = is_finished(events)
    return [redact_event(e, viewer, finished=finished) for e in events]


class LazySeatView(Mapping[str, Any]):
    """A seat's view that is built on first access (then the state reference is dropped).

    Bots receive this: a bot that never reads its view (the random bot) costs nothing,
    and one that does sees exactly ``seat_view(state, seat)`` as of the decision."""

    __slots__ = ("_state", "_seat", "_data")

    def __init__(self, state: GameState, seat: int) -> None:
        self._state: GameState | None = state
        self._seat = seat
        self._data: dict[str, Any] | None = None

    def _get(self) -> dict[str, Any]:
        if self._data is None:
            assert self._state is not None
            self._data = _view(self._state, self._seat)
            self._state = None
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


def lazy_seat_view(state: GameState, seat: int) -> Mapping[str, Any]:
    """``seat_view`` built lazily (see LazySeatView)."""
    return LazySeatView(state, seat)
