"""What one seat can know: a seat view read into ints, the unseen cards and the voids.

Every bot that reasons about the game starts here. ``Knowledge.from_view`` reads only
the seat's view (``views.seat_view``): its hand and cellar, the public fields, cellars'
face-up cards, this year's tricks, the North pile and the ruleset options. From these
it derives:

* the **unseen pool** — worker cards that are visible nowhere and not in the seat's
  hand: they lie in other hands, in other seats' hidden cellar slots or in the undealt
  deck (the view does not show earlier years' tricks, so nothing more can be said of
  them); reward cards that are visible nowhere are kept apart (normally in the piles
  or discarded; rarely swapped into a hand and later pocketed or buried);
* the **stack pool** (36-card Orden) — this year's trick cards that are now hidden in
  someone's stack;
* **voids** — a seat that did not follow the led suit this year holds no card of that
  suit and not the Wrecker (``trick.follow``, ``wrecker.follow``); swaps come before
  the tricks, so a void stays true for the rest of the year;
* **known hand cards** — a face-up cellar card another seat took into its hand this
  year (``year_swaps``; the table is told which face-up card was taken) is in that
  hand until it is played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..cards import CARD_ID, SUIT, SUITS, VALUE, WRECKER, reward_pile, worker_cards
from ..state import JACK, KIND_NAMES

KIND_ID = {name: i for i, name in enumerate(KIND_NAMES)}
FIELD_LETTER = {s: i for i, s in enumerate(SUITS)}

#: one cellar slot as a seat sees it: (card or None when hidden from it, hidden, kind, stack)
Slot = tuple[int | None, bool, int, int]


@dataclass
class Knowledge:
    """A seat's knowledge at a decision (ints: cards as in ``cards``, fields 0..3)."""

    seat: int
    year: int
    years: int
    famine: bool
    planner: int
    phase: str
    trump: int | None
    opts: dict[str, Any]
    hand: list[int]
    hand_counts: list[int]
    trick: list[int]
    leader: int
    year_tricks: list[tuple[int, tuple[int, ...], int]]
    field_hours: list[int]
    field_cards: list[list[int]]
    field_rewards: list[list[int]]
    completed: list[bool]
    cellars: list[list[Slot]]
    north: list[int]
    medals_year: list[int]
    medals_total: list[int]
    tricks_played: int
    tricks_in_year: int
    deck_size: int
    swappers_done: list[int]
    voids: list[set[int]] = field(default_factory=list)
    no_wrecker: list[bool] = field(default_factory=list)
    unseen_workers: list[int] = field(default_factory=list)
    unseen_rewards: list[int] = field(default_factory=list)
    stack_pool: list[int] = field(default_factory=list)
    year_swaps: list[tuple[int, int | None]] = field(default_factory=list)
    known_hands: list[list[int]] = field(default_factory=list)

    # -- derived rule flags -------------------------------------------------------------
    @property
    def k36_orden(self) -> bool:
        return bool(self.opts["deck"] == 36 and self.opts["orden"])

    @property
    def has_rewards(self) -> bool:
        return bool(self.opts["deck"] == 52 and not self.opts["northern"])

    @property
    def nomenklatura(self) -> bool:
        return bool(self.opts["nomenklatura"]) and self.trump is not None

    def nom_role(self, c: int) -> int:
        """JACK/QUEEN/KING for a trump court card acting under nom.*, else 0."""
        if not self.nomenklatura or c == WRECKER or SUIT[c] != self.trump:
            return 0
        v = VALUE[c]
        return v if v >= JACK else 0

    def hours_of(self, c: int) -> int:
        """A card's hours on a field (nom.drunkard: the trump Jack gives 0)."""
        return 0 if self.nom_role(c) == JACK else VALUE[c]

    def everyone_vulnerable(self) -> bool:
        """Northern play and the mice make every seat answer for every failed field."""
        return bool(self.opts["northern"] or self.opts["mice"])

    def vulnerable(self, seat: int) -> bool:
        """Whether ``seat`` already answers for failed fields this year (before any
        Stakhanovite): it won a trick, took a stack, or everyone answers."""
        if self.everyone_vulnerable():
            return True
        if self.k36_orden and self.opts["k36_vulnerable"] == "stack_takers":
            return any(s[2] in (2, 3) for s in self.cellars[seat])
        return self.medals_year[seat] > 0

    def my_cellar(self) -> list[tuple[int, bool, int]]:
        """The seat's own cellar: (card, hidden, kind)."""
        return [(c, h, k) for c, h, k, _ in self.cellars[self.seat] if c is not None]

    def top_in_cellar(self, seat: int, f: int) -> int:
        """Value of ``seat``'s highest known cellar card matching field ``f`` (0 if none)."""
        best = 0
        for c, _, _, _ in self.cellars[seat]:
            if c is not None and (c == WRECKER or SUIT[c] == f) and VALUE[c] > best:
                best = VALUE[c]
        return best

    def remaining_tricks(self) -> int:
        return self.tricks_in_year - self.tricks_played

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Knowledge:
        """Read a seat view (``views.seat_view``; also accepts the lazy view)."""
        seat = view["viewer"]
        opts = dict(view["ruleset"]["options"])
        trump = view["trump"]
        hands = view["hands"]
        trick_cards = [CARD_ID[c] for c in view["trick"]["cards"]]
        leader = view["trick"]["leader"]
        year_tricks = [(t["leader"], tuple(CARD_ID[c] for c in t["cards"]), t["winner"])
                       for t in view["year_tricks"]]
        fields = view["fields"]
        cellars: list[list[Slot]] = []
        for cellar in view["cellars"]:
            row: list[Slot] = []
            for e in cellar:
                code = e["card"]
                row.append((None if code is None else CARD_ID[code], e["hidden"],
                            KIND_ID[e["kind"]], -1 if e["stack"] is None else e["stack"]))
            cellars.append(row)
        k = cls(
            seat=seat, year=view["year"], years=view["years"], famine=view["famine"],
            planner=view["planner"], phase=view["phase"],
            trump=None if trump is None else FIELD_LETTER[trump], opts=opts,
            hand=[CARD_ID[c] for c in view["hand"]],
            hand_counts=[len(h) for h in hands],
            trick=trick_cards, leader=view["planner"] if leader is None else leader,
            year_tricks=year_tricks,
            field_hours=[f["hours"] for f in fields],
            field_cards=[[CARD_ID[c] for c in f["cards"]] for f in fields],
            field_rewards=[[CARD_ID[c] for c in f["rewards"]] for f in fields],
            completed=[f["completed"] for f in fields],
            cellars=cellars,
            north=[CARD_ID[c] for c in view["north"]],
            medals_year=list(view["medals_year"]), medals_total=list(view["medals_total"]),
            tricks_played=view["tricks_played"], tricks_in_year=view["tricks_in_year"],
            deck_size=view["deck_size"], swappers_done=list(view["swapped"]),
            year_swaps=[(x["seat"], None if x["taken"] is None else CARD_ID[x["taken"]])
                        for x in view.get("year_swaps", ())],
        )
        if leader is None and view["phase"] == "play":
            k.leader = view["to_move"]
        k._infer()
        return k

    def _infer(self) -> None:
        """Voids from this year's tricks, and the unseen and stack pools."""
        self.voids = [set(), set(), set(), set()]
        self.no_wrecker = [False] * 4
        tricks = [(ld, list(cs)) for ld, cs, _ in self.year_tricks]
        if self.trick:
            tricks.append((self.leader, self.trick))
        for ld, cs in tricks:
            if not cs or cs[0] == WRECKER:
                continue
            ls = SUIT[cs[0]]
            for i, c in enumerate(cs[1:], start=1):
                if c != WRECKER and SUIT[c] != ls:
                    s = (ld + i) % 4
                    self.voids[s].add(ls)
                    self.no_wrecker[s] = True
        visible: set[int] = set(self.hand) | set(self.trick)
        for f in range(4):
            visible.update(self.field_cards[f])
            visible.update(self.field_rewards[f])
        for cellar in self.cellars:
            for slot in cellar:
                if slot[0] is not None:
                    visible.add(slot[0])
        played = {c for _, cs, _ in self.year_tricks for c in cs}
        gone: set[int] = set()
        # cards sent North are gone for good, except where the rules return them
        # (k36.orden; wrecker_returns) — and a returned card is back in play at the deal
        if not self.k36_orden:
            gone = set(self.north)
            if self.opts.get("wrecker_returns"):
                gone.discard(WRECKER)
        self.stack_pool = sorted(played - visible - gone)
        universe = worker_cards(self.opts["deck"], self.opts["wrecker"])
        self.unseen_workers = [c for c in universe
                               if c not in visible and c not in gone and c not in played]
        rewards: list[int] = []
        if self.opts["deck"] == 52:
            for f in range(4):
                rewards += reward_pile(f)
        self.unseen_rewards = [c for c in rewards
                               if c not in visible and c not in gone and c not in played]
        # face-up cards taken into other hands by this year's swaps, not played since
        self.known_hands = [[], [], [], []]
        for who, taken in self.year_swaps:
            if (taken is not None and who != self.seat and taken not in visible
                    and taken not in played):
                self.known_hands[who].append(taken)

    def hidden_slots(self, seat: int) -> int:
        """How many of ``seat``'s cellar cards this seat cannot see."""
        return sum(1 for c, _, _, _ in self.cellars[seat] if c is None)
