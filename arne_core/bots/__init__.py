"""Arne Total's bots: one protocol (``base.Bot``), a registry by name, and the bots.

``random`` (uniform over the legal inputs) and ``heuristic`` (a one-step evaluation of
every legal input over the seat view); docs/arne/bots.md describes them and their
measured strength.
"""

from . import heuristic as _heuristic  # noqa: F401  (registers "heuristic")
from . import random_bot as _random_bot  # noqa: F401  (registers "random")
from .base import REGISTRY, Bot, Choices, bot_names, fallback, get_bot, identity, register

__all__ = ["REGISTRY", "Bot", "Choices", "bot_names", "fallback", "get_bot", "identity",
           "register"]
