"""The random bot: uniform over the legal inputs."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..choices import Choices
from .base import register


@register("random")
class RandomBot:
    """Picks uniformly among the legal inputs. An assignment's legal set is the product
    of each card's targets, so drawing each card's field uniformly is uniform over it."""

    name = "random"
    version = "1"

    def __init__(self, **settings: Any) -> None:
        if settings:
            raise ValueError(f"the random bot takes no settings, got {sorted(settings)}")
        self.settings: dict[str, Any] = {}

    def choose(self, view: Mapping[str, Any], choices: Choices,
               rng: random.Random) -> dict[str, Any]:
        k, seat, opts = choices.kind, choices.seat, choices.options
        if k == "play":
            return {"type": "play", "seat": seat, "card": opts[rng.randrange(len(opts))]}
        if k == "assign":
            return {"type": "assign", "seat": seat,
                    "cards": {c: t[rng.randrange(len(t))] for c, t in opts.items()}}
        if k == "trump":
            return {"type": "trump", "seat": seat, "suit": opts[rng.randrange(len(opts))]}
        if k == "swap":
            o = opts[rng.randrange(len(opts))]
            if o is None:
                return {"type": "swap", "seat": seat, "pass": True}
            return {"type": "swap", "seat": seat, "hand": o[0], "cellar": o[1]}
        raise ValueError(f"nothing for a bot to decide ({k!r})")
