"""Playing whole games with bots: chance from the seed, decisions from the bots.

``play_game`` gives exactly the log the platform's generic loop gives
(``gamekit.seam.GameDefinition.play_bots`` after the definition's ``start``): the
opening events of ``new_game``, then every deal the seed gives and every bot decision,
each decision drawing from ``gamekit.bots.bot_rng("gongzhu", seed, seat, seq)`` where
``seq`` is the log position of the decision itself (Gong Zhu is turn-based: passing and
exposing go in turn too, so a seat's turn begins at its decision's own position).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gamekit.bots import bot_rng as _bot_rng

from .bots.base import Bot
from .choices import choices
from .decide import decide
from .game import chance_input, new_game
from .ruleset import Ruleset
from .state import GameState, apply
from .views import seat_view

GAME_ID = "gongzhu"
Event = dict[str, Any]


def bot_rng(seed: str, seat: int, seq: int) -> random.Random:
    """The generator of the bot deciding for ``seat`` at log position ``seq`` of a game
    seeded ``seed`` — the platform's one scheme (``gamekit.bots.bot_rng``)."""
    return _bot_rng(GAME_ID, seed, seat, seq)


def play_on(state: GameState, bots: Sequence[Bot | None], seed: str,
            view: Callable[[GameState, int], Mapping[str, Any]] = seat_view, *,
            max_decisions: int | None = None) -> list[Event]:
    """Play from ``state`` (advanced in place) until the game ends, a seat without a bot
    (None: a person) is due, or ``max_decisions`` bot decisions were made (a deal due
    after the last one is still applied). Returns the events applied. Each input is
    validated by ``decide`` (a bot's illegal input raises GongzhuError)."""
    events: list[Event] = []
    decisions = 0
    while not state.finished:
        inp = chance_input(state, seed)
        if inp is None:
            seat = state.to_move()
            assert seat is not None, "no seat due and no deal due in a running game"
            bot = bots[seat]
            if bot is None or (max_decisions is not None and decisions >= max_decisions):
                break
            inp = bot.choose(view(state, seat), choices(state, seat),
                             bot_rng(seed, seat, state.seq))
            decisions += 1
        new = decide(state, inp, seed=seed)
        for e in new:
            apply(state, e)
        events.extend(new)
    return events


def play_game(rs: Ruleset, seats: Sequence[str], bots: Sequence[Bot], seed: str,
              first_dealer: int | None = None) -> list[Event]:
    """A complete game: every event from ``game`` to ``game_end``.

    ``rs``: a built ruleset (``build_ruleset``); ``seats``: four player names;
    ``bots``: four bots, by seat; ``seed``: the game's secret seed (deals by
    gongzhu-shuffle/1, revealed in ``game_end``); ``first_dealer``: 0–3, or None to draw
    it from the seed (round.dealer). Deterministic given its arguments. Raises
    GongzhuError for bad seats or a bad first dealer, or when a bot's input is illegal."""
    events = new_game(rs, seats, first_dealer=first_dealer, seed=seed)
    state = GameState()
    for e in events:
        apply(state, e)
    events.extend(play_on(state, bots, seed))
    return events
