"""Whole random games — every card, window and variant combined — adjudicated by the
engine and compared event for event with the test builder's own model of RULINGS.md."""

from __future__ import annotations

import random

import pytest

from .randomplay import play_randomly
from .records import Game, of, play

CONFIGS = [
    (2, "normal", None, {}), (3, "normal", None, {}), (4, "normal", None, {}),
    (5, "normal", None, {}), (6, "normal", None, {}), (2, "misere", None, {}),
    (5, "misere", None, {}), (2, "dummy", "Y", {}), (3, "dummy", "P", {}),
    (4, "dummy", "R", {}), (3, "first_game", None, {}), (6, "first_game", None, {}),
    (3, "normal", None, {"black_timing": "after_action"}),
    (3, "normal", None, {"final_round": "until_passes"}),
    (3, "normal", None, {"reverse_stack": "each_reverses"}),
    (2, "dummy", "G", {"dummy_final_reverse": "takes_control"}),
    (2, "normal", None, {"final_chameleon": "forbidden"}),
]


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("n, preset, dummy, options", CONFIGS)
def test_random_game_agrees_with_the_builder(n, preset, dummy, options, seed):
    """Given a game of random deals, draws and legal choices (black cards in a third of
    the offers) / when adjudicated / then every event of the engine's log is the
    builder's, from the deal to game_end's scores, places, totals, positions and areas
    (every clause in combination)."""
    g = Game(n, preset, dummy_colour=dummy, **options)
    play_randomly(g, random.Random(1000 * seed + n))
    events = play(g)
    assert events[-1]["type"] == "game_end"
    assert of(events, "black") and of(events, "white")
