"""The random bot: uniform over the legal inputs."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..choices import Choices
from .base import register


@register("random")
class RandomBot:
    """Uniform among the legal choices: a card of the hand (``choose``), a row
    (``take_row``) or a card on the draft table (``pick``), each drawn with
    ``rng.randrange``. Deterministic given ``rng``."""

    name = "random"
    version = "1"

    def __init__(self, **settings: Any) -> None:
        if settings:
            raise ValueError(f"the random bot takes no settings, got {sorted(settings)}")
        self.settings: dict[str, Any] = {}

    def choose(self, view: Mapping[str, Any], choices: Choices,
               rng: random.Random) -> dict[str, Any]:
        """One legal input for ``choices.seat`` (ValueError when nothing is due)."""
        opts = list(choices.options)
        if choices.kind not in ("choose", "take_row", "pick") or not opts:
            raise ValueError(f"nothing for a bot to decide ({choices.kind!r})")
        # a forced choice draws nothing (randrange(1) is 0; the generator is per decision)
        pick = opts[rng.randrange(len(opts))] if len(opts) > 1 else opts[0]
        out: dict[str, Any] = choices.to_input(pick)
        return out
