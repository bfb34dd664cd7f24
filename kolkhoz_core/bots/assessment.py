"""The heuristic bot's estimates (``bots.heuristic``), worked out from one seat's view
(``Knowledge``): each field's outlook, what a cellar stands to lose at requisition, what
a hand card is worth pocketed, what rivals hold per field (``Assessment``), and the
chance that a card wins the trick (``p_win``). ``ismcts`` uses them for its priors and
candidate moves.
"""

from __future__ import annotations

import math

from ..cards import SUIT, VALUE, WRECKER
from .knowledge import Knowledge

AVG_CARD_HOURS = 9.0


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


class Assessment:
    """The estimates shared by the rules of thumb, worked out once per decision."""

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        self.poisoned = [False] * 4
        for f in range(4):
            if WRECKER in k.field_cards[f]:
                self.poisoned[f] = True
        self.p = [self.outlook(f, k.field_hours[f], k.remaining_tricks()) for f in range(4)]

    def outlook(self, f: int, hours: int, tricks_left: int) -> float:
        """P(field ``f`` ends the year farmed) with ``hours`` on it and ``tricks_left``."""
        k = self.k
        if self.poisoned[f]:
            return 0.0
        if k.completed[f] or hours >= 40:
            return 1.0
        if tricks_left <= 0:
            return 0.0
        open_fields = sum(1 for g in range(4) if not k.completed[g]) or 1
        share = tricks_left * 4 * AVG_CARD_HOURS / open_fields
        need = 40 - hours
        return _sigmoid((1.3 * share - need) / 6.0)

    # -- cellars and requisition ------------------------------------------------------
    def tops(self, cards: list[int]) -> tuple[list[int], bool]:
        """Highest value per field among ``cards`` (the Wrecker apart), and whether the
        Wrecker is among them."""
        t = [0, 0, 0, 0]
        x = False
        for c in cards:
            if c == WRECKER:
                x = True
            elif VALUE[c] > t[SUIT[c]]:
                t[SUIT[c]] = VALUE[c]
        return t, x

    def loss_if_failed(self, f: int, v: int) -> float:
        """What a seat whose highest card matching ``f`` is worth ``v`` loses if ``f``
        fails and the seat answers: ``v`` (req.take), or under the mice ``v`` times the
        chance that it is the highest such card at the table (only that one goes)."""
        if v <= 0:
            return 0.0
        if not self.k.opts["mice"]:
            return float(v)
        return v * self.p_table_highest(f, v)

    def p_table_highest(self, f: int, v: int) -> float:
        """Chance that no other cellar holds a card matching ``f`` above ``v``."""
        k = self.k
        hidden = 0
        for s in range(4):
            if s == k.seat:
                continue
            for c, _, _, _ in k.cellars[s]:
                if c is None:
                    hidden += 1
                elif (c == WRECKER or SUIT[c] == f) and VALUE[c] > v:
                    return 0.0
        pool = k.unseen_workers
        if not pool or not hidden:
            return 1.0
        q = min(1.0, hidden / len(pool))
        higher = sum(1 for c in pool if (c == WRECKER or SUIT[c] == f) and VALUE[c] > v)
        return float((1.0 - q) ** higher)

    def expected_loss(self, cards: list[int], p: list[float] | None = None) -> float:
        """Expected requisition loss of a cellar holding ``cards`` if its owner answers
        for every failed field (req.take; the Wrecker goes on the first one)."""
        p = p or self.p
        t, x = self.tops(cards)
        loss = 0.0
        for f in range(4):
            loss += (1.0 - p[f]) * self.loss_if_failed(f, t[f])
        if x:
            all_safe = 1.0
            for f in range(4):
                all_safe *= p[f]
            loss += (1.0 - all_safe) * 14
        return loss

    def answers_now(self) -> bool:
        return self.k.vulnerable(self.k.seat)

    def p_answer(self) -> float:
        """Chance this seat answers at requisition this year."""
        k = self.k
        if self.answers_now():
            return 1.0
        if k.k36_orden and k.opts["k36_vulnerable"] == "stack_takers":
            return 0.35
        left = k.remaining_tricks()
        return 1.0 - 0.72 ** max(left, 0)

    def my_cellar_cards(self) -> list[int]:
        return [c for c, _, _ in self.k.my_cellar()]

    def pocket_value(self, c: int, cellar: list[int], p_answer: float) -> float:
        """What ``c`` is worth pocketed: its value less the chance it is requisitioned."""
        v = VALUE[c]
        if c == WRECKER:
            all_safe = 1.0
            for f in range(4):
                all_safe *= self.p[f]
            return v * (1.0 - p_answer * (1.0 - all_safe))
        t, _ = self.tops(cellar)
        f = SUIT[c]
        if v > t[f]:
            lost = self.loss_if_failed(f, v) - self.loss_if_failed(f, t[f])
            return v - p_answer * (1.0 - self.p[f]) * lost
        return float(v)

    def pocket_card(self, hand: list[int]) -> int | None:
        if len(hand) <= 1:
            return hand[0] if hand else None
        cellar = self.my_cellar_cards()
        pa = self.p_answer()
        return max(hand, key=lambda c: (self.pocket_value(c, cellar, pa), -c))

    def rival_exposure(self, f: int) -> float:
        """Visible cellar value rivals hold in field ``f`` (their hidden cards count at
        the unseen pool's mean)."""
        k = self.k
        mean = 9.0
        tot = 0.0
        for s in range(4):
            if s == k.seat:
                continue
            best = 0.0
            hidden = 0
            for c, _, _, _ in k.cellars[s]:
                if c is None:
                    hidden += 1
                elif c == WRECKER or SUIT[c] == f:
                    best = max(best, VALUE[c])
            if hidden:
                best = max(best, min(mean, 4.0 + hidden))
            tot += best
        return tot


