"""Korova's bots under the shared bot protocol (``gamekit.bots``).

A bot receives only its seat's view (``korova_core.seat_view``: its own hand, the rows,
the piles, the hand sizes, who has chosen — never another seat's face-down card), the
compact legal ``Choices`` (``korova_core.choices``: ``kind`` ``choose`` | ``take_row`` |
``pick``, ``seat``, ``options``, ``to_input``) and an injected ``random.Random``; it
returns one input. It never sees the full state. A bot's identity is its name, version
and settings (recorded with the game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit import bots as _bots
from gamekit.bots import identity

from ..choices import Choices

#: ``choose(view, choices, rng) -> input`` — one legal input for ``choices.seat``.
Bot = _bots.Bot[Choices]

REGISTRY: _bots.BotRegistry[Choices] = _bots.BotRegistry()


def register(name: str) -> Callable[[Callable[..., Bot]], Callable[..., Bot]]:
    """Class decorator: make a bot available to ``get_bot(name)``."""
    return REGISTRY.register(name)


def get_bot(name: str, **settings: Any) -> Bot:
    """A bot by registered name with its settings. Raises KeyError (listing the names)
    for an unknown name, ValueError for settings the bot does not take."""
    return REGISTRY.get(name, **settings)


def bot_names() -> list[str]:
    """Registered bot names, sorted (``heuristic``, ``random``)."""
    return REGISTRY.names()


__all__ = ["REGISTRY", "Bot", "bot_names", "get_bot", "identity", "register"]
