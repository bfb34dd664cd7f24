"""The game state and ``evolve``: applying one event (a fact) to a state.

Validation lives in ``decide``; applying an event only checks its sequence number
(pyeventsourcing's rule: the code that applies events re-runs on every replay, so it
stays lean). ``GameState.apply`` mutates in place (what ``fold`` uses, no copies in the
hot path); ``evolve`` is the pure form and returns a new state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .cards import (
    CARD_ID,
    CODE,
    FIELD_ID,
    SUIT,
    SUITS,
    VALUE,
    WRECKER,
    reward_pile,
    worker_cards,
)
from .errors import IllegalInputError
from .ruleset import Ruleset, ruleset_from_dict

Event = dict[str, Any]

# kinds of cellar card
WORKER, REWARD, STACK, STACK_TOP = 0, 1, 2, 3
KIND_NAMES = ("worker", "reward", "stack", "stack_top")

# phases: decisions the game awaits, or "setup"/"resolve" while consequences are due
PHASES = ("setup", "deal", "trump", "swap", "play", "assign", "resolve", "over")
JACK, QUEEN, KING = 11, 12, 13


class GameState:
    """The full state of one game (server side only: views are derived from it).

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
        "north_return", "exiled", "discarded", "year_tricks", "cellars", "next_stack",
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
        self.cellars = [[], [], [], []]
        self.next_stack = 0
        self.finished = False
        self.result = None

    # -- copying ---------------------------------------------------------------------
    def copy(self) -> GameState:
        """An independent copy (lists and sets copied; tuples and the ruleset shared)."""
        s = GameState.__new__(GameState)
        for name in (
            "ruleset", "opts", "seats", "first_planner", "seed_commitment", "seq", "year",
            "years", "planner", "famine", "phase", "to_move", "hand_size", "tricks_in_year",
            "trump", "wrecker_field", "leader", "tricks_played", "winner", "next_stack",
            "finished", "result",
        ):
            setattr(s, name, getattr(self, name))
        s.hands = [h[:] for h in self.hands]
        s.cellars = [c[:] for c in self.cellars]
        s.piles = [p[:] for p in self.piles]
        s.field_cards = [f[:] for f in self.field_cards]
        s.field_rewards = [f[:] for f in self.field_rewards]
        s.field_hours = self.field_hours[:]
        s.completed = self.completed[:]
        s.nom = dict(self.nom)
        s.deck = set(self.deck)
        s.trick = self.trick[:]
        s.medals_year = self.medals_year[:]
        s.medals_total = self.medals_total[:]
        s.medals_last_year = self.medals_last_year[:]
        s.stack_takers = self.stack_takers[:]
        s.swappers = self.swappers[:]
        s.swap_done = self.swap_done[:]
        s.north = self.north[:]
        s.north_return = self.north_return[:]
        s.exiled = self.exiled[:]
        s.year_tricks = self.year_tricks[:]
        s.discarded = self.discarded[:]
        return s

    def snapshot(self) -> dict[str, Any]:
        """Every field as plain data (for equality checks in tests and debugging)."""
        out: dict[str, Any] = {}
        for name in self.__slots__:
            v = getattr(self, name, None)
            if isinstance(v, set):
                v = sorted(v)
            elif name == "ruleset":
                v = v.to_dict() if v is not None else None
            out[name] = v
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

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

    # -- evolve ----------------------------------------------------------------------
    def apply(self, ev: Event) -> GameState:
        """Apply one event in place (evolve); checks only that ``ev["seq"]`` is the next seq.

        Raises IllegalInputError(code ``bad_sequence``) on a seq gap or repeat.
        """
        if ev["seq"] != self.seq:
            raise IllegalInputError(
                "bad_sequence", f"event seq {ev['seq']} applied at seq {self.seq}", None
            )
        _APPLY[ev["type"]](self, ev)
        self.seq += 1
        return self

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


def _apply_game(s: GameState, ev: Event) -> None:
    rs = ruleset_from_dict(ev["ruleset"])
    seq = s.seq
    GameState.__init__(s)  # everything empty, as before any event
    s.seq = seq
    s.ruleset = rs
    s.opts = rs.options
    s.seats = list(ev["seats"])
    s.first_planner = ev["first_planner"]
    s.seed_commitment = ev.get("seed_commitment")
    s.years = rs.options["years"]
    s.planner = (ev["first_planner"] - 1) % 4  # the first ``year`` event passes it left
    s.deck = set(worker_cards(rs.options["deck"], rs.options["wrecker"]))
    if rs.has_rewards:
        s.piles = [reward_pile(f) for f in range(4)]