def _card_wins(k: Knowledge, trick: list[int], c: int) -> bool:
    """Whether ``c`` would be winning ``trick`` once added (trick.winner)."""
    cards = trick + [c]
    if WRECKER in cards:
        return c == WRECKER
    trump = k.trump

    def key(x: int) -> tuple[int, int]:
        if trump is not None and SUIT[x] == trump:
            return (2, VALUE[x])
        if SUIT[x] == SUIT[cards[0]]:
            return (1, VALUE[x])
        return (0, 0)

    return max(cards, key=key) == c and key(c)[0] > 0


def p_win(k: Knowledge, c: int) -> float:
    """Chance that playing ``c`` now wins the trick, against unseen cards of the seats
    still to play (their voids respected)."""
    trick = k.trick
    if not _card_wins(k, trick, c):
        return 0.0
    if c == WRECKER:
        return 1.0
    n_after = 3 - len(trick)
    if n_after == 0:
        return 1.0
    pool = k.unseen_workers
    n = max(len(pool), 1)
    lead = trick[0] if trick else c
    lead_suit = None if lead == WRECKER else SUIT[lead]
    trump = k.trump
    c_trump = trump is not None and SUIT[c] == trump
    prob = 1.0
    for i in range(1, n_after + 1):
        seat = (k.seat + i) % 4
        h = k.hand_counts[seat]
        if h == 0:
            continue
        void = k.voids[seat]
        beat = 0.0
        for x in pool:
            if x == WRECKER:
                beat += 0.0 if k.no_wrecker[seat] else 1.0
                continue
            sx = SUIT[x]
            if sx in void:
                continue
            if c_trump:
                if sx == trump and VALUE[x] > VALUE[c]:
                    beat += 1.0
            elif sx == SUIT[c] and VALUE[x] > VALUE[c]:
                beat += 1.0
            elif trump is not None and sx == trump:
                # a trump beats only a seat that cannot follow
                beat += 1.0 if lead_suit in void else 0.3
        p_none = (1.0 - min(beat / n, 1.0)) ** h
        prob *= p_none
    return prob
