"""The seeded shuffle ``kolkhoz-shuffle/1``: deterministic, as specified, uniform-ish.

``reference_*`` below re-implement the specification in kolkhoz_core/shuffle.py's
docstring (HMAC-SHA256 counter mode, rejection sampling, Fisher–Yates, card order, deal
order, jobs and trump labels) without using the engine's code; the engine's chance
outcomes must be exactly these. The deck a year is dealt from comes from the
independent event-driven Tracker, not from the engine's state.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import kolkhoz_core as kc
from kolkhoz_core.bots import get_bot
from kolkhoz_core.shuffle import SeedStream

try:
    from .props_helpers import RANKS, SEATS, SUITS, Tracker, budget, random_spec
except ImportError:  # rootdir-relative import (tests/core is not a package)
    from props_helpers import RANKS, SEATS, SUITS, Tracker, budget, random_spec


# -- the specification, re-implemented -------------------------------------------------------
def number(code: str) -> int:
    """A card's number: suit * 13 + rank - 1 (H=0, D=1, C=2, S=3; A=1 … K=13); X is 52."""
    if code == "X":
        return 52
    return SUITS.index(code[-1]) * 13 + RANKS.index(code[:-1])


def words(seed: str, label: str) -> Iterator[int]:
    """Block k = HMAC-SHA256(key=UTF-8(seed), msg=UTF-8("kolkhoz-shuffle/1:<label>:<k>")),
    read as eight big-endian 32-bit words."""
    k = 0
    while True:
        block = hmac.new(seed.encode("utf-8"), f"kolkhoz-shuffle/1:{label}:{k}".encode(),
                         hashlib.sha256).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i:i + 4], "big")
        k += 1


class Ref:
    def __init__(self, seed: str, label: str) -> None:
        self.w = words(seed, label)

    def below(self, n: int) -> int:
        limit = 2**32 - (2**32 % n)
        while True:
            x = next(self.w)
            if x < limit:
                return x % n

    def shuffle(self, a: list[Any]) -> list[Any]:
        a = list(a)
        for i in range(len(a) - 1, 0, -1):
            j = self.below(i + 1)
            a[i], a[j] = a[j], a[i]
        return a


def reference_planner(seed: str) -> int:
    return Ref(seed, "planner").below(4)


def reference_deal(seed: str, year: int, planner: int, deck: list[str], famine: bool,
                   piles: dict[str, list[str]] | None) -> dict[str, Any]:
    """plan.deal + deal.short + plan.jobs as kolkhoz-shuffle/1 specifies them."""
    full = 4 if famine else 5
    h = full if len(deck) >= 4 * full else len(deck) // 4
    shuffled = Ref(seed, f"deal/{year}").shuffle(sorted(deck, key=number))
    hands: list[list[str]] = [[], [], [], []]
    for k in range(4 * h):
        hands[(planner + 1 + k) % 4].append(shuffled[k])
    out: dict[str, Any] = {"type": "deal", "year": year, "hands": hands}
    if piles is not None:
        jobs = {}
        for letter in SUITS:
            pile = sorted(piles[letter], key=number)
            if pile:
                jobs[letter] = pile[Ref(seed, f"jobs/{year}/{letter}").below(len(pile))]
        out["jobs"] = jobs
    return out


def reference_trump(seed: str, year: int) -> str:
    return SUITS[Ref(seed, f"trump/{year}").below(4)]


# -- against the engine ------------------------------------------------------------------------
SEEDS = ["", "0", "seed", "Плановое хозяйство", "🌾", "a" * 200, "kolkhoz-42"]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_first_planner_is_the_specified_draw(seed: str) -> None:
    # given a seed and no first planner
    events = kc.new_game(kc.build_ruleset(None), list(SEATS), None, seed)
    # then the first planner is below(4) of the "planner" stream
    assert events[0]["first_planner"] == reference_planner(seed)
    assert events[1]["planner"] == reference_planner(seed)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 33, 52, 2**31 + 1, 3 * 2**30, 2**32])