def _apply_year(s: GameState, ev: Event) -> None:
    s.year = ev["year"]
    s.planner = ev["planner"]
    s.famine = ev["famine"]
    s.phase = "deal"
    s.to_move = None
    s.trump = None
    s.hand_size = 0
    s.tricks_in_year = 0
    s.tricks_played = 0
    s.trick = []
    s.winner = -1
    s.nom = {}
    s.wrecker_field = -1
    s.completed = [False, False, False, False]
    s.field_hours = [0, 0, 0, 0]
    s.medals_year = [0, 0, 0, 0]
    s.stack_takers = [False, False, False, False]
    s.swappers = []
    s.swap_done = [False, False, False, False]
    s.year_tricks = []


def _apply_deal(s: GameState, ev: Event) -> None:
    hands = [[CARD_ID[c] for c in h] for h in ev["hands"]]
    s.hands = hands
    deck = s.deck
    for hand in hands:
        deck.difference_update(hand)
    size = len(hands[0])
    s.hand_size = size
    s.tricks_in_year = size - 1 if size > 1 else 0
    jobs = ev.get("jobs")
    if jobs:
        for f in range(4):  # field order, whatever the key order of ``jobs`` (x.key_order)
            code = jobs.get(SUITS[f])
            if code is None:
                continue
            c = CARD_ID[code]
            s.piles[f].remove(c)
            s.field_rewards[f].append(c)
    if s.famine:
        s._enter_swap_or_play()
    else:
        s.phase = "trump"
        s.to_move = s.planner if s.opts["trump_selection"] == "planner" else None


def _apply_trump(s: GameState, ev: Event) -> None:
    s.trump = FIELD_ID[ev["suit"]]
    s._enter_swap_or_play()


def _apply_swap(s: GameState, ev: Event) -> None:
    seat = ev["seat"]
    s.swap_done[seat] = True
    if not ev.get("pass"):
        hc = CARD_ID[ev["hand"]]
        cc = CARD_ID[ev["cellar"]]
        hand = s.hands[seat]
        hand[hand.index(hc)] = cc
        cellar = s.cellars[seat]
        for i, entry in enumerate(cellar):
            if entry[0] == cc:
                # swap.buried: the hand card goes in face-down, whatever the slot was
                cellar[i] = (hc, True, WORKER, -1)
                break
    for nxt in s.swappers:
        if not s.swap_done[nxt]:
            s.to_move = nxt
            return
    s._enter_play()


def _apply_play(s: GameState, ev: Event) -> None:
    c = CARD_ID[ev["card"]]
    s.hands[ev["seat"]].remove(c)
    s.trick.append(c)
    if len(s.trick) == 4:
        s.phase = "resolve"
        s.to_move = None
    else:
        s.to_move = (ev["seat"] + 1) % 4


def _apply_trick(s: GameState, ev: Event) -> None:
    w = ev["winner"]
    s.year_tricks.append((ev["leader"], tuple(s.trick), w))
    s.winner = w
    s.medals_year[w] += 1
    s.medals_total[w] += 1
    s.phase = "assign"
    s.to_move = w


def _apply_assign(s: GameState, ev: Event) -> None:
    # x.key_order: the trick's cards go to their fields in play order (the ``trick``
    # event's), never in the key order of ``cards``, which a store may change (PostgreSQL's
    # jsonb sorts keys): a field's cards, and so a 36-card Orden stack, its ``farmed``
    # rewards and the cellar, are the same however the stored log lists them.
    cards = ev["cards"]
    for c in s.trick:
        f = FIELD_ID[cards[CODE[c]]]
        s.field_cards[f].append(c)
        s.field_hours[f] += s.hours_of(c)
        if c == WRECKER:
            s.wrecker_field = f
        elif s.nom_role(c):
            s.nom[c] = f
    s.trick = []
    s.tricks_played += 1
    w = ev["seat"]
    if s.tricks_played >= s.tricks_in_year:
        s.phase = "resolve"
        s.to_move = None
    else:
        s.phase = "play"
        s.leader = w
        s.to_move = w


