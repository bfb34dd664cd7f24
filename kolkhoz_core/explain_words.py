"""The small words of the explanations (``explain``): cards, fields and seats named in
plain language, clause ids cited, counts spelled. Functions of their arguments only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Event = dict[str, Any]

FIELD_NAMES = {"H": "Wheat", "D": "Beet", "C": "Potato", "S": "Sunflower"}
FIELD_RANK = {"H": 0, "D": 1, "C": 2, "S": 3}
SUIT_SYMBOLS = {"H": "\u2665", "D": "\u2666", "C": "\u2663", "S": "\u2660"}


def card_label(code: Any) -> str:
    """``'10H'`` → ``'10♥'``, ``'X'`` → ``'the Wrecker'``, ``None`` (hidden) → ``'a card'``."""
    if not isinstance(code, str) or not code:
        return "a card"
    if code == "X":
        return "the Wrecker"
    suit = code[-1]
    return code[:-1] + SUIT_SYMBOLS.get(suit, suit)


def field_label(letter: Any) -> str:
    """``'D'`` → ``'Beet'`` (a field is named by its suit)."""
    return FIELD_NAMES.get(str(letter), str(letter))


def by_field_order(per_field: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """``{field letter: x}`` as pairs in field order H, D, C, S (unknown keys last),
    whatever the key order of the object (x.key_order)."""
    return sorted(((str(f), x) for f, x in per_field.items()),
                  key=lambda kv: (FIELD_RANK.get(kv[0], 4), kv[0]))


def seat_label(seat: Any, seats: Sequence[str] | None) -> str:
    """``1`` → ``'seat 1 (Boris)'``; None → ``'the State'``."""
    if seat is None:
        return "the State"
    if seats and isinstance(seat, int) and 0 <= seat < len(seats):
        return f"seat {seat} ({seats[seat]})"
    return f"seat {seat}"


def seats_label(seat_list: Sequence[Any], seats: Sequence[str] | None) -> str:
    """``[1, 2]`` → ``'seats 1 (Boris) and 2 (Pyotr)'``; ``[]`` → ``'nobody'``."""
    if not seat_list:
        return "nobody"
    if len(seat_list) == 1:
        return seat_label(seat_list[0], seats)
    bits = [seat_label(s, seats).removeprefix("seat ") for s in seat_list]
    return "seats " + ", ".join(bits[:-1]) + " and " + bits[-1]


def cards_label(codes: Sequence[Any]) -> str:
    """``['10H', None]`` → ``'10♥, a card'``; ``[]`` → ``'none'``."""
    return ", ".join(card_label(c) for c in codes) if codes else "none"


def clauses(*rules: str) -> str:
    """``('req.take', 'nom.partyman')`` → ``'(req.take, nom.partyman)'`` (empty ids left out)."""
    return "(" + ", ".join(r for r in rules if r) + ")"


def cap(text: str) -> str:
    """Upper-case the first letter only (names keep their case)."""
    return text[:1].upper() + text[1:]


def plural(n: int, word: str) -> str:
    """``(1, 'card')`` → ``'1 card'``, ``(3, 'card')`` → ``'3 cards'``."""
    return f"{n} {word}" + ("" if n == 1 else "s")
