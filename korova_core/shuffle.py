"""The seeded shuffle ``korova-shuffle/1`` — how a seed gives a base-game round's deal.

Stream, ``below`` and Fisher–Yates: ``gamekit.shuffle`` with the version prefix
``korova-shuffle/1``. Deal of round ``r`` (round.deal): label ``deal/<r>``; the cards
1–104 in ascending order, shuffled by Fisher–Yates; card ``k`` (k = 0 … 10n − 1) goes
to seat ``k mod n``; the next four cards start rows 0–3 in that order; the rest are set
aside. Each hand is then listed ascending.
"""

from __future__ import annotations

from gamekit.shuffle import SeedStream, seed_commitment

from .cards import DECK

SHUFFLE_VERSION = "korova-shuffle/1"
__all__ = ["SHUFFLE_VERSION", "deal", "seed_commitment"]


def deal(seed: str, round_no: int, n: int) -> tuple[list[list[int]], list[int]]:
    """The ``n`` hands and four row starters of round ``round_no`` (round.deal)."""
    cards = SeedStream(seed, f"deal/{round_no}", version=SHUFFLE_VERSION).shuffle(list(DECK))
    hands: list[list[int]] = [[] for _ in range(n)]
    for k in range(10 * n):
        hands[k % n].append(cards[k])
    return [sorted(h) for h in hands], cards[10 * n:10 * n + 4]
