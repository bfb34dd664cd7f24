"""Cards: int codes, wire codes, values and suits (clauses card.value, card.order, setup.*).

A card is an ``int``: ``suit * 13 + (rank - 1)`` for the 52 standard cards
(suits H=0, D=1, C=2, S=3; ranks A=1 … K=13) and ``52`` for the Wrecker.
Wire codes are those of RECORD_FORMAT.md: ``<rank><suit>`` (``10H``, ``QS``,
``AD``) and ``X`` for the Wrecker.
"""

from __future__ import annotations

SUITS = "HDCS"
FIELDS = (0, 1, 2, 3)  # H, D, C, S: the order fields are processed in
SUIT_NAMES = ("Wheat", "Beet", "Potato", "Sunflower")
SUIT_SYMBOLS = ("\u2665", "\u2666", "\u2663", "\u2660")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
WRECKER = 52
ALL_CARDS = tuple(range(53))

CODE: tuple[str, ...] = tuple(
    [RANKS[c % 13] + SUITS[c // 13] for c in range(52)] + ["X"]
)
CARD_ID: dict[str, int] = {code: i for i, code in enumerate(CODE)}
#: card.value — A=1 … K=13, Wrecker 14 (hours on a field and points in a cellar)
VALUE: tuple[int, ...] = tuple([c % 13 + 1 for c in range(52)] + [14])
#: the card's suit (0..3); the Wrecker has none of its own (-1): wrecker.suits
SUIT: tuple[int, ...] = tuple([c // 13 for c in range(52)] + [-1])

FIELD_ID: dict[str, int] = {s: i for i, s in enumerate(SUITS)}


def card(suit: int, rank: int) -> int:
    """The card of ``suit`` (0..3) and ``rank`` (1..13)."""
    return suit * 13 + rank - 1


def worker_cards(deck: int, wrecker: bool) -> list[int]:
    """The initial worker deck (setup.deck52 / setup.deck36 / setup.wrecker): 6..K of
    every suit (32 cards), plus the Wrecker when the variant is on."""
    cards = [card(s, r) for s in FIELDS for r in range(6, 14)]
    if wrecker:
        cards.append(WRECKER)
    return cards


def reward_pile(suit: int) -> list[int]:
    """The reward pile of one field in the 52-card game (setup.deck52): A..5 of its suit."""
    return [card(suit, r) for r in range(1, 6)]


def matches(c: int, field: int) -> bool:
    """Whether cellar card ``c`` matches ``field`` for requisition (wrecker.cellar)."""
    return c == WRECKER or SUIT[c] == field


def codes(cards: list[int] | tuple[int, ...]) -> list[str]:
    """Wire codes of a list of cards."""
    return [CODE[c] for c in cards]


def label(c: int) -> str:
    """A human label: ``'10♥'`` or ``'the Wrecker'``."""
    if c == WRECKER:
        return "the Wrecker"
    return RANKS[c % 13] + SUIT_SYMBOLS[SUIT[c]]
