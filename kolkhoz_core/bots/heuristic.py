"""The heuristic bot: the game's logic as a handful of documented rules of thumb.

It reads only its seat's view (through ``Knowledge``) and scores the legal inputs with
a few estimates (``Assessment`` and ``p_win``, in ``bots.assessment``):

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

import random
from collections.abc import Mapping
from itertools import product
from typing import Any

from ..cards import CARD_ID, CODE, SUIT, SUITS, VALUE, WRECKER
from ..choices import Choices
from ..state import JACK, KING, QUEEN
from .assessment import Assessment, p_win
from .base import register
from .knowledge import Knowledge

MEDAL_VALUE = 0.3


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
