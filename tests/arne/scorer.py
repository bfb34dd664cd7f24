"""An independent scorer: RULINGS.md "Scoring" (score.pile, score.area, score.seat,
score.places, dummy.score) written out from the rulings' arithmetic, reading only a
``game_end``'s ``areas`` and the seats' positions — none of the engine's code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .tracker import face

FACE_VALUE = {"50": 50, "100": 100, "200": 200, "500": 500, "1000": 1000}


def pile_live(pile: dict[str, Any]) -> bool:
    """score.pile: a −200 pile counts unless locked; any other pile unless it is crushed
    and not locked (a lock restores a crushed card)."""
    if face(pile["card"]) == "-200":
        return pile["lock"] is None
    return pile["crush"] is None or pile["lock"] is not None


def pile_score(pile: dict[str, Any]) -> tuple[str, int]:
    """score.pile: ``("card", points)``, ``("x2", multiplier)`` or ``("minus", points)``;
    a dead pile is ``("card", 0)`` / ``("x2", 1)`` / ``("minus", 0)``."""
    f = face(pile["card"])
    assert f is not None, f"a pile's base card is a colour card, not {pile['card']}"
    triple = 3 if pile["x3"] is not None else 1
    live = pile_live(pile)
    if f == "X2":
        return "x2", (2 * triple) if live else 1
    if f == "-200":
        return "minus", (-200 * triple) if live else 0
    return "card", (FACE_VALUE[f] * triple) if live else 0


def area_score(piles: Sequence[dict[str, Any]]) -> int:
    """score.area: (live score cards, tripled ×3) × (product of live X2 multipliers)
    + (live −200s, tripled ×3)."""
    cards, mult, minus = 0, 1, 0
    for p in piles:
        what, v = pile_score(p)
        if what == "card":
            cards += v
        elif what == "x2":
            mult *= v
        else:
            minus += v
    return cards * mult + minus


def seat_scores(areas: dict[str, list[dict[str, Any]]], colours: Sequence[str],
                positions: Sequence[int], dummy_colour: str | None,
                controller: int | None) -> list[int]:
    """score.seat / dummy.score: the area of the position each seat sits at, plus the
    dummy's area for the seat at the controlling position."""
    out = [area_score(areas[colours[pos]]) for pos in positions]
    if controller is not None and dummy_colour is not None:
        out[controller] += area_score(areas[dummy_colour])
    return out


def places(scores: Sequence[int], misere: bool) -> list[int]:
    """score.places: 1 + the number of seats strictly better (higher; misère: lower)."""
    better = (lambda a, b: a < b) if misere else (lambda a, b: a > b)
    return [1 + sum(1 for o in scores if better(o, s)) for s in scores]
