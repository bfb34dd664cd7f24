"""Gong Zhu's bots: one protocol (``base.Bot``), a registry by name, and the bots.

``random`` (uniform over the legal choices), ``heuristic`` (rules of thumb over the
seat view) and ``ismcts`` (the platform's one information-set search,
``gamekit.ismcts``, over Gong Zhu); docs/gongzhu/bots.md and docs/bots.md describe
them and their measured strength.
"""

from . import heuristic as _heuristic  # noqa: F401  (registers "heuristic")
from . import random_bot as _random_bot  # noqa: F401  (registers "random")
from . import search as _search  # noqa: F401  (registers "ismcts": gamekit.ismcts)
from .base import REGISTRY, Bot, bot_names, get_bot, identity, register

__all__ = ["REGISTRY", "Bot", "bot_names", "get_bot", "identity", "register"]
