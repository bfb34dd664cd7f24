"""The heuristic bot: every legal input weighed by what it does to the scores, less
what the cards it spends were worth in the hand (docs/arne/bots.md).

It reads only its seat view (``table.Table``: the areas, the scores now and after an
input, the hand sizes, the cards it has not seen) and its legal inputs. The aim is the
game's: the highest score, in misère the lowest — both as ``sign`` × score, so every
rule below is the same in the two modes and the mirror (score cards into the others'
areas, −200s on oneself, crushing one's own piles) falls out of the placement rules.

* **The aim** (``Evaluator.utility``): my ``sign`` × score minus the best of the others,
  plus ``spite`` × (mine minus the others' mean). So a −200, a crush or a Swap Seats hits
  the leader first; the mean term breaks ties between the others.
* **Heads-up, the Swap Seats still unseen** (version 2): with two seats a Swap Seats
  hands each seat the other's whole area (swap.effect), and the player who plays it last
  while behind takes the lead. So while one is unseen (in the other hand or the deck) and
  white cards may still be played, the aim is the mix of the table as it is and the table
  with the two positions exchanged, weighted ``swap_risk`` (0.5): building one's own area
  is then worth little more than feeding the other's, and crushing or charging −200 to
  the other's area little more than to one's own. With 3 or more seats, or once the
  Swap Seats is seen, nothing changes from version 1. Measured: in version 1's heads-up
  losses against ``random`` (50 of 200 games), the positions were exchanged at the end in 49.
* **Gain** of an input: the aim after its effect on the table, minus the aim now
  (score cards, X3, −200, chameleon pairs, a thief taking a chameleon pile, crush, lock,
  Swap Seats, a REVERSE taking the dummy). Effects on hands are expected values: Grab
  (one unseen card), Plus Two (the target's expected cards of the colour or black cards,
  from the cards the seat has not seen), Draw Three, Pass Hands (the hand received
  against the hand given), STOP / REVERSE (the extra turn: half the best white card's
  gain, when the next turn is not already mine).
* **Hold**: what a card is worth kept — a black card its kind's base value, a score card
  ``keep`` × its best placement's gain, an action card ``keep_action`` × its gain — all ×
  the share of the game left (``min(1, my turns left / horizon)``): cards still in the
  hand at the end are discarded, so the bot spends them as the deck runs out; in the
  final round nothing is held back. Answering a Grab or a Plus Two in its before-window,
  the cards the bot may lose are held at what they would be worth after the effect.
* **Choice**: in a window (main, before, after, final) the black card with the best
  gain − hold is played while that exceeds ``margin``; else the bot passes — in its
  main window it then plays the white card with the best gain − hold. A ``give`` gives
  the pair whose effect less hold is best.

Deterministic: the ``rng`` is not needed (ties go to the first input in the list). A
decision the bot cannot evaluate falls back to a pass (or the first legal input) and is
counted in ``fallbacks``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .base import Choices, fallback, register
from .table import (
    UNSEEN_CARD,
    area_sum_and_mult,
    area_total,
    colour_of,
    face,
    is_minus,
    is_score,
    kind,
    new_pile,
    points,
)
from .worth import BLACK_KINDS, DEFAULTS, HOLD, WHITE_ACTIONS, Worth


class Evaluator(Worth):
    """One decision's evaluation (see the module docstring for the rules)."""

    def best_action_gain(self, card: str) -> float:
        """The best gain of the white action ``card`` over every target the viewer
        could name (a rough bound for its hold)."""
        t = self.t
        k = kind(card)
        if k == "X3":
            return max([self.x3_gain(b) for b in t.where] or [0.0])
        if k in ("GRAB", "PLUS2K", "SWAP"):
            return max(self.action_gain({"card": card, "target": s}) for s in t.others())
        if k == "PLUS2C":
            colours = [c for c in t.areas if t.owner(c) is not None or c == t.dummy]
            return max([self.action_gain({"card": card, "target": s, "colour": c})
                        for s in t.others() for c in colours] or [0.0])
        return self.action_gain({"card": card})

    def x3_gain(self, base: str) -> float:
        """The gain of an X3 laid on the pile ``base`` (x3.target)."""
        pile = self.t.pile(base)
        if pile is None or pile.get("x3"):
            return 0.0
        return self.gain(self.t.with_pile(base, x3="X3"))

    def action_gain(self, inp: Mapping[str, Any]) -> float:
        """The gain of a white action card with its target / colour (module docs)."""
        t = self.t
        k = kind(inp["card"])
        if k == "X3":
            return self.x3_gain(str(inp.get("target")))
        if k == "DRAW3":
            return min(3, t.deck_count) * UNSEEN_CARD * self.f
        if k == "HANDS":
            return self.hands_gain(inp["card"])
        seat = inp.get("target")
        if not isinstance(seat, int):
            return 0.0
        spite = 15.0 if seat == t.leader() else 0.0
        if k == "GRAB":
            return (UNSEEN_CARD * self.f + spite) if t.counts[seat] > 0 else 0.0
        if k == "PLUS2K":
            share, _ = self.unseen_share(
                "black", lambda c: kind(c) in BLACK_KINDS or is_minus(c))
            expect = min(2.0, t.counts[seat] * share)
            return expect * HOLD["THIEF"] * self.f + spite
        if k == "PLUS2C":
            return self.plus2c_gain(seat, str(inp.get("colour")))
        if k == "SWAP":
            return self.swap_gain(seat)
        return 0.0

    def plus2c_gain(self, target: int, colour: str) -> float:
        """Plus Two (score cards): the target's expected cards of ``colour`` (from the
        unseen cards), at their mean face, into that colour's area."""
        t = self.t
        share, hits = self.unseen_share(
            "score " + colour, lambda c: is_score(c) and colour_of(c) == colour)
        if not hits or colour not in t.areas:
            return 0.0
        s, m = area_sum_and_mult(t.areas[colour])
        mean = sum(points(c) if face(c) != "X2" else s for c in hits) / len(hits)
        expect = min(2.0, t.counts[target] * share)
        return self.gain(t.with_added(colour, expect * mean * m))

    def hands_gain(self, card: str) -> float:
        """Pass Hands: the hand the seat before me passes (unseen cards) against mine."""
        t = self.t
        pos = t.positions[t.me]
        giver = t.position_seats[(pos - t.direction) % t.n]
        mine = sum(self.hold(c) for c in t.hand if kind(c) != "HANDS")
        return t.counts[giver] * UNSEEN_CARD * self.f - mine

    def swap_gain(self, target: int) -> float:
        """Swap Seats: the aim with the two positions exchanged, and my score cards
        held for my new colour instead of the old."""
        t = self.t
        pos = list(t.positions)
        pos[t.me], pos[target] = pos[target], pos[t.me]
        table = self.gain(t.totals, pos)
        old, new = t.colour(), t.colours[t.positions[target]]
        mult_old, mult_new = t.multiplier(old), t.multiplier(new)
        hand = sum(points(c) * (mult_new if colour_of(c) == new else 0)
                   - points(c) * (mult_old if colour_of(c) == old else 0)
                   for c in t.hand if is_score(c))
        if t.misere:
            hand = -hand
        return table + self.w["keep"] * self.f * hand

    def white_net(self, inp: Mapping[str, Any]) -> float:
        """A white card's gain less what it is worth kept."""
        t = self.t
        card = str(inp["card"])
        if is_score(card):
            area = inp.get("area")
            if area == "discard" or area is None:
                owner = t.owner(colour_of(card) or "")
                feeds = 0.1 * points(card) if owner is not None and owner != t.me else 0.0
                return -self.kept(card) - feeds
            if face(card) == "X2":
                return self.x2_gain(card) * (1 - self.w["keep"] * self.f)
            return self.gain(t.with_new(str(area), new_pile(card))) - self.kept(card)
        return self.action_gain(inp) - self.hold(card)

    # -- black cards -----------------------------------------------------------------
    def black_net(self, inp: Mapping[str, Any]) -> float:
        """A black card's gain less what it (and a chameleon's card) is worth kept."""
        t = self.t
        card = str(inp["card"])
        k = kind(card)
        cost = self.kept(card)
        if is_minus(card):
            return self.gain(t.with_new(str(inp["area"]), new_pile(card))) - cost
        if k == "CHAM":
            w = str(inp["with"])
            return (self.gain(t.with_new(str(inp["area"]), new_pile(w, card)))
                    - cost - self.kept(w))
        target = inp.get("target")
        if k == "THIEF":
            if target == "discard":
                top = t.discard[-1] if t.discard else None
                if top is None or kind(top) == "THIEF":  # never a thief for a thief
                    return float("-inf")
                return self.hold(top) - cost
            return self.gain(t.with_moved(str(target), t.colour())) - cost
        if k == "CRUSH":
            return self.gain(t.with_pile(str(target), crush=card)) - cost
        if k == "LOCK":
            return self.gain(t.with_pile(str(target), lock=card)) - cost
        if k in ("STOP", "REV"):
            return self.claim_gain(k) - cost
        return float("-inf")

    def claim_gain(self, k: str) -> float:
        """STOP / REVERSE: an extra turn (half the best white card's gain plus a card
        drawn) when the next turn is not already mine; in the dummy game a REVERSE
        takes the dummy for my position; in the final round nothing (end.final_claims)
        unless ``dummy_final_reverse`` is ``takes_control``."""
        t = self.t
        if t.dummy is not None and k == "REV":
            if t.final and t.options.get("dummy_final_reverse") != "takes_control":
                return 0.0
            return self.gain(t.totals, None, t.positions[t.me])
        if t.final or self.next_seat() == t.me:
            return 0.0
        whites = [self.white_potential(c) for c in t.hand if self.is_white(c)]
        return 0.5 * max(whites or [0.0]) + UNSEEN_CARD * self.f

    def next_seat(self) -> int | None:
        """Who takes the next turn as things stand (claim.last, turn.order)."""
        t = self.t
        if t.claims:
            return int(t.claims[-1]["seat"])
        if t.turn_position is None:
            return None
        return t.position_seats[(t.turn_position + t.direction) % t.n]

    @staticmethod
    def is_white(card: str) -> bool:
        """A white card (a score card or a white action)."""
        return is_score(card) or kind(card) in WHITE_ACTIONS

    def white_potential(self, card: str) -> float:
        """The best gain the white ``card`` could bring in a turn of mine."""
        if is_score(card):
            return self.x2_gain(card) if face(card) == "X2" else self.place_gain(card)
        return max(0.0, self.best_action_gain(card))

    # -- give (plus2.give) -------------------------------------------------------------
    def give_net(self, inp: Mapping[str, Any]) -> float:
        """The pair given: score cards placed in the colour named, black cards to the
        Plus Two's player; less what they are worth kept."""
        t = self.t
        cards = [str(c) for c in inp.get("cards") or []]
        p = t.pending or {}
        cost = sum(self.hold(c) for c in cards)
        colour = p.get("colour")
        if colour and all(is_score(c) for c in cards) and colour in t.areas:
            totals = dict(t.totals)
            totals[colour] = area_total(t.areas[colour] + [new_pile(c) for c in cards])
            return self.gain(totals) - cost
        return -cost


