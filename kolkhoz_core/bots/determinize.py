"""Determinization: deal the cards a seat cannot see, consistently with its view.

``Determinizer(knowledge)`` prepares, once per decision, a template ``YearSim`` holding
everything the seat knows (its hand and cellar, the public board, face-up cellar cards,
the trick, medals, who has swapped). ``sample(rng)`` then fills in the rest:

* other seats' hands, drawn from the unseen pool (``Knowledge.unseen_workers``) while
  respecting the voids they showed this year (a seat that failed to follow suit gets
  no card of that suit and not the Wrecker) — the most constrained seat draws first;
* other seats' hidden cellar slots, from what is left of the pool (the undealt deck
  takes the remainder, and plays no part in the rest of the year);
* hidden 36-card Orden stack cards, from this year's trick cards now out of sight
  (``Knowledge.stack_pool``).

If the unseen workers do not cover every hidden place (a reward card swapped into a
hand and then pocketed or buried), unseen reward cards fill the gap. Nothing but the
view is read: a view with the hidden cards scrambled gives the same samples.
"""

from __future__ import annotations

import random

from ..cards import SUIT, WRECKER
from ..state import JACK, KING, QUEEN, REWARD, STACK
from .knowledge import Knowledge
from .sim import PHASE_ID, YearSim


class Determinizer:
    """Samples full ``YearSim`` worlds consistent with one seat's knowledge."""

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        me = k.seat
        t = YearSim.__new__(YearSim)
        t.set_rules(k.opts, k.year, k.years)
        t.planner = k.planner
        t.famine = k.famine
        t.trump = k.trump
        t.phase = PHASE_ID[k.phase]
        t.to_move = me
        t.hands = [[] for _ in range(4)]
        t.hands[me] = list(k.hand)
        t.cellars = [[] for _ in range(4)]
        self.hidden: list[tuple[int, int]] = []  # (seat, index) of cellar slots to fill
        self.stack_hidden: list[tuple[int, int]] = []
        for seat in range(4):
            for i, (c, hidden, kind, _) in enumerate(k.cellars[seat]):
                t.cellars[seat].append((-1 if c is None else c, hidden, kind))
                if c is None:
                    (self.stack_hidden if kind == STACK else self.hidden).append((seat, i))
        t.field_hours = list(k.field_hours)
        t.field_cards = [list(f) for f in k.field_cards]
        t.field_rewards = [list(f) for f in k.field_rewards]
        t.completed = list(k.completed)
        t.nom = {}
        t.wrecker_field = -1
        for f in range(4):
            for c in k.field_cards[f]:
                if c == WRECKER:
                    t.wrecker_field = f
                else:
                    role = k.nom_role(c)
                    if role in (JACK, QUEEN, KING):
                        t.nom[role] = f
        t.trick = list(k.trick)
        t.leader = k.leader
        t.winner = me if k.phase == "assign" else -1
        t.tricks_played = k.tricks_played
        t.tricks_in_year = k.tricks_in_year
        t.medals_year = list(k.medals_year)
        t.medals_total = list(k.medals_total)
        t.medals_last_year = [0, 0, 0, 0]
        t.stack_takers = [any(kind >= STACK for _, _, kind, _ in k.cellars[s]) for s in range(4)]
        t.swappers = []
        t.swap_i = 0
        if k.phase == "swap":
            p = k.planner
            order = [p, (p + 1) % 4, (p + 2) % 4, (p + 3) % 4]
            scope = k.opts["swap_scope"]

            def eligible(seat: int) -> bool:
                for _, hidden, kind, _ in k.cellars[seat]:
                    if scope == "hidden" and not hidden:
                        continue
                    if scope == "workers" and kind == REWARD:
                        continue
                    return True
                return False

            t.swappers = [s for s in order if k.hand_counts[s] and eligible(s)]
            done = set(k.swappers_done)
            t.swap_i = sum(1 for s in t.swappers if s in done)
        self.template = t
        # the seats to deal to, most constrained first
        self.opps = sorted((s for s in range(4) if s != me and k.hand_counts[s]),
                           key=lambda s: (-len(k.voids[s]), s))
        self.need = sum(k.hand_counts[s] for s in self.opps) + len(self.hidden)

    def sample(self, rng: random.Random) -> YearSim:
        """One world consistent with the view (a fresh ``YearSim``)."""
        k = self.k
        sim = self.template.copy()
        rnd = rng.random
        base = k.unseen_workers
        keys = [rnd() for _ in base]  # a uniform shuffle: sort by random keys
        pool = [base[i] for i in sorted(range(len(base)), key=keys.__getitem__)]
        need = self.need
        if len(pool) < need:
            extra = list(k.unseen_rewards)
            rng.shuffle(extra)
            pool += extra[: need - len(pool)]
        used = [False] * len(pool)
        for s in self.opps:
            voids = k.voids[s]
            nox = k.no_wrecker[s]
            want = k.hand_counts[s]
            hand = sim.hands[s]
            for i, c in enumerate(pool):
                if used[i]:
                    continue
                if c == WRECKER:
                    if nox:
                        continue
                elif SUIT[c] in voids:
                    continue
                hand.append(c)
                used[i] = True
                if len(hand) == want:
                    break
            if len(hand) < want:  # inconsistent clues: relax them rather than fail
                for i, c in enumerate(pool):
                    if not used[i]:
                        hand.append(c)
                        used[i] = True
                        if len(hand) == want:
                            break
        rest = [c for i, c in enumerate(pool) if not used[i]]
        ri = 0
        for seat, idx in self.hidden:
            e = sim.cellars[seat][idx]
            c = rest[ri] if ri < len(rest) else 0
            ri += 1
            sim.cellars[seat][idx] = (c, e[1], e[2])
        if self.stack_hidden:
            sp = list(k.stack_pool)
            rng.shuffle(sp)
            for j, (seat, idx) in enumerate(self.stack_hidden):
                e = sim.cellars[seat][idx]
                if j < len(sp):
                    c = sp[j]
                else:
                    c = rest[ri] if ri < len(rest) else 0
                    ri += 1
                sim.cellars[seat][idx] = (c, e[1], e[2])
        return sim


def sample_world(k: Knowledge, rng: random.Random) -> YearSim:
    """A single determinization (convenience for tests and one-off use)."""
    return Determinizer(k).sample(rng)


