"""The state a Gong Zhu log folds into, and ``apply``: one event applied in place.

``evolve`` (``game.py``) copies a state and applies an event to the copy; ``fold``
applies a whole log to one state. The state never validates: ``decide`` does.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .cards import DOUBLER, PIG, SCORING, suit
from .ruleset import Ruleset, from_json

#: seat -> the seat that receives its pass, by direction (pass.direction)
OFFSET = {"left": 1, "right": 3, "across": 2}


@dataclass
class GameState:
    """Everything about a game at one point of its log (hidden facts included)."""

    seq: int = 0
    ruleset: Ruleset | None = None
    seats: list[str] = field(default_factory=list)
    first_dealer: int = 0
    seed_commitment: str | None = None
    # the round
    round: int = 0
    dealer: int | None = None
    pass_to: str | None = None
    phase: str = "setup"  # setup | deal | pass | expose | play | over
    hands: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    dealt: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    passes: list[list[str] | None] = field(default_factory=lambda: [None] * 4)
    received: list[list[str] | None] = field(default_factory=lambda: [None] * 4)
    exposers: list[int] = field(default_factory=list)  # seats due to expose, in order
    exposes_made: int = 0
    exposed: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    leader: int | None = None
    trick_cards: list[str] = field(default_factory=list)
    tricks_played: int = 0
    suits_led: set[str] = field(default_factory=set)
    voids: list[set[str]] = field(default_factory=lambda: [set(), set(), set(), set()])
    played: list[str] = field(default_factory=list)  # every card played this round, in order
    hearts_broken: bool = False
    taken: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    last_trick: dict[str, Any] | None = None
    pig_taker: int | None = None  # who took the pig this round (trick.lead: pig_taker)
    prev_pig_taker: int | None = None
    # the match
    totals: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    history: list[list[int]] = field(default_factory=list)
    played_on: bool = False  # game.tie: play_on kept the game going at least once
    finished: bool = False
    result: dict[str, Any] | None = None

    @property
    def rs(self) -> Ruleset:
        """The game's ruleset (set by the ``game`` event)."""
        assert self.ruleset is not None, "no game event folded yet"
        return self.ruleset

    def copy(self) -> GameState:
        """An independent copy (the lists copied, the ruleset shared: it is frozen)."""
        new = copy.copy(self)
        for name in ("hands", "dealt", "exposed", "taken"):
            setattr(new, name, [list(x) for x in getattr(self, name)])
        new.passes = [None if p is None else list(p) for p in self.passes]
        new.received = [None if p is None else list(p) for p in self.received]
        new.exposers = list(self.exposers)
        new.trick_cards = list(self.trick_cards)
        new.suits_led = set(self.suits_led)
        new.voids = [set(v) for v in self.voids]
        new.played = list(self.played)
        new.totals = list(self.totals)
        new.history = [list(h) for h in self.history]
        return new

    def to_move(self) -> int | None:
        """The seat due to decide now (pass, expose or play), or None (a deal is due,
        the game is over)."""
        if self.phase == "pass":
            return (self.dealer_or0 + 1 + sum(p is not None for p in self.passes)) % 4
        if self.phase == "expose":
            return self.exposers[self.exposes_made]
        if self.phase == "play":
            assert self.leader is not None
            return (self.leader + len(self.trick_cards)) % 4
        return None

    @property
    def dealer_or0(self) -> int:
        return 0 if self.dealer is None else self.dealer


def exposable(card: str, rs: Ruleset) -> bool:
    """Whether ``card`` may be exposed (expose.cards)."""
    return card in ({"AH", PIG, "JD", DOUBLER} if rs.expose_cards == "four" else SCORING)


def _after_hands_settled(s: GameState) -> None:
    """After the deal (no passing) or the exchange: the exposing decisions due, else
    play (expose.when, trick.lead)."""
    rs = s.rs
    if rs.exposing:
        order = [(s.dealer_or0 + 1 + k) % 4 for k in range(4)]
        s.exposers = [seat for seat in order if any(exposable(c, rs) for c in s.hands[seat])]
        s.exposes_made = 0
        if s.exposers:
            s.phase = "expose"
            return
    _start_play(s)


