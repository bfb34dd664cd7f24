"""The seeded shuffle ``arne-shuffle/1`` — how a seed gives what a record leaves out.

Stream, ``below`` and Fisher–Yates: ``gamekit.shuffle`` with the version prefix
``arne-shuffle/1`` (docs/shuffle.md).

* First player (setup.first): label ``first``, ``below(n)``.
* Deck order: label ``deck``; the deck's codes in the ``game`` event's order, shuffled
  by Fisher–Yates. The deal (setup.deal) gives card ``k`` (k = 0 … 8n − 1) of that order
  to seat ``k mod n``; every later draw (turn.draw, draw3) takes the next cards of that
  order that are still in the draw deck (so explicit inputs that differ from the seed's
  leave the rest of the order well defined).
* A random card (grab): label ``grab/<seq>`` (seq: the position of the ``random_card``
  event), ``below(len(hand))`` over the target's hand in deck order.
"""

from __future__ import annotations

from functools import lru_cache

from gamekit.shuffle import SeedStream, seed_commitment

SHUFFLE_VERSION = "arne-shuffle/1"
__all__ = ["SHUFFLE_VERSION", "deck_order", "first_player", "grab_index", "seed_commitment"]


def first_player(seed: str, n: int) -> int:
    """The seat that takes the first turn when the record names none (setup.first)."""
    return SeedStream(seed, "first", version=SHUFFLE_VERSION).below(n)


@lru_cache(maxsize=256)
def deck_order(seed: str, deck: tuple[str, ...]) -> tuple[str, ...]:
    """The whole deck in the seed's order (deal first, then draws)."""
    return tuple(SeedStream(seed, "deck", version=SHUFFLE_VERSION).shuffle(list(deck)))


def grab_index(seed: str, seq: int, size: int) -> int:
    """The index, in deck order, of the card a Grab takes from a hand of ``size`` cards
    (grab)."""
    return SeedStream(seed, f"grab/{seq}", version=SHUFFLE_VERSION).below(size)
