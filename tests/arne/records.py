"""Test-side builder for the Arne clause tests (tests/arne/).

A test writes its *given* as an ``arne-record/1`` document (RECORD_FORMAT.md) built with
:class:`Game`, its *when* as ``arne_core.record.adjudicate`` (:func:`play`,
:func:`error_of`, from :mod:`tests.arne.runs`, re-exported here) and its *then* as
assertions on the events (:func:`of`, :func:`one`, :func:`rules_of`).

The builder keeps its own model of the game, written from RULINGS.md alone (with
:mod:`tests.arne.model` for the deck, placements and scores) and independent of the
engine: hands, the draw deck, the discard pile, the areas and their piles, positions,
direction, the windows and who is offered, the STOP/REVERSE claims of the turn, the final
round. Every input it writes is followed in ``Game.log`` by the consequences RULINGS.md
and RECORD_FORMAT.md's canonical order give; :func:`play` adjudicates the record and
compares the engine's log with ``Game.log`` event for event (the fields of the format's
table only; consecutive ``discarded`` events merged; ``game_end.areas`` in any order).
The builder refuses a script that breaks a rule (an ``AssertionError`` in the test —
never a supposed engine bug); illegal inputs are written with :meth:`Game.raw`.
"""

from __future__ import annotations

import copy
from typing import Any

from . import model as m
from .runs import (
    INPUT_TYPES,
    adjudicate,
    adjudicated,
    after,
    assert_error,
    compare,
    error_of,
    input_event,
    of,
    one,
    play,
    rules_at,
    rules_of,
)
from .turns import Turns

__all__ = ["Game", "INPUT_TYPES", "adjudicate", "adjudicated", "after", "assert_error",
           "compare", "error_of", "input_event", "of", "one", "play", "rules_at", "rules_of"]

FORMAT = "arne-record/1"
NAMES = ["Anya", "Boris", "Vera", "Gleb", "Dasha", "Egor"]
DEFAULTS: dict[str, Any] = {
    "deck": "full", "mode": "normal", "dummy": False, "black_timing": "windows",
    "final_round": "one_lap", "reverse_stack": "last_decides",
    "dummy_final_reverse": "no_effect", "final_chameleon": "allowed"}
PRESETS: dict[str, dict[str, Any]] = {
    "normal": {}, "misere": {"mode": "misere"}, "dummy": {"dummy": True},
    "first_game": {"deck": "first_game"}}
DEFAULT_COLOURS = {2: "RB", 3: "YGO", 4: "YGOP", 5: "RBYGO", 6: "RBYGOP"}


def filler_rank(code: str) -> int:
    """The builder's filler order for unnamed deal cards and draws: plain score cards,
    X2, −200, black neutral cards, Draw Three, the white actions that leave the table
    alone, then those that change it (Plus Two score cards, Swap Seats, X3) last."""
    if m.is_score(code):
        return 1 if m.face(code) == "X2" else 0
    if m.is_minus(code):
        return 2
    k = m.kind(code)
    return {"DRAW3": 4, "PLUS2C": 6, "SWAP": 7, "X3": 8}.get(
        k, 3 if k in m.BLACK_NEUTRAL else 5)


