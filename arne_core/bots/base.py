"""Arne Total's bots under the shared bot protocol (``gamekit.bots``).

A bot receives only its seat's view (``arne_core.views.seat_view``: its own hand, the
table — areas, discard pile, hand sizes, the deck's size — and the window it is offered;
never another seat's hand), the list of its legal inputs (``arne_core.choices.choices``:
every legal input of the seat now, in the engine's deterministic order) and an injected
``random.Random``; it returns one item of that list. It never sees the full state. A
bot's identity is its name, version and settings (recorded with the game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit import bots as _bots
from gamekit.bots import identity

#: what an Arne bot is handed: every legal input of its seat now (``choices.choices``)
Choices = list[dict[str, Any]]

#: ``choose(view, choices, rng) -> input`` — one item of ``choices``.
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


def fallback(choices: Choices) -> dict[str, Any]:
    """The safe answer when a bot cannot decide: a ``pass_window`` if one is legal, else
    the first white card (a main window ends with it: no black card is spent and the
    turn moves on), else the first legal input. Raises ValueError when ``choices`` is
    empty (nothing is due from this seat)."""
    if not choices:
        raise ValueError("nothing for a bot to decide: no legal input")
    for wanted in ("pass_window", "white"):
        for inp in choices:
            if inp.get("type") == wanted:
                return inp
    return choices[0]


__all__ = ["REGISTRY", "Bot", "Choices", "bot_names", "fallback", "get_bot", "identity",
           "register"]
