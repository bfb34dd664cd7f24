"""The random bot: uniform over the legal inputs."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .base import Choices, register


@register("random")
class RandomBot:
    """Uniform among the seat's legal inputs (``choices``: every white card with every
    legal area or target, every black card with every legal use, a pass where one is
    legal, every pair a ``give`` may name), one ``rng.randrange``. Deterministic given
    ``rng``."""

    name = "random"
    version = "1"

    def __init__(self, **settings: Any) -> None:
        if settings:
            raise ValueError(f"the random bot takes no settings, got {sorted(settings)}")
        self.settings: dict[str, Any] = {}

    def choose(self, view: Mapping[str, Any], choices: Choices,
               rng: random.Random) -> dict[str, Any]:
        """One item of ``choices`` (ValueError when it is empty: nothing is due)."""
        if not choices:
            raise ValueError("nothing for a bot to decide: no legal input")
        if len(choices) == 1:  # forced: no draw (randrange(1) is 0; a generator per decision)
            return choices[0]
        return choices[rng.randrange(len(choices))]