def first_leader(s: GameState) -> int:
    """The leader of the round's first trick (trick.lead)."""
    if s.rs.first_lead == "pig_taker":
        if s.round == 1 or s.prev_pig_taker is None:
            return next(seat for seat in range(4) if "2S" in s.hands[seat])
        return s.prev_pig_taker
    return (s.dealer_or0 + 1) % 4


def _start_play(s: GameState) -> None:
    s.phase = "play"
    s.leader = first_leader(s)


def apply(s: GameState, e: dict[str, Any]) -> None:
    """Apply event ``e`` to ``s`` in place (no validation) and advance ``seq``."""
    t = e["type"]
    if t == "game":
        s.ruleset = from_json(e["ruleset"])
        s.seats = list(e["seats"])
        s.first_dealer = e["first_dealer"]
        s.seed_commitment = e.get("seed_commitment")
    elif t == "round":
        s.round, s.dealer, s.pass_to = e["round"], e["dealer"], e.get("pass_to")
        s.phase = "deal"
        s.hands = [[], [], [], []]
        s.dealt = [[], [], [], []]
        s.passes, s.received = [None] * 4, [None] * 4
        s.exposers, s.exposes_made = [], 0
        s.exposed = [[], [], [], []]
        s.leader, s.trick_cards, s.tricks_played = None, [], 0
        s.suits_led, s.hearts_broken = set(), False
        s.voids = [set(), set(), set(), set()]
        s.played = []
        s.taken, s.last_trick = [[], [], [], []], None
        s.prev_pig_taker, s.pig_taker = s.pig_taker, None
    elif t == "deal":
        s.hands = [list(h) for h in e["hands"]]
        s.dealt = [list(h) for h in e["hands"]]
        if s.pass_to is not None:
            s.phase = "pass"
        else:
            _after_hands_settled(s)
    elif t == "pass":
        s.passes[e["seat"]] = list(e["cards"])
    elif t == "exchange":
        for seat in range(4):
            passed = s.passes[seat] or []
            s.hands[seat] = [c for c in s.hands[seat] if c not in passed]
        for seat, got in enumerate(e["received"]):
            s.received[seat] = list(got)
            s.hands[seat].extend(got)
        _after_hands_settled(s)
    elif t == "expose":
        s.exposed[e["seat"]] = list(e["cards"])
        s.exposes_made += 1
        if s.exposes_made >= len(s.exposers):
            _start_play(s)
    elif t == "play":
        if s.trick_cards and suit(e["card"]) != suit(s.trick_cards[0]):
            s.voids[e["seat"]].add(suit(s.trick_cards[0]))  # public: it did not follow
        s.hands[e["seat"]].remove(e["card"])
        s.trick_cards.append(e["card"])
        s.played.append(e["card"])
    elif t == "trick":
        winner = e["winner"]
        s.taken[winner].extend(e["scoring"])
        if PIG in e["cards"]:
            s.pig_taker = winner
        s.suits_led.add(e["lead_suit"])
        if any(suit(c) == "H" for c in e["cards"]):
            s.hearts_broken = True
        s.tricks_played = e["trick"]
        s.leader, s.trick_cards = winner, []
        s.last_trick = {k: e[k] for k in ("trick", "leader", "winner", "cards", "scoring")}
    elif t == "round_end":
        s.totals = list(e["totals"])
        s.history.append(list(e["points"]))
        s.phase = "between"
        s.leader = None
    elif t == "game_end":
        s.finished, s.result, s.phase = True, dict(e), "over"
        s.leader = None
    s.seq += 1
    if t == "round" and s.ruleset is not None and s.rs.top_tie == "play_on":
        # a new round after one whose totals reached the end score: play_on applied
        if s.history and any(x <= s.rs.end_score for x in s.totals):
            s.played_on = True
