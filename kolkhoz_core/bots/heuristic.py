"""The heuristic bot: the game's logic as a handful of documented rules of thumb.

It reads only its seat's view (through ``Knowledge``) and scores the legal inputs with
a few estimates:

* **field outlook** ``P(f)`` — how likely field ``f`` is to be farmed this year: 1 when
  completed (0 when the Wrecker poisons it), otherwise a logistic curve of the hours
  still missing against the hours the remaining tricks can bring to it;
* **exposure** — what the seat stands to lose at requisition: for every field likely
  to fail, its highest matching cellar card (the Wrecker matches every field, once);
  weighted by the chance that the seat answers (it already won a trick, took a stack,
  or everyone answers — Northern play, the mice);
* **pocket value** — what a hand card is worth as the year's last, pocketed card.

Rules of thumb (docs/bots.md lists them with the reasoning):

1. *Trump* — declare the suit of the planner's longest, strongest holding (control:
   the planner can then win when a win pays and duck otherwise).
2. *Swap* — bury the hand card that adds most to the cellar net of its risk: a high
   card of a crop likely to be farmed; pull out the lowest cellar card, preferably of
   a crop likely to fail (it would be requisitioned); never bury the Wrecker while the
   seat is likely to answer for a failed field; pass when nothing gains.
3. *Duck* — when winning would expose the cellar (the seat does not answer yet) and
   fields are likely to fail, play the card least likely to win (shedding a high
   loser, keeping the pocket card).
4. *Win for a job* — win a trick when its assignment can complete a valuable job
   (reward, or a field the seat's cellar is exposed on), when the seat already
   answers anyway, or to break another seat's Stakhanovite run; win with the cheapest
   card that does it.
5. *Assign to complete* — choose the split of the trick that completes the most
   valuable fields (reward plus the cellar cards it saves) and moves other hours onto
   fields that can still make 40; never spread hours thinly.
6. *Wrecker* — put him on a field that fails anyway and where the seat holds least; he
   never poisons a completed field unless that helps (rivals exposed there, the seat
   not). Under Nomenklatura the Drunkard goes to a field likely to fail where the seat
   is exposed (he is sent North instead), the Informant where rivals are exposed and
   the seat is not, the Party Man onto a safe field.
7. *Pocket* — keep, to the end, the card with the highest pocket value (high, of a
   crop likely to be farmed or not exposed); play it only when forced.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from itertools import product
from typing import Any

from ..cards import CARD_ID, CODE, SUIT, SUITS, VALUE, WRECKER
from ..choices import Choices
from ..state import JACK, KING, QUEEN
from .base import register
from .knowledge import Knowledge

AVG_CARD_HOURS = 9.0
MEDAL_VALUE = 0.3


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


@register("heuristic")
class HeuristicBot:
    """Rules of thumb over the seat view (see the module docstring). Deterministic
    given its ``rng`` (used only to break exact ties)."""

    name = "heuristic"
    version = "1"

    def __init__(self, **settings: Any) -> None:
        if settings:
            raise ValueError(f"the heuristic bot takes no settings, got {sorted(settings)}")
        self.settings: dict[str, Any] = {}

    def choose(self, view: Mapping[str, Any], choices: Choices,
               rng: random.Random) -> dict[str, Any]:
        kind, seat, opts = choices.kind, choices.seat, choices.options
        if kind == "trump":
            if choices.chance:
                raise ValueError("a random trump is drawn by chance, not by a bot")
            return {"type": "trump", "seat": seat, "suit": choose_trump(Knowledge.from_view(view))}
        k = Knowledge.from_view(view)
        a = Assessment(k)
        if kind == "play":
            return {"type": "play", "seat": seat, "card": choose_play(k, a, opts)}
        if kind == "assign":
            return {"type": "assign", "seat": seat, "cards": choose_assign(k, a, opts)}
        if kind == "swap":
            o = choose_swap(k, a, opts)
            if o is None:
                return {"type": "swap", "seat": seat, "pass": True}
            return {"type": "swap", "seat": seat, "hand": o[0], "cellar": o[1]}
        raise ValueError(f"nothing for a bot to decide ({kind!r})")


# -- rule 1: trump ----------------------------------------------------------------------
def choose_trump(k: Knowledge) -> str:
    """The longest, strongest suit in hand (ties: H, D, C, S)."""
    score = [0.0, 0.0, 0.0, 0.0]
    for c in k.hand:
        if c == WRECKER:
            continue
        score[SUIT[c]] += 3.0 + max(VALUE[c] - 8, 0)
    best = max(range(4), key=lambda s: (score[s], -s))
    return SUITS[best]


# -- rule 2: swap ------------------------------------------------------------------------
def swap_scores(k: Knowledge, a: Assessment, opts: list[Any]
                ) -> list[tuple[float, tuple[str, str] | None]]:
    """Every swap option with its score (pass scores 0): the cellar's gain, plus the
    change in the pocket card's value, less the growth of the expected requisition."""
    cellar = a.my_cellar_cards()
    hand = list(k.hand)
    pa = a.p_answer()
    base_pocket = max((a.pocket_value(c, cellar, pa) for c in hand), default=0.0)
    base_loss = pa * a.expected_loss(cellar)
    out: list[tuple[float, tuple[str, str] | None]] = []
    for o in opts:
        if o is None:
            out.append((0.0, None))
            continue
        h, c = CARD_ID[o[0]], CARD_ID[o[1]]
        new_cellar = list(cellar)
        new_cellar.remove(c)
        new_cellar.append(h)
        new_hand = list(hand)
        new_hand.remove(h)
        new_hand.append(c)
        pocket = max((a.pocket_value(x, new_cellar, pa) for x in new_hand), default=0.0)
        loss = pa * a.expected_loss(new_cellar)
        score = VALUE[h] - VALUE[c] + (pocket - base_pocket) - (loss - base_loss)
        out.append((score, (o[0], o[1])))
    return out


