"""Shared helpers for the bot tests: rulesets to cover and decision points to stop at."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from kolkhoz_core import build_ruleset
from kolkhoz_core.bots import get_bot
from kolkhoz_core.choices import chance_input, choices
from kolkhoz_core.decide import decide
from kolkhoz_core.game import start
from kolkhoz_core.ruleset import Ruleset
from kolkhoz_core.runner import bot_rng
from kolkhoz_core.state import GameState
from kolkhoz_core.views import lazy_seat_view

PRESETS = ["kolkhoz", "kolkhoznik", "zone"]

# the presets plus overrides that change what bots must handle
VARIANT_SPECS: list[dict[str, Any]] = [
    {"preset": "kolkhoz", "options": {"nomenklatura": True, "accum": True, "medals": True}},
    {"preset": "kolkhoz", "options": {"swap_scope": "hidden", "first_lead": "left_of_planner",
                                      "trump_selection": "random", "wrecker_returns": True}},
    {"preset": "kolkhoznik", "options": {"k36_vulnerable": "trick_winners", "mice": True,
                                         "wrecker": True, "stakh": True}},
    {"preset": "zone", "options": {"reveal": "highest_hidden", "swap_scope": "workers"}},
    {"options": {"years": 3}},
]


def rulesets() -> list[tuple[str, Ruleset]]:
    out = [(p, build_ruleset({"preset": p})) for p in PRESETS]
    for i, spec in enumerate(VARIANT_SPECS):
        out.append((f"variant{i}", build_ruleset(spec)))
    return out


def decision_points(ruleset: Ruleset, seed: str, every: float = 0.3,
                    rng_seed: int = 0) -> Iterator[GameState]:
    """Play a random game and yield (copies of) some of the states awaiting a
    decision by a seat."""
    rng = random.Random(rng_seed)
    state, _ = start(ruleset, list("ABCD"), None, seed)
    rand = get_bot("random")
    rngs = [bot_rng(seed, i, 0) for i in range(4)]  # one generator per seat for the whole walk
    while not state.finished:
        inp = chance_input(state, seed)
        if inp is None:
            ch = choices(state)
            assert ch.seat is not None
            if rng.random() < every:
                yield state.copy()
            inp = rand.choose(lazy_seat_view(state, ch.seat), ch, rngs[ch.seat])
        for e in decide(state, inp, seed=seed):
            state.apply(e)
