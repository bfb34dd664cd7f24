"""The heuristic bot: the seed's "tips for beginners" (§9) as documented rules of thumb.

It reads only its seat view (``Knowledge``: the scoring cards' whereabouts are public,
the rest estimated) and its ``Choices``. Card play scores every legal card in round
points (``bots.play``); the rules below are the terms of that score, in the order they
usually decide:

1. *moon* — go for all thirteen hearts only when it is near certain: no other seat has
   taken a heart, at least 9 hearts are mine (held or taken) with AH KH QH, the few
   still out rank below enough of mine to be pulled by leading from the top, and I
   control the other suits. Then lead hearts from the top, follow high, never discard
   a heart. The attempt is dropped as soon as another seat takes a heart.
2. *pig* — discard the pig (QS) as soon as I am void in the led suit; play it under a
   higher spade; never win a spade trick with AS or KS while the pig is out and not in
   my hand (unless I am last and it is not on the table); get rid of AS/KS early.
3. *flush* — while the pig is out and not mine, lead spades below the queen: its holder
   must sooner or later play it on a trick I cannot win.
4. *sheep* — take a diamond trick holding the sheep (JD) when it is safe; lead high
   diamonds while the sheep is out; never throw the sheep to another seat.
5. *doubler* — the ten of clubs is scored exactly (score.doubler): avoid taking it with
   minus cards, take it when my round score would be positive (or it comes alone);
   throw it on a trick whose taker is in the minus.
6. *hearts* — duck heart tricks (play the highest card that still loses), discard the
   highest hearts when void, lead hearts only low.
7. *voids* — lead from short suits to become void, so that minus cards can be thrown.
8. *pass* — pass the pig unless well guarded (4+ lower spades), AS/KS when not keeping
   the pig, the high hearts, then the high cards of the shortest suits; never the sheep
   (nor the high diamonds that catch it when the sheep is out of my hand).
9. *expose* — expose only the sheep, and only when I hold every diamond above it (AD
   KD QD): then it is surely mine and its doubled +200 too; nothing else.

Deterministic: the ``rng`` it is given is not needed (ties are broken by card order).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..cards import PIG, SHEEP, VALUES, rank, suit
from ..choices import Choices
from .base import register
from .knowledge import Knowledge
from .play import choose_card


def pass_priority(hand: list[str], card: str) -> float:
    """How much ``card`` should go in a pass (rule *pass*): higher goes first."""
    s, r = suit(card), rank(card)
    spades = [c for c in hand if suit(c) == "S"]
    low_spades = sum(rank(c) < 12 for c in spades)
    keep_pig = PIG in hand and low_spades >= 4
    if card == PIG:
        return 0.0 if keep_pig else 100.0
    if card == SHEEP:
        return -100.0
    if s == "S" and r > 12:
        return 30.0 if keep_pig else 80.0 + r
    if s == "H":
        return -VALUES[card] + (r - 5) * 0.5
    if s == "D" and r > 11 and SHEEP not in hand:
        return -10.0 + r  # they hunt the sheep
    n = sum(suit(c) == s for c in hand)
    return (r - 6) * 1.5 + (12 - 3 * n if n <= 3 else 0)


def choose_pass(hand: list[str]) -> list[str]:
    """The three cards to pass (rule *pass*), highest priority first."""
    order = sorted(hand, key=lambda c: (-pass_priority(hand, c), -rank(c), c))
    return order[:3]


def choose_expose(hand: list[str], options: list[str]) -> list[str]:
    """The cards to expose (rule *expose*): the sheep when every higher diamond is mine."""
    if SHEEP in options and {"AD", "KD", "QD"} <= set(hand):
        return [SHEEP]
    return []


@register("heuristic")
class HeuristicBot:
    """Rules of thumb over the seat view (see the module docstring)."""

    name = "heuristic"
    version = "1"

    def __init__(self, **settings: Any) -> None:
        if settings:
            raise ValueError(f"the heuristic bot takes no settings, got {sorted(settings)}")
        self.settings: dict[str, Any] = {}

    def choose(self, view: Mapping[str, Any], choices: Choices,
               rng: random.Random) -> dict[str, Any]:
        """One legal input for ``choices.seat`` read from ``view`` (its seat view)
        alone; ValueError when nothing is due."""
        kind, opts = choices.kind, list(choices.options)
        if kind == "pass":
            return choices.to_input(choose_pass(opts))
        hand = view["hands"][choices.seat]
        if kind == "expose":
            return choices.to_input(choose_expose(list(hand), opts))
        if kind == "play":
            return choices.to_input(choose_card(Knowledge(view, choices.seat), opts))
        raise ValueError(f"nothing for a bot to decide ({kind!r})")