def choose_swap(k: Knowledge, a: Assessment, opts: list[Any]) -> tuple[str, str] | None:
    """Bury a card and pull one out when the cellar gains more than the risk grows
    (a swap must gain at least half a point over passing)."""
    best: tuple[str, str] | None = None
    best_score = 0.5
    for score, o in swap_scores(k, a, opts):
        if o is not None and score > best_score:
            best_score, best = score, o
    return best


# -- rules 3, 4, 7: play -------------------------------------------------------------------
def _stake(k: Knowledge, a: Assessment, c: int) -> float:
    """What winning the trick with ``c`` would be worth to this seat (rule 4)."""
    cards = k.trick + [c]
    unknown = 3 - len(k.trick)
    hours = [k.hours_of(x) for x in cards]
    total = sum(hours) + unknown * 7.0
    targets = [0, 1, 2, 3] if WRECKER in cards else sorted({SUIT[x] for x in cards})
    cellar = a.my_cellar_cards()
    t, _ = a.tops(cellar)
    left = k.remaining_tricks() - 1
    best = 0.0
    for f in targets:
        if k.completed[f] or a.poisoned[f]:
            continue
        new = k.field_hours[f] + total
        p_new = 1.0 if new >= 40 else a.outlook(f, int(new), left)
        gain = p_new - a.p[f]
        reward = sum(VALUE[r] for r in k.field_rewards[f]) if new >= 40 else 0.0
        if k.k36_orden and new >= 40:
            reward = min(VALUE[x] for x in cards)
        best = max(best, gain * a.loss_if_failed(f, t[f]) + reward)
    value = best + MEDAL_VALUE
    # stakh: a seat that won every trick so far is worth keeping on course (immunity),
    # and another seat's run is worth breaking (its hero status makes everyone answer)
    if k.opts["stakh"] and k.tricks_played > 0:
        mine = k.medals_year[k.seat] == k.tricks_played
        if mine:
            value += a.expected_loss(cellar) * 0.5
        elif any(k.medals_year[s] == k.tricks_played for s in range(4) if s != k.seat):
            value += a.expected_loss(cellar) * (0.6 if left <= 1 else 0.3)
    return value


def _cost_of_answering(k: Knowledge, a: Assessment, pocket: int | None) -> float:
    """What the seat loses by starting to answer for failed fields (rule 3)."""
    if a.answers_now():
        return 0.0
    if k.k36_orden and k.opts["k36_vulnerable"] == "stack_takers":
        return 0.0  # winning a trick alone does not make a stack-taker
    cellar = a.my_cellar_cards() + ([pocket] if pocket is not None else [])
    return a.expected_loss(cellar)


