"""Random legal Gong Zhu games for the tests, played through the engine's public API
alone (no bots): chance from the seed, each decision uniform among ``legal_inputs``."""

from __future__ import annotations

import random
from typing import Any

import gongzhu_core as g
from gongzhu_core.ruleset import OPTIONS

SEATS = ["Ann", "Bo", "Chen", "Dai"]


def random_ruleset(rng: random.Random) -> dict[str, Any]:
    """A random ruleset spec: each option at a random allowed value half the time, the
    end score kept short (−100 … −400) so games are a few rounds."""
    opts: dict[str, Any] = {"end_score": rng.choice([-100, -200, -400])}
    for name, values in OPTIONS.items():
        if name in ("end_score",) or rng.random() < 0.5:
            continue
        opts[name] = rng.choice([1, 800, 1500]) if name == "sweep_score" else rng.choice(values)
    return {"options": opts}


def random_game(seed: str, spec: dict[str, Any] | None = None,
                rng: random.Random | None = None) -> list[dict[str, Any]]:
    """A whole game's log: ``spec`` (default random), dealer and deals from ``seed``."""
    rng = rng or random.Random(seed)
    rs = g.build_ruleset(spec if spec is not None else random_ruleset(rng))
    events = g.new_game(rs, SEATS, seed=seed)
    state = g.fold(events)
    while not state.finished:
        inp = g.chance_input(state, seed) or rng.choice(g.legal_inputs(state))
        new = g.decide(state, inp, seed=seed)
        for e in new:
            state = g.evolve(state, e)
        events += new
    return events


def hidden_from(events: list[dict[str, Any]], viewer: int | None) -> set[str]:
    """The leak tests' oracle, independent of the engine's redaction: cards dealt to a
    seat other than ``viewer`` and not since played, exposed or received by ``viewer``
    in an exchange (RECORD_FORMAT.md "Visibility")."""
    dealt: set[str] = set()
    public: set[str] = set()
    for e in events:
        t = e["type"]
        if t == "deal":
            for seat, hand in enumerate(e["hands"]):
                if seat != viewer:
                    dealt.update(hand)
        elif t == "play":
            public.add(e["card"])
        elif t == "expose":
            public.update(e["cards"])
        elif t == "exchange" and viewer is not None:
            public.update(e["received"][viewer])
    return dealt - public
