"""What a seat can know, and the worlds ismcts deals from it: the truth is always one
of the possibilities, and every sampled world agrees with the view."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from kolkhoz_core.bots.determinize import Determinizer
from kolkhoz_core.bots.knowledge import Knowledge
from kolkhoz_core.cards import SUIT, WRECKER
from kolkhoz_core.choices import choices
from kolkhoz_core.state import STACK
from kolkhoz_core.views import seat_view

from .conftest import decision_points, rulesets


@pytest.mark.parametrize("name,ruleset", rulesets())
def test_the_truth_is_among_the_possibilities(name: str, ruleset: Any) -> None:
    """Every card the seat cannot see is in its unseen pool (or, for hidden stack
    cards, its stack pool), and every void it infers is true."""
    checked = 0
    for g in range(6):
        for state in decision_points(ruleset, f"know-{name}-{g}", every=0.3, rng_seed=g):
            seat = choices(state).seat
            assert seat is not None
            k = Knowledge.from_view(seat_view(state, seat))
            assert k.hand == state.hands[seat]
            pool = set(k.unseen_workers) | set(k.unseen_rewards)
            for other in range(4):
                if other == seat:
                    continue
                for c in state.hands[other]:
                    assert c in pool, (name, other, c)
                    assert c == WRECKER or SUIT[c] not in k.voids[other]
                    assert not (c == WRECKER and k.no_wrecker[other])
                for c, hidden, kind, _ in state.cellars[other]:
                    if hidden:
                        assert c in (set(k.stack_pool) if kind == STACK else pool)
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("name,ruleset", rulesets()[:3])
def test_sampled_worlds_agree_with_the_view(name: str, ruleset: Any) -> None:
    rng = random.Random(3)
    for g in range(4):
        for state in decision_points(ruleset, f"world-{name}-{g}", every=0.3, rng_seed=g):
            seat = choices(state).seat
            assert seat is not None
            k = Knowledge.from_view(seat_view(state, seat))
            det = Determinizer(k)
            for _ in range(5):
                sim = det.sample(rng)
                assert sim.hands[seat] == state.hands[seat]
                assert [len(h) for h in sim.hands] == [len(h) for h in state.hands]
                for other in range(4):
                    mine = [(c, h) for c, h, _ in sim.cellars[other]]
                    true = [(c, h) for c, h, _, _ in state.cellars[other]]
                    assert len(mine) == len(true)
                    for (c, h), (tc, th) in zip(mine, true, strict=True):
                        assert h == th
                        if not th or other == seat:
                            assert c == tc  # what the seat sees is kept as it is
                    if other != seat:
                        for c in sim.hands[other]:
                            assert c == WRECKER or SUIT[c] not in k.voids[other]
                placed = [c for h in sim.hands for c in h]
                placed += [c for cel in sim.cellars for c, _, _ in cel]
                placed += [c for f in sim.field_cards for c in f] + sim.trick
                dup = [c for c, n in Counter(placed).items() if n > 1]
                assert not dup, (name, dup)
