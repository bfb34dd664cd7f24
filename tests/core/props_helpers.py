"""Shared helpers for the engine's property tests (test_properties, test_views_leaks...).

Everything here is written from the public documents (docs/engine-api.md, docs/rules.md,
RECORD_FORMAT.md) rather than from the engine's internals, so that the checks are an
independent second opinion:

* ``draw_options`` — a random *valid* ruleset (every option of ``kolkhoz_core.OPTIONS``,
  respecting k36.combos), for hypothesis or a seeded ``random.Random``;
* ``expected_universe`` — every card of a game, from the ruleset alone;
* ``state_locations`` — where the state says each card is (and that it is in one place);
* ``Tracker`` — an independent card-by-card model of the game driven by the *events*:
  where each card is, whether it lies face-up, and who may know it (the visibility
  model of test_views_leaks). It also predicts, from docs/rules.md alone, every
  ``farmed`` event (hours, drunkard's 0), who swaps (swap.scope), and each requisition:
  who is vulnerable (stakh, northern, mice, k36.orden, informant, req.fallback) and the
  exact ``revealed``/``north`` events (reveal options, party man, drunkard, the mice);
* ``check_log`` — the whole-log checks (seq, canonical order, clause ids, game_end);
* ``illegal_inputs`` — inputs that the rules refuse at a given state.

Budgets: ``HYPOTHESIS_PROFILE=ci`` multiplies every example/game budget (``budget``).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from hypothesis import settings

import kolkhoz_core as kc

# -- budgets ------------------------------------------------------------------------------
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
SCALE = {"ci": 2, "quick": 0.25}.get(PROFILE, 1)
settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("quick", deadline=None)


def budget(n: int) -> int:
    """An example/game budget scaled by the profile (at least 1)."""
    return max(1, int(n * SCALE))


ROOT = Path(__file__).resolve().parents[2]
SEATS = ["Anya", "Boris", "Pyotr", "Vera"]

# -- cards, written out from RECORD_FORMAT.md "Cards" --------------------------------------
SUITS = "HDCS"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ALL_CODES: frozenset[str] = frozenset([r + s for s in SUITS for r in RANKS] + ["X"])


def value(code: str) -> int:
    """card.value: A=1 … K=13, the Wrecker 14."""
    if code == "X":
        return 14
    return RANKS.index(code[:-1]) + 1


def suit(code: str) -> str | None:
    return None if code == "X" else code[-1]


CARD_NUMBER: dict[str, int] = {r + s: SUITS.index(s) * 13 + RANKS.index(r)
                               for s in SUITS for r in RANKS} | {"X": 52}


def code_of(card: int) -> str:
    """A state's int card as its wire code (cards.py docstring: suit*13 + rank-1, X=52)."""
    if card == 52:
        return "X"
    return RANKS[card % 13] + SUITS[card // 13]


def expected_universe(options: dict[str, Any]) -> Counter[str]:
    """Every card of a game: 6..K of each suit (+X with the Wrecker), plus A..5 of each
    suit in the 52-card game with reward cards (not Northern play: x.northern_jobs)."""
    cards = [r + s for s in SUITS for r in RANKS[5:]]
    if options["wrecker"]:
        cards.append("X")
    if options["deck"] == 52 and not options["northern"]:
        cards += [r + s for s in SUITS for r in RANKS[:5]]
    return Counter(cards)


def card_codes_in(obj: Any) -> list[str]:
    """Every card code in a JSON-able value (dict keys included), with repeats."""
    out: list[str] = []
    stack = [obj]
    while stack:
        o = stack.pop()
        if isinstance(o, str):
            if o in ALL_CODES:
                out.append(o)
        elif isinstance(o, dict):
            for k, v in o.items():
                if k in ALL_CODES:
                    out.append(k)
                stack.append(v)
        elif isinstance(o, (list, tuple)):
            stack.extend(o)
    return out


# -- rulesets ---------------------------------------------------------------------------------
COMBO_OPTIONS = ("deck", "orden", "northern", "mice", "accum")


def combo_ok(o: dict[str, Any]) -> bool:
    """k36.combos as RECORD_FORMAT/RULINGS state it: deck 36 needs exactly one of
    orden/northern, northern (36) needs the mice, no accumulation; accum never with northern."""
    if o["deck"] == 36:
        if o["orden"] == o["northern"]:
            return False
        if o["northern"] and not o["mice"]:
            return False
        if o["accum"]:
            return False
    return not (o["accum"] and o["northern"])


def draw_options(choose: Callable[[tuple[Any, ...]], Any]) -> dict[str, Any]:
    """A complete, valid option dict: every option of ``kc.OPTIONS`` drawn with ``choose``
    (a callable picking one of a tuple of values), the combination options drawn so that
    k36.combos holds."""
    opts = {name: choose(values) for name, values in kc.OPTIONS.items()
            if name not in COMBO_OPTIONS}
    deck = choose((52, 36))
    if deck == 36:
        northern = choose((False, True))
        orden = not northern
        mice = True if northern else choose((False, True))
        accum = False
    else:
        orden = choose((False, True))
        northern = choose((False, True))
        mice = choose((False, True))
        accum = False if northern else choose((False, True))
    opts.update(deck=deck, orden=orden, northern=northern, mice=mice, accum=accum)
    assert set(opts) == set(kc.OPTIONS)
    assert combo_ok(opts)
    return opts


def draw_spec(choose: Callable[[tuple[Any, ...]], Any]) -> dict[str, Any]:
    """A record ``ruleset`` object: mostly a custom combination of every option, sometimes a
    preset with interpretation options overridden (never the combination options)."""
    kind = choose(("custom", "custom", "custom", "preset"))
    if kind == "custom":
        return {"options": draw_options(choose)}
    preset = choose(tuple(kc.PRESETS))
    overrides = {}
    for name in ("years", "trump_selection", "first_lead", "swap_scope", "reveal",
                 "tiebreak_medals", "medals", "wrecker_returns", "k36_vulnerable"):
        if choose((False, True)):
            overrides[name] = choose(kc.OPTIONS[name])
    return {"preset": preset, "options": overrides}


def random_spec(rng: random.Random) -> dict[str, Any]:
    return draw_spec(rng.choice)


# -- clause anchors ------------------------------------------------------------------------
def rule_anchors() -> frozenset[str]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    return frozenset(re.findall(r'<a id="([^"]+)">', text))


ANCHORS = rule_anchors()
INPUT_TYPES = frozenset({"deal", "trump", "swap", "play", "assign"})
CONSEQUENCE_TYPES = frozenset({"game", "year", "trick", "farmed", "pocket", "requisition",
                               "revealed", "north", "year_end", "game_end"})


# -- where the state says every card is --------------------------------------------------------
def state_locations(state: kc.GameState) -> dict[str, tuple[Any, ...]]:
    """code -> location, read from the state's documented fields; asserts that no card is
    in two places. Locations: ("deck",), ("pile", f), ("hand", seat), ("trick",),
    ("field", f), ("job", f) (a reward on a field), ("cellar", seat, face_up), ("north",),
    ("discarded",)."""
    locs: dict[str, tuple[Any, ...]] = {}

    def put(card: int, loc: tuple[Any, ...]) -> None:
        code = code_of(card)
        assert code not in locs, f"{code} is both in {locs[code]} and in {loc}"
        locs[code] = loc

    for c in state.deck:
        put(c, ("deck",))
    for f, pile in enumerate(state.piles):
        for c in pile:
            put(c, ("pile", f))
    for seat, hand in enumerate(state.hands):
        for c in hand:
            put(c, ("hand", seat))
    for c in state.trick:
        put(c, ("trick",))
    for f, cards in enumerate(state.field_cards):
        for c in cards:
            put(c, ("field", f))
    for f, cards in enumerate(state.field_rewards):
        for c in cards:
            put(c, ("job", f))
    for seat, cellar in enumerate(state.cellars):
        for entry in cellar:
            put(entry[0], ("cellar", seat, not entry[1]))
    for c in state.exiled:
        put(c, ("north",))
    for c in state.discarded:
        put(c, ("discarded",))
    return locs


def check_conservation(state: kc.GameState) -> dict[str, tuple[Any, ...]]:
    """Every card in exactly one place, and the cards are exactly the game's universe."""
    locs = state_locations(state)
    universe = expected_universe(state.ruleset.options)
    assert Counter(list(locs)) == universe, (
        f"missing {sorted(set(universe) - set(locs))}, extra {sorted(set(locs) - set(universe))}")
    return locs


# -- an independent model of the game, driven by the events --------------------------------------
def _signature(ev: dict[str, Any]) -> tuple[Any, ...]:
    if ev["type"] == "farmed":
        return ("farmed", ev["field"], ev["seat"], ev["hours"])
    return (ev["type"], ev["seat"], ev["card"], ev["field"])


class Tracker:
    """Follows every card through the log (RECORD_FORMAT's events, docs/rules.md), with no
    help from the engine's state. For each card: its location (as ``state_locations``),
    whether its identity is public at that location, which seat knows it privately, and
    (in a cellar) its kind: ``reward`` (paid by a field), ``stack``/``stack_top`` (36-card
    Orden) or ``worker``. Asserts the moves each event implies are possible."""

    def __init__(self) -> None:
        self.loc: dict[str, tuple[Any, ...]] = {}
        self.public: dict[str, bool] = {}
        self.owner: dict[str, int | None] = {}
        self.kind: dict[str, str] = {}
        self.north_history: list[str] = []
        self.finished = False
        self.seed: str | None = None
        self.trick: list[str] = []
        self.trick_seats: list[int] = []
        self.pending: list[tuple[Any, ...]] = []
        self.expect_swaps: list[int] = []

    # helpers
    def _move(self, code: str, loc: tuple[Any, ...], public: bool, owner: int | None = None,
              kind: str = "worker") -> None:
        self.loc[code] = loc
        self.public[code] = public
        self.owner[code] = owner
        self.kind[code] = kind

    def where(self, *loc: Any) -> list[str]:
        return sorted(c for c, pos in self.loc.items() if pos == tuple(loc))

    def cellar(self, seat: int) -> list[str]:
        return sorted(c for c, pos in self.loc.items() if pos[:2] == ("cellar", seat))

    def hand(self, seat: int) -> list[str]:
        return self.where("hand", seat)

    def locations(self) -> dict[str, tuple[Any, ...]]:
        return dict(self.loc)

    def may_see(self, viewer: int | None) -> set[str]:
        """Cards ``viewer`` may see *now* in a view: cards in play whose identity is public
        at their current place or known to the viewer, and every card ever sent North;
        everything once the game is over."""
        if self.finished:
            return set(self.loc)
        out = set(self.north_history)
        for c, pos in self.loc.items():
            if pos[0] in ("deck", "pile", "discarded"):
                continue
            if self.public[c] or (viewer is not None and self.owner[c] == viewer):
                out.add(c)
        return out

    def entitled(self, ev: dict[str, Any], viewer: int | None) -> set[str]:
        """Card codes ``viewer`` may see in event ``ev`` (call before ``apply(ev)``)."""
        t = ev["type"]
        if t == "game_end":
            return set(self.loc)
        if t == "deal":
            out = set((ev.get("jobs") or {}).values())
            if viewer is not None:
                out |= set(ev["hands"][viewer])
            return out
        if t == "swap":
            if ev.get("pass"):
                return set()
            if ev["seat"] == viewer:
                return {ev["hand"], ev["cellar"]}
            face_up = self.loc[ev["cellar"]][2]
            return {ev["cellar"]} if face_up else set()
        if t == "pocket":
            return {ev["card"]} if ev["seat"] == viewer else set()
        if t in ("game", "year", "trump", "requisition"):
            return set()
        return set(card_codes_in(ev))  # play, trick, assign, farmed, revealed, north, year_end

    # events
    def apply(self, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t in ("farmed", "revealed", "north"):
            # every one of these is predicted by the model (after an assign / a requisition)
            got = _signature(ev)
            assert self.pending, f"unpredicted {t} event: {ev}"
            want = self.pending.pop(0)
            assert got == want, f"expected {want}, got {got} (seq {ev['seq']})"
        else:
            assert not self.pending, f"{t} event while still expecting {self.pending}"
        getattr(self, "_" + t, self._other)(ev)

    def _other(self, ev: dict[str, Any]) -> None:
        raise AssertionError(f"unexpected event type {ev['type']!r}")

    def _game(self, ev: dict[str, Any]) -> None:
        self.options = ev["ruleset"]["options"]
        self.k36_orden = self.options["deck"] == 36 and self.options["orden"]
        for code in expected_universe(self.options):
            if value(code) <= 5:
                self._move(code, ("pile", SUITS.index(code[-1])), False)
            else:
                self._move(code, ("deck",), False)

    def _year(self, ev: dict[str, Any]) -> None:
        self.year = ev["year"]
        self.planner = ev["planner"]
        self.famine = ev["famine"]
        self.trump: str | None = None
        self.sent_north: list[str] = []
        self.hours = dict.fromkeys(SUITS, 0)
        self.farmed: set[str] = set()
        self.medals_year = [0, 0, 0, 0]
        self.tricks_played = 0
        self.stack_takers: set[int] = set()
        self.roles: dict[str, str] = {}  # "J"/"Q"/"K" of trump -> field (nom.*)
        self.wrecker_field: str | None = None
        self.req_plan: dict[str, list[int]] | None = None
        self.table_wide = False

    def order(self) -> list[int]:
        return [(self.planner + i) % 4 for i in range(4)]

    def _start_swaps(self) -> None:
        """swap / swap.scope: from year 2, each seat in turn from the planner with a card
        in hand and an eligible cellar card swaps or passes."""
        self.expect_swaps = []
        if not (self.options["swap"] and self.year >= 2):
            return
        scope = self.options["swap_scope"]
        for seat in self.order():
            if not self.hand(seat):
                continue
            eligible = [c for c in self.cellar(seat)
                        if not (scope == "hidden" and self.loc[c][2])
                        and not (scope == "workers" and self.kind[c] == "reward")]
            if eligible:
                self.expect_swaps.append(seat)

    def _deal(self, ev: dict[str, Any]) -> None:
        for seat, hand in enumerate(ev["hands"]):
            for code in hand:
                assert self.loc[code] == ("deck",), f"{code} dealt from {self.loc[code]}"
                self._move(code, ("hand", seat), False, seat)
        for letter, code in (ev.get("jobs") or {}).items():
            f = SUITS.index(letter)
            assert self.loc[code] == ("pile", f), f"job {code} from {self.loc[code]}"
            self._move(code, ("job", f), True)
        if self.famine:
            self._start_swaps()

    def _trump(self, ev: dict[str, Any]) -> None:
        self.trump = ev["suit"]
        self._start_swaps()

    def _swap(self, ev: dict[str, Any]) -> None:
        assert self.expect_swaps and ev["seat"] == self.expect_swaps[0], (
            f"swap by seat {ev['seat']}, expected swappers {self.expect_swaps}")
        self.expect_swaps.pop(0)
        if ev.get("pass"):
            return
        seat, h, c = ev["seat"], ev["hand"], ev["cellar"]
        assert self.loc[h] == ("hand", seat), f"swap: {h} is in {self.loc[h]}"
        pos = self.loc[c]
        assert pos[:2] == ("cellar", seat), f"swap: {c} is in {pos}"
        face_up = pos[2]
        assert ev.get("taken") == ("revealed" if face_up else "hidden"), ev
        # swap.buried: the hand card goes in face-down; the taken card is public iff face-up
        self._move(c, ("hand", seat), face_up, seat)
        self._move(h, ("cellar", seat, False), False, seat, "worker")

    def _play(self, ev: dict[str, Any]) -> None:
        assert not self.expect_swaps, f"play before the swaps of {self.expect_swaps}"
        seat, code = ev["seat"], ev["card"]
        assert self.loc[code] == ("hand", seat), f"play: {code} is in {self.loc[code]}"
        if self.trick and self.trick[0] != "X":
            # trick.follow / wrecker.follow: holding the led suit (or the Wrecker) binds
            ls = suit(self.trick[0])
            hand = self.hand(seat)
            can_follow = any(x == "X" or suit(x) == ls for x in hand)
            if can_follow:
                assert code == "X" or suit(code) == ls, f"revoke: {code} on {ls} from {hand}"
        self.trick.append(code)
        self.trick_seats.append(seat)
        self._move(code, ("trick",), True)

    def _trick(self, ev: dict[str, Any]) -> None:
        assert ev["cards"] == self.trick, (ev["cards"], self.trick)
        assert ev["leader"] == self.trick_seats[0]
        assert ev["winner"] == trick_winner(self.trick, self.trick_seats[0], self.trump)
        self.medals_year[ev["winner"]] += 1
        self.tricks_played += 1

    def _assign(self, ev: dict[str, Any]) -> None:
        assert sorted(ev["cards"]) == sorted(self.trick)
        nom = self.options["nomenklatura"] and self.trump is not None
        for code, letter in ev["cards"].items():
            self._move(code, ("field", SUITS.index(letter)), True)
            court = nom and suit(code) == self.trump and value(code) >= 11
            if code == "X":
                self.wrecker_field = letter
            elif court:
                self.roles[code[:-1]] = letter
            # card.value; nom.drunkard: the trump Jack works 0 hours
            self.hours[letter] += 0 if court and code[:-1] == "J" else value(code)
        self.trick, self.trick_seats = [], []
        if "facts" in ev and "hours" in ev["facts"]:
            assert ev["facts"]["hours"] == self.hours, (ev["facts"], self.hours)
        # farm.threshold: every field reaching 40 for the first time, in field order
        for f in SUITS:
            if f not in self.farmed and self.hours[f] >= 40:
                self.farmed.add(f)
                self.pending.append(("farmed", f, ev["seat"], self.hours[f]))

    def _farmed(self, ev: dict[str, Any]) -> None:
        f, seat = SUITS.index(ev["field"]), ev["seat"]
        if self.k36_orden:
            # k36.orden: every worker on the field becomes a stack; lowest value on top,
            # ties by suit order H, D, C, S (x.stack_order)
            cards = self.where("field", f)
            assert sorted(ev["rewards"]) == cards, (ev["rewards"], cards)
            top = min(cards, key=lambda c: (value(c), SUITS.index(c[-1]) if c != "X" else 4))
            for code in cards:
                self._move(code, ("cellar", seat, code == top), True, None,
                           "stack_top" if code == top else "stack")
            self.stack_takers.add(seat)
        else:
            # farm.reward (accum: all of them); Northern play pays nothing
            assert sorted(ev["rewards"]) == self.where("job", f), (ev, self.where("job", f))
            for code in ev["rewards"]:
                self._move(code, ("cellar", seat, True), True, None, "reward")

    def _pocket(self, ev: dict[str, Any]) -> None:
        seat, code = ev["seat"], ev["card"]
        assert self.expect_swaps == [], f"pocket before the swaps of {self.expect_swaps}"
        # pocket: the single card left in hand
        assert self.hand(seat) == [code], f"pocket {code}: hand is {self.hand(seat)}"
        self._move(code, ("cellar", seat, False), False, seat, "worker")

    def _plan_requisition(self) -> None:
        """req.failed / req.vulnerable / stakh / northern / mice / k36.orden / nom.informant
        / req.fallback (x.fallback_scope): who answers for each failed field."""
        o = self.options
        order = self.order()
        failed = [f for f in SUITS if f not in self.farmed or f == self.wrecker_field]
        hero = None
        if o["stakh"] and self.tricks_played > 0:
            heroes = [s for s in range(4) if self.medals_year[s] == self.tricks_played]
            hero = heroes[0] if heroes else None
        if o["northern"] or o["mice"]:
            base = list(order)
        elif self.k36_orden and o["k36_vulnerable"] == "stack_takers":
            base = [s for s in order if s in self.stack_takers]
        else:
            base = [s for s in order if self.medals_year[s] > 0]
        everyone = [s for s in order if s != hero]
        if hero is not None:
            base = everyone
        plan = {f: (everyone if self.roles.get("Q") == f else base) for f in failed}
        fallback = len(failed) == 4 and not any(plan.values())
        if fallback:
            plan = {f: everyone for f in failed}
        self.req_plan = plan
        self.table_wide = o["mice"] or fallback
        self.req_fallback = fallback

    def _requisition(self, ev: dict[str, Any]) -> None:
        if self.req_plan is None:
            self._plan_requisition()
        assert self.req_plan is not None
        f = ev["field"]
        assert f in self.req_plan, f"requisition of {f}: failed fields are {list(self.req_plan)}"
        vuln = self.req_plan[f]
        assert ev["vulnerable"] == vuln, f"vulnerable for {f}: {ev['vulnerable']} != {vuln}"
        assert ("req.fallback" in ev["rules"]) == self.req_fallback, ev
        facts = ev.get("facts", {})
        if "failed_because" in facts:
            why = (["under_quota"] if f not in self.farmed else []) + (
                ["wrecker"] if f == self.wrecker_field else [])
            assert facts["failed_because"] == why, (facts, why)
            assert facts["hours"] == self.hours[f], (facts, self.hours)
        assert list(self.req_plan)[0] == f, f"requisition of {f} out of field order"
        del self.req_plan[f]
        self.pending.extend(self._expected_takes(f, vuln))

    def _expected_takes(self, f: str, vuln: list[int]) -> list[tuple[Any, ...]]:
        """req.take, reveal=highest|highest_hidden, nom.*, mice, x.drunkard_reveals,
        x.hidden_partyman, x.short_partyman: the field's revealed and north events."""
        informant = self.roles.get("Q") == f
        partyman = self.roles.get("K") == f
        drunkard = self.roles.get("J") == f
        hidden_first = self.options["reveal"] == "highest_hidden"
        n_take = 2 if partyman else 1
        face_up = {c: pos[2] for c, pos in self.loc.items() if pos[0] == "cellar"}
        out: list[tuple[Any, ...]] = []

        def matching(seat: int) -> list[str]:
            cards = [c for c in self.cellar(seat) if c == "X" or suit(c) == f]
            return sorted(cards, key=value, reverse=True)

        def reveal(seat: int, c: str) -> None:
            out.append(("revealed", seat, c, f))
            face_up[c] = True

        def send_drunkard() -> None:
            jack = "J" + str(self.trump)
            pos = self.loc[jack]
            if pos[0] == "field":
                out.append(("north", None, jack, f))
            elif pos[0] == "cellar":
                if not face_up[jack]:
                    reveal(pos[1], jack)
                out.append(("north", pos[1], jack, f))

        if not self.table_wide:
            plans = []
            for seat in vuln:
                m = matching(seat)
                hidden = [c for c in m if not face_up[c]]
                reveals = hidden if informant else (hidden[:1] if hidden_first else [])
                reveals = list(reveals)
                takes = [] if drunkard else m[:n_take]
                reveals += [c for c in takes if c in hidden and c not in reveals]
                plans.append((seat, reveals, takes))
            if informant:
                for seat, reveals, _ in plans:
                    for c in reveals:
                        reveal(seat, c)
                if drunkard:
                    send_drunkard()
                for seat, _, takes in plans:
                    out += [("north", seat, c, f) for c in takes]
            else:
                for seat, reveals, takes in plans:
                    for c in reveals:
                        reveal(seat, c)
                    out += [("north", seat, c, f) for c in takes]
                if drunkard:
                    send_drunkard()
            return out
        # mice (or req.fallback): everyone answering reveals, then the table's best go North
        for seat in vuln:
            m = matching(seat)
            hidden = [c for c in m if not face_up[c]]
            if informant:
                reveals = hidden
            elif hidden_first:
                reveals = hidden[:1]
            else:
                reveals = [c for c in m[:1] if not face_up[c]]
            for c in reveals:
                reveal(seat, c)
        if drunkard:
            send_drunkard()
            return out
        pool = [(value(c), seat, c) for seat in vuln for c in matching(seat) if face_up[c]]
        pool.sort(key=lambda x: -x[0])
        out += [("north", seat, c, f) for _, seat, c in pool[:n_take]]
        return out

    def _revealed(self, ev: dict[str, Any]) -> None:
        seat, code = ev["seat"], ev["card"]
        assert self.loc[code] == ("cellar", seat, False), f"reveal: {code} is {self.loc[code]}"
        self._move(code, ("cellar", seat, True), True, self.owner[code], self.kind[code])

    def _north(self, ev: dict[str, Any]) -> None:
        seat, code = ev["seat"], ev["card"]
        pos = self.loc[code]
        if seat is None:
            assert pos == ("field", SUITS.index(ev["field"])), f"north: {code} is in {pos}"
        else:
            # req.take: "a hidden card is always revealed before it goes North"
            assert pos == ("cellar", seat, True), f"north from seat {seat}: {code} is {pos}"
        self._move(code, ("north",), True)
        self.north_history.append(code)
        self.sent_north.append(code)

    def _year_end(self, ev: dict[str, Any]) -> None:
        assert not self.expect_swaps, self.expect_swaps
        if self.req_plan is None:
            self._plan_requisition()
        assert self.req_plan == {}, f"failed fields without a requisition: {self.req_plan}"
        jobs = sorted(c for c, pos in self.loc.items() if pos[0] == "job")
        if self.options["accum"]:
            assert ev["discarded"] == [], ev
        else:
            assert sorted(ev["discarded"]) == jobs, (ev["discarded"], jobs)
        stacks = sorted(c for c in self.loc if self.kind[c] == "stack"
                        and self.loc[c][0] == "cellar")
        back_north = [c for c in self.sent_north
                      if self.k36_orden or (c == "X" and self.options["wrecker_returns"])]
        assert sorted(ev["returned"]) == sorted(stacks + back_north), (ev["returned"], stacks,
                                                                       back_north)
        for code in ev["discarded"]:
            self._move(code, ("discarded",), True)
        for code, pos in list(self.loc.items()):
            if pos[0] == "field":
                self._move(code, ("deck",), False)
            elif self.kind[code] == "stack_top":
                self.kind[code] = "worker"
        for code in ev["returned"]:
            self._move(code, ("deck",), False)

    def _game_end(self, ev: dict[str, Any]) -> None:
        for seat in range(4):
            assert sorted(ev["cellars"][seat]) == self.cellar(seat), (seat, ev["cellars"][seat])
        assert ev["north"] == self.north_history
        self.finished = True
        self.seed = ev.get("seed")


# -- whole-log checks ---------------------------------------------------------------------
def check_seq_and_json(events: list[dict[str, Any]]) -> None:
    """seq 0..n-1 without gaps; every event survives a JSON round trip unchanged."""
    assert [e["seq"] for e in events] == list(range(len(events)))
    for e in events:
        assert json.loads(json.dumps(e)) == e, e


# Engine bugs already shown by a dedicated failing test (test_properties.py), tolerated
# by the broad whole-game checks so that they keep catching *other* faults meanwhile:
# (event type, cited id) pairs.
KNOWN_BAD_IDS = frozenset({
    # BUG: requisition.py cites the option name "wrecker_returns" instead of the clause
    # wrecker.cellar (docs/rules.md has no "wrecker_returns" anchor) —
    # test_wrecker_returns_events_cite_clause_anchors
    ("north", "wrecker_returns"), ("year_end", "wrecker_returns"),
})


def check_rules(events: list[dict[str, Any]], strict: bool = False) -> None:
    """Every consequence event cites at least one clause; every cited id is an anchor
    of docs/rules.md (``strict``: with no tolerance for KNOWN_BAD_IDS)."""
    for e in events:
        rules = e.get("rules")
        assert isinstance(rules, list), e
        if e["type"] in CONSEQUENCE_TYPES:
            assert rules, f"consequence event without clause ids: {e}"
        unknown = [r for r in rules if r not in ANCHORS
                   and (strict or (e["type"], r) not in KNOWN_BAD_IDS)]
        assert not unknown, f"{e['type']} event cites ids that are not anchors: {unknown} in {e}"


def check_game_end(events: list[dict[str, Any]], seed: str | None) -> None:
    """score / medals / tiebreak: scores are cellar sums (+ medals with the medals variant),
    medals are tricks won, places follow (score, tie-break medals)."""
    game, end = events[0], events[-1]
    o = game["ruleset"]["options"]
    assert end["type"] == "game_end"
    medals = [0, 0, 0, 0]
    last_year = [0, 0, 0, 0]
    year = 0
    for e in events:
        if e["type"] == "year":
            year = e["year"]
        elif e["type"] == "trick":
            medals[e["winner"]] += 1
            if year == o["years"]:
                last_year[e["winner"]] += 1
    assert end["medals"] == medals
    sums = [sum(value(c) for c in end["cellars"][i]) for i in range(4)]
    scores = [sums[i] + (medals[i] if o["medals"] else 0) for i in range(4)]
    assert end["scores"] == scores, (end["scores"], scores)
    tb = medals if o["tiebreak_medals"] == "game" else last_year
    keys = [(scores[i], tb[i]) for i in range(4)]
    places = [1 + sum(1 for j in range(4) if keys[j] > keys[i]) for i in range(4)]
    assert end["places"] == places, (end["places"], places, keys)
    assert end["north"] == [e["card"] for e in events if e["type"] == "north"]
    assert end["seed"] == seed
    if seed is not None:
        import hashlib
        assert game["seed_commitment"] == hashlib.sha256(seed.encode("utf-8")).hexdigest()
    else:
        assert game["seed_commitment"] is None


def _seat_order(planner: int) -> list[int]:
    return [(planner + i) % 4 for i in range(4)]


def _is_subsequence(xs: list[int], ys: list[int]) -> bool:
    it = iter(ys)
    return all(x in it for x in xs)


class _Cursor:
    def __init__(self, events: list[dict[str, Any]]) -> None:
        self.events, self.i = events, 0

    def peek(self) -> dict[str, Any] | None:
        return self.events[self.i] if self.i < len(self.events) else None

    def take(self, t: str) -> dict[str, Any]:
        e = self.peek()
        assert e is not None and e["type"] == t, (
            f"canonical order: expected {t!r} at index {self.i}, got "
            f"{None if e is None else e['type']!r}")
        self.i += 1
        return e

    def take_while(self, *types: str) -> list[dict[str, Any]]:
        out = []
        while (e := self.peek()) is not None and e["type"] in types:
            out.append(e)
            self.i += 1
        return out


def trick_winner(cards: list[str], leader: int, trump: str | None) -> int:
    """trick.winner / wrecker.wins, from docs/rules.md."""
    if "X" in cards:
        best = cards.index("X")
    else:
        lead = suit(cards[0])
        pool = [i for i, c in enumerate(cards) if trump is not None and suit(c) == trump]
        if not pool:
            pool = [i for i, c in enumerate(cards) if suit(c) == lead]
        best = max(pool, key=lambda i: value(cards[i]))
    return (leader + best) % 4


def check_canonical_order(events: list[dict[str, Any]]) -> None:
    """RECORD_FORMAT.md "Canonical order", plus the facts the order implies: planners pass
    left, famine only in year 5, the right number of tricks and plays in turn, farmed in
    field order, pockets from the planner, requisitions for exactly the failed fields in
    field order with their reveals and cards sent North grouped as the rules say."""
    cur = _Cursor(events)
    game = cur.take("game")
    o = game["ruleset"]["options"]
    planner = game["first_planner"]
    nom = o["nomenklatura"]
    for y in range(1, o["years"] + 1):
        ye = cur.take("year")
        famine = y == 5
        assert (ye["year"], ye["planner"], ye["famine"]) == (y, planner, famine), ye
        order = _seat_order(planner)
        deal = cur.take("deal")
        assert deal["year"] == y
        h = len(deal["hands"][0])
        assert all(len(hand) == h for hand in deal["hands"])
        assert h <= (4 if famine else 5)
        trump = None
        if not famine:
            te = cur.take("trump")
            trump = te["suit"]
            want_seat = planner if o["trump_selection"] == "planner" else None
            assert te["seat"] == want_seat, te
        swaps = cur.take_while("swap")
        seats = [e["seat"] for e in swaps]
        if not (o["swap"] and y >= 2) or h == 0:
            assert not swaps, swaps
        assert len(set(seats)) == len(seats) and _is_subsequence(seats, order), seats
        n_tricks = h - 1 if h > 1 else 0
        leader = planner if o["first_lead"] == "planner" else (planner + 1) % 4
        farmed_fields: set[str] = set()
        wrecker_field = None
        roles: dict[str, str] = {}  # J/Q/K of trump -> field (nom.*)
        for _ in range(n_tricks):
            plays = [cur.take("play") for _ in range(4)]
            assert [p["seat"] for p in plays] == [(leader + k) % 4 for k in range(4)], plays
            tr = cur.take("trick")
            cards = [p["card"] for p in plays]
            assert tr["leader"] == leader and tr["cards"] == cards, tr
            assert tr["lead_suit"] == suit(cards[0]), tr
            assert tr["winner"] == trick_winner(cards, leader, trump), tr
            asg = cur.take("assign")
            assert asg["seat"] == tr["winner"] and sorted(asg["cards"]) == sorted(cards), asg
            targets = set(SUITS) if "X" in cards else {suit(c) for c in cards}
            assert set(asg["cards"].values()) <= targets, (asg, targets)
            for c, f in asg["cards"].items():
                if c == "X":
                    wrecker_field = f
                elif nom and trump is not None and suit(c) == trump and value(c) >= 11:
                    roles[c[:-1]] = f
            farmed = cur.take_while("farmed")
            fs = [e["field"] for e in farmed]
            assert fs == sorted(fs, key=SUITS.index) and len(set(fs)) == len(fs), fs
            assert not (set(fs) & farmed_fields), (fs, farmed_fields)
            assert all(e["seat"] == tr["winner"] and e["hours"] >= 40 for e in farmed), farmed
            farmed_fields |= set(fs)
            leader = tr["winner"]
        pockets = cur.take_while("pocket")
        assert [p["seat"] for p in pockets] == (order if h >= 1 else []), pockets
        failed = [f for f in SUITS if f not in farmed_fields or f == wrecker_field]
        req_fields = []
        while (e := cur.peek()) is not None and e["type"] == "requisition":
            req = cur.take("requisition")
            group = cur.take_while("revealed", "north")
            req_fields.append(req["field"])
            _check_requisition(req, group, order, roles, o)
        assert req_fields == failed, (req_fields, failed)
        ye_end = cur.take("year_end")
        assert ye_end["year"] == y
        planner = (planner + 1) % 4
    cur.take("game_end")
    rest = events[cur.i:]
    assert not rest, f"events after game_end: {[e['type'] for e in rest]}"


def _check_requisition(req: dict[str, Any], group: list[dict[str, Any]], order: list[int],
                       roles: dict[str, str], o: dict[str, Any]) -> None:
    f = req["field"]
    vuln = req["vulnerable"]
    assert req["skipped"] == (not vuln), req
    assert len(set(vuln)) == len(vuln) and _is_subsequence(vuln, order), req
    assert all(e["field"] == f for e in group), group
    informant = roles.get("Q") == f
    partyman = roles.get("K") == f
    drunkard = roles.get("J") == f
    facts = req.get("facts", {})
    assert facts.get("informant") == informant and facts.get("party_man") == partyman, req
    assert facts.get("drunkard") == drunkard, req
    table_wide = o["mice"] or "req.fallback" in req["rules"]
    norths = [e for e in group if e["type"] == "north"]
    if drunkard:
        # nom.drunkard: only the Jack goes North (x.drunkard_reveals)
        assert [e["card"][:-1] for e in norths] in ([], ["J"]), group
    else:
        assert all(e["seat"] in vuln for e in group), (vuln, group)
    if informant or table_wide or drunkard:
        kinds = [e["type"] for e in group]
        assert kinds == sorted(kinds, key=("revealed", "north").index), kinds
    else:
        # per vulnerable seat, in seat order from the planner: its reveals, then its norths
        seats = [e["seat"] for e in group]
        assert seats == sorted(seats, key=vuln.index), (vuln, group)
        for seat in set(seats):
            kinds = [e["type"] for e in group if e["seat"] == seat]
            assert kinds == sorted(kinds, key=("revealed", "north").index), kinds
    limit = 2 if partyman else 1
    if table_wide and not drunkard:
        assert len(norths) <= limit, group
    elif not drunkard:
        per = Counter(e["seat"] for e in norths)
        assert all(n <= limit for n in per.values()), group


# RECORD_FORMAT.md: the fields of each event type ("The consequence types and their key
# fields", and the inputs as they reappear in the log); every event has seq/type/rules.
EVENT_FIELDS: dict[str, set[str]] = {
    "game": {"ruleset", "seats", "first_planner", "seed_commitment", "engine_version",
             "rules_version"},
    "year": {"year", "planner", "famine"},
    "deal": {"year", "hands"},
    "trump": {"seat", "suit"},
    "swap": {"seat"},
    "play": {"seat", "card"},
    "trick": {"leader", "winner", "cards", "lead_suit"},
    "assign": {"seat", "cards"},
    "farmed": {"field", "seat", "hours", "rewards"},
    "pocket": {"seat", "card"},
    "revealed": {"seat", "card", "field"},
    "north": {"seat", "card", "field"},
    "requisition": {"field", "skipped", "vulnerable"},
    "year_end": {"year", "discarded", "returned"},
    "game_end": {"scores", "medals", "places", "cellars", "north", "seed"},
}


def check_fields(events: list[dict[str, Any]]) -> None:
    """Every event carries seq, type, rules and its documented fields; a swap either
    passes or names its hand and cellar cards; jobs appear exactly with reward cards."""
    o = events[0]["ruleset"]["options"]
    rewards = o["deck"] == 52 and not o["northern"]
    for e in events:
        missing = ({"seq", "type", "rules"} | EVENT_FIELDS[e["type"]]) - set(e)
        assert not missing, f"{e['type']} event lacks {missing}: {e}"
        if e["type"] == "swap":
            assert e.get("pass") is True or {"hand", "cellar"} <= set(e), e
        if e["type"] == "deal":
            assert ("jobs" in e) == rewards, e
        if e["type"] == "game":
            assert set(e["ruleset"]["options"]) == set(kc.OPTIONS), e


def check_log(events: list[dict[str, Any]], seed: str | None) -> None:
    """Every whole-log property."""
    check_seq_and_json(events)
    check_fields(events)
    check_rules(events)
    check_canonical_order(events)
    check_game_end(events, seed)


# -- driving games -------------------------------------------------------------------------
def new_state(spec: dict[str, Any], seed: str | None, first_planner: int | None
              ) -> tuple[kc.GameState, list[dict[str, Any]]]:
    rs = kc.build_ruleset(spec)
    events = kc.new_game(rs, list(SEATS), first_planner, seed)
    return kc.fold(events), events


def replay_with_tracker(events: list[dict[str, Any]]) -> Iterator[tuple[kc.GameState, Tracker]]:
    """(state, tracker) after every event; checks conservation and that the state and
    the independent tracker agree on where every card is (and face-up or not)."""
    tracker = Tracker()
    for state, ev in zip(kc.replay(events), events, strict=True):
        tracker.apply(ev)
        locs = check_conservation(state)
        assert locs == tracker.loc, _loc_diff(locs, tracker.loc, ev)
        yield state, tracker


def _loc_diff(a: dict[str, Any], b: dict[str, Any], ev: dict[str, Any]) -> str:
    diff = {c: (a.get(c), b.get(c)) for c in set(a) | set(b) if a.get(c) != b.get(c)}
    return f"after {ev['type']} (seq {ev['seq']}): state vs tracker {diff}"


# -- illegal inputs ------------------------------------------------------------------------
BAD_CARD_CODES = ["1Z", "11H", "", "10h", "x", "AA", "0S", 7, None]
BAD_SEATS = [4, -1, "0", None, True, 1.0]


def _legal_like(state: kc.GameState, t: str) -> dict[str, Any]:
    """A plausible input of type ``t`` (used when the game awaits something else)."""
    seat = state.to_move if state.to_move is not None else 0
    hand = [code_of(c) for c in state.hands[seat]]
    if t == "play":
        return {"type": "play", "seat": seat, "card": hand[0] if hand else "KH"}
    if t == "assign":
        return {"type": "assign", "seat": seat, "cards": {c: "H" for c in hand[:1]}}
    if t == "swap":
        return {"type": "swap", "seat": seat, "pass": True}
    if t == "trump":
        return {"type": "trump", "seat": state.planner, "suit": "H"}
    return {"type": "deal", "year": state.year, "hands": [[], [], [], []]}


def illegal_inputs(state: kc.GameState, rng: random.Random,
                   tracker: Tracker | None = None,
                   legal_chance: dict[str, Any] | None = None) -> list[dict[str, Any] | Any]:
    """Inputs the rules refuse at ``state`` (at a decision or a deal): other input types,
    malformed shapes, the wrong seat, a card not held, a revoke, a wrong target, bad
    deals. Built from docs/rules.md, not from ``legal_inputs``."""
    out: list[Any] = [{"type": "bid", "seat": 0}, {}, ["play"], "play", None]
    ph = state.phase
    awaited = {"deal": "deal", "trump": "trump", "swap": "swap", "play": "play",
               "assign": "assign"}[ph]
    for t in ("deal", "trump", "swap", "play", "assign"):
        if t != awaited:
            out.append(_legal_like(state, t))
    universe = sorted(expected_universe(state.ruleset.options))
    if ph == "play":
        seat = state.to_move
        hand = [code_of(c) for c in state.hands[seat]]
        for other in range(4):
            if other != seat and state.hands[other]:
                out.append({"type": "play", "seat": other,
                            "card": code_of(rng.choice(state.hands[other]))})
        not_held = [c for c in universe if c not in hand]
        out.append({"type": "play", "seat": seat, "card": rng.choice(not_held)})
        out += [{"type": "play", "seat": seat, "card": bad} for bad in BAD_CARD_CODES]
        out += [{"type": "play", "seat": bad, "card": hand[0]} for bad in BAD_SEATS]
        out.append({"type": "play", "seat": seat})
        trick = [code_of(c) for c in state.trick]
        if trick and trick[0] != "X":
            ls = suit(trick[0])
            if any(c == "X" or suit(c) == ls for c in hand):
                out += [{"type": "play", "seat": seat, "card": c} for c in hand
                        if c != "X" and suit(c) != ls]
    elif ph == "assign":
        w = state.winner
        trick = [code_of(c) for c in state.trick]
        targets = list(SUITS) if "X" in trick else sorted({suit(c) for c in trick})
        good = {c: rng.choice(targets) for c in trick}
        for other in range(4):
            if other != w:
                out.append({"type": "assign", "seat": other, "cards": dict(good)})
        off = [f for f in SUITS if f not in targets]
        if off:
            c = rng.choice(trick)
            out.append({"type": "assign", "seat": w, "cards": {**good, c: rng.choice(off)}})
        drop = dict(good)
        del drop[rng.choice(trick)]
        out.append({"type": "assign", "seat": w, "cards": drop})
        extra = rng.choice([c for c in universe if c not in trick])
        out.append({"type": "assign", "seat": w, "cards": {**good, extra: targets[0]}})
        out.append({"type": "assign", "seat": w, "cards": {**good, trick[0]: "Z"}})
        out.append({"type": "assign", "seat": w, "cards": {**good, trick[0]: None}})
        out.append({"type": "assign", "seat": w, "cards": list(good)})
        out.append({"type": "assign", "seat": w, "cards": {**good, "1Z": targets[0]}})
        out += [{"type": "assign", "seat": bad, "cards": dict(good)} for bad in BAD_SEATS]
    elif ph == "swap":
        seat = state.to_move
        hand = [code_of(c) for c in state.hands[seat]]
        cellar = [(code_of(e[0]), e) for e in state.cellars[seat]]
        cellar_codes = [c for c, _ in cellar]
        for other in range(4):
            if other != seat:
                out.append({"type": "swap", "seat": other, "pass": True})
        c0 = cellar_codes[0]
        not_held = [c for c in universe if c not in hand]
        out.append({"type": "swap", "seat": seat, "hand": rng.choice(not_held), "cellar": c0})
        not_in_cellar = [c for c in universe if c not in cellar_codes]
        out.append({"type": "swap", "seat": seat, "hand": hand[0],
                    "cellar": rng.choice(not_in_cellar)})
        out.append({"type": "swap", "seat": seat, "hand": hand[0], "cellar": "1Z"})
        out.append({"type": "swap", "seat": seat, "hand": None, "cellar": c0})
        out.append({"type": "swap", "seat": seat, "pass": True, "hand": hand[0], "cellar": c0})
        out.append({"type": "swap", "seat": seat, "pass": "yes"})
        out.append({"type": "swap", "seat": seat})
        scope = state.ruleset.options["swap_scope"]
        if tracker is not None:
            for c in cellar_codes:
                face_up = tracker.loc[c][2]
                if (scope == "hidden" and face_up) or (scope == "workers"
                                                       and tracker.kind[c] == "reward"):
                    out.append({"type": "swap", "seat": seat, "hand": hand[0], "cellar": c})
    elif ph == "trump":
        if state.ruleset.options["trump_selection"] == "planner":
            for other in range(4):
                if other != state.planner:
                    out.append({"type": "trump", "seat": other, "suit": "H"})
            out.append({"type": "trump", "seat": None, "suit": "H"})
            seat: Any = state.planner
        else:
            out += [{"type": "trump", "seat": s, "suit": "H"} for s in range(4)]
            seat = None
        out += [{"type": "trump", "seat": seat, "suit": bad}
                for bad in ("X", "Z", "h", None, 0, "HD")]
    elif ph == "deal":
        assert legal_chance is not None
        d = legal_chance
        hands = d["hands"]
        h = len(hands[0])
        out.append({**d, "year": state.year + 1})
        out.append({**d, "hands": hands[:3]})
        out.append({**d, "hands": "everything"})
        out.append({**d, "hands": [hands[0], hands[1], hands[2], "AH"]})
        in_deck = {code_of(c) for c in state.deck}
        if h > 0:
            moved = [list(x) for x in hands]
            moved[1].append(moved[0].pop())
            out.append({**d, "hands": moved})
            dup = [list(x) for x in hands]
            dup[1][0] = dup[0][0]
            out.append({**d, "hands": dup})
            outside = sorted(ALL_CODES - in_deck)
            stranger = [list(x) for x in hands]
            stranger[2][0] = rng.choice(outside)
            out.append({**d, "hands": stranger})
            bad = [list(x) for x in hands]
            bad[3][0] = "1Z"
            out.append({**d, "hands": bad})
        else:
            spare = sorted(in_deck)
            if spare:
                out.append({**d, "hands": [[spare[0]], [], [], []]})
            out.append({**d, "hands": [["KH"], ["KH"], ["KH"], ["KH"]]})
        jobs = d.get("jobs")
        if jobs:
            letters = sorted(jobs)
            out.append({**d, "jobs": {k: v for k, v in jobs.items() if k != letters[0]}})
            swapped = dict(jobs)
            if len(letters) >= 2:
                swapped[letters[0]], swapped[letters[1]] = jobs[letters[1]], jobs[letters[0]]
                out.append({**d, "jobs": swapped})
            out.append({**d, "jobs": {**jobs, letters[0]: "KH"}})
            out.append({**d, "jobs": {**jobs, letters[0]: "1Z"}})
        elif not state.ruleset.has_rewards:
            out.append({**d, "jobs": {"H": "AH"}})
        else:
            # every pile is empty: no jobs may be named
            out.append({**d, "jobs": {"H": "AH"}})
    return out


def _candidates(state: kc.GameState) -> list[dict[str, Any]]:
    """Every well-formed input of the awaited type for the seat to act: the space in
    which legal_inputs must be exactly the inputs decide accepts."""
    ph = state.phase
    codes = sorted(ALL_CODES)
    if ph == "play":
        return [{"type": "play", "seat": state.to_move, "card": c} for c in codes]
    if ph == "assign":
        trick = [code_of(c) for c in state.trick]
        out = []
        for k in range(4 ** len(trick)):
            fields = [SUITS[(k // 4 ** i) % 4] for i in range(len(trick))]
            out.append({"type": "assign", "seat": state.winner,
                        "cards": dict(zip(trick, fields, strict=True))})
        return out
    if ph == "swap":
        seat = state.to_move
        out = [{"type": "swap", "seat": seat, "pass": True}]
        for h in state.hands[seat]:
            for e in state.cellars[seat]:
                out.append({"type": "swap", "seat": seat, "hand": code_of(h),
                            "cellar": code_of(e[0])})
        return out
    if ph == "trump":
        seats: list[int | None] = [None, 0, 1, 2, 3]
        return [{"type": "trump", "seat": s, "suit": f} for s in seats for f in SUITS]
    return []


def check_legal_inputs_exact(state: kc.GameState, seed: str) -> None:
    """legal_inputs(state) is exactly the set of candidate inputs decide accepts."""
    key = lambda inp: json.dumps(inp, sort_keys=True)  # noqa: E731
    legal = {key(i) for i in kc.legal_inputs(state)}
    accepted = set()
    for inp in _candidates(state):
        try:
            kc.decide(state, inp, seed=seed)
        except kc.KolkhozError:
            continue
        accepted.add(key(inp))
    assert accepted == legal, (f"phase {state.phase}: accepted but not listed "
                               f"{sorted(accepted - legal)[:3]}, listed but refused "
                               f"{sorted(legal - accepted)[:3]}")


def check_step(state: kc.GameState, rng: random.Random, seed: str,
               tracker: Tracker | None = None, max_legal: int = 6,
               exhaustive: bool = False) -> None:
    """At a decision (or deal): every member of legal_inputs (a sample when many) is
    accepted by decide; a set of illegal inputs is refused with a KolkhozError whose
    ``code`` is a non-empty string; the state never changes."""
    before = state.snapshot()
    chance = kc.chance_input(state, seed)
    legal = kc.legal_inputs(state)
    if state.phase == "deal":
        assert legal == [] and chance is not None
        legal = [chance]
    else:
        assert legal, f"no legal input in phase {state.phase}"
    # every legal input is for the seat the state says is to move (None: chance)
    want_seat = state.winner if state.phase == "assign" else state.to_move
    assert state.phase == "assign" or state.to_move == want_seat
    if state.phase != "deal":
        assert {i["seat"] for i in legal} == {want_seat}, (state.phase, want_seat, legal[:2])
        if state.phase == "assign":
            assert state.to_move == state.winner
    # legal_inputs is deterministic; play options come in card-number order
    assert kc.legal_inputs(state) == ([] if state.phase == "deal" else legal)
    if state.phase == "play":
        nums = [CARD_NUMBER[i["card"]] for i in legal]
        assert nums == sorted(nums), legal
    sample = legal if len(legal) <= max_legal else rng.sample(legal, max_legal)
    for inp in sample:
        copy_in = json.loads(json.dumps(inp))
        evs = kc.decide(state, inp, seed=seed)
        # decide leaves its input alone
        assert inp == copy_in
        assert evs and evs[0]["type"] == inp["type"] and evs[0]["seq"] == state.seq, (inp, evs)
        assert [e["seq"] for e in evs] == list(range(state.seq, state.seq + len(evs)))
    for bad in illegal_inputs(state, rng, tracker, chance if state.phase == "deal" else None):
        try:
            evs = kc.decide(state, bad, seed=seed)
        except kc.KolkhozError as e:
            assert isinstance(e.code, str) and e.code, (bad, e)
            if isinstance(e, kc.IllegalInputError):
                assert e.rule in ANCHORS, (bad, e.code, e.rule)
            elif isinstance(e, kc.MalformedInputError):
                assert e.rule is None, (bad, e.code, e.rule)
        else:
            raise AssertionError(f"decide accepted an illegal input in phase {state.phase}: "
                                 f"{bad!r} -> {evs[:1]}")
    if exhaustive and state.phase != "deal":
        check_legal_inputs_exact(state, seed)
    assert state.snapshot() == before, "decide changed the state"


def iter_rulesets_for(rng: random.Random) -> Iterable[dict[str, Any]]:
    while True:
        yield random_spec(rng)
