"""Test-side builders for the Korova clause tests (tests/korova/).

A test writes its *given* as a ``korova-record/1`` document (RECORD_FORMAT.md) built
with :class:`Game`, its *when* as ``adjudicate`` (:func:`run`, :func:`run_partial`,
:func:`error_of`) and its *then* as assertions on the events (:func:`of`, :func:`one`,
:func:`takes`).

The builder keeps its own model of the game, written from RULINGS.md alone and
independent of the engine: the hands, the four rows, where every revealed card goes
(``place.row``, ``place.sixth``, ``low.card``), the penalty piles and heads, the totals
and the end of the game (``game.end``, ``game.places``), the tactical draft order. It
refuses a script that breaks a rule (an ``AssertionError`` in the test, never a
supposed engine bug), and each scripted turn returns the placements the rulings give,
so that a test can compare the engine's events with them.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping
from typing import Any

import korova_core
from korova_core.errors import KorovaError

FORMAT = "korova-record/1"
NAMES = ["Anya", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Ilya", "Katya", "Lev"]
DEFAULTS: dict[str, Any] = {"tactical": False, "threshold": 66, "lowest_tie": "share",
                            "draft_order": "rotation"}
PRESET_OPTIONS = {"base": {"tactical": False}, "tactical": {"tactical": True}}

# card.heads — the source's table, written out literally
FIVE = frozenset({11, 22, 33, 44, 66, 77, 88, 99})
THREE = frozenset(range(10, 101, 10))
TWO = frozenset(range(5, 96, 10)) - {55}


def heads(card: int) -> int:
    """card.heads by the source's table: 55 -> 7, doubles 5, tens 3, other fives 2, else 1."""
    if card == 55:
        return 7
    if card in FIVE:
        return 5
    if card in THREE:
        return 3
    if card in TWO:
        return 2
    return 1


def draft_seats(n: int, round_no: int, order: str) -> list[int]:
    """tactical.draft: the seat of each of the 10n picks of round ``round_no``."""
    f = (round_no - 1) % n
    forward = [(f + i) % n for i in range(n)]
    if order == "rotation":
        return forward * 10
    out: list[int] = []
    for k in range(10):
        out += forward if k % 2 == 0 else forward[::-1]
    return out


def places(totals: list[int]) -> list[int]:
    """game.places: 1 + the number of strictly lower totals."""
    return [1 + sum(o < t for o in totals) for t in totals]


def cheapest(rows: list[list[int]]) -> int:
    """A take_row policy: the row with the fewest heads (the lowest number on a tie)."""
    return min(range(4), key=lambda r: (sum(heads(c) for c in rows[r]), r))


