"""The heuristic bot: the seed's advice (avoid being the sixth card, keep low cards
for a cheap take, read the rows) as documented rules of thumb (docs/korova/bots.md).

It reads only its seat view (``table.Knowledge``: the unseen cards, and in the
tactical variant the public hands) and its ``Choices``:

1. *choose* (turn.choose) — every card of the hand is scored in expected heads:
   its own risk this turn (``table.card_risk``: the chance that the other seats' cards
   between its row's end and it make it the sixth card, or that it is the turn's low
   card and must take a row), plus ``future`` × the mean risk of the rest of the hand on
   the rows it leaves (do not fill the row the other cards need; a take that restarts
   a row low helps the cards to come), plus, for a card below every end, ``keep_low`` ×
   (the cheapest row's heads − 1) × the share of the round still to come (keep the low
   cards for a cheap take: do not spend one while every row is expensive). The lowest
   score is played; ties go to the lower card.
2. *take_row* (low.card, low.when) — each row is scored by its heads, minus
   ``spite`` × the heads the turn's other revealed cards then take (they are placed
   against the rows the choice leaves), plus ``future`` × the mean risk of the rest of
   the hand on the rows after the turn; the cheapest row is taken (lower row on a tie).
3. *pick* (tactical.draft) — the middle card still on the table. The extremes are
   left to the others and to the rows' starters: a hand of low cards must take rows
   (every low card is a take once the rows have grown), and the highest cards land
   on the longest rows. Measured against other rules (lowest first, highest first,
   runs of adjacent cards, the farthest from my cards, a random pick) it was the
   best (docs/korova/bots.md).

Deterministic: the ``rng`` it is given is not needed (ties are broken by number).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..choices import Choices
from .base import register
from .table import Knowledge, card_risk, place_all, row_heads, target_row

DEFAULTS = {"future": 0.5, "keep_low": 0.5, "spite": 0.25}


def choose_card(k: Knowledge, options: list[int], future: float, keep_low: float
                ) -> int:
    """The card to lay face down (rule *choose*)."""
    if len(options) == 1:
        return options[0]
    cheapest = min(row_heads(r) for r in k.rows)
    lowest_end = min(r[-1] for r in k.rows)
    best, best_score = options[0], float("inf")
    for c in sorted(options):
        score = card_risk(k, k.rows, c)
        rest = [d for d in k.hand if d != c]
        if future and rest:
            after, _ = place_all(k.rows, [c])
            score += future * sum(card_risk(k, after, d) for d in rest) / len(rest)
        if keep_low and c < lowest_end:
            score += keep_low * max(0, cheapest - 1) * (len(k.hand) - 1) / 9
        if score < best_score - 1e-9:
            best, best_score = c, score
    return best


def choose_row(k: Knowledge, view: Mapping[str, Any], options: list[int], future: float,
               spite: float) -> int:
    """The row to take with this turn's low card (rule *take_row*)."""
    reveal = view.get("reveal") or {}
    cards = [c for c in reveal.get("cards", []) if c is not None]
    low = view["low_card"]["card"] if view.get("low_card") else min(cards)
    rest_turn = [c for c in cards if c != low]
    rest_hand = [d for d in k.hand if d != low]
    best, best_score = options[0], float("inf")
    for r in sorted(options):
        rows = [list(x) for x in k.rows]
        cost = row_heads(rows[r])
        rows[r] = [low]
        after, taken = place_all(rows, rest_turn)
        score = cost - spite * sum(taken.values())
        if future and rest_hand:
            score += future * sum(card_risk(k, after, d) for d in rest_hand) / len(rest_hand)
        if score < best_score - 1e-9:
            best, best_score = r, score
    return best


def pick_card(view: Mapping[str, Any], options: list[int]) -> int:
    """The card to take in the draft (rule *pick*): the middle card still on the table
    (the higher of two middles)."""
    ordered = sorted(options)
    return ordered[len(ordered) // 2]


@register("heuristic")
class HeuristicBot:
    """The rules of thumb of this module's docstring. Settings (all optional, numbers):
    ``future`` (0.5), ``keep_low`` (0.5), ``spite`` (0.25) — the weights above."""

    name = "heuristic"
    version = "1"

    def __init__(self, **settings: Any) -> None:
        unknown = sorted(set(settings) - set(DEFAULTS))
        if unknown:
            raise ValueError(f"the heuristic bot takes {sorted(DEFAULTS)}, got {unknown}")
        for key, value in settings.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"heuristic setting {key!r} must be a number")
        self.settings: dict[str, Any] = dict(settings)
        self.weights = {**DEFAULTS, **settings}

    def choose(self, view: Mapping[str, Any], choices: Choices,
               rng: random.Random) -> dict[str, Any]:
        """One legal input for ``choices.seat`` (ValueError when nothing is due)."""
        kind, opts = choices.kind, list(choices.options)
        w = self.weights
        if kind == "pick":
            return choices.to_input(pick_card(view, opts))
        if kind == "choose":
            k = Knowledge(view)
            return choices.to_input(choose_card(k, opts, w["future"], w["keep_low"]))
        if kind == "take_row":
            k = Knowledge(view)
            rows = [o["row"] if isinstance(o, Mapping) else o for o in opts]
            row = choose_row(k, view, rows, w["future"], w["spite"])
            return choices.to_input(next(o for o, r in zip(opts, rows, strict=True)
                                         if r == row))
        raise ValueError(f"nothing for a bot to decide ({kind!r})")


__all__ = ["DEFAULTS", "HeuristicBot", "choose_card", "choose_row", "pick_card",
           "target_row"]
