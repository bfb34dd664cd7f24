"""Playing whole games with bots: chance from the seed, decisions from the bots.

``play_game`` gives exactly the log the platform's generic loop gives
(``gamekit.seam.GameDefinition.play_bots`` after the definition's ``start``): the
opening events of ``new_game``, then every deal the seed gives and every bot decision.
Korova's choices are simultaneous (turn.choose): while a turn's choices are open every
seat that has not chosen may act, and the loop lets the lowest such seat with a bot act
first. Each decision draws from ``gamekit.bots.bot_rng("korova", seed, seat, turn)``,
``turn`` being the log position at which that seat's turn began
(``gamekit.seam.turn_start``): for a ``choose`` the position where the turn's choices
opened (after the ``turn`` event), whatever order the seats choose in; for a
``take_row`` or a draft ``pick`` the position of the decision itself.
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
from .views import LazySeatView

GAME_ID = "korova"
Event = dict[str, Any]
#: the input types a seat decides (a ``deal`` is chance; everything else a consequence)
DECISIONS = frozenset({"pick", "choose", "take_row"})


def bot_rng(seed: str, seat: int, turn: int) -> random.Random:
    """The generator of the bot deciding for ``seat`` in the turn that began at log
    position ``turn`` of a game seeded ``seed`` (``gamekit.bots.bot_rng``)."""
    return _bot_rng(GAME_ID, seed, seat, turn)


def track_turns(state: GameState, turns: dict[int, int], event: Event | None) -> None:
    """Keep ``turns`` (seat -> the position its current turn began) up to date after
    ``event`` brought the game to ``state`` (None: just read who may act) — the rule of
    ``gamekit.seam.turn_start``: a seat's own decision ends its turn, any other event
    (chance, a consequence) ends every turn, and a seat that may act and has no turn
    begins one at the current position."""
    movers = frozenset() if state.finished else state.may_act()
    if event is not None:
        if event.get("type") in DECISIONS and event.get("seat") is not None:
            turns.pop(event["seat"], None)
        else:
            turns.clear()
    for seat in [s for s in turns if s not in movers]:
        del turns[seat]
    for seat in movers:
        turns.setdefault(seat, state.seq)


def play_on(state: GameState, bots: Sequence[Bot | None], seed: str,
            max_decisions: int | None = None, *,
            view: Callable[[GameState, int], Mapping[str, Any]] = LazySeatView,
            turns: dict[int, int] | None = None) -> list[Event]:
    """Play from ``state`` (advanced in place) until the game ends, only seats without
    a bot (None: a person) may act, or ``max_decisions`` bot decisions were made (a
    deal due after the last one is still applied). Returns the events applied.

    ``bots``: one bot or None per seat. When several seats may act (a turn's choices),
    the lowest seat with a bot acts first. ``turns`` (optional, seat -> the position its
    current turn began, e.g. from the fold of a stored log) is read and kept up to date
    in place, as the seam's loop keeps it; without it every seat that may act at
    ``state`` begins its turn there. ``view(state, seat)`` builds what a bot is shown
    (default: the seat view, built on first read). Each input is validated by
    ``decide``: a bot's illegal input raises KorovaError (``state`` as before it)."""
    turns = {} if turns is None else turns
    events: list[Event] = []
    decisions = 0
    track_turns(state, turns, None)
    while not state.finished:
        inp = chance_input(state, seed)
        if inp is None:
            if max_decisions is not None and decisions >= max_decisions:
                break
            movers = sorted(s for s in state.may_act() if bots[s] is not None)
            if not movers:
                break
            seat = movers[0]
            bot = bots[seat]
            assert bot is not None
            inp = bot.choose(view(state, seat), choices(state, seat),
                             bot_rng(seed, seat, turns[seat]))
            decisions += 1
        new = decide(state, inp, seed=seed)
        for e in new:
            apply(state, e)
            track_turns(state, turns, e)
        events.extend(new)
    return events


def play_game(rs: Ruleset, seats: Sequence[str], bots: Sequence[Bot], seed: str
              ) -> list[Event]:
    """A complete game: every event from ``game`` to ``game_end``.

    ``rs``: a built ruleset (``build_ruleset``); ``seats``: 2–10 player names (2–4 for
    the tactical variant); ``bots``: one bot per seat; ``seed``: the game's secret seed
    (base-game deals by the seeded shuffle, revealed in ``game_end``). Deterministic
    given its arguments. Raises KorovaError for bad seats, or when a bot's input is
    illegal."""
    if len(bots) != len(seats):
        raise ValueError(f"{len(seats)} seats need {len(seats)} bots, not {len(bots)}")
    events = new_game(rs, seats, seed=seed)
    state = GameState()
    for e in events:
        apply(state, e)
    events.extend(play_on(state, bots, seed))
    return events


__all__ = ["DECISIONS", "GAME_ID", "bot_rng", "play_game", "play_on", "track_turns"]
