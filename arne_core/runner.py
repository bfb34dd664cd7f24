"""Playing whole games with bots: chance from the seed, decisions from the bots.

``play_game`` gives exactly the log the platform's generic loop gives
(``gamekit.seam.GameDefinition.play_bots`` after the definition's ``start``): the
opening ``game`` event of ``new_game``, then every chance input the seed gives (the
deal, each turn's draw, Draw Three's draw, Grab's random card: ``game.chance_input``)
and every bot decision. Arne is turn-based: one seat at a time may act (the active seat
in its main window, the seat offered in a window or a final turn, the target of a Plus
Two choosing what to give), and each decision draws from
``gamekit.bots.bot_rng("arne", seed, seat, turn)``, ``turn`` being the log position at
which that seat's turn began (``gamekit.seam.turn_start``) — here the position of the
decision itself, since every event before it (a chance input, a consequence, another
seat's decision) ends the turn of the seats not deciding it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gamekit.bots import bot_rng as _bot_rng

from .bots.base import Bot
from .choices import choices
from .decide import decide
from .game import chance_input, fold, new_game
from .ruleset import Ruleset
from .state import GameState, apply
from .views import seat_view

GAME_ID = "arne"
Event = dict[str, Any]
#: the input types a seat decides (deal, draw and random_card are chance; everything
#: else is a consequence)
DECISIONS = frozenset({"white", "black", "pass_window", "give"})


def bot_rng(seed: str, seat: int, turn: int) -> random.Random:
    """The generator of the bot deciding for ``seat`` in the turn that began at log
    position ``turn`` of a game seeded ``seed`` (``gamekit.bots.bot_rng``)."""
    return _bot_rng(GAME_ID, seed, seat, turn)


def track_turns(state: GameState, turns: dict[int, int], event: Event | None) -> None:
    """Keep ``turns`` (seat -> the position its current turn began) up to date after
    ``event`` brought the game to ``state`` (None: just read who may act) — the rule of
    ``gamekit.seam.turn_start`` with the definition's ``actor``: a seat's own decision
    ends its turn, any other event (chance, a consequence) ends every turn, and a seat
    that may act and has no turn begins one at the current position."""
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
            view: Callable[[GameState, int], Mapping[str, Any]] = seat_view,
            turns: dict[int, int] | None = None) -> list[Event]:
    """Play from ``state`` (advanced in place) until the game ends, only seats without
    a bot (None: a person) may act, or ``max_decisions`` bot decisions were made (a
    chance input due after the last one is still applied). Returns the events applied.

    ``bots``: one bot or None per seat; when several seats may act the lowest with a
    bot acts first (Arne offers one seat at a time). ``turns`` (optional, seat -> the
    position its current turn began, e.g. from the fold of a stored log) is read and
    kept up to date in place, as the seam's loop keeps it. ``view(state, seat)`` builds
    what a bot is shown (default: the seat view). Each input is validated by
    ``decide``: a bot's illegal input raises ArneError (``state`` as before it)."""
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


def opening(rs: Ruleset, seats: Sequence[str], seed: str,
            setup: Mapping[str, Any] | None = None) -> list[Event]:
    """The opening events of a game exactly as the definition's ``start`` makes them
    (the ``game`` event: ``colours``, ``dummy_colour`` and ``first_player`` from
    ``setup`` or their defaults, the first player drawn from the seed when not
    given)."""
    setup = setup or {}
    return new_game(rs, list(seats), setup.get("colours"),
                    first_player=setup.get("first_player"),
                    dummy_colour=setup.get("dummy_colour"), seed=seed)


def play_game(rs: Ruleset, seats: Sequence[str], bots: Sequence[Bot], seed: str,
              setup: Mapping[str, Any] | None = None) -> list[Event]:
    """A complete game: every event from ``game`` to ``game_end``.

    ``rs``: a built ruleset; ``seats``: 2–6 player names (the dummy: 2–5); ``bots``: one
    bot per seat; ``seed``: the game's secret seed (the deal, draws and random cards by
    the seeded shuffle, revealed in ``game_end``); ``setup``: the definition's setup
    (colours, dummy colour, first player; default: its defaults). Deterministic given
    its arguments. Raises ArneError for a bad setup, or when a bot's input is
    illegal."""
    if len(bots) != len(seats):
        raise ValueError(f"{len(seats)} seats need {len(seats)} bots, not {len(bots)}")
    events = opening(rs, seats, seed, setup)
    state = fold(events)
    events.extend(play_on(state, bots, seed))
    return events


__all__ = ["DECISIONS", "GAME_ID", "bot_rng", "new_game", "opening", "play_game", "play_on",
           "track_turns"]
