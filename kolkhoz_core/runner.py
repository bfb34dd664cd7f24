"""Playing whole games with bots: chance from the seed, decisions from the bots."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from .bots.base import Bot
from .choices import chance_input, choices
from .decide import decide
from .game import start
from .ruleset import Ruleset
from .state import Event, GameState
from .views import lazy_seat_view


def bot_rng(seed: str, seat: int, year: int) -> random.Random:
    """The injected random generator of the bot in ``seat`` for year ``year`` of a game
    seeded ``seed``. Re-seeded every year, so a game resumed at a year boundary (a
    worker killed mid-year appends nothing of that year) plays on identically."""
    return random.Random(f"kolkhoz-bot/1:{seed}:{seat}:{year}")


def step(state: GameState, bots: list[Bot], rngs: list[random.Random], seed: str,
         view: Callable[[GameState, int], Mapping[str, Any]] = lazy_seat_view) -> list[Event]:
    """Decide the next input at ``state`` (chance from ``seed`` or the seat's bot), apply
    its events to ``state`` in place and return them."""
    inp = chance_input(state, seed)
    if inp is None:
        ch = choices(state)
        seat = ch.seat
        assert seat is not None
        inp = bots[seat].choose(view(state, seat), ch, rngs[seat])
    events = decide(state, inp, seed=seed)
    for e in events:
        state.apply(e)
    return events


def play_year(state: GameState, bots: list[Bot], seed: str,
              view: Callable[[GameState, int], Mapping[str, Any]] = lazy_seat_view,
              ) -> list[Event]:
    """Play from ``state`` (mutated in place) to the end of its current year: every event
    up to and including the next ``year`` event, or ``game_end``. Bot generators are
    ``bot_rng(seed, seat, year)``; call it at a year's start for a reproducible log."""
    year = state.year
    rngs = [bot_rng(seed, i, year) for i in range(4)]
    events: list[Event] = []
    while not state.finished:
        new = step(state, bots, rngs, seed, view)
        events.extend(new)
        if new[-1]["type"] == "year" and state.year != year:
            break
    return events


def play_game(ruleset: Ruleset, seats: list[str], bots: list[Bot], seed: str,
              first_planner: int | None = None,
              view: Callable[[GameState, int], Mapping[str, Any]] = lazy_seat_view) -> list[Event]:
    """A complete game: every event from ``game`` to ``game_end``.

    Deterministic given ``seed`` (deals by kolkhoz-shuffle/1, each bot's generator seeded
    from ``seed`` and its seat). ``view`` builds what a bot sees (the seat view)."""
    state, events = start(ruleset, seats, first_planner, seed)
    while not state.finished:
        events.extend(play_year(state, bots, seed, view))
    return events
