"""The random bot: uniform over the legal inputs."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..choices import Choices
from .base import register


@register("random")
class RandomBot:
    """Uniform among the legal choices: a play is a uniformly drawn legal card; a pass
    three different cards of the dealt hand drawn uniformly (``rng.sample``); an expose
    a uniformly drawn subset of the exposable cards (each card in or out with
    probability 1/2, so "none" is one subset among all). Deterministic given ``rng``."""

    name = "random"
    version = "1"

    def __init__(self, **settings: Any) -> None:
        if settings:
            raise ValueError(f"the random bot takes no settings, got {sorted(settings)}")
        self.settings: dict[str, Any] = {}

    def choose(self, view: Mapping[str, Any], choices: Choices,
               rng: random.Random) -> dict[str, Any]:
        """One legal input for ``choices.seat`` (ValueError when nothing is due)."""
        kind, opts = choices.kind, list(choices.options)
        if kind == "play":
            # a forced play draws nothing (randrange(1) is 0; the generator is per decision)
            return choices.to_input(opts[rng.randrange(len(opts))] if len(opts) > 1 else opts[0])
        if kind == "pass":
            return choices.to_input(rng.sample(opts, 3))
        if kind == "expose":
            return choices.to_input([c for c in opts if rng.random() < 0.5])
        raise ValueError(f"nothing for a bot to decide ({kind!r})")