class Game:
    """A record under construction with the builder's own model of the play.

    ``Game(3, threshold=20)``: ``n`` seats (names from NAMES), keyword options go to
    ``ruleset.options``; ``preset`` names a preset (``None``: options alone)."""

    def __init__(self, n: int = 3, preset: str | None = "base", *, seed: str | None = None,
                 seats: list[str] | None = None, rng: int = 0, **options: Any) -> None:
        self.ruleset: dict[str, Any] = {"options": dict(options)}
        if preset is not None:
            self.ruleset["preset"] = preset
        self.opts = {**DEFAULTS, **PRESET_OPTIONS.get(preset or "base", {}), **options}
        self.n = n
        self.seats = list(seats) if seats is not None else NAMES[:n]
        self.seed = seed
        self.inputs: list[Any] = []
        self.rng = random.Random(rng)
        self.round_no = 0
        self.turn_no = 0
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.rows: list[list[int]] = [[], [], [], []]
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.totals = [0] * n
        self.history: list[list[int]] = []
        self.all_takes: list[dict[str, Any]] = []
        self.table: list[list[int]] = []
        self.over = False

    # ------------------------------------------------------------------ the record
    @property
    def deck_size(self) -> int:
        return 10 * self.n + 4 if self.opts["tactical"] else 104

    def record(self) -> dict[str, Any]:
        """The record as a fresh dict (safe to modify)."""
        rec: dict[str, Any] = {"format": FORMAT, "ruleset": copy.deepcopy(self.ruleset),
                               "seats": list(self.seats)}
        if self.seed is not None:
            rec["seed"] = self.seed
        rec["inputs"] = copy.deepcopy(self.inputs)
        return rec

    def raw(self, inp: Any) -> int:
        """Append an input unchecked; returns its index."""
        self.inputs.append(inp)
        return len(self.inputs) - 1

    # ------------------------------------------------------------------ a round's start
    def _start(self, hands: list[list[int]], rows: list[int]) -> None:
        assert not self.over, "the game is over"
        assert self.turn_no in (0, 10), "the round before is not finished"
        self.round_no += 1
        self.turn_no = 0
        self.hands = [sorted(h) for h in hands]
        self.rows = [[c] for c in rows]
        self.piles = [[] for _ in range(self.n)]

    def deal(self, hands: list[list[int]] | None = None, rows: list[int] | None = None, *,
             given: Mapping[int, Iterable[int]] | None = None, write: bool = True) -> int:
        """round.deal: write a base-game deal. ``hands``/``rows`` in full, or ``given``
        cards per seat and ``rows`` with the rest filled from the unused cards (order
        fixed by the builder's rng). ``write=False``: model it only (a seeded deal)."""
        assert not self.opts["tactical"]
        if hands is None:
            mine = {s: list(c) for s, c in (given or {}).items()}
            used = {c for h in mine.values() for c in h} | set(rows or [])
            free = [c for c in range(1, 105) if c not in used]
            self.rng.shuffle(free)
            hands = []
            for s in range(self.n):
                h = list(mine.get(s, []))
                while len(h) < 10:
                    h.append(free.pop())
                hands.append(h)
            if rows is None:
                rows = [free.pop() for _ in range(4)]
        assert rows is not None
        every = [c for h in hands for c in h] + list(rows)
        assert len(set(every)) == len(every) == 10 * self.n + 4, "not a legal deal"
        assert all(len(h) == 10 for h in hands)
        self._start(hands, list(rows))
        if not write:
            return -1
        return self.raw({"type": "deal", "round": self.round_no,
                         "hands": [list(h) for h in hands], "rows": list(rows)})

    def draft(self, picks: Iterable[int] | None = None) -> list[int]:
        """tactical.draft: write the 10n picks, in draft order. ``picks``: the cards taken,
        in order (a prefix: the rest by policy, each drafter taking the lowest card on the
        table). Returns the pick seats. Starts rows 0-3 from the four left, ascending."""
        assert self.opts["tactical"]
        order = draft_seats(self.n, self.round_no + 1, self.opts["draft_order"])
        table = list(range(1, self.deck_size + 1))
        script = list(picks or [])
        hands: list[list[int]] = [[] for _ in range(self.n)]
        for i, seat in enumerate(order):
            card = script[i] if i < len(script) else min(table)
            assert card in table, f"script: {card} is not on the table"
            table.remove(card)
            hands[seat].append(card)
            self.raw({"type": "pick", "seat": seat, "card": card})
        self._start(hands, sorted(table))
        return order

    # ------------------------------------------------------------------ a turn
    def turn(self, cards: Mapping[int, int] | list[int], *, order: Iterable[int] | None = None,
             take: int | None = None, write_take: bool = True) -> list[dict[str, Any]]:
        """One turn: ``cards[seat]`` the seat's choice, written as ``choose`` inputs in
        ``order`` (default seat order), then the ``take_row`` (row ``take``, default the
        cheapest) if the lowest card is below every row end. Returns the builder's
        placements: dicts like the engine's ``place``/``take`` events (round, turn, seat,
        card, row, and length or cause/cards/penalty)."""
        chosen = dict(enumerate(cards)) if isinstance(cards, list) else dict(cards)
        assert sorted(chosen) == list(range(self.n)), "one card per seat"
        assert self.turn_no < 10
        for s, c in chosen.items():
            assert c in self.hands[s], f"script: seat {s} does not hold {c}"
        self.turn_no += 1
        for s in (list(order) if order is not None else range(self.n)):
            self.raw({"type": "choose", "seat": s, "card": chosen[s]})
            self.hands[s].remove(chosen[s])
        out = []
        for i, seat in enumerate(sorted(chosen, key=chosen.get)):
            card = chosen[seat]
            ends = [r[-1] for r in self.rows]
            below = [r for r in range(4) if ends[r] < card]
            base = {"round": self.round_no, "turn": self.turn_no, "seat": seat, "card": card}
            if not below:
                assert i == 0, "only the lowest card can be low (low.when)"
                row = cheapest(self.rows) if take is None else take
                if write_take:
                    self.raw({"type": "take_row", "seat": seat, "row": row})
                out.append(self._take(base, row, "low"))
                continue
            row = max(below, key=lambda r: ends[r])
            if len(self.rows[row]) == 5:
                out.append(self._take(base, row, "sixth"))
            else:
                self.rows[row].append(card)
                out.append({**base, "row": row, "length": len(self.rows[row])})
        if self.turn_no == 10:
            self._round_end()
        return out

    def _take(self, base: dict[str, Any], row: int, cause: str) -> dict[str, Any]:
        taken = self.rows[row]
        self.rows[row] = [base["card"]]
        self.piles[base["seat"]] += taken
        take = {**base, "row": row, "cause": cause, "cards": list(taken),
                "penalty": sum(heads(c) for c in taken)}
        self.all_takes.append(take)
        return take

    def _round_end(self) -> None:
        pen = [sum(heads(c) for c in p) for p in self.piles]
        self.history.append(pen)
        self.totals = [a + b for a, b in zip(self.totals, pen, strict=True)]
        self.table = [list(r) for r in self.rows]
        if max(self.totals) >= self.opts["threshold"]:
            low = min(self.totals)
            if self.opts["lowest_tie"] == "share" or self.totals.count(low) == 1:
                self.over = True

    def play_turn(self, policy: str = "random") -> list[dict[str, Any]]:
        """A turn by policy: each seat's ``random`` card (builder rng), ``low`` or ``high``
        card; chooses in a random order; the cheapest row on a low card."""
        pick = {"random": lambda h: self.rng.choice(h), "low": min, "high": max}[policy]
        chosen = {s: pick(self.hands[s]) for s in range(self.n)}
        order = list(range(self.n))
        self.rng.shuffle(order)
        return self.turn(chosen, order=order)

    def play_out(self, policy: str = "random") -> None:
        """The round's remaining turns by ``policy``."""
        while self.turn_no < 10:
            self.play_turn(policy)

    def play_round(self, policy: str = "random") -> None:
        """A whole round: the deal (filled) or the draft (policy), then ten turns."""
        if self.opts["tactical"]:
            self.draft()
        else:
            self.deal()
        self.play_out(policy)

    def play_game(self, policy: str = "random", max_rounds: int = 60) -> None:
        """Rounds until the builder's model says the game is over."""
        while not self.over:
            assert self.round_no < max_rounds
            self.play_round(policy)