@register("heuristic")
class HeuristicBot:
    """The rules of the module's docstring. Settings (all optional, numbers):
    ``spite`` (0.3), ``keep`` (0.7), ``keep_action`` (0.4), ``horizon`` (5: my turns
    left below which holding fades), ``margin`` (5 points), ``swap_risk`` (0.5; heads-up
    only, 0 plays as version 1)."""

    name = "heuristic"
    version = "2"

    def __init__(self, **settings: Any) -> None:
        unknown = sorted(set(settings) - set(DEFAULTS))
        if unknown:
            raise ValueError(f"the heuristic bot takes {sorted(DEFAULTS)}, got {unknown}")
        for key, value in settings.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"heuristic setting {key!r} must be a number")
        if settings.get("horizon", 1) <= 0:
            raise ValueError("heuristic setting 'horizon' must be positive")
        self.settings: dict[str, Any] = dict(settings)
        self.weights = {**DEFAULTS, **{k: float(v) for k, v in settings.items()}}
        self.fallbacks = 0

    def choose(self, view: Mapping[str, Any], choices: Choices,
               rng: random.Random) -> dict[str, Any]:
        """One item of ``choices`` (ValueError when it is empty: nothing is due)."""
        if not choices:
            raise ValueError("nothing for a bot to decide: no legal input")
        try:
            return self.decide(view, choices)
        except Exception:  # never crash a table: a pass, or the first legal input
            self.fallbacks += 1
            return fallback(choices)

    def decide(self, view: Mapping[str, Any], choices: Choices) -> dict[str, Any]:
        """The choice by the rules (may raise on a view it cannot read)."""
        if len(choices) == 1:
            return choices[0]
        ev = Evaluator(view, self.weights)
        gives = [c for c in choices if c.get("type") == "give"]
        if gives:
            return max(gives, key=ev.give_net)
        best_black, best = None, self.weights["margin"]
        for inp in choices:
            if inp.get("type") == "black":
                net = ev.black_net(inp)
                if net > best:
                    best_black, best = inp, net
        if best_black is not None:
            return best_black
        whites = [c for c in choices if c.get("type") == "white"]
        if whites:
            return max(whites, key=ev.white_net)
        return fallback(choices)


__all__ = ["BLACK_KINDS", "DEFAULTS", "HOLD", "Evaluator", "HeuristicBot", "WHITE_ACTIONS"]
