"""Starting, evolving and folding a game; the chance input a seed gives."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .decide import RULES_VERSION, numbered, round_events
from .errors import KorovaError
from .ruleset import Ruleset
from .shuffle import SHUFFLE_VERSION, deal, seed_commitment
from .state import GameState, apply

ENGINE_VERSION = "1.0.0"
FORMAT = "korova-record/1"
Event = dict[str, Any]


def check_seats(rs: Ruleset, seats: Any) -> list[str]:
    """``seats`` as a list of names: ``malformed`` if not a list of strings,
    ``invalid_seats`` outside 2–10 (setup.players), ``invalid_combination`` for the
    tactical variant above 4 (tactical.players)."""
    if not isinstance(seats, (list, tuple)) or not all(isinstance(x, str) for x in seats):
        raise KorovaError("malformed", "seats must be a list of names")
    if not 2 <= len(seats) <= 10:
        raise KorovaError("invalid_seats", f"Korova is for 2 to 10 players, not {len(seats)}",
                          "setup.players")
    if rs.tactical and len(seats) > 4:
        raise KorovaError("invalid_combination", "the tactical variant is for 2 to 4 "
                          "players", "tactical.players")
    return list(seats)


def new_game(rs: Ruleset, seats: Sequence[str], *, seed: str | None = None) -> list[Event]:
    """The opening events: ``game``, round 1's ``round`` and (tactical) its ``draft``."""
    names = check_seats(rs, seats)
    rules = ["setup.players"] + (["tactical.players"] if rs.tactical else [])
    game = {"type": "game", "format": FORMAT, "ruleset": rs.to_json(), "seats": names,
            "seed_commitment": None if seed is None else seed_commitment(seed),
            "engine_version": ENGINE_VERSION, "rules_version": RULES_VERSION,
            "shuffle_version": SHUFFLE_VERSION, "rules": rules}
    s = GameState()
    apply(s, game)
    return numbered([game, *round_events(s, 1)], 0)


def evolve(state: GameState, event: Event) -> GameState:
    """A new state with ``event`` applied (``state`` unchanged)."""
    new = state.copy()
    apply(new, event)
    return new


def fold(events: Iterable[Event]) -> GameState:
    """The state after ``events``."""
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
    """The base-game deal ``seed`` gives when one is due (round.deal), else None."""
    if state.finished or state.phase != "deal":
        return None
    hands, rows = deal(seed, state.round, state.n)
    return {"type": "deal", "round": state.round, "hands": hands, "rows": rows}
