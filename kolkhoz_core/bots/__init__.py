"""Bots: one protocol (``base.Bot``), a registry by name, and the bots themselves."""

from . import random_bot as _random_bot  # noqa: F401  (registers "random")
from .base import Bot, bot_names, get_bot, identity, register

__all__ = ["Bot", "bot_names", "get_bot", "identity", "register"]
