"""Starting, evolving and folding a game; the chance input a seed gives."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .cards import COLOURS, deck_codes, group_colours
from .decide import RULES_VERSION, point
from .errors import ArneError
from .ruleset import Ruleset
from .shuffle import SHUFFLE_VERSION, deck_order, first_player, grab_index, seed_commitment
from .state import GameState, apply

ENGINE_VERSION = "1.0.0"
FORMAT = "arne-record/1"
Event = dict[str, Any]


def check_seats(rs: Ruleset, seats: Any) -> list[str]:
    """``seats`` as names: ``invalid_setup`` unless a list of 2–6 strings (setup.players);
    ``invalid_combination`` for the dummy with six (dummy.players)."""
    if not isinstance(seats, (list, tuple)) or not all(isinstance(x, str) for x in seats):
        raise ArneError("invalid_setup", "seats must be a list of 2 to 6 names",
                        "setup.players")
    if not 2 <= len(seats) <= 6:
        raise ArneError("invalid_setup", f"Arne is for 2 to 6 players, not {len(seats)}",
                        "setup.players")
    if rs.dummy and len(seats) == 6:
        raise ArneError("invalid_combination", "the dummy game is for 2 to 5 players: with "
                        "six no colour is left", "dummy.players")
    return list(seats)


def default_colours(n: int) -> list[str]:
    """The colours a new game gets when its creator names none: the group's, in order."""
    return list(group_colours(n)[:n])


def default_dummy(n: int, colours: Sequence[str]) -> str:
    """The dummy's colour when none is named: the spare colour (3 and 5 seats), else the
    first colour no seat has."""
    spare = [c for c in group_colours(n) if c not in colours]
    return spare[0] if spare else next(c for c in COLOURS if c not in colours)


def check_setup(rs: Ruleset, n: int, colours: Any, dummy_colour: Any,
                first: Any, seed: str | None) -> tuple[list[str], str | None, int]:
    """``colours`` (setup.colours), ``dummy_colour`` (dummy.colour) and the first player
    (setup.first: drawn from the seed when None); ``invalid_setup`` otherwise."""
    group = group_colours(n)
    if (not isinstance(colours, list) or len(colours) != n
            or not all(isinstance(c, str) and c in group for c in colours)
            or len(set(colours)) != n):
        raise ArneError("invalid_setup", f"colours: {n} distinct colours from {group}",
                        "setup.colours")
    if rs.dummy:
        if not isinstance(dummy_colour, str) or dummy_colour not in COLOURS \
                or dummy_colour in colours:
            raise ArneError("invalid_setup", "the dummy game needs a dummy_colour no seat "
                            "has", "dummy.colour")
    elif dummy_colour is not None:
        raise ArneError("invalid_setup", "dummy_colour is only for the dummy game",
                        "dummy.colour")
    if first is None:
        if seed is None:
            raise ArneError("invalid_setup", "the record names no first_player and has no "
                            "seed to draw one", "setup.first")
        first = first_player(seed, n)
    if type(first) is not int or not 0 <= first < n:
        raise ArneError("invalid_setup", f"first_player must be a seat 0–{n - 1}",
                        "setup.first")
    return list(colours), dummy_colour if rs.dummy else None, first


def new_game(rs: Ruleset, seats: Sequence[str], colours: Any = None, *,
             first_player: Any = None, dummy_colour: Any = None,
             seed: str | None = None) -> list[Event]:
    """The opening event ``game`` (seq 0). ``colours`` None: the group's first colours;
    ``dummy_colour`` None in the dummy game: ``default_dummy``. Raises ArneError."""
    names = check_seats(rs, seats)
    n = len(names)
    if colours is None:
        colours = default_colours(n)
    if rs.dummy and dummy_colour is None:
        dummy_colour = default_dummy(n, colours)
    cols, dummy, first = check_setup(rs, n, colours, dummy_colour, first_player, seed)
    game = {"type": "game", "format": FORMAT, "ruleset": rs.to_json(), "seats": names,
            "colours": cols, "dummy_colour": dummy, "first_player": first,
            "deck": deck_codes(n, rs.first_game, dummy),
            "seed_commitment": None if seed is None else seed_commitment(seed),
            "engine_version": ENGINE_VERSION, "rules_version": RULES_VERSION,
            "shuffle_version": SHUFFLE_VERSION, "seq": 0,
            "rules": ["setup.players", "setup.colours", "setup.first", "deck.group"]
            + (["deck.first_game"] if rs.first_game else [])
            + (["dummy.colour"] if dummy else [])}
    return [game]


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
    """The chance input the seed gives now (setup.deal, turn.draw, draw3, grab), else
    None (a decision is due, or the game is over). ``arne_core.shuffle``."""
    at = point(state) if not state.finished else None
    if at == "deal":
        order = deck_order(seed, tuple(state.deck_list))
        hands: list[list[str]] = [[] for _ in range(state.n)]
        for k in range(8 * state.n):
            hands[k % state.n].append(order[k])
        return {"type": "deal", "hands": [state.sort(h) for h in hands]}
    if at in ("draw", "draw3"):
        left = set(state.deck)
        order = deck_order(seed, tuple(state.deck_list))
        want = 1 if at == "draw" else min(3, len(state.deck))
        cards = [c for c in order if c in left][:want]
        seat = state.active
        return {"type": "draw", "seat": seat, "cards": cards}
    if at == "random_card":
        assert state.pending is not None
        target = state.pending["target"]
        hand = state.sort(state.hands[target])
        return {"type": "random_card", "seat": target,
                "card": hand[grab_index(seed, state.seq, len(hand))]}
    return None
