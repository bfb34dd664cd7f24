"""The game state and ``evolve``: applying one event (a fact) to a state.

Validation lives in ``decide``; applying an event only checks its sequence number
(pyeventsourcing's rule: the code that applies events re-runs on every replay, so it
stays lean). ``GameState.apply`` mutates in place (what ``fold`` uses, no copies in the
hot path); ``evolve`` is the pure form and returns a new state.

The state's fields and the questions the rules ask of it are ``state_data.StateData``;
what each event does is ``appliers``; this module holds ``GameState`` (copying,
comparing, applying an event) and ``evolve``, ``fold`` and ``replay``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .appliers import APPLY, register_event_type
from .errors import IllegalInputError
from .state_data import (
    JACK,
    KIND_NAMES,
    KING,
    PHASES,
    QUEEN,
    REWARD,
    STACK,
    STACK_TOP,
    WORKER,
    Event,
    StateData,
)

__all__ = ["JACK", "KIND_NAMES", "KING", "PHASES", "QUEEN", "REWARD", "STACK", "STACK_TOP",
           "WORKER", "Event", "GameState", "StateData", "evolve", "fold",
           "register_event_type", "replay"]


class GameState(StateData):
    """The full state of one game (server side only: views are derived from it).

    Cellar entries are tuples ``(card, hidden, kind, stack)``; ``stack`` numbers a
    36-card Orden stack (-1 otherwise). Cards are ints (see ``cards``).
    """

    __slots__ = ()

    # -- copying ---------------------------------------------------------------------
    def copy(self) -> GameState:
        """An independent copy (lists and sets copied; tuples and the ruleset shared)."""
        s = GameState.__new__(GameState)
        for name in (
            "ruleset", "opts", "seats", "first_planner", "seed_commitment", "seq", "year",
            "years", "planner", "famine", "phase", "to_move", "hand_size", "tricks_in_year",
            "trump", "wrecker_field", "leader", "tricks_played", "winner", "next_stack",
            "finished", "result",
        ):
            setattr(s, name, getattr(self, name))
        s.hands = [h[:] for h in self.hands]
        s.cellars = [c[:] for c in self.cellars]
        s.piles = [p[:] for p in self.piles]
        s.field_cards = [f[:] for f in self.field_cards]
        s.field_rewards = [f[:] for f in self.field_rewards]
        s.field_hours = self.field_hours[:]
        s.completed = self.completed[:]
        s.nom = dict(self.nom)
        s.deck = set(self.deck)
        s.trick = self.trick[:]
        s.medals_year = self.medals_year[:]
        s.medals_total = self.medals_total[:]
        s.medals_last_year = self.medals_last_year[:]
        s.stack_takers = self.stack_takers[:]
        s.swappers = self.swappers[:]
        s.swap_done = self.swap_done[:]
        s.north = self.north[:]
        s.north_return = self.north_return[:]
        s.exiled = self.exiled[:]
        s.year_tricks = self.year_tricks[:]
        s.year_swaps = self.year_swaps[:]
        s.discarded = self.discarded[:]
        return s

    def snapshot(self) -> dict[str, Any]:
        """Every field as plain data (for equality checks in tests and debugging)."""
        out: dict[str, Any] = {}
        for name in StateData.__slots__:
            v = getattr(self, name, None)
            if isinstance(v, set):
                v = sorted(v)
            elif name == "ruleset":
                v = v.to_dict() if v is not None else None
            out[name] = v
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    # -- evolve ----------------------------------------------------------------------
    def apply(self, ev: Event) -> GameState:
        """Apply one event in place (evolve); checks only that ``ev["seq"]`` is the next seq.

        Raises IllegalInputError(code ``bad_sequence``) on a seq gap or repeat.
        """
        if ev["seq"] != self.seq:
            raise IllegalInputError(
                "bad_sequence", f"event seq {ev['seq']} applied at seq {self.seq}", None
            )
        APPLY[ev["type"]](self, ev)
        self.seq += 1
        return self


def evolve(state: GameState, event: Event) -> GameState:
    """Pure evolve: a new state with ``event`` applied; ``state`` is unchanged."""
    return state.copy().apply(event)


def fold(events: Iterable[Event]) -> GameState:
    """The state after all ``events`` (applied in place on one fresh state)."""
    s = GameState()
    apply = APPLY
    for ev in events:  # GameState.apply, inlined: one call less per event
        if ev["seq"] != s.seq:
            raise IllegalInputError(
                "bad_sequence", f"event seq {ev['seq']} applied at seq {s.seq}", None
            )
        apply[ev["type"]](s, ev)
        s.seq += 1
    return s


def replay(events: Iterable[Event]) -> Iterator[GameState]:
    """Yield an independent copy of the state after every event (for frames and audits)."""
    s = GameState()
    for ev in events:
        s.apply(ev)
        yield s.copy()
