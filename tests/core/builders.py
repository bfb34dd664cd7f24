"""Given/when/then builders shared by the clause tests (tests/core/).

A test writes its *given* as a small hand-made game record
(``kolkhoz-record/1``, see RECORD_FORMAT.md) with the fluent :class:`Rec`
builder, its *when* as ``rec.run()`` (the whole record through
``kolkhoz_core.adjudicate``) or ``rec.step()`` / :func:`decide_error` (one input
through ``decide``), and its *then* as assertions on the exact consequence
events with the helpers below (:func:`one`, :func:`of`, :func:`year_events`,
:func:`game_end`, :func:`assert_rule`).

The builder keeps the four hands while the record is written and checks its
own script (card held, suit followed, winner as declared), so that a mistake
in a test record is reported as such and never passes for an engine bug.
``rec.raw(input)`` appends an input unchecked (for the error paths).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable
from typing import Any

import pytest

SUITS = "HDCS"
FIELDS = ("H", "D", "C", "S")
ALL_SEATS = [0, 1, 2, 3]
SEATS = ["Anya", "Boris", "Pyotr", "Vera"]
RANK_VALUE = {"A": 1, "J": 11, "Q": 12, "K": 13}


# --------------------------------------------------------------------------- cards
def value(card: str) -> int:
    """card.value: A=1, 2..10, J=11, Q=12, K=13, Wrecker X=14."""
    if card == "X":
        return 14
    rank = card[:-1]
    return RANK_VALUE[rank] if rank in RANK_VALUE else int(rank)


def suit(card: str) -> str | None:
    return None if card == "X" else card[-1]


def cards(text: str | Iterable[str]) -> list[str]:
    return text.split() if isinstance(text, str) else list(text)


def workers(deck: int = 52, wrecker: bool = False) -> set[str]:
    """The worker deck: 6..K of every suit (both decks), plus X with the Wrecker."""
    ranks = ["6", "7", "8", "9", "10", "J", "Q", "K"]
    out = {r + s for r in ranks for s in SUITS}
    if wrecker:
        out.add("X")
    return out


# --------------------------------------------------------------------------- engine access
def core() -> Any:
    import kolkhoz_core

    return kolkhoz_core


def error_code(exc: BaseException) -> str | None:
    return getattr(exc, "code", None)


# --------------------------------------------------------------------------- the record builder
class Rec:
    """A hand-made kolkhoz-record/1 document, written input by input.

    ``Rec(years=1, swap=True, ...)``: keyword options go to ``ruleset.options``
    (``years`` defaults to 1); ``preset=`` names a preset.
    """

    def __init__(
        self,
        *,
        preset: str | None = None,
        first_planner: int | None = 0,
        seed: str | None = None,
        seats: list[str] | None = None,
        check: bool = True,
        **options: Any,
    ) -> None:
        options.setdefault("years", 1)
        self.options = options
        self.ruleset: dict[str, Any] = {"options": options}
        if preset is not None:
            self.ruleset["preset"] = preset
        self.first_planner = first_planner
        self.seed = seed
        self.seats = list(seats) if seats is not None else list(SEATS)
        self.inputs: list[dict[str, Any]] = []
        self.check = check
        self.hands: list[list[str]] = [[], [], [], []]
        self.trump_suit: str | None = None
        self.year = 0

    @property
    def has_rewards(self) -> bool:
        """52-card game without Northern play (the presets' decks and variants included)."""
        preset = self.ruleset.get("preset")
        deck = self.options.get("deck", 36 if preset in ("kolkhoznik", "zone") else 52)
        northern = self.options.get("northern", preset == "zone")
        return deck == 52 and not northern

    # -- inputs ----------------------------------------------------------------------
    def deal(
        self,
        year: int,
        hands: list[str] | list[list[str]],
        jobs: str | dict[str, str] | None = None,
    ) -> Rec:
        """``hands``: four strings like ``"KH QH JH 10H 6D"``; ``jobs``: ``"2H AD 3C 5S"``
        (each card goes on its own suit's field) or a field→card dict."""
        hs = [cards(h) for h in hands]
        inp: dict[str, Any] = {"type": "deal", "year": year, "hands": hs}
        if jobs is not None:
            inp["jobs"] = (
                {suit(c): c for c in cards(jobs)} if isinstance(jobs, str) else dict(jobs)
            )
        self.inputs.append(inp)
        self.hands = [list(h) for h in hs]
        self.trump_suit = None
        self.year = year
        return self

    def trump(self, seat: int | None, suit_: str) -> Rec:
        self.inputs.append({"type": "trump", "seat": seat, "suit": suit_})
        self.trump_suit = suit_
        return self

    def swap(self, seat: int, hand: str, cellar: str) -> Rec:
        self.inputs.append({"type": "swap", "seat": seat, "hand": hand, "cellar": cellar})
        if self.check:
            assert hand in self.hands[seat], f"test bug: seat {seat} does not hold {hand}"
        if hand in self.hands[seat]:
            self.hands[seat].remove(hand)
        self.hands[seat].append(cellar)
        return self

    def pass_(self, seat: int) -> Rec:
        self.inputs.append({"type": "swap", "seat": seat, "pass": True})
        return self

    def play(self, seat: int, card: str) -> Rec:
        self.inputs.append({"type": "play", "seat": seat, "card": card})
        if card in self.hands[seat]:
            self.hands[seat].remove(card)
        return self

    def assign(self, seat: int, mapping: dict[str, str]) -> Rec:
        self.inputs.append({"type": "assign", "seat": seat, "cards": dict(mapping)})
        return self

    def trick(
        self,
        leader: int,
        played: str | list[str],
        winner: int,
        fields: str | list[str] | dict[str, str],
    ) -> Rec:
        """Four plays from ``leader`` clockwise, then the winner's assignment.

        ``fields``: one field letter per played card, in play order
        (``"H H S S"``), or a card→field dict.
        """
        cs = cards(played)
        assert len(cs) == 4, "test bug: a trick has four cards"
        if self.check:
            self._check_trick(leader, cs, winner)
        for i, c in enumerate(cs):
            self.play((leader + i) % 4, c)
        if isinstance(fields, dict):
            mapping = dict(fields)
        else:
            fs = cards(fields)
            assert len(fs) == 4
            mapping = dict(zip(cs, fs, strict=True))
        return self.assign(winner, mapping)

    def raw(self, inp: dict[str, Any]) -> Rec:
        """Append an input as is (no self-check): the error paths."""
        self.inputs.append(copy.deepcopy(inp))
        return self

    # -- self-check of the test's own script -----------------------------------------
    def _check_trick(self, leader: int, cs: list[str], winner: int) -> None:
        lead = suit(cs[0])
        for i, c in enumerate(cs):
            seat = (leader + i) % 4
            hand = self.hands[seat]
            assert c in hand, f"test bug: seat {seat} does not hold {c} (hand {hand})"
            if i > 0 and lead is not None:
                holds = any(suit(h) == lead or h == "X" for h in hand)
                follows = suit(c) == lead or c == "X"
                assert follows or not holds, f"test bug: seat {seat} revokes with {c}"
        if "X" in cs:
            expect = (leader + cs.index("X")) % 4
        else:
            trumps = [c for c in cs if self.trump_suit and suit(c) == self.trump_suit]
            pool = trumps or [c for c in cs if suit(c) == lead]
            best = max(pool, key=value)
            expect = (leader + cs.index(best)) % 4
        assert expect == winner, f"test bug: trick {cs} is won by seat {expect}"

    def hand(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    # -- output ------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        rec: dict[str, Any] = {
            "format": "kolkhoz-record/1",
            "ruleset": copy.deepcopy(self.ruleset),
            "seats": list(self.seats),
            "inputs": copy.deepcopy(self.inputs),
        }
        if self.first_planner is not None:
            rec["first_planner"] = self.first_planner
        if self.seed is not None:
            rec["seed"] = self.seed
        return rec

    def run(self) -> list[dict[str, Any]]:
        """When: the whole record through ``kolkhoz_core.adjudicate``."""
        return run(self.record())

    def run_error(self) -> Any:
        """When: the record is adjudicated and must fail; returns the AdjudicationError."""
        return adjudication_error(self.record())

    def step(self) -> tuple[list[dict[str, Any]], Any]:
        """When: the inputs one by one through ``new_game`` + ``decide`` (a partial
        record is fine). Returns (events, state after the last input)."""
        return step_record(self.record())


# --------------------------------------------------------------------------- running
def run(record: dict[str, Any]) -> list[dict[str, Any]]:
    events = core().adjudicate(copy.deepcopy(record))
    assert isinstance(events, list) and events, "adjudicate returns the event list"
    return list(events)


def adjudication_error(record: dict[str, Any]) -> Any:
    with pytest.raises(Exception) as info:
        core().adjudicate(copy.deepcopy(record))
    exc = info.value
    assert type(exc).__name__ == "AdjudicationError", f"expected AdjudicationError, got {exc!r}"
    return exc


def new_game_events(record: dict[str, Any]) -> list[dict[str, Any]]:
    k = core()
    ruleset = k.build_ruleset(record.get("ruleset"))
    return list(
        k.new_game(
            ruleset,
            record["seats"],
            first_planner=record.get("first_planner"),
            seed=record.get("seed"),
        )
    )


def step_record(record: dict[str, Any]) -> tuple[list[dict[str, Any]], Any]:
    k = core()
    events = new_game_events(record)
    state = k.fold(events)
    for inp in record["inputs"]:
        new = list(k.decide(state, copy.deepcopy(inp)))
        events.extend(new)
        for ev in new:
            state = k.evolve(state, ev)
    return events, state


def snapshot(state: Any) -> str:
    """Everything observable of a state: its views and its position."""
    k = core()
    views = {
        "spectator": k.spectator_view(state),
        "seats": [k.seat_view(state, s) for s in range(4)],
        "seq": state.seq,
        "phase": state.phase,
        "to_move": state.to_move,
        "year": state.year,
        "planner": state.planner,
    }
    return json.dumps(views, sort_keys=True, default=repr)


def decide_error(state: Any, inp: dict[str, Any]) -> Any:
    """When ``decide(state, inp)`` is refused: returns the error, and checks that
    the state is unchanged (copy equality when the state defines it, and a
    snapshot of every view)."""
    k = core()
    before = state.copy()
    shot = snapshot(state)
    with pytest.raises(Exception) as info:
        k.decide(state, copy.deepcopy(inp))
    exc = info.value
    assert isinstance(exc, ValueError), f"KolkhozError is a ValueError: {exc!r}"
    assert snapshot(state) == shot, "the state changed on a refused input"
    if type(state).__eq__ is not object.__eq__:
        assert state == before, "the state changed on a refused input"
    return exc


def assert_error(exc: Any, code: str, rule: Any = "__any__") -> None:
    assert error_code(exc) == code, f"expected code {code!r}, got {error_code(exc)!r}: {exc!r}"
    if rule != "__any__":
        assert getattr(exc, "rule", None) == rule, (
            f"expected rule {rule!r}, got {getattr(exc, 'rule', None)!r} ({code}: {exc!r})"
        )


# --------------------------------------------------------------------------- reading the log
def _matches(ev: dict[str, Any], match: dict[str, Any]) -> bool:
    return all(ev.get(k) == v for k, v in match.items())


def of(events: list[dict[str, Any]], type_: str, **match: Any) -> list[dict[str, Any]]:
    """Every event of ``type_`` whose fields equal ``match``."""
    return [e for e in events if e.get("type") == type_ and _matches(e, match)]


def one(events: list[dict[str, Any]], type_: str, **match: Any) -> dict[str, Any]:
    found = of(events, type_, **match)
    assert len(found) == 1, (
        f"expected exactly one {type_} {match}, found {len(found)}: {found}\n"
        f"all {type_}: {of(events, type_)}"
    )
    return found[0]


def none(events: list[dict[str, Any]], type_: str, **match: Any) -> None:
    found = of(events, type_, **match)
    assert not found, f"expected no {type_} {match}, found {found}"


def year_events(events: list[dict[str, Any]], year: int) -> list[dict[str, Any]]:
    """The events from the ``year`` event of ``year`` to its ``year_end`` (inclusive)."""
    out: list[dict[str, Any]] = []
    inside = False
    for e in events:
        if e.get("type") == "year":
            inside = e.get("year") == year
        if inside:
            out.append(e)
            if e.get("type") == "year_end":
                inside = False
    assert out, f"no year {year} in the log"
    return out


def game_end(events: list[dict[str, Any]]) -> dict[str, Any]:
    assert events[-1]["type"] == "game_end", f"last event is {events[-1]['type']}"
    return events[-1]


def assert_rule(ev: dict[str, Any], *clauses: str) -> None:
    for clause in clauses:
        assert clause in ev.get("rules", []), (
            f"{ev.get('type')} event should cite {clause!r}; rules={ev.get('rules')} ev={ev}"
        )


def norths(events: list[dict[str, Any]], year: int | None = None) -> list[tuple[Any, str, str]]:
    """(seat, card, field) of every north event (of one year)."""
    evs = year_events(events, year) if year is not None else events
    return [(e["seat"], e["card"], e["field"]) for e in of(evs, "north")]


def reveals(events: list[dict[str, Any]], year: int | None = None) -> list[tuple[int, str, str]]:
    evs = year_events(events, year) if year is not None else events
    return [(e["seat"], e["card"], e["field"]) for e in of(evs, "revealed")]


def cellar_sets(end: dict[str, Any]) -> list[set[str]]:
    return [set(c) for c in end["cellars"]]


def assert_result(
    events: list[dict[str, Any]],
    *,
    scores: list[int] | None = None,
    medals: list[int] | None = None,
    places: list[int] | None = None,
    cellars: list[Iterable[str]] | None = None,
    north: list[str] | None = None,
    north_set: Iterable[str] | None = None,
) -> dict[str, Any]:
    end = game_end(events)
    if scores is not None:
        assert end["scores"] == scores, f"scores {end['scores']} != {scores}"
    if medals is not None:
        assert end["medals"] == medals, f"medals {end['medals']} != {medals}"
    if places is not None:
        assert end["places"] == places, f"places {end['places']} != {places}"
    if cellars is not None:
        want = [set(c) for c in cellars]
        assert cellar_sets(end) == want, f"cellars {end['cellars']} != {want}"
    if north is not None:
        assert end["north"] == north, f"north {end['north']} != {north}"
    if north_set is not None:
        assert sorted(end["north"]) == sorted(north_set), f"north {end['north']}"
    return end


def check_order(events: list[dict[str, Any]]) -> None:
    """seq numbers are 0.. in order."""
    assert [e["seq"] for e in events] == list(range(len(events)))


# --------------------------------------------------------------------------- ready-made games
# Base game "B" (the worked example's deal, trump S, planner 0): seat 2 wins all
# four tricks; H (42) and S (40) are completed by seat 2 after trick 2 and pay
# 2H and 5S; D and C fail; the pockets are 6D 7D 8D 9D.
B_HANDS = ["KH QH JH 10H 6D", "9H 8H 7H 6H 7D", "KS QS JS 10S 8D", "9S 8S 7S 6S 9D"]
B_JOBS = "2H AD 3C 5S"


def base_b(rec: Rec | None = None, *, hands: list[str] | None = None, **options: Any) -> Rec:
    r = rec if rec is not None else Rec(**options)
    r.deal(1, hands or B_HANDS, B_JOBS if r.has_rewards else None)
    r.trump(0, "S")
    r.trick(0, "KH 9H KS 6S", 2, "H H S S")
    r.trick(2, "QS 9S QH 8H", 2, "S S H H")
    r.trick(2, "JS 8S JH 7H", 2, "S S H H")
    r.trick(2, "10S 7S 10H 6H", 2, "H H H H")
    return r


# Game "G2" (same hands, trump D): seat 3 trumps trick 1 (9D over 8D), seat 1
# trumps trick 2 (7D over 6D), seat 0 wins trick 3 with 10H against an
# off-suit QS and completes H at exactly 40 and S at 42 in one assignment,
# then wins trick 4. D (30) and C (0) fail. Pockets JH 6H 10S 6S.
def game_g2(rec: Rec | None = None, *, hands: list[str] | None = None, **options: Any) -> Rec:
    r = rec if rec is not None else Rec(**options)
    r.deal(1, hands or B_HANDS, B_JOBS if r.has_rewards else None)
    r.trump(0, "D")
    r.trick(0, "KH 9H 8D 9D", 3, "H H D D")
    r.trick(3, "9S 6D 7D KS", 1, "S D D S")
    r.trick(1, "8H QS 8S 10H", 0, "H S S H")
    r.trick(0, "QH 7H JS 7S", 0, "S S S S")
    return r


# Year 1 "B3": like B, but pockets 9C 8C 6D 7C. Seat 2 wins everything, takes
# 2H and 5S; D fails (seat 2 loses 6D), C fails (seat 2 has no C).
# After it: cellars s0 {9C}, s1 {8C}, s2 {2H, 5S}, s3 {7C}; North [6D].
# (Under `mice` instead: D takes 6D, C takes 9C from seat 0 and leaves 8C and
# 7C face-up.) The year-2 worker deck is then every 6..K except 9C 8C 7C 6D.
B3_HANDS = ["KH QH JH 10H 9C", "9H 8H 7H 6H 8C", "KS QS JS 10S 6D", "9S 8S 7S 6S 7C"]


def year1_b3(rec: Rec) -> Rec:
    return base_b(rec, hands=B3_HANDS)


def year2_n2(rec: Rec, *, t: str, p1: str, p0: str, s3: str = "8H 7H 6H 10D 9D",
             s2: str = "KH QH JH 10H 9H",
             s3_t4: str = "7H", t4_winner: int = 1, t4_fields: str | None = None,
             swaps: bool = False) -> Rec:
    """Year 2 after B3 (planner 1, trump C, jobs 3H 2D AC AS).

    Seat 1 wins tricks 1-2 (D completed at 44, pays 2D), seat 0 wins trick 3
    (H 44 and S 41 completed, pays 3H and AS), and in trick 4 (seat 0 leads
    QS) seat 1 trumps with ``t`` (a C court card); by default seat 1 wins it
    and puts ``t`` on C, the only failing field. Pockets: seat 0 ``p0``, seat 1
    ``p1``, seat 2 the last of ``s2`` (9H), seat 3 the last of ``s3`` (6H).
    Year-2 cards free for pockets: 7D 8D JD, 6C 10C JC QC, 6S 8S 9S.
    """
    r = rec
    r.deal(2, [f"KS QS JS 10S {p0}", f"KD QD 7S {t} {p1}", s2, s3],
           "3H 2D AC AS")
    r.trump(1, "C")
    if swaps:
        for s in (1, 2, 3, 0):
            r.pass_(s)
    r.trick(1, "KD KH 10D 10S", 1, "D H D S")
    r.trick(1, "QD QH 9D JS", 1, "D H D S")
    r.trick(1, "7S JH 8H KS", 0, "S H H S")
    t4 = f"QS {t} 10H {s3_t4}"
    r.trick(0, t4, t4_winner, t4_fields or "S C H H")
    return r


# --------------------------------------------------------------------------- autoplay
def autoplay(
    ruleset: dict[str, Any] | None,
    seed: str,
    *,
    first_planner: int | None = 0,
    policy: Any = None,
    stop: Any = None,
    max_steps: int = 5000,
) -> tuple[list[dict[str, Any]], Any]:
    """Plays a whole game through the public API: deals (and random trumps)
    from ``chance_input(state, seed)``, decisions from ``policy(state, legal)``
    (default: the first legal input). ``stop(state, events)`` ends early."""
    k = core()
    rs = k.build_ruleset(ruleset)
    events = list(k.new_game(rs, list(SEATS), first_planner=first_planner, seed=seed))
    state = k.fold(events)
    for _ in range(max_steps):
        if state.finished:
            break
        if stop is not None and stop(state, events):
            break
        inp = k.chance_input(state, seed)
        if inp is None:
            legal = k.legal_inputs(state)
            assert legal, f"no legal input in phase {state.phase}"
            inp = policy(state, legal) if policy is not None else legal[0]
        new = list(k.decide(state, inp))
        events.extend(new)
        for ev in new:
            state = k.evolve(state, ev)
    return events, state


def deck_from_events(events: list[dict[str, Any]], *, deck: int, wrecker: bool) -> set[str]:
    """The worker deck at this point of the log, worked out from the events
    alone (year.end): every worker (and every reward card that was swapped
    into a hand) that is in no cellar and not North."""
    pool = workers(deck, wrecker)
    cellars: list[set[str]] = [set(), set(), set(), set()]
    north: set[str] = set()
    for e in events:
        t = e["type"]
        if t == "pocket":
            cellars[e["seat"]].add(e["card"])
        elif t == "farmed":
            cellars[e["seat"]] |= set(e.get("rewards") or [])
        elif t == "swap" and not e.get("pass"):
            cellars[e["seat"]].discard(e["cellar"])
            cellars[e["seat"]].add(e["hand"])
            pool.add(e["cellar"])
        elif t == "north":
            if e.get("seat") is not None:
                cellars[e["seat"]].discard(e["card"])
            north.add(e["card"])
        elif t == "year_end":
            for c in e.get("returned") or []:
                north.discard(c)
                for cel in cellars:
                    cel.discard(c)
    used = set().union(*cellars) | north
    return pool - used
