"""Gong Zhu's cards (setup.deck, score.cards): codes, suits, ranks and the scoring cards.

A card is the string ``<rank><suit>`` (``AH``, ``10C``, ``QS``): rank ``2``–``10``,
``J``, ``Q``, ``K``, ``A``; suit ``H`` hearts, ``D`` diamonds, ``C`` clubs, ``S``
spades. In every suit A is highest and 2 lowest; there are no trumps (setup.deck).
"""

from __future__ import annotations

from typing import Any

SUITS = "HDCS"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: rank symbol -> rank (2 … 14), for ``rank``
_RANK = {r: i + 2 for i, r in enumerate(RANKS)}
#: the 52 cards in card order: suits H, D, C, S, each from 2 up to A
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_INDEX = {c: i for i, c in enumerate(DECK)}

PIG = "QS"
SHEEP = "JD"
DOUBLER = "10C"
HEARTS: tuple[str, ...] = tuple(r + "H" for r in RANKS)

#: the value of every heart (score.cards): AH −50 … 5H −10, 4H 3H 2H 0
HEART_VALUES: dict[str, int] = {
    "AH": -50, "KH": -40, "QH": -30, "JH": -20,
    "10H": -10, "9H": -10, "8H": -10, "7H": -10, "6H": -10, "5H": -10,
    "4H": 0, "3H": 0, "2H": 0,
}
#: the sixteen scoring cards (score.cards)
SCORING: frozenset[str] = frozenset(HEART_VALUES) | {PIG, SHEEP, DOUBLER}
#: the cards many tables restrict exposing to (expose.cards = four)
FOUR: tuple[str, ...] = ("AH", "QS", "JD", "10C")
#: the base value of a scoring card other than the doubler (score.cards)
VALUES: dict[str, int] = {**HEART_VALUES, PIG: -100, SHEEP: 100}


def is_card(x: Any) -> bool:
    """True for one of the 52 card codes."""
    return isinstance(x, str) and x in _INDEX


def suit(card: str) -> str:
    """The suit letter of ``card``."""
    return card[-1]


def rank(card: str) -> int:
    """The rank of ``card`` as an integer, 2 (lowest) … 14 (ace)."""
    return _RANK[card[:-1]]


def order(card: str) -> int:
    """The card's position in ``DECK`` (the shuffle's card order)."""
    return _INDEX[card]


def sort_hand(cards: list[str] | tuple[str, ...]) -> list[str]:
    """``cards`` in the order a hand is shown: by suit (H, D, C, S), high to low."""
    return sorted(cards, key=lambda c: (SUITS.index(suit(c)), -rank(c)))
