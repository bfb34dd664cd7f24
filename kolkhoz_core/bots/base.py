"""The bot protocol and the registry of bots by name.

A bot receives only its seat's view (``seat_view``), the compact legal ``Choices`` and
an injected ``random.Random``; it returns one input. It never sees the full state.
A bot's identity is its name, version and settings (recorded with the game).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..choices import Choices


class Bot(Protocol):
    """``choose(view, choices, rng) -> input`` — one legal input for ``choices.seat``."""

    name: str
    version: str
    settings: dict[str, Any]

    def choose(self, view: Mapping[str, Any], choices: Choices,
               rng: random.Random) -> dict[str, Any]: ...


_REGISTRY: dict[str, Callable[..., Bot]] = {}


def register(name: str) -> Callable[[Callable[..., Bot]], Callable[..., Bot]]:
    """Class decorator: make a bot available to ``get_bot(name)``."""
    def deco(factory: Callable[..., Bot]) -> Callable[..., Bot]:
        _REGISTRY[name] = factory
        return factory
    return deco


def get_bot(name: str, **settings: Any) -> Bot:
    """A bot by registered name with its settings. Raises KeyError (listing the names)."""
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; bots: {', '.join(sorted(_REGISTRY))}") from None
    return factory(**settings)


def bot_names() -> list[str]:
    """Registered bot names, sorted."""
    return sorted(_REGISTRY)


def identity(bot: Bot) -> dict[str, Any]:
    """``{"name", "version", "settings"}`` — how a bot is recorded with a game."""
    return {"name": bot.name, "version": bot.version, "settings": dict(bot.settings)}
