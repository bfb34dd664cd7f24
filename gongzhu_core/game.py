"""Starting, evolving and folding a game: ``new_game``, ``evolve``, ``fold``, ``replay``
and the chance input a seed gives (``chance_input``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .decide import RULES_VERSION, numbered, round_event
from .errors import GongzhuError
from .ruleset import Ruleset
from .shuffle import SHUFFLE_VERSION, deal_hands, draw_dealer, seed_commitment
from .state import GameState, apply

ENGINE_VERSION = "1.0.0"
Event = dict[str, Any]


def new_game(rs: Ruleset, seats: Sequence[str], *, first_dealer: int | None = None,
             seed: str | None = None) -> list[Event]:
    """The opening events ``game`` and round 1's ``round``. ``first_dealer``: 0–3, or
    None to draw it from ``seed`` (round.dealer). Raises GongzhuError ``bad_record``
    for seats that are not four strings (setup.players) or a missing / bad first
    dealer (round.dealer)."""
    if (not isinstance(seats, (list, tuple)) or len(seats) != 4
            or not all(isinstance(n, str) for n in seats)):
        raise GongzhuError("bad_record", "a game has exactly four players (names)",
                           "setup.players")
    if first_dealer is None:
        if seed is None:
            raise GongzhuError("bad_record", "the first dealer is needed when there is no "
                               "seed", "round.dealer")
        first_dealer = draw_dealer(seed)
    if type(first_dealer) is not int or not 0 <= first_dealer <= 3:
        raise GongzhuError("bad_record", f"first_dealer must be 0–3, not {first_dealer!r}",
                           "round.dealer")
    game = {"type": "game", "ruleset": rs.to_json(), "seats": list(seats),
            "first_dealer": first_dealer,
            "seed_commitment": None if seed is None else seed_commitment(seed),
            "engine_version": ENGINE_VERSION, "rules_version": RULES_VERSION,
            "shuffle_version": SHUFFLE_VERSION, "rules": []}
    return numbered([game, round_event(rs, 1, first_dealer)], 0)


def evolve(state: GameState, event: Event) -> GameState:
    """A new state with ``event`` applied (``state`` unchanged)."""
    new = state.copy()
    apply(new, event)
    return new


def fold(events: Iterable[Event]) -> GameState:
    """The state after ``events`` (applied in place on one fresh state)."""
    s = GameState()
    for e in events:
        apply(s, e)
    return s


def replay(events: Iterable[Event]) -> Iterator[GameState]:
    """An independent state after every event."""
    s = GameState()
    for e in events:
        apply(s, e)
        yield s.copy()


def chance_input(state: GameState, seed: str) -> Event | None:
    """The deal ``seed`` gives now (round.deal), or None when no deal is due."""
    if state.finished or state.phase != "deal":
        return None
    return {"type": "deal", "round": state.round,
            "hands": deal_hands(seed, state.round, state.dealer_or0)}