def _apply_farmed(s: GameState, ev: Event) -> None:
    f = FIELD_ID[ev["field"]]
    seat = ev["seat"]
    s.completed[f] = True
    if s.ruleset.k36_orden:
        # k36.orden: every worker on the field goes into the completer's cellar as a stack
        cards = s.field_cards[f]
        top = min(cards, key=lambda c: (VALUE[c], SUIT[c]))
        sid = s.next_stack
        s.next_stack += 1
        for c in cards:
            if c == top:
                s.cellars[seat].append((c, False, STACK_TOP, sid))
            else:
                s.cellars[seat].append((c, True, STACK, sid))
        s.field_cards[f] = []
        s.stack_takers[seat] = True
    else:
        for code in ev["rewards"]:
            c = CARD_ID[code]
            s.field_rewards[f].remove(c)
            s.cellars[seat].append((c, False, REWARD, -1))


def _apply_pocket(s: GameState, ev: Event) -> None:
    seat = ev["seat"]
    c = CARD_ID[ev["card"]]
    s.hands[seat].remove(c)
    s.cellars[seat].append((c, True, WORKER, -1))


def _apply_requisition(s: GameState, ev: Event) -> None:
    pass


def _apply_revealed(s: GameState, ev: Event) -> None:
    c = CARD_ID[ev["card"]]
    cellar = s.cellars[ev["seat"]]
    for i, entry in enumerate(cellar):
        if entry[0] == c:
            cellar[i] = (c, False, entry[2], entry[3])
            return


def _apply_north(s: GameState, ev: Event) -> None:
    c = CARD_ID[ev["card"]]
    seat = ev["seat"]
    if seat is None:
        f = FIELD_ID[ev["field"]]
        s.field_cards[f].remove(c)
    else:
        cellar = s.cellars[seat]
        for i, entry in enumerate(cellar):
            if entry[0] == c:
                del cellar[i]
                break
    s.north.append(c)
    s.exiled.append(c)
    if s.ruleset.k36_orden or (c == WRECKER and s.opts["wrecker_returns"]):
        s.north_return.append(c)


def _apply_year_end(s: GameState, ev: Event) -> None:
    deck = s.deck
    for f in range(4):
        deck.update(s.field_cards[f])
        s.field_cards[f] = []
    for code in ev["discarded"]:
        c = CARD_ID[code]
        for f in range(4):
            if c in s.field_rewards[f]:
                s.field_rewards[f].remove(c)
                break
        s.discarded.append(c)
    returned = {CARD_ID[code] for code in ev["returned"]}
    for seat in range(4):
        kept = []
        for entry in s.cellars[seat]:
            if entry[2] == STACK:
                continue  # k36.orden: the stack goes back to the deck
            if entry[2] == STACK_TOP:
                entry = (entry[0], False, WORKER, -1)
            kept.append(entry)
        s.cellars[seat] = kept
    deck.update(returned)
    s.exiled = [c for c in s.exiled if c not in returned]
    s.north_return = []
    s.medals_last_year = s.medals_year[:]
    s.medals_year = [0, 0, 0, 0]
    s.year_tricks = []  # the year's cards are back in the deck
    s.trump = None
    s.phase = "setup"
    s.to_move = None


def _apply_game_end(s: GameState, ev: Event) -> None:
    s.finished = True
    s.phase = "over"
    s.to_move = None
    s.result = ev


def _apply_noop(s: GameState, ev: Event) -> None:
    """Events after ``game_end`` (an arbiter's compensating events) change no play state."""


_APPLY = {
    "game": _apply_game,
    "year": _apply_year,
    "deal": _apply_deal,
    "trump": _apply_trump,
    "swap": _apply_swap,
    "play": _apply_play,
    "trick": _apply_trick,
    "assign": _apply_assign,
    "farmed": _apply_farmed,
    "pocket": _apply_pocket,
    "requisition": _apply_requisition,
    "revealed": _apply_revealed,
    "north": _apply_north,
    "year_end": _apply_year_end,
    "game_end": _apply_game_end,
}


def register_event_type(name: str) -> None:
    """Register an event type that carries no play state (e.g. an arbiter's
    ``result_adjusted`` after ``game_end``), so that folds accept it."""
    _APPLY.setdefault(name, _apply_noop)


for _name in ("result_adjusted", "game_voided", "ruling"):
    register_event_type(_name)


def evolve(state: GameState, event: Event) -> GameState:
    """Pure evolve: a new state with ``event`` applied; ``state`` is unchanged."""
    return state.copy().apply(event)


def fold(events: Iterable[Event]) -> GameState:
    """The state after all ``events`` (applied in place on one fresh state)."""
    s = GameState()
    for ev in events:
        s.apply(ev)
    return s


def replay(events: Iterable[Event]) -> Iterator[GameState]:
    """Yield an independent copy of the state after every event (for frames and audits)."""
    s = GameState()
    for ev in events:
        s.apply(ev)
        yield s.copy()
