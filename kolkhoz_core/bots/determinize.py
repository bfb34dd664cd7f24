"""Determinization: deal the cards a seat cannot see, consistently with its view.

``Determinizer(knowledge)`` prepares, once per decision, a template ``YearSim`` holding
everything the seat knows (its hand and cellar, the public board, face-up cellar cards,
the trick, medals, who has swapped). ``sample(rng)`` then fills in the rest:

* other seats' hands: first the cards the seat knows they hold (a face-up cellar card
  taken into the hand by this year's swap, ``Knowledge.known_hands``), then from the
  unseen pool (``Knowledge.unseen_workers``) respecting the voids they showed this year
  (a seat that failed to follow suit gets no card of that suit and not the Wrecker) —
  the most constrained seat first, and an exact bipartite matching if that greedy deal
  gets stuck, so that no seat is ever dealt a card it cannot hold;
* other seats' hidden cellar slots, from what is left of the pool (the undealt deck
  takes the remainder, and plays no part in the rest of the year). The pool is
  shuffled with weights (``CELLAR_ODDS``: pocketed and buried cards are mostly high
  ones): hands take the least cellar-like cards, hidden slots the most (``cellar_prior``
  False: a uniform shuffle, as in ismcts version 1);
* hidden 36-card Orden stack cards, from this year's trick cards now out of sight
  (``Knowledge.stack_pool``).

If the unseen workers do not cover every hidden place (a reward card swapped into a
hand and then pocketed or buried), unseen reward cards fill the gap. Nothing but the
view is read: a view with the hidden cards scrambled gives the same samples.
"""

from __future__ import annotations

import random

from ..cards import SUIT, VALUE, WRECKER
from ..state import JACK, KING, QUEEN, REWARD, STACK
from .knowledge import Knowledge
from .plan_value import family
from .sim import PHASE_ID, YearSim

#: how much likelier a card of each value (0: the Wrecker) is to lie in a hidden cellar
#: slot than in a hand, as odds: the share of unseen cards of that value that were in
#: hidden cellar slots rather than in other hands, p / (1 - p), measured at card-play
#: decisions from year 2 on in 150 games of four ``heuristic`` bots per family
#: (23,130 / 24,879 / 16,459 unseen cards; docs/bots.md). Pocketed and buried cards are
#: mostly high ones; the Wrecker is rarely kept.
CELLAR_ODDS: dict[str, dict[int, float]] = {
    "k52": {6: 0.13, 7: 0.23, 8: 0.39, 9: 0.70, 10: 0.87, 11: 1.48, 12: 2.15, 13: 1.68,
            0: 0.17},
    "k36": {6: 0.02, 7: 0.12, 8: 0.26, 9: 0.50, 10: 0.96, 11: 1.87, 12: 2.07, 13: 1.68,
            0: 0.17},
    "everyone": {6: 0.12, 7: 0.13, 8: 0.15, 9: 0.18, 10: 0.30, 11: 0.28, 12: 0.33,
                 13: 0.44, 0: 0.17},
}


class Determinizer:
    """Samples full ``YearSim`` worlds consistent with one seat's knowledge."""

    def __init__(self, k: Knowledge, cellar_prior: bool = True) -> None:
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
                           key=lambda s: (-len(k.voids[s]) - len(k.known_hands[s]), s))
        self.known = [list(h) for h in k.known_hands]
        known = {c for h in self.known for c in h}
        self.base = [c for c in k.unseen_workers if c not in known]
        self.extra = [c for c in k.unseen_rewards if c not in known]
        prior = CELLAR_ODDS[family(k.opts)] if cellar_prior else {}
        self.inv_w = [1.0 / prior.get(VALUE[c] if c != WRECKER else 0, 1.0)
                      for c in self.base]
        self.need = (sum(k.hand_counts[s] for s in self.opps) - len(known)
                     + len(self.hidden))

    def sample(self, rng: random.Random) -> YearSim:
        """One world consistent with the view (a fresh ``YearSim``): every other hand
        holds its known cards, no card of a suit it showed void in (nor the Wrecker
        then), and its exact number of cards; hidden cellar slots and the undealt deck
        take the rest, the cards likelier to be hidden in cellars first."""
        k = self.k
        sim = self.template.copy()
        rnd = rng.random
        base = self.base
        # a weighted shuffle (Efraimidis & Spirakis): the largest key first, key
        # u ** (1 / weight) — the front is what cellars most likely hide
        keys = [rnd() ** iw for iw in self.inv_w]
        pool = [base[i] for i in sorted(range(len(base)), key=keys.__getitem__,
                                        reverse=True)]
        if len(pool) < self.need:
            extra = list(self.extra)
            rng.shuffle(extra)
            pool = extra[: self.need - len(pool)] + pool
        used = [False] * len(pool)
        n = len(pool)
        short = False
        for s in self.opps:
            want = k.hand_counts[s]
            hand = sim.hands[s]
            hand.extend(self.known[s])
            for i in range(n - 1, -1, -1):  # hands take the least cellar-like cards
                if len(hand) >= want:
                    break
                if not used[i] and self.allowed(s, pool[i]):
                    hand.append(pool[i])
                    used[i] = True
            if len(hand) < want:
                short = True
        if short:  # the greedy deal got stuck: find a deal that keeps every clue
            used, kept = self._deal_exactly(sim, pool)
            spare = [c for c in self.extra if c not in pool]
            if not kept and spare:
                # a hand's true cards may include an unseen reward card (taken from a
                # hidden cellar slot by a swap): offered last, as the clues need it
                rng.shuffle(spare)
                pool = spare + pool
                used, kept = self._deal_exactly(sim, pool)
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

    def allowed(self, seat: int, c: int) -> bool:
        """Whether ``seat`` may hold ``c`` given the voids it showed this year."""
        if c == WRECKER:
            return not self.k.no_wrecker[seat]
        return SUIT[c] not in self.k.voids[seat]

    def _deal_exactly(self, sim: YearSim, pool: list[int]) -> tuple[list[bool], bool]:
        """Refill the other hands by bipartite matching (Kuhn's augmenting paths) so
        that every clue holds; returns which pool cards the hands use, and whether every
        clue could hold. If not (``pool`` lacks a card some hand must hold), the
        remaining places take any card."""
        slots = [s for s in self.opps for _ in range(self.k.hand_counts[s] - len(self.known[s]))]
        n = len(pool)
        owner = [-1] * n  # pool index -> slot index
        order = list(range(n - 1, -1, -1))

        def augment(j: int, seen: list[bool]) -> bool:
            for i in order:
                if seen[i] or not self.allowed(slots[j], pool[i]):
                    continue
                seen[i] = True
                if owner[i] < 0 or augment(owner[i], seen):
                    owner[i] = j
                    return True
            return False

        for j in range(len(slots)):
            augment(j, [False] * n)
        got = [-1] * len(slots)
        for i, j in enumerate(owner):
            if j >= 0:
                got[j] = i
        kept = all(i >= 0 for i in got)
        for j in range(len(slots)):  # inconsistent clues: relax rather than fail
            if got[j] < 0:
                free = next((i for i in order if owner[i] < 0), None)
                if free is None:
                    break
                owner[free] = j
                got[j] = free
        for s in self.opps:
            sim.hands[s] = list(self.known[s])
        for j, i in enumerate(got):
            if i >= 0:
                sim.hands[slots[j]].append(pool[i])
        return [o >= 0 for o in owner], kept


def sample_world(k: Knowledge, rng: random.Random, cellar_prior: bool = True) -> YearSim:
    """A single determinization (convenience for tests and one-off use)."""
    return Determinizer(k, cellar_prior).sample(rng)


