"""Test-side builders for the Gong Zhu clause tests (tests/gongzhu/).

A test writes its *given* as a ``gongzhu-record/1`` document (RECORD_FORMAT.md) built
with :class:`Game`, its *when* as ``adjudicate`` (:func:`run`, :func:`run_partial`,
:func:`error_of`) and its *then* as assertions on the events (:func:`of`, :func:`one`).

``Game.round`` writes one whole round: the deal (explicit ``hands``, or ``given`` cards
per seat plus the cards of the scripted ``tricks``, the rest filled), the passes and
the exposures the ruleset makes due, the scripted tricks (each four cards in play order
from the current leader) and then, with ``play_out``, the remaining tricks by a simple
follow-suit policy of this module's own. The builder keeps its own model of the round
(hands, leader, winners, cards taken, hearts broken, exposed cards held back) written
from RULINGS.md, independent of the engine, and refuses a script that breaks a rule, so
that a mistake in a test record is reported as such and never passes for an engine bug.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import gongzhu_core

from .deals import DECK, SUITS, fill_deal, rank, suit

HEARTS = [c for c in DECK if suit(c) == "H"]
SCORING = frozenset(HEARTS) | {"QS", "JD", "10C"}
FOUR = frozenset({"AH", "QS", "JD", "10C"})
SEATS = ["Ann", "Bo", "Chen", "Dai"]
FORMAT = "gongzhu-record/1"
DEFAULTS: dict[str, Any] = {
    "end_score": -1000, "passing": False, "pass_to": "left", "exposing": False,
    "expose_cards": "any", "expose_hold": False, "all_at_once": False, "sweep_score": 800,
    "ten_alone": "strict", "moon_pig": "stays", "hearts_broken": False,
    "first_lead": "left_of_dealer", "top_tie": "share",
}
PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "standard": {}, "short": {"end_score": -500}, "passing": {"passing": True},
    "exposing": {"exposing": True}, "all_at_once": {"all_at_once": True},
}
OFFSET = {"left": 1, "right": 3, "across": 2}


def cards(text: str | Iterable[str]) -> list[str]:
    """``"AH 10C"`` or a list -> a list of card codes."""
    return text.split() if isinstance(text, str) else list(text)


def pass_direction(opts: Mapping[str, Any], round_no: int) -> str | None:
    """pass.direction, from RULINGS.md: the round's direction or None."""
    if not opts["passing"]:
        return None
    how = opts["pass_to"]
    if how in ("left", "right"):
        return how
    if how == "alternate":
        return "left" if round_no % 2 == 1 else "right"
    return ("left", "right", "across", None)[(round_no - 1) % 4]


def exposable(card: str, opts: Mapping[str, Any]) -> bool:
    """expose.cards."""
    return card in (FOUR if opts["expose_cards"] == "four" else SCORING)


@dataclass
class RoundModel:
    """The builder's own account of one round (no engine involved)."""

    number: int
    dealer: int
    pass_to: str | None
    dealt: list[list[str]]
    hands: list[list[str]] = field(default_factory=list)     # held now
    received: list[list[str]] | None = None
    exposed: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    tricks: list[dict[str, Any]] = field(default_factory=list)
    taken: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    leader: int = 0
    current: list[tuple[int, str]] = field(default_factory=list)
    hearts_broken: bool = False

    def pig_taker(self) -> int | None:
        return next((s for s in range(4) if "QS" in self.taken[s]), None)


