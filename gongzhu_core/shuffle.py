"""The seeded shuffle ``gongzhu-shuffle/1`` — how a game's seed gives its chance outcomes.

Specification (re-implementable from this text alone):

* Stream, ``below(n)`` and Fisher–Yates: ``gamekit.shuffle`` with the version prefix
  ``gongzhu-shuffle/1`` (block ``k`` of a label is
  ``HMAC-SHA256(key = UTF-8(seed), msg = UTF-8("gongzhu-shuffle/1:" + label + ":" + k))``).
* Card order before shuffling: ``cards.DECK`` (suits H, D, C, S; in each 2 … A).
* First dealer (``round.dealer``, when the setup does not name one): label ``dealer``,
  ``below(4)``.
* Deal of round ``r`` (``round.deal``): label ``deal/<r>``; the 52 cards in card order,
  shuffled by Fisher–Yates; card ``k`` (k = 0 … 51) goes to seat
  ``(dealer + 1 + k) mod 4``. Each hand is then listed in card order.
"""

from __future__ import annotations

from gamekit.shuffle import SeedStream, seed_commitment

from .cards import DECK, order

SHUFFLE_VERSION = "gongzhu-shuffle/1"

__all__ = ["SHUFFLE_VERSION", "deal_hands", "draw_dealer", "seed_commitment"]


def _stream(seed: str, label: str) -> SeedStream:
    return SeedStream(seed, label, version=SHUFFLE_VERSION)


def draw_dealer(seed: str) -> int:
    """The first dealer drawn from ``seed`` (round.dealer)."""
    return _stream(seed, "dealer").below(4)


def deal_hands(seed: str, round_no: int, dealer: int) -> list[list[str]]:
    """The four hands of round ``round_no`` dealt from ``seed`` (round.deal)."""
    cards = _stream(seed, f"deal/{round_no}").shuffle(list(DECK))
    hands: list[list[str]] = [[], [], [], []]
    for k, card in enumerate(cards):
        hands[(dealer + 1 + k) % 4].append(card)
    return [sorted(h, key=order) for h in hands]
