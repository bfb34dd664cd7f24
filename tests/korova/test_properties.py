"""Property tests over random legal Korova games at every seat count 2-10 (base) and
2-4 (tactical), through the engine's public API alone.

Given random rulesets (threshold, lowest_tie, draft_order) and uniformly random legal
play from the seed / then at every step: every card of the round is in exactly one
place (hands, face-down choices, rows, piles, the draft table) and the engine's hands,
rows and piles equal an independent tracker's, which re-derives every placement from
RULINGS.md (place.row, place.sixth, low.card) and every penalty, total, end and place
from its own heads table; the step-by-step state equals the fold of the log; events
survive a JSON round trip; every legal input of a random mover is accepted and a sample
of other inputs refused, with no state change; at the start of every turn, the same
choices arriving in other orders (permutations) give the same reveal, placements and
state; and the record of the whole log adjudicates back to the same log.

Budget: ``KOROVA_PROPERTY_GAMES`` games per seat count and variant (default 45; 12
cases: ``HYPOTHESIS_PROFILE=ci`` doubles it, ``quick`` quarters it).
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

import korova_core as k
from korova_core.choices import legal_inputs
from korova_core.errors import KorovaError
from tests.core.props_helpers import budget

from .records import NAMES, heads, places

GAMES = max(1, int(budget(int(os.environ.get("KOROVA_PROPERTY_GAMES", "45")))))
CASES = [(n, False) for n in range(2, 11)] + [(n, True) for n in (2, 3, 4)]


class Tracker:
    """The game as the events tell it, each consequence re-derived from RULINGS.md."""

    def __init__(self, n: int, opts: dict[str, Any]) -> None:
        self.n, self.opts = n, opts
        self.hands: list[list[int]] = []
        self.rows: list[list[int]] = []
        self.piles: list[list[int]] = []
        self.table: list[int] = []
        self.facedown: dict[int, int] = {}
        self.universe: set[int] = set()
        self.totals = [0] * n
        self.row_choice: int | None = None
        self.turn_cards: list[int] = []

    def cards(self) -> list[int]:
        return ([c for h in self.hands for c in h] + list(self.facedown.values())
                + [c for r in self.rows for c in r] + [c for p in self.piles for c in p]
                + self.table)

    def target(self, card: int) -> int | None:
        """place.row: the row with the highest end below ``card``, None if none."""
        below = [r for r in range(4) if self.rows[r][-1] < card]
        return max(below, key=lambda r: self.rows[r][-1]) if below else None

    def apply(self, e: dict[str, Any]) -> None:  # noqa: C901 - one branch per event type
        t = e["type"]
        if t == "round":
            self.hands = [[] for _ in range(self.n)]
            self.rows = [[], [], [], []]
            self.piles, self.table = [[] for _ in range(self.n)], []
        elif t == "deal":
            self.hands = [sorted(h) for h in e["hands"]]
            self.universe = {c for h in e["hands"] for c in h} | set(e["rows"])
            assert len(self.universe) == 10 * self.n + 4
        elif t == "draft":
            assert e["cards"] == list(range(1, 10 * self.n + 5))
            self.table, self.universe = list(e["cards"]), set(e["cards"])
        elif t == "pick":
            self.table.remove(e["card"])
            self.hands[e["seat"]].append(e["card"])
        elif t == "rows":
            self.rows = [[c] for c in e["rows"]]
            if self.opts["tactical"]:
                assert e["rows"] == sorted(self.table)
                self.table = []
            assert all(len(h) == 10 for h in self.hands)
        elif t == "choose":
            self.hands[e["seat"]].remove(e["card"])
            self.facedown[e["seat"]] = e["card"]
        elif t == "reveal":
            assert e["cards"] == [self.facedown[s] for s in range(self.n)]
            assert e["order"] == sorted(range(self.n), key=lambda s: e["cards"][s])
            self.turn_cards = sorted(e["cards"])
        elif t == "low_card":
            assert e["card"] == self.turn_cards[0] and self.target(e["card"]) is None
            assert e["ends"] == [r[-1] for r in self.rows]
        elif t == "take_row":
            self.row_choice = e["row"]
        elif t in ("place", "take"):
            card, seat = e["card"], e["seat"]
            assert self.facedown.pop(seat) == card and card == self.turn_cards.pop(0)
            row = self.target(card)
            if t == "place":
                assert row == e["row"] and len(self.rows[row]) < 5
                self.rows[row].append(card)
                assert e["length"] == len(self.rows[row])
                return
            if e["cause"] == "sixth":
                assert row == e["row"] and len(self.rows[row]) == 5
            else:
                assert row is None and e["row"] == self.row_choice
            self.row_choice = None
            assert e["cards"] == self.rows[e["row"]]
            assert e["penalty"] == sum(heads(c) for c in e["cards"])
            self.piles[seat] += e["cards"]
            self.rows[e["row"]] = [card]
        elif t == "round_end":
            pen = [sum(heads(c) for c in p) for p in self.piles]
            self.totals = [a + b for a, b in zip(self.totals, pen, strict=True)]
            assert (e["penalties"], e["scores"]) == (pen, self.totals)
            assert e["piles"] == self.piles and e["table"] == self.rows
            assert not any(self.hands) and not self.facedown
        elif t == "game_end":
            assert e["scores"] == self.totals and e["places"] == places(self.totals)
            assert self.ends_now()

    def ends_now(self) -> bool:
        """game.end with game.places' lowest_tie."""
        if max(self.totals) < self.opts["threshold"]:
            return False
        return self.opts["lowest_tie"] == "share" or self.totals.count(min(self.totals)) == 1