class Game:
    """A record under construction. ``Game("exposing", first_dealer=3, moon_pig="flips")``:
    keyword options go to ``ruleset.options``; ``first_dealer=None`` leaves it out."""

    def __init__(self, preset: str | None = None, *, first_dealer: int | None = 0,
                 seed: str | None = None, seats: list[str] | None = None,
                 **options: Any) -> None:
        self.ruleset: dict[str, Any] = {"options": dict(options)}
        if preset is not None:
            self.ruleset["preset"] = preset
        self.opts = {**DEFAULTS, **PRESET_OPTIONS[preset or "standard"], **options}
        self.first_dealer = first_dealer
        self.seed = seed
        self.seats = list(seats or SEATS)
        self.inputs: list[Any] = []
        self.rounds: list[RoundModel] = []

    # ------------------------------------------------------------------ the record
    def record(self) -> dict[str, Any]:
        """The record as a fresh dict (safe to modify)."""
        rec: dict[str, Any] = {"format": FORMAT, "ruleset": copy.deepcopy(self.ruleset),
                               "seats": list(self.seats)}
        if self.first_dealer is not None:
            rec["first_dealer"] = self.first_dealer
        if self.seed is not None:
            rec["seed"] = self.seed
        rec["inputs"] = copy.deepcopy(self.inputs)
        return rec

    def raw(self, inp: Any) -> int:
        """Append an input unchecked; returns its index."""
        self.inputs.append(inp)
        return len(self.inputs) - 1

    def dealer(self, round_no: int) -> int:
        """round.dealer: (first_dealer + r - 1) mod 4."""
        assert self.first_dealer is not None, "the builder needs the first dealer"
        return (self.first_dealer + round_no - 1) % 4

    @property
    def current(self) -> RoundModel:
        return self.rounds[-1]

    # ------------------------------------------------------------------ a round
    def round(self, *, hands: list[Any] | None = None, given: Mapping[int, Any] | None = None,
              tricks: Iterable[str | list[str]] = (), passes: Mapping[int, Any] | None = None,
              exposes: Mapping[int, Any] | None = None, play_out: bool = True,
              deal: bool = True, shuffle: int | None = None) -> RoundModel:
        """Write one round. ``hands``: the four dealt hands; or ``given`` cards per seat
        (dealt) plus, in a round without passing, the cards of the scripted ``tricks``,
        the rest filled in an order fixed by ``shuffle`` (default: the round number).
        ``passes``/``exposes``: cards per seat (default: each passes
        its three highest cards, exposes nothing). ``play_out=False`` stops after the
        scripted tricks; ``deal=False`` leaves the deal input out (a seeded round, the
        hands must then be given and are checked against nothing)."""
        number = len(self.rounds) + 1
        direction = pass_direction(self.opts, number)
        script = [cards(t) for t in tricks]
        if hands is None:
            mine = {s: cards(c) for s, c in (given or {}).items()}
            extra, void = ({}, None) if direction else self._script_cards(number, script,
                                                                          mine)
            hands = fill_deal(mine, extra, void,
                              number if shuffle is None else shuffle)
        dealt = [list(cards(h)) for h in hands]
        assert sorted(c for h in dealt for c in h) == sorted(DECK), "not a 52-card deal"
        rm = RoundModel(number, self.dealer(number), direction, dealt,
                        hands=[list(h) for h in dealt])
        self.rounds.append(rm)
        if deal:
            self.raw({"type": "deal", "round": number, "hands": [list(h) for h in dealt]})
        order = [(rm.dealer + 1 + i) % 4 for i in range(4)]
        if direction:
            chosen = {s: cards((passes or {}).get(s) or highest(dealt[s], 3)) for s in range(4)}
            for s in order:
                self.raw({"type": "pass", "seat": s, "cards": chosen[s]})
            rm.received = [[], [], [], []]
            for s in range(4):
                to = (s + OFFSET[direction]) % 4
                rm.received[to] = list(chosen[s])
            for s in range(4):
                assert all(c in rm.hands[s] for c in chosen[s]), f"seat {s} passes {chosen[s]}"
                rm.hands[s] = [c for c in rm.hands[s] if c not in chosen[s]] + rm.received[s]
        if self.opts["exposing"]:
            for s in order:
                if any(exposable(c, self.opts) for c in rm.hands[s]):
                    shown = cards((exposes or {}).get(s, []))
                    assert all(c in rm.hands[s] and exposable(c, self.opts) for c in shown)
                    rm.exposed[s] = shown
                    self.raw({"type": "expose", "seat": s, "cards": shown})
        rm.leader = self.first_leader(rm)
        for trick in script:
            self.trick(trick)
        if play_out:
            while len(rm.tricks) < 13:
                self.policy_play()
        return rm

    def first_leader(self, rm: RoundModel) -> int:
        """trick.lead: left of the dealer, or (pig_taker) the 2S holder after passing in
        round 1 and the previous round's pig-taker later."""
        if self.opts["first_lead"] == "pig_taker":
            if rm.number == 1:
                return next(s for s in range(4) if "2S" in rm.hands[s])
            taker = self.rounds[-2].pig_taker()
            assert taker is not None
            return taker
        return (rm.dealer + 1) % 4

    def _script_cards(self, number: int, script: list[list[str]],
                      given: Mapping[int, list[str]]) -> tuple[dict[int, list[str]],
                                                               list[set[str]]]:
        """Which seat plays each scripted card (leaders follow from the winners), and
        the suits each seat is shown void in by the script (it discarded on them)."""
        if self.opts["first_lead"] == "pig_taker" and number == 1:
            holders = [s for s, c in given.items() if "2S" in c]
            assert holders or not script, "pig_taker round 1 script: give 2S to a seat"
            lead = holders[0] if holders else 0
        elif self.opts["first_lead"] == "pig_taker":
            lead = self.rounds[-1].pig_taker()
            assert lead is not None
        else:
            lead = (self.dealer(number) + 1) % 4
        out: dict[int, list[str]] = {0: [], 1: [], 2: [], 3: []}
        void: list[set[str]] = [set(), set(), set(), set()]
        for t in script:
            seats = [(lead + i) % 4 for i in range(4)]
            for s, c in zip(seats[:len(t)], t, strict=True):
                out[s].append(c)
                if suit(c) != suit(t[0]):
                    void[s].add(suit(t[0]))
            if len(t) == 4:
                lead = seats[winner_index(t)]
        return out, void

    # ------------------------------------------------------------------ plays
    def to_play(self) -> int:
        rm = self.current
        return (rm.leader + len(rm.current)) % 4

    def legal(self, seat: int) -> list[str]:
        """The cards ``seat`` may play now, by the builder's own reading of trick.follow,
        trick.hearts and expose.hold."""
        rm = self.current
        hand = rm.hands[seat]
        if rm.current:
            led = suit(rm.current[0][1])
            same = [c for c in hand if suit(c) == led]
            cands = same or list(hand)
        else:
            led = None
            cands = list(hand)
            if self.opts["hearts_broken"] and not rm.hearts_broken:
                cands = [c for c in hand if suit(c) != "H"] or cands
        if self.opts["exposing"] and self.opts["expose_hold"]:
            started = {t["lead_suit"] for t in rm.tricks}
            shown = set(rm.exposed[seat])

            def held(c: str) -> bool:
                s = suit(c)
                in_first = (led is None or s == led) and s not in started
                return (c in shown and in_first
                        and any(suit(o) == s and o not in shown for o in hand))
            cands = [c for c in cands if not held(c)]
        return cands

    def play(self, card: str, *, check: bool = True) -> int:
        """The next play (by the seat due); checked against the builder's rules."""
        rm = self.current
        seat = self.to_play()
        if check:
            assert card in self.legal(seat), f"script: seat {seat} may not play {card}"
        rm.hands[seat].remove(card)
        rm.current.append((seat, card))
        index = self.raw({"type": "play", "seat": seat, "card": card})
        if len(rm.current) == 4:
            played = [c for _, c in rm.current]
            win_seat = rm.current[winner_index(played)][0]
            scoring = [c for c in played if c in SCORING]
            rm.tricks.append({"leader": rm.leader, "winner": win_seat, "cards": played,
                              "lead_suit": suit(played[0]), "scoring": scoring})
            rm.taken[win_seat].extend(scoring)
            if any(suit(c) == "H" for c in played):
                rm.hearts_broken = True
            rm.leader, rm.current = win_seat, []
        return index

    def trick(self, trick: str | list[str]) -> None:
        """A scripted trick: four cards in play order from the current leader (fewer
        for the last one: the trick stays open)."""
        for card in cards(trick):
            self.play(card)

    def policy_play(self) -> str:
        """One play by the builder's simple policy: lead the lowest card (non-hearts
        first), follow with the lowest card of the suit, discard the highest card."""
        rm = self.current
        seat = self.to_play()
        legal = self.legal(seat)
        if not rm.current:
            card = min(legal, key=lambda c: (rank(c), "DCSH".index(suit(c))))
        elif any(suit(c) == suit(rm.current[0][1]) for c in legal):
            card = min(legal, key=rank)
        else:
            card = max(legal, key=lambda c: (rank(c), "HSDC".index(suit(c)) * -1))
        self.play(card)
        return card


