"""An independent scorer for the property tests: RULINGS.md "Scoring a round" written
out card by card, without the engine's code (score.cards, expose.effect, score.moon,
score.doubler, score.sweep)."""

from __future__ import annotations

from typing import Any

HEART = {"A": -50, "K": -40, "Q": -30, "J": -20, "10": -10, "9": -10, "8": -10, "7": -10,
         "6": -10, "5": -10, "4": 0, "3": 0, "2": 0}
ALL_HEARTS = {r + "H" for r in HEART}
ALL_SCORING = ALL_HEARTS | {"QS", "JD", "10C"}


def points(taken: set[str], exposed: set[str], opts: dict[str, Any]) -> int:
    """One seat's round score from the scoring cards it took and every exposed card."""
    if not opts["exposing"]:
        exposed = set()
    if opts["all_at_once"] and taken >= ALL_SCORING:
        return int(opts["sweep_score"])
    four = opts["expose_cards"] == "four"
    moon = taken >= ALL_HEARTS
    total = 0
    for c in taken:
        if c in ALL_HEARTS:
            v = HEART[c[:-1]]
            if c in exposed or (four and "AH" in exposed):
                v *= 2
            total += -v if moon else v
        elif c == "QS":
            v = -200 if "QS" in exposed else -100
            if moon:
                v = {"stays": v, "cancelled": 0, "flips": -v}[opts["moon_pig"]]
            total += v
        elif c == "JD":
            total += 200 if "JD" in exposed else 100
    if "10C" in taken:
        mult = 4 if "10C" in exposed else 2
        rest = taken - {"10C"}
        zero = {"2H", "3H", "4H"}
        if not rest or (opts["ten_alone"] == "zero_hearts_ok" and rest <= zero):
            total = 50 if mult == 2 else 100
        else:
            total *= mult
    return total