def others(s: Any, n: int, rng: random.Random) -> list[Any]:
    """A sample of inputs that are not legal now."""
    out: list[Any] = [{"type": "bogus"}, "choose", None,
                      {"type": "choose", "seat": n, "card": 1},
                      {"type": "take_row", "seat": 0, "row": 4},
                      {"type": "deal", "round": s.round, "hands": [], "rows": []},
                      {"type": "pick", "seat": rng.randrange(n), "card": 104}]
    for seat in range(n):
        out.append({"type": "choose", "seat": seat, "card": rng.randint(0, 105)})
        out.append({"type": "take_row", "seat": seat, "row": rng.randrange(4)})
    if s.rows and s.rows[0]:
        out.append({"type": "choose", "seat": rng.randrange(n), "card": s.rows[0][0]})
    legal = [i for seat in range(n) for i in legal_inputs(s, seat)]
    return [i for i in out if i not in legal]


def permutations_agree(s: Any, n: int, seed: str, rng: random.Random) -> list[dict]:
    """At a fresh turn: choose a card per seat, then submit the chooses in several orders;
    the events from the reveal on and the state after are the same. Returns one order's
    events."""
    cards = {seat: rng.choice(legal_inputs(s, seat)) for seat in range(n)}
    orders = [list(range(n)), list(range(n))[::-1]]
    for _ in range(2):
        orders.append(rng.sample(range(n), n))
    results = []
    for order in orders:
        w = s.copy()
        evs: list[dict] = []
        for seat in order:
            new = k.decide(w, cards[seat], seed=seed)
            for e in new:
                w = k.evolve(w, e)
            evs += new
        assert [e["seat"] for e in evs if e["type"] == "choose"] == order
        tail = evs[n:]
        assert tail and tail[0]["type"] == "reveal"
        results.append((evs, tail, w))
    for _, tail, w in results[1:]:
        assert tail == results[0][1] and w == results[0][2], "choice order mattered"
    return results[0][0]


def play_one(n: int, tactical: bool, g: int) -> dict[str, Any]:
    rng = random.Random(f"{n}-{tactical}-{g}")
    seed = f"korova-prop-{n}-{tactical}-{g}"
    opts = {"threshold": rng.choice([1, 10, 30, 66]),
            "lowest_tie": rng.choice(["share", "play_on"]),
            "draft_order": rng.choice(["rotation", "snake"])}
    rs = k.build_ruleset({"preset": "tactical" if tactical else "base", "options": opts})
    opts["tactical"] = tactical
    log = k.new_game(rs, NAMES[:n], seed=seed)
    s = k.fold(log)
    tr = Tracker(n, opts)
    for e in log:
        tr.apply(e)
    while not s.finished:
        inp = k.chance_input(s, seed)
        if inp is not None:
            new = k.decide(s, inp, seed=seed)
        elif s.phase == "choose" and not s.chosen and rng.random() < 0.5:
            new = permutations_agree(s, n, seed, rng)
        else:
            movers = sorted(s.may_act())
            assert movers
            before = s.copy()
            for other in others(s, n, rng):
                with pytest.raises(KorovaError):
                    k.decide(s, other, seed=seed)
            mover = rng.choice(movers)
            legal = legal_inputs(s, mover)
            assert legal
            for ok in legal:
                k.decide(s, ok, seed=seed)  # accepted
            assert s == before, "decide changed the state"
            new = k.decide(s, rng.choice(legal), seed=seed)
        assert json.loads(json.dumps(new)) == new
        for e in new:
            assert e["seq"] == len(log)
            s = k.evolve(s, e)
            tr.apply(e)
            log.append(e)
            if e["type"] not in ("game", "round", "deal", "game_end"):
                assert sorted(tr.cards()) == sorted(tr.universe), "a card lost or doubled"
        if s.hands and not s.finished:
            assert [sorted(h) for h in s.hands] == [sorted(h) for h in tr.hands]
            assert s.rows == tr.rows and s.piles == tr.piles
    assert s == k.fold(log)
    assert k.adjudicate(json.loads(json.dumps(k.to_record(log)))) == log
    return {"rounds": log[-1]["rounds"], "events": len(log)}


@pytest.mark.parametrize("n, tactical", CASES)
def test_random_legal_games_keep_every_invariant(n, tactical):
    stats = [play_one(n, tactical, g) for g in range(GAMES)]
    assert len(stats) == GAMES


def test_several_rounds_are_reached():
    """The budget's games include multi-round ones (round.next is exercised)."""
    assert max(play_one(3, False, g)["rounds"] for g in range(8)) > 1


def test_the_fold_equals_step_by_step_play_at_every_position():
    """Given a whole game's log / when folded prefix by prefix / then each fold equals the
    state evolved event by event, and replay yields the same states."""
    rng = random.Random(5)
    seed = "fold-check"
    rs = k.build_ruleset({"preset": "base", "options": {"threshold": 20}})
    log = k.new_game(rs, NAMES[:4], seed=seed)
    s = k.fold(log)
    while not s.finished:
        inp = k.chance_input(s, seed) or rng.choice(
            [i for seat in sorted(s.may_act()) for i in legal_inputs(s, seat)])
        for e in k.decide(s, inp, seed=seed):
            s = k.evolve(s, e)
            log.append(e)
    step = k.fold(log[:1])
    states = list(k.replay(log))
    for i in range(1, len(log)):
        step = k.evolve(step, log[i])
        assert step == k.fold(log[:i + 1]) == states[i]


def test_heads_table_against_the_engine():
    """The engine's heads for every card equal this module's independent table."""
    assert [k.heads(c) for c in range(1, 105)] == [heads(c) for c in range(1, 105)]
    assert sum(k.heads(c) for c in k.DECK) == 171