def winner_index(trick: list[str]) -> int:
    """trick.winner: the index (in play order) of the highest card of the led suit."""
    led = suit(trick[0])
    return max((i for i, c in enumerate(trick) if suit(c) == led),
               key=lambda i: rank(trick[i]))


def highest(hand: list[str], n: int) -> list[str]:
    return sorted(hand, key=lambda c: (-rank(c), SUITS.index(suit(c))))[:n]


# ---------------------------------------------------------------------- running
def run(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The adjudicated log of a complete record."""
    return gongzhu_core.adjudicate(copy.deepcopy(dict(record)))


def error_of(record: Any) -> Any:
    """The GongzhuError adjudicating ``record`` raises (fails if it raises none)."""
    try:
        gongzhu_core.adjudicate(copy.deepcopy(record))
    except gongzhu_core.GongzhuError as err:
        return err
    raise AssertionError("the record was accepted")


def run_partial(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The log of a record that stops before the game ends (``incomplete``): the events
    up to the end of its inputs."""
    err = error_of(dict(record))
    assert err.code == "incomplete", (err.code, err.rule, err.input, err.message)
    return list(err.events)


def of(events: list[dict[str, Any]], type_: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == type_]


def one(events: list[dict[str, Any]], type_: str) -> dict[str, Any]:
    found = of(events, type_)
    assert len(found) == 1, f"{len(found)} {type_} events"
    return found[0]
