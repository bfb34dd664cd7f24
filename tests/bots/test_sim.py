"""The lean year simulator agrees with the engine: from any decision, it awaits the same
decisions (seat, kind, legal options) and the same choices lead to the same cellars —
cards and hidden flags — after the year's requisition (presets and variant rulesets)."""

from __future__ import annotations

import random

import pytest

from kolkhoz_core import build_ruleset
from kolkhoz_core.bots.sim import ASSIGN, DONE, PLAY, SWAP, TRUMP, YearSim
from kolkhoz_core.cards import CARD_ID, CODE, FIELD_ID, SUITS
from kolkhoz_core.choices import Choices, chance_input, choices
from kolkhoz_core.decide import decide
from kolkhoz_core.game import start

from .conftest import VARIANT_SPECS

PRESETS = ["kolkhoz", "kolkhoznik", "zone"]
EXTRA = [{"preset": "kolkhoz", "options": {"nomenklatura": True, "reveal": "highest_hidden"}},
         {"preset": "zone", "options": {"stakh": True, "wrecker": True}},
         {"preset": "kolkhoznik", "options": {"k36_vulnerable": "trick_winners", "mice": True}}]


def _sim_apply(sim: YearSim, inp: dict) -> None:
    t = inp["type"]
    if t == "trump":
        assert sim.phase == TRUMP
        sim.choose_trump(FIELD_ID[inp["suit"]])
    elif t == "swap":
        assert sim.phase == SWAP and sim.to_move == inp["seat"]
        if inp.get("pass"):
            sim.swap(None, None)
        else:
            sim.swap(CARD_ID[inp["hand"]], CARD_ID[inp["cellar"]])
    elif t == "play":
        assert sim.phase == PLAY and sim.to_move == inp["seat"]
        assert CARD_ID[inp["card"]] in sim.legal_plays()
        sim.play(CARD_ID[inp["card"]])
    elif t == "assign":
        assert sim.phase == ASSIGN and sim.to_move == inp["seat"]
        sim.assign([FIELD_ID[inp["cards"][CODE[x]]] for x in sim.trick])


def _same_decision(sim: YearSim, ch: Choices) -> None:
    """The simulator awaits the same decision as the engine: the same kind, the same
    seat and the same legal options (cards, fields, swap pairs)."""
    kind = {TRUMP: "trump", SWAP: "swap", PLAY: "play", ASSIGN: "assign"}[sim.phase]
    assert (kind, sim.to_move) == (ch.kind, ch.seat)
    if kind == "play":
        assert sorted(CODE[c] for c in sim.legal_plays()) == sorted(ch.options)
    elif kind == "assign":
        fields = sorted(SUITS[f] for f in sim.targets())
        assert sorted(CODE[c] for c in sim.trick) == sorted(ch.options)
        assert all(sorted(t) == fields for t in ch.options.values())
    elif kind == "swap":
        seat = sim.to_move
        pairs = {(CODE[h], CODE[c]) for h in sim.hands[seat]
                 for c in sim.eligible_cellar(seat)}
        assert pairs == {tuple(o) for o in ch.options if o is not None}
        assert None in ch.options


@pytest.mark.parametrize("spec", [{"preset": p} for p in PRESETS] + EXTRA + VARIANT_SPECS)
def test_sim_matches_engine(spec: dict) -> None:
    ruleset = build_ruleset(spec)
    checked = 0
    decisions = 0
    for g in range(25):
        seed = f"sim-{g}"
        rng = random.Random(g)
        state, _ = start(ruleset, list("ABCD"), None, seed)
        sims: list[YearSim] = []
        while not state.finished:
            inp = chance_input(state, seed)
            if inp is None:
                ch = choices(state)
                if rng.random() < 0.15 and state.phase in ("trump", "swap", "play", "assign"):
                    sims.append(YearSim.from_state(state))
                opts = ch.to_inputs()
                inp = opts[rng.randrange(len(opts))]
                for sim in sims:
                    if sim.phase != DONE:
                        _same_decision(sim, ch)
                        decisions += 1
                        _sim_apply(sim, inp)
            year = state.year
            for e in decide(state, inp, seed=seed):
                state.apply(e)
                if e["type"] == "year_end":
                    for sim in sims:
                        assert sim.phase == DONE, (year, sim.phase)
                        # every cellar: the same cards AND the same hidden flags (a
                        # reveal tells the table what a seat keeps for the years after)
                        want = [sorted((c, h) for c, h, _, _ in cel) for cel in state.cellars]
                        got = [sorted((c, h) for c, h, _ in cel) for cel in sim.cellars]
                        assert got == want, (seed, year)
                        checked += 1
                    sims = []
            if state.phase == "setup" or state.finished:
                sims = []
    assert checked > 20 and decisions > 200
