"""``determinize``: a world consistent with one seat's view (what a search bot samples).

Fixed: the seat's own hand, everything on the table and the discard pile, every hand's
size, the deck's size. Redrawn with ``rng``: the other hands and the draw deck, from the
cards the seat cannot see (the other hands and the deck together). The deck's order is
not part of the state (draws are chance inputs), so a redrawn deck is just its cards.
"""

from __future__ import annotations

import random

from .state import GameState


def determinize(s: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of ``s`` with the hidden cards (other hands, deck) dealt afresh by ``rng``,
    sizes kept."""
    w = s.copy()
    pool = [c for i, h in enumerate(s.hands) if i != seat for c in h] + list(s.deck)
    pool = s.sort(pool)
    rng.shuffle(pool)
    k = 0
    for i in range(s.n):
        if i == seat:
            continue
        size = len(s.hands[i])
        w.hands[i] = pool[k:k + size]
        k += size
    w.deck = s.sort(pool[k:])
    return w
