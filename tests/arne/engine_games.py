"""Random legal Arne games through the engine's public functions (``new_game``,
``chance_input``, ``decide``, ``evolve``, ``choices.legal_inputs``) for the property and
leak tests: every seat count, preset and interpretation option.

``play`` chooses uniformly among the mover's legal inputs, except that in a window or a
final turn it passes with probability ``passiveness`` (uniform choice alone plays a black
card at almost every offer; a passive table keeps hands full, which is what Plus Two's
``give`` and Pass Hands need to show their effects).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from arne_core.choices import legal_inputs
from arne_core.decide import decide
from arne_core.game import chance_input, evolve, fold, new_game
from arne_core.ruleset import build_ruleset
from arne_core.state import GameState

Event = dict[str, Any]
PRESETS = ("normal", "misere", "dummy", "first_game")
#: every interpretation option with its non-default value (RULINGS.md "Options")
OTHER_VALUES = {"black_timing": "after_action", "final_round": "until_passes",
                "reverse_stack": "each_reverses", "dummy_final_reverse": "takes_control",
                "final_chameleon": "forbidden"}
GROUPS = {2: "RB", 3: "YGOP", 4: "YGOP", 5: "RBYGOP", 6: "RBYGOP"}
#: (seat count, preset) — the dummy game is for 2–5 seats (dummy.players)
CASES = [(n, p) for n in range(2, 7) for p in PRESETS if not (p == "dummy" and n == 6)]
Step = Callable[[GameState, Event, list[Event], GameState], None]


def options_for(g: int, rng: random.Random) -> dict[str, str]:
    """Game ``g``'s interpretation options: game 0 the defaults, game 1 every non-default
    value, later games each non-default value with probability one half."""
    if g == 0:
        return {}
    if g == 1:
        return dict(OTHER_VALUES)
    return {k: v for k, v in OTHER_VALUES.items() if rng.random() < 0.5}


def start(n: int, preset: str, options: dict[str, Any], seed: str,
          rng: random.Random) -> list[Event]:
    """The ``game`` event: random colours from the group (setup.colours), a random dummy
    colour among those no seat has (dummy.colour), the first player from the seed or
    named."""
    rs = build_ruleset({"preset": preset, "options": options})
    colours = rng.sample(GROUPS[n], n)
    dummy = rng.choice([c for c in "RBYGOP" if c not in colours]) if rs.dummy else None
    first = rng.choice([None, rng.randrange(n)])
    return new_game(rs, [f"P{i}" for i in range(n)], colours, first_player=first,
                    dummy_colour=dummy, seed=seed)


def choose(s: GameState, rng: random.Random, passiveness: float) -> Event:
    """A legal decision of the seat that may act now."""
    movers = sorted(s.may_act())
    assert len(movers) == 1, f"one seat acts at a time, not {movers}"
    legal = legal_inputs(s, movers[0])
    assert legal, "the seat that may act has no legal input"
    passes = [i for i in legal if i["type"] == "pass_window"]
    if passes and rng.random() < passiveness:
        return passes[0]
    return rng.choice(legal)


def play(n: int, preset: str, options: dict[str, Any], seed: str, rng: random.Random, *,
         passiveness: float = 0.0, on_step: Step | None = None,
         on_start: Callable[[list[Event]], None] | None = None) -> list[Event]:
    """A whole random game's log. ``on_start(opening events)`` is called first, then
    ``on_step(before, input, events, after)`` at every input boundary (chance inputs
    included)."""
    log = start(n, preset, options, seed, rng)
    if on_start is not None:
        on_start(list(log))
    s = fold(log)
    while not s.finished:
        inp = chance_input(s, seed) or choose(s, rng, passiveness)
        new = decide(s, inp, seed=seed)
        after = s
        for e in new:
            after = evolve(after, e)
        if on_step is not None:
            on_step(s, inp, new, after)
        log.extend(new)
        s = after
    return log
