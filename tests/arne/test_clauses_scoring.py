"""Scoring: score.pile, score.area, score.seat, score.places (and the spare colour)."""

from __future__ import annotations

import pytest

from . import model as m
from .records import Game, play, rules_of


def test_area_arithmetic():
    """Given red with R1000, R500, RX2, a chameleon-borne BX2, a −200 tripled by seat 1,
    R200 crushed (and tripled) and R100 crushed then locked / when the game ends / then
    red = (1000 + 500 + 100) × 2 × 2 − 600 = 5800: two live X2 multiply (×4), X2 leaves the
    −200 alone, a crushed card scores 0 even tripled, a lock restores (score.area,
    score.pile, white.x2, x3.target)."""
    g = Game(2)
    g.deal({0: ["R1000.1", "R500.1", "RX2.1", "CHAM.1", "BX2.1", "R200.1", "R100.1", "LOCK.1"],
            1: ["R-200.1", "X3.1", "X3.2", "CRUSH.1", "CRUSH.2"]})
    g.draw()
    g.black(0, "CHAM.1", **{"with": "BX2.1", "area": "R"})
    g.white("R1000.1", area="R")
    g.black(1, "R-200.1", area="R")
    g.pass_all()
    g.draw()
    g.white("X3.1", target="R-200.1")
    g.settle()
    for card in ("R500.1", "RX2.1", "R200.1", "R100.1"):
        g.draw()
        g.white(card, area="R")
        if card == "R200.1":
            g.black(1, "CRUSH.1", target="R200.1")
        if card == "R100.1":
            g.black(1, "CRUSH.2", target="R100.1")
            g.pass_(1)
            g.black(0, "LOCK.1", target="R100.1")
        g.settle()
        g.draw()
        if card == "R200.1":
            g.white("X3.2", target="R200.1")
        g.settle()
    g.finish()
    events = play(g)
    end = events[-1]
    assert end["totals"]["R"] == g.totals()["R"] == 5800
    assert end["scores"][0] == 5800
    assert {"score.area", "score.seat"} <= rules_of(end)


@pytest.mark.parametrize("piles, total", [
    ([("R500.1", {}), ("RX2.1", {"x3": "X3.1"})], 3000),
    ([("R500.1", {"crush": "CRUSH.1", "x3": "X3.1"})], 0),
    ([("R500.1", {"crush": "CRUSH.1", "lock": "LOCK.1", "x3": "X3.1"})], 1500),
    ([("R500.1", {}), ("RX2.1", {"crush": "CRUSH.1"})], 500),
    ([("R500.1", {}), ("R-200.1", {"x3": "X3.1"}), ("RX2.1", {})], 400),
    ([("R-200.1", {"lock": "LOCK.1", "x3": "X3.1"})], 0),
    ([("R1000.1", {}), ("RX2.1", {}), ("BX2.1", {"chameleon": "CHAM.1", "x3": "X3.2"})],
     12000)])
def test_builder_area_total(piles, total):
    """Given piles (the builder's score.area, read from RULINGS.md) / when totalled / then
    the rulings' arithmetic: X3 on X2 ×6, a crushed card 0 even tripled, restored by a
    lock ×3 again, a crushed X2 no multiplier, X2 never on −200, a locked −200 0, X2 ×
    X2-with-X3 = ×12 (score.pile, score.area)."""
    assert m.area_total([{**m.pile(c), **extra} for c, extra in piles]) == total


def test_spare_colour_scores_for_nobody():
    """Given three seats (purple spare) / when seat 0 carries P500 home with a chameleon /
    then it counts 500 for yellow; totals and areas have no purple key (score.seat,
    deck.group, cham.place)."""
    g = Game(3)
    g.deal({0: ["CHAM.1", "P500.1"]})
    g.draw()
    g.black(0, "CHAM.1", **{"with": "P500.1", "area": "Y"})
    g.finish()
    events = play(g)
    end = events[-1]
    assert set(end["totals"]) == set(end["areas"]) == {"Y", "G", "O"}
    assert end["totals"]["Y"] == g.totals()["Y"] >= 500
    assert end["scores"] == [end["totals"][c] for c in "YGO"]


def test_ties_share_places():
    """Given four seats (first-game deck) with 1000, 500, 500 and 0 / when the game ends /
    then places 1, 2, 2, 4 — no tie-break (score.places)."""
    g = Game(4, "first_game")
    g.deal({0: ["Y1000.1"], 1: ["G500.1"], 2: ["O500.1"]}, keep=("SWAP.1",))
    for card, area in (("Y1000.1", "Y"), ("G500.1", "G"), ("O500.1", "O")):
        g.draw()
        g.white(card, area=area)
        g.settle()
    g.finish()
    events = play(g)
    end = events[-1]
    assert end["scores"] == g.scores() == [1000, 500, 500, 0]
    assert end["places"] == [1, 2, 2, 4]
    assert "score.places" in rules_of(end)


def test_misere_lowest_first():
    """Given misère, three seats; seat 0 plays G500 into green and seat 1 O1000 into
    orange / when the game ends / then scores 0, 500, 1000 and places 1, 2, 3 (the lowest
    wins) (score.places, misere)."""
    g = Game(3, "misere", deck="first_game")
    g.deal({0: ["G500.1"], 1: ["O1000.1"]}, keep=("SWAP.1",))
    g.draw()
    g.white("G500.1", area="G")
    g.settle()
    g.draw()
    g.white("O1000.1", area="O")
    g.finish()
    events = play(g)
    end = events[-1]
    assert end["scores"] == g.scores() == [0, 500, 1000]
    assert end["places"] == [1, 2, 3]