class Game(Turns):
    """A record under construction with the builder's model of the play.

    ``Game(3, "misere", first=1, final_round="until_passes")``: ``n`` seats (names from
    NAMES), a preset (None: options alone) and option overrides; ``colours`` per position
    (default: the group's first colours); ``dummy_colour`` for the dummy variant."""

    def __init__(self, n: int = 2, preset: str | None = "normal", *, first: int = 0,
                 colours: str | None = None, dummy_colour: str | None = None,
                 seed: str | None = None, **options: Any) -> None:
        self.ruleset: dict[str, Any] = {"options": dict(options)} if options else {"options": {}}
        if preset is not None:
            self.ruleset["preset"] = preset
        self.opts = {**DEFAULTS, **PRESETS.get(preset or "normal", {}), **options}
        self.n, self.first, self.seed = n, first, seed
        self.seats = NAMES[:n]
        self.colours = list(colours or DEFAULT_COLOURS[n])
        self.dummy = dummy_colour if self.opts["dummy"] else None
        self.dummy_colour = dummy_colour
        self.deck_list = m.deck_codes(n, self.opts["deck"] == "first_game", self.dummy)
        self.index = {c: i for i, c in enumerate(self.deck_list)}
        self.stock = list(self.deck_list)
        self.queue: list[str] = []
        self.reserved: set[str] = set()
        self.hold: set[str] = set()
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.discard: list[str] = []
        self.areas: dict[str, list[dict[str, Any]]] = {c: [] for c in self.area_colours()}
        self.seat_pos = list(range(n))
        self.pos_seat = list(range(n))
        self.direction = 1
        self.dummy_control: int | None = None
        self.turn_no = 0
        self.active = -1
        self.turn_pos = -1
        self.claims: list[dict[str, Any]] = []
        self.phase = "deal"
        self.window: dict[str, Any] | None = None
        self.pending: dict[str, Any] | None = None
        self.final: dict[str, Any] | None = None
        self.inputs: list[Any] = []
        self.log: list[dict[str, Any]] = []

    # ------------------------------------------------------------------ the record
    @property
    def misere(self) -> bool:
        return bool(self.opts["mode"] == "misere")

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def area_colours(self) -> list[str]:
        return self.colours + ([self.dummy] if self.dummy else [])

    def record(self) -> dict[str, Any]:
        """The record as a fresh dict (safe to modify)."""
        rec: dict[str, Any] = {"format": FORMAT, "ruleset": copy.deepcopy(self.ruleset),
                               "seats": list(self.seats), "colours": list(self.colours)}
        if self.dummy_colour is not None:
            rec["dummy_colour"] = self.dummy_colour
        rec["first_player"] = self.first
        if self.seed is not None:
            rec["seed"] = self.seed
        rec["inputs"] = copy.deepcopy(self.inputs)
        return rec

    def raw(self, inp: Any) -> int:
        """Append an input unchecked and unmodelled; returns its index."""
        self.inputs.append(copy.deepcopy(inp))
        return len(self.inputs) - 1

    def emit(self, type_: str, **fields: Any) -> None:
        self.log.append({"type": type_, **fields})

    def _input(self, inp: dict[str, Any], **logged: Any) -> int:
        """Record ``inp``; the log shows it with ``logged`` added (fields the engine adds
        to an input event, e.g. a Grab's ``to_seat``)."""
        self.log.append({**copy.deepcopy(inp), **logged})
        return self.raw(inp)

    def sort(self, cards: list[str]) -> list[str]:
        """Cards in deck order."""
        return sorted(cards, key=self.index.__getitem__)

    def fillers(self, k: int) -> list[str]:
        """The next ``k`` unnamed cards: the queued draws first, then by ``filler_rank``."""
        out = self.queue[:k]
        free = sorted((c for c in self.stock if c not in self.queue),
                      key=lambda c: (c in self.reserved, filler_rank(c), self.index[c]))
        out += free[:k - len(out)]
        assert len(out) == k, "the draw deck is empty"
        return out

    # ------------------------------------------------------------------ places
    def my_colour(self, seat: int) -> str:
        return self.colours[self.seat_pos[seat]]

    def next_seat(self, seat: int) -> int:
        return self.pos_seat[(self.seat_pos[seat] + self.direction) % self.n]

    def find(self, base: str) -> tuple[str, dict[str, Any]]:
        """The area and pile whose base card is ``base``."""
        for colour, piles in self.areas.items():
            for p in piles:
                if p["card"] == base:
                    return colour, p
        raise AssertionError(f"script: no pile {base}")

    def totals(self) -> dict[str, int]:
        return {c: m.area_total(ps) for c, ps in self.areas.items()}

    def scores(self) -> list[int]:
        """score.seat and dummy.score, for the table as it lies now."""
        t = self.totals()
        out = []
        for s in range(self.n):
            v = t[self.my_colour(s)]
            if self.dummy and self.dummy_control == self.seat_pos[s]:
                v += t[self.dummy]
            out.append(v)
        return out

    # ------------------------------------------------------------------ setup
    def deal(self, given: dict[int, list[str]] | None = None, *,
             draws: tuple[str, ...] | list[str] = (),
             keep: tuple[str, ...] | list[str] = (),
             hold: tuple[str, ...] | list[str] = ()) -> int:
        """setup.deal: seat s gets ``given[s]`` and filler cards up to 8. ``draws``: the
        next turn draws (and Draw Three draws), in order, kept out of the hands; ``keep``:
        cards kept in the draw deck for later (drawn as filler only when nothing else is
        left); ``hold``: cards the quiet play keeps in hand as long as it can."""
        assert self.phase == "deal"
        given = {s: list(cs) for s, cs in (given or {}).items()}
        named = [c for cs in given.values() for c in cs] + list(draws) + list(keep)
        assert len(set(named)) == len(named), "script: a card named twice"
        assert all(c in self.index for c in named), "script: a card not in the deck"
        free = sorted((c for c in self.deck_list if c not in named),
                      key=lambda c: (filler_rank(c), self.index[c]))
        hands = []
        for s in range(self.n):
            h = list(given.get(s, []))
            assert len(h) <= 8
            while len(h) < 8:
                h.append(free.pop(0))
            hands.append(h)
        self.queue = list(draws)
        self.reserved = set(keep)
        self.hold = set(hold)
        idx = self._input({"type": "deal", "hands": [list(h) for h in hands]})
        for s, h in enumerate(hands):
            self.hands[s] = list(h)
            for c in h:
                self.stock.remove(c)
        self.start_turn(self.seat_pos[self.first])
        return idx

    def start_turn(self, pos: int) -> None:
        self.turn_no += 1
        self.turn_pos = pos
        self.active = self.pos_seat[pos]
        self.emit("turn", turn=self.turn_no, position=pos, seat=self.active,
                  direction=self.direction)
        self.phase = "draw"

    def draw(self, card: str | None = None) -> int:
        """turn.draw: the active seat draws ``card`` (default: the next filler card)."""
        assert self.phase == "draw", self.phase
        card = card or self.fillers(1)[0]
        if card in self.queue:
            self.queue.remove(card)
        assert card in self.stock, f"script: {card} is not in the draw deck"
        idx = self._input({"type": "draw", "seat": self.active, "cards": [card]})
        self.stock.remove(card)
        self.hands[self.active].append(card)
        if not self.stock:
            self.emit("deck_empty", seat=self.active)
        self.emit("window", kind="main", order=[self.active])
        self.window = {"kind": "main", "order": [self.active], "at": 0, "passes": 0}
        self.phase = "main"
        return idx

    # ------------------------------------------------------------------ windows
    def offered(self) -> int:
        """The seat whose input is due (main window, a window, a final turn, an effect)."""
        if self.phase in ("main", "window"):
            assert self.window is not None
            return int(self.window["order"][self.window["at"]])
        if self.phase == "final":
            assert self.final is not None
            return int(self.final["order"][self.final["at"] % self.n])
        if self.phase in ("random", "give"):
            assert self.pending is not None
            return int(self.pending["target"])
        return self.active

    def window_order(self) -> list[int]:
        """window.order: from the position after the active seat's, round to it."""
        ap = self.seat_pos[self.active]
        return [self.pos_seat[(ap + self.direction * k) % self.n] for k in range(1, self.n + 1)]

    def open_window(self, kind: str) -> None:
        order = self.window_order()
        self.emit("window", kind=kind, order=order)
        self.window = {"kind": kind, "order": order, "at": 0, "passes": 0}
        self.phase = "window"

    def pass_(self, seat: int | None = None) -> int:
        """pass_window by the seat offered (``seat`` asserted when given)."""
        who = self.offered()
        assert seat is None or seat == who, f"script: seat {who} is offered, not {seat}"
        assert self.phase in ("main", "window", "final"), self.phase
        if self.phase == "main":
            assert not self.playable_whites(who), "script: turn.white — a white card is due"
        idx = self._input({"type": "pass_window", "seat": who})
        if self.phase == "final":
            self.final_step(passed=True)
        elif self.phase == "main":
            self.emit("window_closed", kind="main")
            self.open_window("after")
        else:
            w = self.window
            assert w is not None
            w["passes"] += 1
            w["at"] = (w["at"] + 1) % self.n
            if w["passes"] == self.n:
                self.emit("window_closed", kind=w["kind"])
                self.window = None
                if w["kind"] == "before":
                    self.effect()
                else:
                    self.turn_end()
        return idx

    def pass_all(self) -> None:
        """Pass every offer until the current window (or the final round) closes."""
        assert self.phase in ("main", "window", "final")
        if self.phase == "main":
            self.pass_()
        kind = self.window["kind"] if self.window else "final"
        while (self.phase == "window" and self.window and self.window["kind"] == kind) or (
                kind == "final" and self.phase == "final"):
            self.pass_()

    def turn_end(self) -> None:
        """turn.end, turn.order, claim.last: the next position and direction; then the
        next turn or (deck empty) the final round (end.trigger, end.final_order)."""
        decided = None
        if self.claims:
            last = self.claims[-1]
            nxt = self.seat_pos[last["seat"]]
            revs = [c for c in self.claims if c["effect"] == "reverse"]
            flips = len(revs) if self.opts["reverse_stack"] == "each_reverses" else int(
                last["effect"] == "reverse")
            self.direction *= (-1) ** flips
            decided = last["card"]
        else:
            nxt = (self.turn_pos + self.direction) % self.n
        self.emit("turn_end", turn=self.turn_no, next_position=nxt,
                  next_seat=self.pos_seat[nxt], direction=self.direction, decided_by=decided)
        self.claims = []
        if self.stock:
            self.start_turn(nxt)
            return
        order = [self.pos_seat[(nxt + self.direction * k) % self.n] for k in range(self.n)]
        self.emit("final_round", order=order)
        self.final = {"order": order, "at": 0, "passes": 0}
        self.phase = "final"

    def final_step(self, passed: bool) -> None:
        """end.final_round: one offer done; the round ends after one lap (one_lap) or n
        passes in succession (until_passes)."""
        f = self.final
        assert f is not None
        f["at"] += 1
        f["passes"] = f["passes"] + 1 if passed else 0
        done = f["at"] == self.n if self.opts["final_round"] == "one_lap" else f["passes"] == self.n
        if done:
            self.game_end()

    def game_end(self) -> None:
        """end.discard_hands, then score.* into game_end."""
        hands = [self.sort(h) for h in self.hands]
        self.emit("hands_discarded", hands=hands)
        for h in hands:
            self.discard += h
        self.hands = [[] for _ in range(self.n)]
        scores = self.scores()
        ctrl = None if self.dummy_control is None else self.pos_seat[self.dummy_control]
        self.emit("game_end", scores=scores, places=m.places(scores, self.misere),
                  totals=self.totals(), positions=list(self.seat_pos), dummy_controller=ctrl,
                  turns=self.turn_no, areas=copy.deepcopy(self.areas), seed=self.seed)
        self.phase = "over"