def test_below_is_the_specified_rejection_sampling(seed: str, n: int) -> None:
    # given the engine's stream and the reference (n near 2**31 rejects about half the words)
    eng, ref = SeedStream(seed, "test"), Ref(seed, "test")
    # then they draw the same numbers, all in range
    for _ in range(50):
        x = eng.below(n)
        assert x == ref.below(n) and 0 <= x < n


def test_rejection_actually_happens_for_a_large_n() -> None:
    # (guard: the large-n case above does exercise rejection)
    n = 2**31 + 1
    limit = 2**32 - (2**32 % n)
    w = words("seed", "test")
    assert any(next(w) >= limit for _ in range(50))


def _tracked_deals(events: list[dict[str, Any]], seed: str) -> int:
    """Compare every deal (and random trump) of a log with the reference; returns the
    number of deals compared. The deck and piles come from the independent Tracker."""
    tracker = Tracker()
    n = 0
    opts = events[0]["ruleset"]["options"]
    for ev in events:
        if ev["type"] == "deal":
            deck = tracker.where("deck")
            piles = None
            if opts["deck"] == 52 and not opts["northern"]:
                piles = {f: tracker.where("pile", SUITS.index(f)) for f in SUITS}
            year_ev = next(e for e in reversed(events[: ev["seq"]]) if e["type"] == "year")
            want = reference_deal(seed, ev["year"], year_ev["planner"], deck,
                                  year_ev["famine"], piles)
            assert ev["hands"] == want["hands"], (ev["year"], ev["hands"], want["hands"])
            assert ev.get("jobs") == want.get("jobs"), (ev.get("jobs"), want.get("jobs"))
            n += 1
        if ev["type"] == "trump" and ev["seat"] is None:
            assert ev["suit"] == reference_trump(seed, tracker.year)
        tracker.apply(ev)
    return n


@pytest.mark.parametrize("k", range(budget(40)))
def test_every_deal_of_a_game_is_the_specified_shuffle(k: int) -> None:
    # given a random-bot game over a random ruleset (random trump sometimes, short decks)
    rng = random.Random(f"shuffle-{k}")
    spec = random_spec(rng)
    seed = f"spec-{k}-{rng.random()}"
    rs = kc.build_ruleset(spec)
    events = kc.play_game(rs, list(SEATS), [get_bot("random") for _ in range(4)], seed)
    # then every year's hands and jobs, and every random trump, are the reference's
    assert _tracked_deals(events, seed) == rs.options["years"]


def test_chance_input_is_deterministic_and_depends_on_the_seed() -> None:
    # given the same opening under three seeds
    rs = kc.build_ruleset({"preset": "kolkhoz"})
    state = kc.fold(kc.new_game(rs, list(SEATS), 0, "x"))
    # then the same seed gives the same deal every time, other seeds other deals
    a1, a2 = kc.chance_input(state, "alpha"), kc.chance_input(state, "alpha")
    b = kc.chance_input(state, "beta")
    assert a1 == a2
    assert a1 != b
    # and play_game gives the same log for the same seed
    bots = [get_bot("random") for _ in range(4)]
    assert kc.play_game(rs, list(SEATS), bots, "same") == kc.play_game(rs, list(SEATS), bots,
                                                                      "same")


