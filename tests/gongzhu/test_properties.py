"""Property tests over random legal Gong Zhu matches under random rulesets.

Given random rulesets (every option) and random legal play from the seed / then at
every step: every card is in exactly one place; the step-by-step state equals the fold
of the log; events survive a JSON round trip; every legal input is accepted and a
sample of other inputs refused with no state change; each round's points equal an
independent scorer's arithmetic (``oracle.py``); totals, places and the record round
trip hold at the end.

Budget: ``GONGZHU_PROPERTY_MATCHES`` (default 2,000 matches; ``HYPOTHESIS_PROFILE=ci``
doubles it, ``quick`` quarters it, as for Kolkhoz's property tests).
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

import gongzhu_core as g
from gongzhu_core.cards import DECK, SCORING
from gongzhu_core.errors import GongzhuError
from tests.core.props_helpers import budget

from . import oracle
from .play import SEATS, random_ruleset

MATCHES = budget(int(os.environ.get("GONGZHU_PROPERTY_MATCHES", "2000")))


def _conserved(s: g.GameState, played: list[str]) -> None:
    """Every card in exactly one place: the four hands and the cards played this round
    (in finished tricks or the current one) are the 52 cards, each once."""
    if s.phase in ("setup", "deal", "over", "between") or not any(s.hands):
        return
    places = [c for h in s.hands for c in h] + played
    assert sorted(places) == sorted(DECK), "a card is missing or doubled"


def _others(s: g.GameState, legal: list[dict[str, Any]], rng: random.Random
            ) -> list[Any]:
    """A sample of inputs that are not legal now."""
    seat = s.to_move()
    assert seat is not None
    out: list[Any] = [{"type": "play", "seat": (seat + 1) % 4, "card": DECK[0]},
                      {"type": "pass", "seat": seat, "cards": ["AH"]},
                      {"type": "bogus"}, "play", {"type": "deal", "round": s.round}]
    if s.phase == "play":
        ok = {i["card"] for i in legal}
        out += [{"type": "play", "seat": seat, "card": c}
                for c in rng.sample([c for c in DECK if c not in ok], 3)]
    if s.phase == "expose":
        out.append({"type": "expose", "seat": seat, "cards": ["2C"]})
    return [i for i in out if i not in legal]


def _play_one(k: int) -> dict[str, Any]:
    rng = random.Random(k)
    seed = f"prop-{k}"
    spec = random_ruleset(rng)
    rs = g.build_ruleset(spec)
    opts = rs.options()
    log = g.new_game(rs, SEATS, seed=seed, first_dealer=rng.choice([None, 0, 1, 2, 3]))
    s = g.fold(log)
    played: list[str] = []
    exposed: set[str] = set()
    taken: list[set[str]] = [set() for _ in range(4)]
    totals = [0, 0, 0, 0]
    while not s.finished:
        inp = g.chance_input(s, seed)
        if inp is None:
            legal = g.legal_inputs(s)
            assert legal
            before = s.copy()
            for other in _others(s, legal, rng):
                with pytest.raises(GongzhuError):
                    g.decide(s, other, seed=seed)
            for ok in rng.sample(legal, min(3, len(legal))):
                g.decide(s, ok, seed=seed)  # accepted
            assert s == before, "decide changed the state"
            inp = rng.choice(legal)
        new = g.decide(s, inp, seed=seed)
        assert json.loads(json.dumps(new)) == new
        for e in new:
            s = g.evolve(s, e)
            t = e["type"]
            if t == "round":
                played, exposed, taken = [], set(), [set() for _ in range(4)]
            elif t == "play":
                played.append(e["card"])
            elif t == "expose":
                exposed |= set(e["cards"])
            elif t == "trick":
                taken[e["winner"]] |= {c for c in e["cards"] if c in SCORING}
            elif t == "round_end":
                want = [oracle.points(taken[i], exposed, opts) for i in range(4)]
                assert e["points"] == want, (k, e["round"])
                totals = [a + b for a, b in zip(totals, want, strict=True)]
                assert e["totals"] == totals
                _conserved(s, played)
            elif t == "game_end":
                assert e["scores"] == totals
                assert e["places"] == [1 + sum(o > x for o in totals) for x in totals]
                assert min(totals) <= rs.end_score
        log += new
        _conserved(s, played)
    assert s == g.fold(log)
    assert g.adjudicate(json.loads(json.dumps(g.to_record(log)))) == log
    return {"rounds": s.round, "events": len(log)}


def test_random_legal_matches_keep_every_invariant():
    stats = [_play_one(k) for k in range(MATCHES)]
    assert len(stats) == MATCHES
    assert max(x["rounds"] for x in stats) > 1  # matches run over several deals


def test_the_fold_equals_step_by_step_play_at_every_position():
    rng = random.Random(7)
    from .play import random_game

    log = random_game("fold-check", random_ruleset(rng), rng)
    step = g.fold(log[:1])
    for n in range(1, len(log)):
        step = g.evolve(step, log[n])
        assert step == g.fold(log[:n + 1])
    assert list(g.replay(log))[-1] == step
