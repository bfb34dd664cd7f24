"""``determinize``: a state consistent with one seat's view, the hidden facts redrawn:
the other seats' base-game hands (from the cards the seat has not seen: not in its
hand, the rows, any pile or an earlier reveal — the set-aside cards among them) and the
cards the others have chosen face down this turn (from their sampled hands). Tactical
hands are public; only their unrevealed choices are redrawn."""

from __future__ import annotations

import random

from .cards import DECK
from .state import GameState


def determinize(s: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of ``s`` consistent with ``seat``'s view (``s`` unchanged)."""
    w = s.copy()
    if s.finished or not s.round or s.phase in ("deal", "draft", "setup"):
        return w
    revealed = s.reveal is not None
    others = [o for o in range(s.n) if o != seat]
    if not s.rs.tactical:
        seen = set(s.hands[seat]) | {c for r in s.rows for c in r}
        seen |= {c for p in s.piles for c in p}
        if seat in s.chosen:
            seen.add(s.chosen[seat])
        if revealed and s.reveal is not None:
            seen |= set(s.reveal["cards"])
        pool = [c for c in DECK if c not in seen]
        rng.shuffle(pool)
        for o in others:
            k = len(s.hands[o]) + (1 if (o in s.chosen and not revealed) else 0)
            w.hands[o], pool = sorted(pool[:k]), pool[k:]
            w.turn_hands[o] = list(w.hands[o])
    if not revealed:
        for o in others:
            if o in s.chosen:
                held = sorted(w.hands[o] + ([] if not s.rs.tactical else [s.chosen[o]]))
                if s.rs.tactical:
                    held = sorted(s.turn_hands[o])
                card = rng.choice(held)
                w.chosen[o] = card
                w.hands[o] = [c for c in held if c != card]
    return w
