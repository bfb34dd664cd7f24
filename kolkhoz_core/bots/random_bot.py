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
        # A forced choice (one legal input) draws nothing: ``randrange(1)`` is 0 whatever
        # the generator, which is fresh for each decision — so the choice is the same, and
        # the generator is never seeded (gamekit.bots.SeededOnUse).
        k, seat, opts = choices.kind, choices.seat, choices.options
        if k == "play":
            n = len(opts)
            return {"type": "play", "seat": seat,
                    "card": opts[rng.randrange(n)] if n > 1 else opts[0]}
        if k == "assign":
            if all(len(t) == 1 for t in opts.values()):
                return {"type": "assign", "seat": seat,
                        "cards": {c: t[0] for c, t in opts.items()}}
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
