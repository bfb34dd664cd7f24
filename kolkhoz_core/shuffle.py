"""The seeded shuffle ``kolkhoz-shuffle/1`` — how a game's seed gives its chance outcomes.

Specification (re-implementable from this text alone; ``docs/shuffle.md``):

* Stream (the generic part is ``gamekit.shuffle``). For a label (an ASCII string
  naming the draw), block ``k`` (k = 0, 1, …) is
  ``HMAC-SHA256(key = UTF-8(seed), msg = UTF-8("kolkhoz-shuffle/1:" + label + ":" + str(k)))``.
  Each 32-byte block is read as eight big-endian unsigned 32-bit words, in order; the
  stream is the words of block 0, then block 1, …
* ``below(n)``: let ``limit = 2**32 - (2**32 % n)``; take the next word ``w`` of the
  stream until ``w < limit``; return ``w % n`` (unbiased rejection sampling).
* Fisher–Yates: for ``i`` from ``len(a) - 1`` down to ``1``: ``j = below(i + 1)``;
  swap ``a[i]`` and ``a[j]``.
* Card order before shuffling: ascending card number, where a card's number is
  ``suit * 13 + rank - 1`` (suits H=0, D=1, C=2, S=3; A=1 … K=13) and the Wrecker is 52.
* First planner (``setup.planner``): label ``planner``, ``below(4)``.
* Deal of year ``y`` (``plan.deal``): label ``deal/<y>``; the worker deck, in card
  order, shuffled by Fisher–Yates; with hand size ``h`` (``deal.short``), the first
  ``4h`` cards are dealt one at a time: card ``k`` to seat ``(planner + 1 + k) mod 4``.
* Jobs of year ``y`` (``plan.jobs``): for each field in order H, D, C, S whose pile is
  not empty: label ``jobs/<y>/<suit letter>``; the pile in card order;
  index ``below(len(pile))``.
* Random trump of year ``y`` (``trump_selection = random``): label ``trump/<y>``;
  suit ``below(4)`` (0=H, 1=D, 2=C, 3=S).
"""

from __future__ import annotations

from gamekit import shuffle as _shuffle
from gamekit.shuffle import seed_commitment

SHUFFLE_VERSION = "kolkhoz-shuffle/1"

__all__ = ["SHUFFLE_VERSION", "SeedStream", "deal_hands", "draw_job", "draw_planner",
           "draw_trump", "seed_commitment"]


class SeedStream(_shuffle.SeedStream):
    """The ``kolkhoz-shuffle/1`` word stream for one (seed, label): gamekit's keyed-hash
    stream, ``below`` and Fisher–Yates under Kolkhoz's version prefix."""

    def __init__(self, seed: str, label: str) -> None:
        super().__init__(seed, label, version=SHUFFLE_VERSION)


def draw_planner(seed: str) -> int:
    """The first planner drawn from the seed (setup.planner)."""
    return SeedStream(seed, "planner").below(4)


def deal_hands(seed: str, year: int, planner: int, deck: list[int],
               hand_size: int) -> list[list[int]]:
    """The four hands of year ``year`` dealt from ``deck`` (plan.deal, deal.short)."""
    shuffled = SeedStream(seed, f"deal/{year}").shuffle(sorted(deck))
    hands: list[list[int]] = [[], [], [], []]
    for k in range(4 * hand_size):
        hands[(planner + 1 + k) % 4].append(shuffled[k])
    return hands


def draw_job(seed: str, year: int, suit_letter: str, pile: list[int]) -> int:
    """The reward card revealed on one field in year ``year`` (plan.jobs)."""
    ordered = sorted(pile)
    return ordered[SeedStream(seed, f"jobs/{year}/{suit_letter}").below(len(ordered))]


def draw_trump(seed: str, year: int) -> int:
    """The trump suit drawn for year ``year`` when trump_selection is random (plan.trump)."""
    return SeedStream(seed, f"trump/{year}").below(4)