# ---------------------------------------------------------------------- running
def run(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The adjudicated log of a complete record."""
    return korova_core.adjudicate(copy.deepcopy(dict(record)))


def error_of(record: Any) -> Any:
    """The KorovaError adjudicating ``record`` raises (fails if it raises none)."""
    try:
        korova_core.adjudicate(copy.deepcopy(record))
    except KorovaError as err:
        return err
    raise AssertionError("the record was accepted")


def run_partial(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The log of a record that stops before the game ends (``incomplete``)."""
    err = error_of(dict(record))
    assert err.code == "incomplete", (err.code, err.rule, err.input, err.message)
    return list(err.events)


def assert_error(err: Any, code: str, input_: int | None, rule: str | None) -> None:
    assert (err.code, err.input, err.rule) == (code, input_, rule), err.message


def of(events: list[dict[str, Any]], *types: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] in types]


def one(events: list[dict[str, Any]], type_: str) -> dict[str, Any]:
    found = of(events, type_)
    assert len(found) == 1, f"{len(found)} {type_} events"
    return found[0]


PLACING = ("round", "turn", "seat", "card", "row", "length", "cause", "cards", "penalty")


def placements(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``place`` and ``take`` events, with only the fields the builder predicts."""
    return [{k: e[k] for k in PLACING if k in e} for e in of(events, "place", "take")]


def takes(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``take`` events without seq/type/rules (the examples' ``takes``)."""
    return [{k: e[k] for k in PLACING if k in e} for e in of(events, "take")]


def rules_of(event: Mapping[str, Any]) -> set[str]:
    return set(event["rules"])