def test_deals_are_uniform_ish_over_2000_seeds() -> None:
    # given the year-1 deal of a kolkhoz game (33 workers, 5 cards a seat) under 2000 seeds
    rs = kc.build_ruleset({"preset": "kolkhoz"})
    state = kc.fold(kc.new_game(rs, list(SEATS), 0, "uniform"))
    n = 2000
    at_seat: Counter[tuple[str, int]] = Counter()
    jobs: Counter[tuple[str, str]] = Counter()
    planners: Counter[int] = Counter()
    for i in range(n):
        seed = f"uniform-{i}"
        deal = kc.chance_input(state, seed)
        for seat, hand in enumerate(deal["hands"]):
            for c in hand:
                at_seat[(c, seat)] += 1
        for f, c in deal["jobs"].items():
            jobs[(f, c)] += 1
        planners[reference_planner(seed)] += 1
    workers = [r + s for s in SUITS for r in RANKS[5:]] + ["X"]
    # then every card reaches every seat, about 5/33 of the time (very loose bounds)
    expected = n * 5 / 33
    for c in workers:
        for seat in range(4):
            got = at_seat[(c, seat)]
            assert 0.6 * expected < got < 1.4 * expected, (c, seat, got)
    # and every reward card is a job of its field about 1/5 of the time
    for f in SUITS:
        for r in RANKS[:5]:
            assert 0.6 * n / 5 < jobs[(f, r + f)] < 1.4 * n / 5, (f, r, jobs[(f, r + f)])
    assert set(planners) == {0, 1, 2, 3}


# -- records without deals ---------------------------------------------------------------------
RECORD_SPECS = [{"preset": p} for p in sorted(kc.PRESETS)] + [
    {"preset": "kolkhoz", "options": {"trump_selection": "random"}},
    {"options": {"deck": 36, "orden": True, "trump_selection": "random", "years": 5}},
]


@pytest.mark.parametrize("spec", RECORD_SPECS, ids=lambda s: str(s))
def test_a_record_with_only_a_seed_adjudicates_like_the_one_with_deals(
        spec: dict[str, Any]) -> None:
    # given a finished game and its record (deals written out, seed revealed)
    rs = kc.build_ruleset(spec)
    seed = f"record-{rs.options['deck']}-{rs.options['trump_selection']}"
    events = kc.play_game(rs, list(SEATS), [get_bot("random") for _ in range(4)], seed)
    full = kc.to_record(events)
    assert full["seed"] == seed
    assert sum(inp["type"] == "deal" for inp in full["inputs"]) == rs.options["years"]
    # when the deals, the random trump draws and the first planner are left out
    bare = {**full, "inputs": [inp for inp in full["inputs"] if inp["type"] != "deal"
                               and not (inp["type"] == "trump" and inp["seat"] is None)]}
    del bare["first_planner"]
    # then both adjudicate to the exact same log
    assert kc.adjudicate(full) == events
    assert kc.adjudicate(bare) == events


def test_a_record_with_neither_deals_nor_seed_cannot_be_adjudicated() -> None:
    # given a record with its deals removed and no seed
    rs = kc.build_ruleset({"preset": "kolkhoz"})
    events = kc.play_game(rs, list(SEATS), [get_bot("random") for _ in range(4)], "noseed")
    rec = kc.to_record(events)
    del rec["seed"]
    rec["inputs"] = [inp for inp in rec["inputs"] if inp["type"] != "deal"]
    # when adjudicated, then it fails at the first year with no deal, citing plan.deal
    with pytest.raises(kc.AdjudicationError) as exc:
        kc.adjudicate(rec)
    assert exc.value.code == "no_deal_source"
    assert exc.value.rule == "plan.deal"
    assert [e["type"] for e in exc.value.events] == ["game", "year"]


def test_an_explicit_deal_wins_over_the_seed() -> None:
    # given the record of one game, carrying the seed of another game
    rs = kc.build_ruleset({"preset": "kolkhoz", "options": {"years": 1}})
    bots = [get_bot("random") for _ in range(4)]
    seeded = kc.play_game(rs, list(SEATS), bots, "explicit")
    other = kc.play_game(rs, list(SEATS), bots, "another")
    rec = {**kc.to_record(other), "seed": "explicit"}
    # when it is adjudicated
    log = kc.adjudicate(rec)
    # then the explicit deal is the one played, not the seed's, and the seed is revealed
    deal = next(e for e in log if e["type"] == "deal")
    assert deal["hands"] == next(e for e in other if e["type"] == "deal")["hands"]
    assert deal["hands"] != next(e for e in seeded if e["type"] == "deal")["hands"]
    assert log[-1]["seed"] == "explicit"
    assert log[0]["seed_commitment"] == kc.seed_commitment("explicit")
