"""What a seat knows of the table, read from its seat view alone, and what one input
would do to the areas and the scores.

A seat view (``arne_core.views.seat_view``) shows every area with its piles, the
discard pile, the hand sizes, the deck's size, the seat's own hand, who sits where,
the dummy's control, the window and any Grab / Plus Two awaiting its effect. Everything
on the table is public (RULINGS.md), so the scores of every seat *now* (``score.area``,
``score.seat``) can be computed from the view, and so can the scores after any input
whose effect is on the table: a score card, an X3, a −200, a chameleon pair, a thief
taking a chameleon pile, a crush, a lock, a Swap Seats, a REVERSE taking the dummy. The
effects on hands (Grab, Plus Two, Draw Three, Pass Hands, a thief's discard card) are
hidden or random; ``expected_*`` gives what the seat may expect of them from the cards
it has not seen.

Nothing here reads another seat's hand: the view does not hold it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

COLOURS = "RBYGOP"
FACES = ("50", "100", "200", "500", "1000", "X2", "-200")
Pile = dict[str, Any]

#: what the others are assumed to hold, per unseen card, when nothing better is known
UNSEEN_CARD = 60.0


def kind(code: str) -> str:
    """``R50.1`` → ``R50``; ``THIEF.3`` → ``THIEF`` (deck.codes)."""
    return code.rsplit(".", 1)[0]


def colour_of(code: str) -> str | None:
    """The colour letter of a colour card, None for a neutral card (deck.codes)."""
    k = kind(code)
    return k[0] if k[0] in COLOURS and k[1:] in FACES else None


def face(code: str) -> str | None:
    """``"50"`` … ``"1000"``, ``"X2"``, ``"-200"`` for a colour card, else None."""
    return kind(code)[1:] if colour_of(code) else None


def is_score(code: str) -> bool:
    """A white score card: c50 … c1000 or cX2 (white.score, white.x2)."""
    f = face(code)
    return f is not None and f != "-200"


def is_minus(code: str) -> bool:
    """A −200 (minus200; black)."""
    return face(code) == "-200"


def points(code: str) -> int:
    """The face value of a c50 … c1000 card or a −200 (X2 and neutral cards: 0)."""
    f = face(code)
    return int(f) if f is not None and f != "X2" else 0


def pile_parts(pile: Mapping[str, Any]) -> tuple[int, int, int]:
    """A pile's share of its area's total (score.pile): ``(score, multiplier, minus)``
    — a live score card's face (×3 with an X3), a live X2's multiplier (2, 6 with an
    X3), a live −200 (×3 with an X3); ``(0, 1, 0)`` for what does not count."""
    base = pile["card"]
    f = face(base)
    if f == "-200":
        return (0, 1, 0 if pile.get("lock") else (-600 if pile.get("x3") else -200))
    if f is None or (pile.get("crush") and not pile.get("lock")):
        return (0, 1, 0)
    if f == "X2":
        return (0, 6 if pile.get("x3") else 2, 0)
    v = int(f)
    return (3 * v if pile.get("x3") else v, 1, 0)


def area_total(piles: Sequence[Mapping[str, Any]]) -> int:
    """An area's total (score.area): live score cards × the product of live X2
    multipliers, plus live −200s."""
    score, mult, minus = 0, 1, 0
    for p in piles:
        s, m, x = pile_parts(p)
        score, mult, minus = score + s, mult * m, minus + x
    return score * mult + minus


def area_sum_and_mult(piles: Sequence[Mapping[str, Any]]) -> tuple[int, int]:
    """The sum of an area's live score cards (tripled ones ×3) and the product of its
    live X2 multipliers."""
    score, mult = 0, 1
    for p in piles:
        s, m, _ = pile_parts(p)
        score, mult = score + s, mult * m
    return score, mult


def new_pile(card: str, chameleon: str | None = None) -> Pile:
    """A pile just started with ``card`` (white.score, minus200, cham.with)."""
    return {"card": card, "chameleon": chameleon, "x3": None, "crush": None, "lock": None}


class Table:
    """One seat's knowledge at one decision, built from its view (nothing hidden read).

    Attributes: ``me``, ``n``, ``misere``, ``sign`` (+1 normal, −1 misère: the aim is
    ``sign`` × score), ``colours`` (per position), ``positions`` (per seat),
    ``position_seats``, ``dummy`` (colour or None), ``control`` (the dummy's controlling
    position or None), ``areas`` (colour → piles), ``where`` (pile base code → colour),
    ``totals`` (colour → total), ``hand``, ``counts`` (hand sizes), ``deck_count``,
    ``discard``, ``direction``, ``phase``, ``window``, ``pending``, ``claims``,
    ``final`` (the final round)."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me: int = view["viewer"]
        self.n: int = len(view["seats"])
        rs = view.get("ruleset") or {}
        opts = rs.get("options", rs) if isinstance(rs, Mapping) else {}
        self.options: Mapping[str, Any] = opts if isinstance(opts, Mapping) else {}
        self.misere = self.options.get("mode") == "misere"
        self.sign = -1 if self.misere else 1
        self.colours: list[str] = list(view["colours"])
        self.positions: list[int] = list(view["positions"])
        self.position_seats: list[int] = list(view["position_seats"])
        self.dummy: str | None = view.get("dummy_colour")
        self.control: int | None = view.get("dummy_control")
        self.areas: dict[str, list[Pile]] = {c: [dict(p) for p in ps]
                                             for c, ps in view["areas"].items()}
        self.where: dict[str, str] = {p["card"]: c for c, ps in self.areas.items()
                                      for p in ps}
        self.totals: dict[str, int] = {c: area_total(ps) for c, ps in self.areas.items()}
        self.hand: list[str] = list(view["hands"][self.me] or [])
        self.counts: list[int] = list(view["hand_counts"])
        self.deck_count: int = int(view["deck_count"])
        self.discard: list[str] = list(view["discard"])
        self.direction: int = int(view.get("direction", 1))
        self.phase: str = view["phase"]
        self.window: Mapping[str, Any] | None = view.get("window")
        self.pending: Mapping[str, Any] | None = view.get("pending")
        self.claims: list[Mapping[str, Any]] = list(view.get("claims") or [])
        self.final = self.phase == "final"
        self.turn_position: int | None = view.get("turn_position")
        self.active: int | None = view.get("active")

    # -- who is who ------------------------------------------------------------------
    def colour(self, seat: int | None = None) -> str:
        """The colour of the position ``seat`` (default: the viewer) sits at."""
        return self.colours[self.positions[self.me if seat is None else seat]]

    def owner(self, colour: str) -> int | None:
        """The seat whose position has ``colour`` (None: the dummy or the spare)."""
        for pos, c in enumerate(self.colours):
            if c == colour:
                return self.position_seats[pos]
        return None

    def others(self) -> list[int]:
        """Every seat but the viewer."""
        return [s for s in range(self.n) if s != self.me]

    # -- scores ----------------------------------------------------------------------
    def scores(self, totals: Mapping[str, float] | None = None,
               positions: Sequence[int] | None = None,
               control: int | None | str = "now") -> list[float]:
        """Every seat's score (score.seat) with the given ``totals``, ``positions`` and
        dummy ``control`` (defaults: as now)."""
        totals = self.totals if totals is None else totals
        positions = self.positions if positions is None else positions
        ctl = self.control if control == "now" else control
        out: list[float] = []
        for s in range(self.n):
            v: float = totals.get(self.colours[positions[s]], 0)
            if self.dummy is not None and ctl is not None and positions[s] == ctl:
                v += totals.get(self.dummy, 0)
            out.append(v)
        return out

    def leader(self, scores: Sequence[float] | None = None) -> int:
        """The other seat doing best by the game's aim (highest; misère lowest)."""
        sc = self.scores() if scores is None else scores
        return max(self.others(), key=lambda s: (self.sign * sc[s], -s))

    # -- piles -----------------------------------------------------------------------
    def pile(self, base: str) -> Pile | None:
        """The pile named ``base`` (its base card), or None."""
        c = self.where.get(base)
        if c is None:
            return None
        return next((p for p in self.areas[c] if p["card"] == base), None)

    def with_pile(self, base: str, **changes: Any) -> dict[str, int]:
        """The totals after the pile ``base`` takes ``changes`` (x3, crush, lock)."""
        c = self.where.get(base)
        totals = dict(self.totals)
        if c is None:
            return totals
        piles = [dict(p, **changes) if p["card"] == base else p for p in self.areas[c]]
        totals[c] = area_total(piles)
        return totals

    def with_new(self, area: str, pile: Pile) -> dict[str, int]:
        """The totals after ``pile`` starts in ``area``."""
        totals = dict(self.totals)
        if area in self.areas:
            totals[area] = area_total(self.areas[area] + [pile])
        return totals

    def with_moved(self, base: str, to: str) -> dict[str, int]:
        """The totals after the pile ``base`` moves whole to area ``to`` (thief.combo)."""
        src = self.where.get(base)
        totals = dict(self.totals)
        if src is None or to not in self.areas or src == to:
            return totals
        moving = [p for p in self.areas[src] if p["card"] == base]
        totals[src] = area_total([p for p in self.areas[src] if p["card"] != base])
        totals[to] = area_total(self.areas[to] + moving)
        return totals

    def with_added(self, area: str, amount: float) -> dict[str, float]:
        """The totals with ``amount`` more in ``area`` (an expectation)."""
        totals: dict[str, float] = dict(self.totals)
        if area in totals:
            totals[area] += amount
        return totals

    def multiplier(self, area: str) -> int:
        """The product of the live X2 multipliers of ``area``."""
        return area_sum_and_mult(self.areas.get(area, []))[1]

    # -- where a card may go as the viewer's white card (white.score) -----------------
    def score_areas(self, card: str, seat: int | None = None) -> list[str]:
        """The areas (not the discard pile) ``seat``'s score card ``card`` may start a
        pile in: normal — its own colour; misère — another seat's colour; either — the
        dummy's."""
        seat = self.me if seat is None else seat
        c = colour_of(card)
        if c is None or c not in self.areas:
            return []
        if c == self.dummy:
            return [c]
        mine = self.colour(seat)
        if not self.misere:
            return [c] if c == mine else []
        return [c] if c != mine and self.owner(c) is not None else []


def cards_seen(view: Mapping[str, Any]) -> list[str]:
    """Every card code the seat can see: its hand, every pile (base, chameleon, X3,
    crush, lock) and the discard pile."""
    seen = list(view["hands"][view["viewer"]] or [])
    for piles in view["areas"].values():
        for p in piles:
            seen.extend(v for k, v in p.items() if k in ("card", "chameleon", "x3", "crush",
                                                         "lock") and v)
    seen.extend(view["discard"])
    return seen


__all__ = ["COLOURS", "FACES", "UNSEEN_CARD", "Pile", "Table", "area_sum_and_mult",
           "area_total", "cards_seen", "colour_of", "face", "is_minus", "is_score", "kind",
           "new_pile", "pile_parts", "points"]
