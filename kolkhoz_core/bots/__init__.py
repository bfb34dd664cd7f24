"""Bots: one protocol (``base.Bot``), a registry by name, and the bots themselves.

``random`` (uniform), ``heuristic`` (rules of thumb) and ``ismcts`` (information-set
Monte Carlo tree search); docs/bots.md describes them and their measured strength.
"""

from . import heuristic as _heuristic  # noqa: F401  (registers "heuristic")
from . import ismcts as _ismcts  # noqa: F401  (registers "ismcts")
from . import random_bot as _random_bot  # noqa: F401  (registers "random")
from .base import Bot, bot_names, get_bot, identity, register

__all__ = ["Bot", "bot_names", "get_bot", "identity", "register"]
