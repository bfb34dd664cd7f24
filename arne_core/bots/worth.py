"""What a seat's cards are worth: the aim, the gain of a change on the table, and the
worth of a card kept in the hand (the heuristic's ``hold``; docs/arne/bots.md).

``Worth`` is built from one seat view (``table.Table``) and the heuristic's weights; the
heuristic's ``Evaluator`` adds the gains of the white actions (``best_action_gain``)
and the net of each legal input.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .table import (
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
                              "horizon": 5.0, "margin": 5.0, "swap_risk": 0.5}
#: what a black card is worth kept (points), before the share of the game left
HOLD = {"CRUSH": 150.0, "LOCK": 90.0, "THIEF": 110.0, "CHAM": 110.0, "STOP": 60.0,
        "REV": 60.0}
BLACK_KINDS = frozenset(HOLD)
WHITE_ACTIONS = frozenset({"X3", "GRAB", "PLUS2C", "PLUS2K", "DRAW3", "HANDS", "SWAP"})


class Worth:
    """The aim and the worth of cards at one decision (module docstring)."""

    def __init__(self, view: Mapping[str, Any], w: Mapping[str, float]) -> None:
        self.view = view
        self.w = w
        self.t = t = Table(view)
        self.base_scores = t.scores()
        turns_left = t.deck_count / max(1, t.n)
        self.f = 0.0 if t.final else min(1.0, turns_left / w["horizon"])
        self._hold: dict[str, float] = {}
        self._unseen: list[str] | None = None
        self._shares: dict[str, tuple[float, list[str]]] = {}
        self.risk = self.swap_risk()
        self.base_u = self.aim(None)

    def swap_risk(self) -> float:
        """Heads-up only: the weight of the world where the other seat plays a Swap Seats
        still unseen (the two areas change hands, swap.effect), ``swap_risk`` while one
        is unseen and white cards may still be played; 0 otherwise."""
        t = self.t
        w = self.w.get("swap_risk", 0.0)
        if t.n != 2 or not w or t.final:
            return 0.0
        return w if any(kind(c) == "SWAP" for c in self.unseen()) else 0.0

    def aim(self, totals: Mapping[str, float] | None, positions: list[int] | None = None,
            control: int | None | str = "now") -> float:
        """The aim with ``totals`` / ``positions`` / ``control``, mixed with the swapped
        world's by ``self.risk`` (heads-up, ``swap_risk``)."""
        t = self.t
        u = self.utility(t.scores(totals, positions, control))
        if self.risk:
            pos = list(t.positions if positions is None else positions)
            o = 1 - t.me
            pos[t.me], pos[o] = pos[o], pos[t.me]
            u = (1 - self.risk) * u + self.risk * self.utility(t.scores(totals, pos, control))
        return u

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
        return self.aim(totals, positions, control) - self.base_u

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

    def unseen_share(self, key: str, test: Any) -> tuple[float, list[str]]:
        """The share of unseen cards passing ``test``, and those cards (computed once
        per ``key`` and decision)."""
        if key not in self._shares:
            cards = self.unseen()
            hits = [c for c in cards if test(c)]
            self._shares[key] = ((len(hits) / len(cards) if cards else 0.0), hits)
        return self._shares[key]

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
        """The best gain of the white action ``card`` (the heuristic's
        ``Evaluator`` computes it; 0 here)."""
        return 0.0


__all__ = ["BLACK_KINDS", "DEFAULTS", "HOLD", "WHITE_ACTIONS", "Worth"]
