"""``determinize``: a full state consistent with one seat's view, the facts it cannot
see drawn at random — what a search bot (ISMCTS) samples.

What ``seat`` knows and every sample keeps: its own hand and passes; the cards it passed
(they are in the receiver's hand until played); every exposed card still held; each
seat's hand size; the suits a seat has shown it lacks (it did not follow). The other
cards still out are dealt among the other seats at random within those constraints.
During passing, another seat's chosen pass is unknown: it is redrawn from its sampled
hand.
"""

from __future__ import annotations

import random

from .cards import suit
from .state import OFFSET, GameState


def _known_holdings(s: GameState, seat: int) -> dict[int, set[str]]:
    known: dict[int, set[str]] = {o: set() for o in range(4) if o != seat}
    for o in known:
        known[o] |= {c for c in s.exposed[o] if c in s.hands[o]}
    if s.pass_to is not None and s.received[(seat + OFFSET[s.pass_to]) % 4] is not None:
        receiver = (seat + OFFSET[s.pass_to]) % 4
        known[receiver] |= {c for c in (s.passes[seat] or []) if c in s.hands[receiver]}
    return known


def _deal(pool: list[str], need: dict[int, int], voids: dict[int, set[str]],
          rng: random.Random) -> dict[int, list[str]] | None:
    """Deal ``pool`` so seat o gets ``need[o]`` cards of suits it is not void in; None if
    a random greedy attempt gets stuck (the caller retries)."""
    cards = list(pool)
    rng.shuffle(cards)
    # most constrained cards first: those fewest seats may hold
    cards.sort(key=lambda c: sum(suit(c) not in voids[o] for o in need))
    out: dict[int, list[str]] = {o: [] for o in need}
    for c in cards:
        open_seats = [o for o in need if len(out[o]) < need[o] and suit(c) not in voids[o]]
        if not open_seats:
            return None
        out[rng.choice(open_seats)].append(c)
    return out


def determinize(s: GameState, seat: int, rng: random.Random, *, tries: int = 200
                ) -> GameState:
    """A copy of ``s`` whose other hands are redrawn consistently with ``seat``'s view
    (module docstring). ``s`` is unchanged. If no consistent deal is found in ``tries``
    attempts (voids that leave no room), the void constraints are dropped."""
    w = s.copy()
    if s.finished or not s.round:
        return w
    known = _known_holdings(s, seat)
    others = [o for o in range(4) if o != seat]
    pool = [c for o in others for c in s.hands[o] if c not in known[o]]
    need = {o: len(s.hands[o]) - len(known[o]) for o in others}
    voids = {o: set(s.voids[o]) for o in others}
    dealt = None
    for _ in range(tries):
        dealt = _deal(pool, need, voids, rng)
        if dealt is not None:
            break
    if dealt is None:
        dealt = _deal(pool, need, {o: set() for o in others}, rng)
    assert dealt is not None
    for o in others:
        w.hands[o] = sorted(known[o]) + dealt[o]
        if s.phase == "pass":
            w.dealt[o] = list(w.hands[o])
            if s.passes[o] is not None:
                w.passes[o] = rng.sample(w.hands[o], 3)
    return w
