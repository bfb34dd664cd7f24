"""The board of ``YearSim`` (``bots.sim``): the year's state as ints and small lists,
the rule flags of the ruleset, and the questions the rules ask of it (what may be
played, which fields a trick may go to, who wins a trick, which cellar cards may be
swapped). ``YearEnd`` (``bots.sim_year_end``) adds the year's end and its outcome,
``YearSim`` the moves.
"""

from __future__ import annotations

from typing import Any

from ..cards import SUIT, VALUE, WRECKER
from ..state import JACK, REWARD

TRUMP, SWAP, PLAY, ASSIGN, DONE = 0, 1, 2, 3, 4
PHASE_ID = {"trump": TRUMP, "swap": SWAP, "play": PLAY, "assign": ASSIGN}

Entry = tuple[int, bool, int]  # cellar entry: (card, hidden, kind)


class YearBoard:
    """The state of the rest of one year. Seats 0..3; cards are ints (``cards``)."""

    __slots__ = (
        "opts", "nomen_opt", "stakh", "everyone", "mice", "k36o", "stack_vuln",
        "hidden_first", "has_rewards", "northern", "scope", "medals_opt", "tb_game",
        "first_left", "final", "years_left", "swap_on", "planner", "famine",
        "trump", "phase", "to_move", "hands", "cellars", "field_hours", "field_cards",
        "field_rewards", "completed", "nom", "wrecker_field", "trick", "leader", "winner",
        "tricks_played", "tricks_in_year", "medals_year", "medals_total",
        "medals_last_year", "stack_takers", "swappers", "swap_i",
    )

    opts: dict[str, Any]
    nomen_opt: bool
    stakh: bool
    everyone: bool
    mice: bool
    k36o: bool
    stack_vuln: bool
    hidden_first: bool
    has_rewards: bool
    northern: bool
    scope: str
    medals_opt: bool
    tb_game: bool
    first_left: bool
    final: bool
    years_left: int
    swap_on: bool
    planner: int
    famine: bool
    trump: int | None
    phase: int
    to_move: int
    hands: list[list[int]]
    cellars: list[list[Entry]]
    field_hours: list[int]
    field_cards: list[list[int]]
    field_rewards: list[list[int]]
    completed: list[bool]
    nom: dict[int, int]
    wrecker_field: int
    trick: list[int]
    leader: int
    winner: int
    tricks_played: int
    tricks_in_year: int
    medals_year: list[int]
    medals_total: list[int]
    medals_last_year: list[int]
    stack_takers: list[bool]
    swappers: list[int]
    swap_i: int

    def set_rules(self, opts: dict[str, Any], year: int, years: int) -> None:
        """The ruleset's flags (fixed for the year)."""
        self.opts = opts
        self.nomen_opt = bool(opts["nomenklatura"])
        self.stakh = bool(opts["stakh"])
        self.everyone = bool(opts["northern"] or opts["mice"])
        self.mice = bool(opts["mice"])
        self.northern = bool(opts["northern"])
        self.k36o = bool(opts["deck"] == 36 and opts["orden"])
        self.stack_vuln = self.k36o and opts["k36_vulnerable"] == "stack_takers"
        self.hidden_first = opts["reveal"] == "highest_hidden"
        self.has_rewards = bool(opts["deck"] == 52 and not opts["northern"])
        self.scope = opts["swap_scope"]
        self.medals_opt = bool(opts["medals"])
        self.tb_game = opts["tiebreak_medals"] == "game"
        self.first_left = opts["first_lead"] == "left_of_planner"
        self.final = year >= years
        self.years_left = years - year
        self.swap_on = bool(opts["swap"]) and year >= 2

    # -- rules ------------------------------------------------------------------------
    def nom_role(self, c: int) -> int:
        if not self.nomen_opt or self.trump is None or c == WRECKER or SUIT[c] != self.trump:
            return 0
        v = VALUE[c]
        return v if v >= JACK else 0

    def legal_plays(self) -> list[int]:
        hand = self.hands[self.to_move]
        trick = self.trick
        if not trick or trick[0] == WRECKER:
            return hand
        ls = SUIT[trick[0]]
        out = [c for c in hand if c == WRECKER or SUIT[c] == ls]
        return out if out else hand

    def targets(self) -> list[int]:
        trick = self.trick
        if WRECKER in trick:
            return [0, 1, 2, 3]
        return sorted({SUIT[c] for c in trick})

    def eligible_cellar(self, seat: int) -> list[int]:
        scope = self.scope
        out = []
        for c, hidden, kind in self.cellars[seat]:
            if scope == "hidden" and not hidden:
                continue
            if scope == "workers" and kind == REWARD:
                continue
            out.append(c)
        return out

    def trick_winner(self, cards: list[int], leader: int) -> int:
        if WRECKER in cards:
            return (leader + cards.index(WRECKER)) % 4
        trump = self.trump
        best = -1
        bv = -1
        if trump is not None:
            for i, c in enumerate(cards):
                if SUIT[c] == trump and VALUE[c] > bv:
                    best, bv = i, VALUE[c]
        if best < 0:
            ls = SUIT[cards[0]]
            for i, c in enumerate(cards):
                if SUIT[c] == ls and VALUE[c] > bv:
                    best, bv = i, VALUE[c]
        return (leader + best) % 4
