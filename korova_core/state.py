"""The state a Korova log folds into, and ``apply``: one event applied in place (no
validation; ``decide`` validates)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .ruleset import Ruleset, build_ruleset


@dataclass
class GameState:
    """Everything about a game at one point of its log (hidden facts included)."""

    seq: int = 0
    ruleset: Ruleset | None = None
    seats: list[str] = field(default_factory=list)
    seed_commitment: str | None = None
    round: int = 0
    turn: int = 0
    phase: str = "setup"  # setup | deal | draft | choose | take_row | between | over
    hands: list[list[int]] = field(default_factory=list)
    turn_hands: list[list[int]] = field(default_factory=list)  # hands as the turn began
    rows: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    chosen: dict[int, int] = field(default_factory=dict)  # seat -> card, this turn
    reveal: dict[str, Any] | None = None  # this turn's reveal event
    # the turn before's reveal, kept through this turn's choices (what the table just saw)
    last_reveal: dict[str, Any] | None = None
    low: dict[str, Any] | None = None  # the low card awaiting its row choice
    placed: int = 0  # cards of this turn placed so far
    draft: dict[str, Any] | None = None  # {"cards", "first", "order", "picks"}
    piles: list[list[int]] = field(default_factory=list)
    penalties: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    history: list[list[int]] = field(default_factory=list)
    played_on: bool = False
    finished: bool = False
    result: dict[str, Any] | None = None

    @property
    def n(self) -> int:
        """The number of seats."""
        return len(self.seats)

    @property
    def rs(self) -> Ruleset:
        assert self.ruleset is not None, "no game event folded yet"
        return self.ruleset

    def copy(self) -> GameState:
        """An independent copy."""
        new = copy.copy(self)
        new.hands = [list(h) for h in self.hands]
        new.turn_hands = [list(h) for h in self.turn_hands]
        new.rows = [list(r) for r in self.rows]
        new.chosen = dict(self.chosen)
        new.draft = None if self.draft is None else {**self.draft,
                                                     "cards": list(self.draft["cards"])}
        new.piles = [list(p) for p in self.piles]
        new.penalties = list(self.penalties)
        new.scores = list(self.scores)
        new.history = [list(h) for h in self.history]
        return new

    def drafter(self) -> int | None:
        """The seat whose draft pick is due (tactical.draft), or None."""
        if self.phase != "draft" or self.draft is None:
            return None
        n, k, f = self.n, int(self.draft["picks"]), int(self.draft["first"])
        if self.draft["order"] == "snake":
            lap, pos = divmod(k, n)
            step = pos if lap % 2 == 0 else n - 1 - pos
            return (f + step) % n
        return (f + k) % n

    def may_act(self) -> frozenset[int]:
        """The seats that may submit an input now."""
        if self.phase == "choose":
            return frozenset(s for s in range(self.n) if s not in self.chosen)
        if self.phase == "take_row" and self.low is not None:
            return frozenset({self.low["seat"]})
        seat = self.drafter()
        return frozenset() if seat is None else frozenset({seat})


def apply(s: GameState, e: dict[str, Any]) -> None:
    """Apply event ``e`` to ``s`` in place and advance ``seq``."""
    t = e["type"]
    if t == "game":
        s.ruleset = build_ruleset({"preset": e["ruleset"].get("preset"),
                                   "options": e["ruleset"].get("options") or {}})
        s.seats = list(e["seats"])
        s.seed_commitment = e.get("seed_commitment")
        s.scores = [0] * s.n
        s.hands = [[] for _ in range(s.n)]
        s.turn_hands = [[] for _ in range(s.n)]
        s.piles = [[] for _ in range(s.n)]
        s.penalties = [0] * s.n
    elif t == "round":
        if s.history and max(s.scores) >= s.rs.threshold:
            s.played_on = True  # game.places: play_on kept the game going
        s.round, s.turn = e["round"], 0
        s.hands = [[] for _ in range(s.n)]
        s.turn_hands = [[] for _ in range(s.n)]
        s.rows = [[], [], [], []]
        s.piles = [[] for _ in range(s.n)]
        s.penalties = [0] * s.n
        s.chosen, s.reveal, s.low, s.draft = {}, None, None, None
        s.last_reveal = None
        s.phase = "draft" if s.rs.tactical else "deal"
    elif t == "deal":
        s.hands = [sorted(h) for h in e["hands"]]
    elif t == "draft":
        s.draft = {"cards": list(e["cards"]), "first": e["first"], "order": e["order"],
                   "picks": 0}
    elif t == "pick":
        assert s.draft is not None
        s.draft["cards"].remove(e["card"])
        s.draft["picks"] += 1
        s.hands[e["seat"]] = sorted([*s.hands[e["seat"]], e["card"]])
    elif t == "rows":
        s.rows = [[c] for c in e["rows"]]
        s.phase = "between"
        if s.draft is not None:
            s.draft = {**s.draft, "cards": []}
    elif t == "turn":
        s.turn = e["turn"]
        s.last_reveal = s.reveal
        s.chosen, s.reveal, s.low, s.placed = {}, None, None, 0
        s.turn_hands = [list(h) for h in s.hands]
        s.phase = "choose"
    elif t == "choose":
        s.chosen[e["seat"]] = e["card"]
        s.hands[e["seat"]].remove(e["card"])
    elif t == "reveal":
        s.reveal = dict(e)
        s.phase = "between"
    elif t == "low_card":
        s.low = {"seat": e["seat"], "card": e["card"]}
        s.phase = "take_row"
    elif t == "take_row":
        s.phase = "between"
    elif t == "place":
        s.rows[e["row"]].append(e["card"])
        s.placed += 1
    elif t == "take":
        s.piles[e["seat"]].extend(e["cards"])
        s.penalties[e["seat"]] += e["penalty"]
        s.rows[e["row"]] = [e["card"]]
        s.placed += 1
        s.low = None
    elif t == "round_end":
        s.scores = list(e["scores"])
        s.history.append(list(e["penalties"]))
        s.phase = "between"
    elif t == "game_end":
        s.finished, s.result, s.phase = True, dict(e), "over"
    s.seq += 1
