"""Bots: one protocol (``base.Bot``), a registry by name, and the bots themselves.

``random`` (uniform), ``heuristic`` (rules of thumb), ``ismcts`` (information-set
Monte Carlo tree search over Kolkhoz's lean year simulator, the game's fast path) and
``seam-ismcts`` (the platform's one search over the seam, ``gamekit.ismcts``);
docs/bots.md describes them and their measured strength.
"""

from . import heuristic as _heuristic  # noqa: F401  (registers "heuristic")
from . import ismcts as _ismcts  # noqa: F401  (registers "ismcts")
from . import random_bot as _random_bot  # noqa: F401  (registers "random")
from . import search as _search  # noqa: F401  (registers "seam-ismcts": gamekit.ismcts)
from .base import Bot, bot_names, get_bot, identity, register

__all__ = ["Bot", "bot_names", "get_bot", "identity", "register"]