def choose_play(k: Knowledge, a: Assessment, opts: list[str]) -> str:
    legal = [CARD_ID[c] for c in opts]
    if len(legal) == 1:
        return CODE[legal[0]]
    pocket = a.pocket_card(k.hand)
    cost = _cost_of_answering(k, a, pocket)
    cellar = a.my_cellar_cards()
    pa = a.p_answer()
    pocket_v = a.pocket_value(pocket, cellar, pa) if pocket is not None else 0.0
    second = 0.0
    if pocket is not None:
        rest = [x for x in k.hand if x != pocket]
        second = max((a.pocket_value(x, cellar, pa) for x in rest), default=0.0)
    best_c = legal[0]
    best_s = -1e9
    for c in legal:
        pw = p_win(k, c)
        net = _stake(k, a, c) - cost
        s = pw * net
        if c == pocket and len(k.hand) > 1:
            s -= pocket_v - second + 0.5  # rule 7: keep the pocket card
        if net > 0:
            s -= 0.04 * VALUE[c]  # win with the cheapest card that does it
        else:
            s += 0.04 * VALUE[c] * (1.0 - pw)  # shed a high loser while ducking
        if c == WRECKER and not k.trick and net <= 0:
            s -= 3.0
        if s > best_s or (s == best_s and c < best_c):
            best_s, best_c = s, c
    return CODE[best_c]


# -- rules 5, 6: assignment ---------------------------------------------------------------
def assignment_value(k: Knowledge, a: Assessment, trick: list[int], fields: tuple[int, ...],
                     tricks_left: int) -> float:
    """Score of assigning ``trick[i]`` to ``fields[i]`` for the brigadier (this seat)."""
    hours = list(k.field_hours)
    x_field = -1
    roles: dict[int, int] = {}
    for c, f in zip(trick, fields, strict=True):
        hours[f] += k.hours_of(c)
        if c == WRECKER:
            x_field = f
        else:
            r = k.nom_role(c)
            if r:
                roles[r] = f
    cellar = a.my_cellar_cards()
    t, x = a.tops(cellar)
    # this seat answers after winning (unless a stack-taker rule says otherwise)
    stack_rule = k.k36_orden and k.opts["k36_vulnerable"] == "stack_takers"
    value = 0.0
    completes = []
    new_p = []
    for f in range(4):
        done_now = not k.completed[f] and hours[f] >= 40
        if done_now:
            completes.append(f)
        poisoned = a.poisoned[f] or x_field == f
        if poisoned:
            pf = 0.0
        elif k.completed[f] or done_now:
            pf = 1.0
        else:
            pf = a.outlook(f, hours[f], tricks_left)
        new_p.append(pf)
    answers = a.answers_now() or not stack_rule or bool(completes)
    for f in range(4):
        gain = new_p[f] - a.p[f]
        my_top = max(t[f], 14 if x else 0)
        if answers:
            value += gain * a.loss_if_failed(f, my_top)
        value -= 0.25 * gain * a.rival_exposure(f)
    for f in completes:
        if k.k36_orden:
            on = [c for c in k.field_cards[f]] + [c for c, g in zip(trick, fields,
                                                                    strict=True) if g == f]
            value += min(VALUE[c] for c in on)
        elif k.has_rewards:
            value += sum(VALUE[r] for r in k.field_rewards[f])
    if stack_rule and completes and not a.answers_now():
        value -= a.expected_loss(cellar, new_p)
    # nom.*: the Drunkard shields a failing field, the Informant exposes everyone, the
    # Party Man doubles the take
    if JACK in roles:
        f = roles[JACK]
        value += (1.0 - new_p[f]) * (t[f] if answers else 0) * 0.8
    if QUEEN in roles:
        f = roles[QUEEN]
        value += (1.0 - new_p[f]) * (0.25 * a.rival_exposure(f) - (0 if answers else t[f]))
    if KING in roles:
        f = roles[KING]
        second = sorted((VALUE[c] for c in cellar if c != WRECKER and SUIT[c] == f),
                        reverse=True)[1:2]
        value -= (1.0 - new_p[f]) * (second[0] if second else 0)
    # do not waste hours: prefer concentrating on fields that can still reach 40
    for f in range(4):
        if not k.completed[f] and f not in completes and f != x_field:
            value += 0.01 * hours[f]
    return value


def choose_assign(k: Knowledge, a: Assessment, opts: dict[str, list[str]]) -> dict[str, str]:
    codes = list(opts)
    trick = [CARD_ID[c] for c in codes]
    targets = [[SUITS.index(t) for t in opts[c]] for c in codes]
    left = k.remaining_tricks() - 1
    best: tuple[int, ...] | None = None
    best_v = -1e9
    for combo in product(*targets):
        v = assignment_value(k, a, trick, combo, left)
        if v > best_v + 1e-9:
            best_v, best = v, combo
    assert best is not None
    return {code: SUITS[f] for code, f in zip(codes, best, strict=True)}
