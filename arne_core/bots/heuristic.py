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
    Table,
    area_sum_and_mult,
    cards_seen,
    colour_of,
    face,
    is_minus,
    is_score,
    kind,
    new_pile,
    points,
)

DEFAULTS: dict[str, float] = {"spite": 0.3, "keep": 0.7, "keep_action": 0.4,
                              "horizon": 5.0, "margin": 5.0}
#: what a black card is worth kept (points), before the share of the game left
HOLD = {"CRUSH": 150.0, "LOCK": 90.0, "THIEF": 110.0, "CHAM": 110.0, "STOP": 60.0,
        "REV": 60.0}
BLACK_KINDS = frozenset(HOLD)
WHITE_ACTIONS = frozenset({"X3", "GRAB", "PLUS2C", "PLUS2K", "DRAW3", "HANDS", "SWAP"})


class Evaluator:
    """One decision's evaluation (see the module docstring for the rules)."""

    def __init__(self, view: Mapping[str, Any], w: Mapping[str, float]) -> None:
        self.view = view
        self.w = w
        self.t = t = Table(view)
        self.base_scores = t.scores()
        self.base_u = self.utility(self.base_scores)
        turns_left = t.deck_count / max(1, t.n)
        self.f = 0.0 if t.final else min(1.0, turns_left / w["horizon"])
        self._hold: dict[str, float] = {}
        self._unseen: list[str] | None = None

    # -- the aim ---------------------------------------------------------------------
    def utility(self, scores: list[float]) -> float:
        """Mine minus the best other, plus ``spite`` × (mine minus the others' mean),
        all as ``sign`` × score."""
        t = self.t
        v = [t.sign * s for s in scores]
        others = [v[s] for s in t.others()]
        mine = v[t.me]
        return mine - max(others) + self.w["spite"] * (mine - sum(others) / len(others))

    def gain(self, totals: Mapping[str, float], positions: list[int] | None = None,
             control: int | None | str = "now") -> float:
        """The aim's change if the table becomes ``totals`` (and ``positions``,
        ``control``)."""
        return self.utility(self.t.scores(totals, positions, control)) - self.base_u

    # -- what the seat has not seen ----------------------------------------------------
    def unseen(self) -> list[str]:
        """The cards of the deck in use the seat has not seen (the others' hands and
        the draw deck)."""
        if self._unseen is None:
            from ..cards import deck_codes

            t = self.t
            first = t.options.get("deck") == "first_game"
            deck = deck_codes(t.n, first, t.dummy)
            seen = set(cards_seen(self.view))
            self._unseen = [c for c in deck if c not in seen]
        return self._unseen

    def unseen_share(self, test: Any) -> tuple[float, list[str]]:
        """The share of unseen cards passing ``test``, and those cards."""
        cards = self.unseen()
        hits = [c for c in cards if test(c)]
        return (len(hits) / len(cards) if cards else 0.0), hits

    # -- hold values -----------------------------------------------------------------
    def place_gain(self, card: str, seat_colour: str | None = None) -> float:
        """The best gain of ``card`` (a score card) started as a pile where the viewer
        may play it now (0 when nowhere but the discard pile)."""
        t = self.t
        best = 0.0
        for area in t.score_areas(card):
            best = max(best, self.gain(t.with_new(area, new_pile(card))))
        return best

    def minus_gain(self, card: str) -> float:
        """The best gain of the −200 ``card`` played now (minus200)."""
        t = self.t
        c = colour_of(card)
        if c is None or c not in t.areas:
            return 0.0
        owner = t.owner(c)
        ok = c == t.dummy or (owner is not None and (owner == t.me) == t.misere)
        return max(0.0, self.gain(t.with_new(c, new_pile(card)))) if ok else 0.0

    def hold(self, card: str) -> float:
        """What ``card`` is worth kept in the hand (× the share of the game left)."""
        if card in self._hold:
            return self._hold[card]
        self._hold[card] = 0.0  # a card's worth never counts itself (Pass Hands)
        k = kind(card)
        if is_score(card):
            base = self.w["keep"] * self.x2_gain(card) if face(card) == "X2" \
                else self.w["keep"] * self.place_gain(card)
        elif is_minus(card):
            base = 0.5 * self.minus_gain(card)
        elif k in HOLD:
            base = HOLD[k]
        elif k in WHITE_ACTIONS:
            base = self.w["keep_action"] * max(0.0, self.best_action_gain(card))
        else:
            base = 0.0
        value = base * self.f * self.threat(card)
        self._hold[card] = value
        return value

    def threat(self, card: str) -> float:
        """The share of ``card``'s hold that survives a Grab or Plus Two aimed at the
        viewer and awaiting its effect (1.0 when none is)."""
        t = self.t
        p = t.pending
        if not p or p.get("target") != t.me:  # a card taken now is exposed as well
            return 1.0
        k = kind(p.get("card", ""))
        if k == "GRAB":
            return 1.0 - 1.0 / max(1, len(t.hand))
        if k == "PLUS2K" and not is_score(card) and (kind(card) in BLACK_KINDS
                                                       or is_minus(card)):
            blacks = [c for c in t.hand if kind(c) in BLACK_KINDS or is_minus(c)]
            return 1.0 - min(1.0, 2 / max(1, len(blacks)))
        if k == "PLUS2C" and is_score(card) and colour_of(card) == p.get("colour"):
            same = [c for c in t.hand if is_score(c) and colour_of(c) == p.get("colour")]
            return 1.0 - min(1.0, 2 / max(1, len(same)))
        return 1.0

    def forced_gain(self, card: str) -> float:
        """What a Plus Two (score cards) aimed at the viewer would do with ``card``: its
        chance of being given times the gain of its pile in the colour's area."""
        t = self.t
        p = t.pending
        if (not p or p.get("target") != t.me or kind(p.get("card", "")) != "PLUS2C"
                or not is_score(card) or colour_of(card) != p.get("colour")):
            return 0.0
        c = str(p["colour"])
        same = [x for x in t.hand if is_score(x) and colour_of(x) == c]
        return min(1.0, 2 / max(1, len(same))) * self.gain(t.with_new(c, new_pile(card)))

    def kept(self, card: str) -> float:
        """The value of keeping ``card`` instead of spending it now: its hold, plus
        what a pending Plus Two would do with it."""
        return self.hold(card) + self.forced_gain(card)

    # -- white cards -----------------------------------------------------------------
    def x2_gain(self, card: str) -> float:
        """An X2's worth: the doubling of its area's score cards now and of half the
        viewer's score cards for that area still in the hand."""
        t = self.t
        areas = t.score_areas(card)
        if not areas:
            return 0.0
        area = areas[0]
        later = sum(points(c) for c in t.hand if c != card and is_score(c)
                    and area in t.score_areas(c))
        totals = t.with_added(area, 0.0)
        s, m = area_sum_and_mult(t.areas[area])
        totals[area] = t.totals[area] + (s + 0.5 * later) * m
        return self.gain(totals)

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
            share, _ = self.unseen_share(lambda c: kind(c) in BLACK_KINDS or is_minus(c))
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
        share, hits = self.unseen_share(lambda c: is_score(c) and colour_of(c) == colour)
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
            totals[colour] = 0
            from .table import area_total

            totals[colour] = area_total(t.areas[colour] + [new_pile(c) for c in cards])
            return self.gain(totals) - cost
        return -cost


@register("heuristic")
class HeuristicBot:
    """The rules of the module's docstring. Settings (all optional, numbers):
    ``spite`` (0.3), ``keep`` (0.7), ``keep_action`` (0.4), ``horizon`` (5: my turns
    left below which holding fades), ``margin`` (5 points)."""

    name = "heuristic"
    version = "1"

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
