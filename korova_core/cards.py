"""Korova's cards: 104 numbers and their heads (card.number, card.heads)."""

from __future__ import annotations

DECK: tuple[int, ...] = tuple(range(1, 105))


def heads(card: int) -> int:
    """The penalty heads of ``card`` (card.heads): 55 → 7; 11, 22, …, 99 → 5;
    10, 20, …, 100 → 3; 5, 15, …, 95 but 55 → 2; any other card → 1."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


#: card -> heads, for every card of the deck
HEADS: dict[int, int] = {c: heads(c) for c in DECK}


def is_card(x: object) -> bool:
    """A JSON integer 1–104 (booleans are not cards)."""
    return type(x) is int and 1 <= x <= 104
