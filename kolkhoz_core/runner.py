"""Playing whole games with bots: chance from the seed, decisions from the bots."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gamekit.bots import bot_rng as _bot_rng

from .bots.base import Bot
from .choices import chance_input, choices
from .decide import advance
from .game import start
from .ruleset import Ruleset
from .state import Event, GameState
from .views import lazy_seat_view

GAME_ID = "kolkhoz"


def bot_rng(seed: str, seat: int, seq: int) -> random.Random:
    """The generator of the bot deciding for ``seat`` at log position ``seq`` of a game
    seeded ``seed`` — the platform's one scheme (``gamekit.bots.bot_rng``): the same
    whether the game is played here a year at a time, on the platform a decision at a
    time, or resumed after an interruption."""
    return _bot_rng(GAME_ID, seed, seat, seq)


def play_year(state: GameState, bots: Sequence[Bot | None], seed: str,
              view: Callable[[GameState, int], Mapping[str, Any]] = lazy_seat_view, *,
              max_decisions: int | None = None) -> list[Event]:
    """Play from ``state`` (mutated in place) to the end of its current year: every event
    up to and including the next ``year`` event, or ``game_end`` — stopping early where a
    seat without a bot (None: a person) must decide, or after ``max_decisions`` bot
    decisions (chance due after the last one is still applied)."""
    year = state.year
    events: list[Event] = []
    decisions = 0
    while not state.finished:
        inp = chance_input(state, seed)
        if inp is None:
            if max_decisions is not None and decisions >= max_decisions:
                break
            ch = choices(state)
            seat = ch.seat
            assert seat is not None
            bot = bots[seat]
            if bot is None:
                break
            inp = bot.choose(view(state, seat), ch, bot_rng(seed, seat, state.seq))
            decisions += 1
        new = advance(state, inp, seed=seed)  # decide's checks and events, applied in place
        events.extend(new)
        if new[-1]["type"] == "year" and state.year != year:
            break
    return events


def play_game(ruleset: Ruleset, seats: list[str], bots: list[Bot], seed: str,
              first_planner: int | None = None,
              view: Callable[[GameState, int], Mapping[str, Any]] = lazy_seat_view) -> list[Event]:
    """A complete game: every event from ``game`` to ``game_end``.

    Deterministic given ``seed`` (deals by kolkhoz-shuffle/1, each bot decision's
    generator ``bot_rng(seed, seat, seq)``). ``view`` builds what a bot sees (the seat view)."""
    state, events = start(ruleset, seats, first_planner, seed)
    while not state.finished:
        events.extend(play_year(state, bots, seed, view))
    return events
