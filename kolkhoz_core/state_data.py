"""The game state's data (``state.GameState``): its fields and their fresh values, the
kinds of cellar card and the phases, the questions the rules ask of a state (seat
order, the cellar cards a swap may take, a court card's Nomenklatura role, the hours
a card works) and the phase a year enters after its trump or its swaps.
``GameState`` adds copying, comparing and applying events (``appliers``).
"""

from __future__ import annotations

from typing import Any

from .cards import SUIT, VALUE, WRECKER
from .ruleset import Ruleset

Event = dict[str, Any]

# kinds of cellar card
WORKER, REWARD, STACK, STACK_TOP = 0, 1, 2, 3
KIND_NAMES = ("worker", "reward", "stack", "stack_top")

# phases: decisions the game awaits, or "setup"/"resolve" while consequences are due
PHASES = ("setup", "deal", "trump", "swap", "play", "assign", "resolve", "over")
JACK, QUEEN, KING = 11, 12, 13


class StateData:
    """The fields of one game's full state (server side only: views are derived from
    it) and the rules' questions about them; ``state.GameState`` is the state itself.

    Cellar entries are tuples ``(card, hidden, kind, stack)``; ``stack`` numbers a
    36-card Orden stack (-1 otherwise). Cards are ints (see ``cards``).
    """

    __slots__ = (
        "ruleset", "opts", "seats", "first_planner", "seed_commitment", "seq",
        "year", "years", "planner", "famine", "phase", "to_move",
        "hands", "hand_size", "tricks_in_year", "trump", "deck", "piles",
        "field_cards", "field_hours", "field_rewards", "completed", "nom", "wrecker_field",
        "trick", "leader", "tricks_played", "winner", "medals_year", "medals_total",
        "medals_last_year", "stack_takers", "swappers", "swap_done", "north",
        "north_return", "exiled", "discarded", "year_tricks", "year_swaps", "cellars", "next_stack",
        "finished", "result",
    )

    ruleset: Ruleset
    opts: dict[str, Any]
    seats: list[str]
    first_planner: int
    seed_commitment: str | None
    seq: int
    year: int
    years: int
    planner: int
    famine: bool
    phase: str
    to_move: int | None
    hands: list[list[int]]
    hand_size: int
    tricks_in_year: int
    trump: int | None
    deck: set[int]
    piles: list[list[int]]
    field_cards: list[list[int]]
    field_hours: list[int]
    field_rewards: list[list[int]]
    completed: list[bool]
    nom: dict[int, int]
    wrecker_field: int
    trick: list[int]
    leader: int
    tricks_played: int
    winner: int
    medals_year: list[int]
    medals_total: list[int]
    medals_last_year: list[int]
    stack_takers: list[bool]
    swappers: list[int]
    swap_done: list[bool]
    north: list[int]
    north_return: list[int]
    exiled: list[int]
    year_tricks: list[tuple[int, tuple[int, ...], int]]
    #: this year's exchanges (swap): (seat, the face-up cellar card taken into the hand,
    #: or -1 when the card taken was hidden) — what the table is told
    year_swaps: list[tuple[int, int]]
    discarded: list[int]
    cellars: list[list[tuple[int, bool, int, int]]]
    next_stack: int
    finished: bool
    result: Event | None

    def __init__(self) -> None:
        """A fresh state, before the ``game`` event: empty everywhere."""
        self.ruleset = None  # type: ignore[assignment]
        self.opts = {}
        self.seats = []
        self.first_planner = 0
        self.seed_commitment = None
        self.seq = 0
        self.year = 0
        self.years = 0
        self.planner = 0
        self.famine = False
        self.phase = "setup"
        self.to_move = None
        self.hands = [[], [], [], []]
        self.hand_size = 0
        self.tricks_in_year = 0
        self.trump = None
        self.deck = set()
        self.piles = [[], [], [], []]
        self.field_cards = [[], [], [], []]
        self.field_hours = [0, 0, 0, 0]
        self.field_rewards = [[], [], [], []]
        self.completed = [False, False, False, False]
        self.nom = {}
        self.wrecker_field = -1
        self.trick = []
        self.leader = 0
        self.tricks_played = 0
        self.winner = -1
        self.medals_year = [0, 0, 0, 0]
        self.medals_total = [0, 0, 0, 0]
        self.medals_last_year = [0, 0, 0, 0]
        self.stack_takers = [False, False, False, False]
        self.swappers = []
        self.swap_done = [False, False, False, False]
        self.north = []
        self.north_return = []
        self.exiled = []
        self.discarded = []
        self.year_tricks = []
        self.year_swaps = []
        self.cellars = [[], [], [], []]
        self.next_stack = 0
        self.finished = False
        self.result = None

    # -- helpers ---------------------------------------------------------------------
    def seat_order(self) -> list[int]:
        """Seats in turn order starting with the planner."""
        p = self.planner
        return [p, (p + 1) % 4, (p + 2) % 4, (p + 3) % 4]

    def eligible_cellar(self, seat: int) -> list[int]:
        """Cellar cards ``seat`` may take in a swap under ``swap_scope`` (swap.scope)."""
        scope = self.opts["swap_scope"]
        out = []
        for c, hidden, kind, _ in self.cellars[seat]:
            if scope == "hidden" and not hidden:
                continue
            if scope == "workers" and kind == REWARD:
                continue
            out.append(c)
        return out

    def nom_role(self, c: int) -> int:
        """JACK/QUEEN/KING when ``c`` is a trump court card acting under nom.*, else 0."""
        if not self.opts["nomenklatura"] or self.trump is None or c == WRECKER:
            return 0
        if SUIT[c] != self.trump:
            return 0
        v = VALUE[c]
        return v if v >= JACK else 0

    def hours_of(self, c: int) -> int:
        """Hours a card contributes on a field (card.value; nom.drunkard: trump Jack 0)."""
        if self.nom_role(c) == JACK:
            return 0
        return VALUE[c]

    # phase entry helpers (shared by several events)
    def _enter_swap_or_play(self) -> None:
        if self.opts["swap"] and self.year >= 2:
            order = []
            for seat in self.seat_order():
                if self.hands[seat] and self.eligible_cellar(seat):
                    order.append(seat)
            self.swappers = order
            self.swap_done = [False, False, False, False]
            if order:
                self.phase = "swap"
                self.to_move = order[0]
                return
        self._enter_play()

    def _enter_play(self) -> None:
        if self.tricks_in_year > 0:
            self.phase = "play"
            lead = self.planner
            if self.opts["first_lead"] == "left_of_planner":
                lead = (lead + 1) % 4
            self.leader = lead
            self.to_move = lead
        else:
            self.phase = "resolve"
            self.to_move = None
