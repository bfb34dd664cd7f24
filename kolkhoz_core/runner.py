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


def bot_rng(seed: str, seat: int) -> random.Random:
    """The injected random generator of the bot in ``seat`` for a game seeded ``seed``."""
    return random.Random(f"kolkhoz-bot/1:{seed}:{seat}")


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


def play_game(ruleset: Ruleset, seats: list[str], bots: list[Bot], seed: str,
              first_planner: int | None = None,
              view: Callable[[GameState, int], Mapping[str, Any]] = lazy_seat_view) -> list[Event]:
    """A complete game: every event from ``game`` to ``game_end``.

    Deterministic given ``seed`` (deals by kolkhoz-shuffle/1, each bot's generator seeded
    from ``seed`` and its seat). ``view`` builds what a bot sees (the seat view)."""
    state, events = start(ruleset, seats, first_planner, seed)
    rngs = [bot_rng(seed, i) for i in range(4)]
    while not state.finished:
        events.extend(step(state, bots, rngs, seed, view))
    return events
