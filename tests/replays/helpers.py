"""Game logs for tests: bot games from the engine (memoised) and stored games."""

from __future__ import annotations

import copy
import functools
from typing import Any

from replays import engine
from replays.services import CreatedGame, game_create

SEATS = ["Anya", "Boris", "Pyotr", "Vera"]
PRESETS = ["kolkhoz", "kolkhoznik", "zone"]


@functools.cache
def _bot_log(preset: str, seed: str) -> tuple[Any, ...]:
    return tuple(engine.play_bot_game(preset=preset, seats=SEATS, seed=seed))


def bot_log(preset: str = "kolkhoz", seed: str = "test-seed") -> list[dict[str, Any]]:
    """A finished bot game's full log (a fresh deep copy each call)."""
    return copy.deepcopy(list(_bot_log(preset, seed)))


def store(events: list[dict[str, Any]], seed: str | None = None) -> CreatedGame:
    return game_create(events=events, seed=seed)


def stored_bot_game(preset: str = "kolkhoz", seed: str = "test-seed",
                    upto: int | None = None) -> CreatedGame:
    """A stored bot game; ``upto`` keeps only the first ``upto`` events (a live game)."""
    events = bot_log(preset, seed)
    if upto is not None:
        events = events[:upto]
    return store(events, seed=seed)
