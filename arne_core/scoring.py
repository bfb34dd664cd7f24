"""Scores (RULINGS.md "Scoring"): score.pile, score.area, score.seat, score.places."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import is_minus, is_x2, value
from .state import GameState


def live(pile: dict[str, Any]) -> bool:
    """score.pile: a score-card pile is live unless crushed and not locked; a −200 pile
    unless locked."""
    if is_minus(pile["card"]):
        return pile["lock"] is None
    return pile["crush"] is None or pile["lock"] is not None


def area_total(piles: Sequence[dict[str, Any]]) -> int:
    """score.area: (sum of the live score cards, tripled ones ×3) × (product of the live
    X2 multipliers: 2, or 6 with an X3) + (sum of the live −200s, tripled ones ×3)."""
    cards = minus = 0
    mult = 1
    for p in piles:
        if not live(p):
            continue
        x3 = 3 if p["x3"] is not None else 1
        if is_x2(p["card"]):
            mult *= 2 * x3
        elif is_minus(p["card"]):
            minus += value(p["card"]) * x3
        else:
            cards += value(p["card"]) * x3
    return cards * mult + minus


def pile_worth(pile: dict[str, Any]) -> str:
    """A pile's worth in words for views: ``"500"``, ``"×6"``, ``"-600"``, ``"0"``."""
    if not live(pile):
        return "0"
    x3 = 3 if pile["x3"] is not None else 1
    if is_x2(pile["card"]):
        return f"×{2 * x3}"
    return str(value(pile["card"]) * x3)


def totals(s: GameState) -> dict[str, int]:
    """Every area's total, keyed by colour (the dummy's included, the spare colour's
    never)."""
    return {c: area_total(s.areas.get(c, [])) for c in s.area_colours()}


def dummy_controller(s: GameState) -> int | None:
    """The seat at the position that controls the dummy (dummy.score), or None."""
    return None if s.dummy_control is None else s.pos_seat[s.dummy_control]


def seat_scores(s: GameState, area_totals: dict[str, int] | None = None) -> list[int]:
    """score.seat: each seat's area total at the position it occupies, plus the dummy's
    total for the dummy's controller (``area_totals``: ``totals(s)`` if already known)."""
    t = totals(s) if area_totals is None else area_totals
    scores = [t[s.my_colour(seat)] for seat in range(s.n)]
    ctrl = dummy_controller(s)
    if ctrl is not None and s.dummy_colour:
        scores[ctrl] += t[s.dummy_colour]
    return scores


def places(scores: Sequence[int], misere: bool) -> list[int]:
    """score.places: 1-based places, highest first (misère: lowest first); equal scores
    share the place (1, 2, 2, 4)."""
    key = [(x if misere else -x) for x in scores]
    return [1 + sum(1 for other in key if other < k) for k in key]
