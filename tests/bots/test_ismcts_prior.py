"""The ismcts bot's ``prior``: the heuristic bot's choice stands unless the search rates
another candidate higher by at least the prior (kolkhoz_core/bots/ismcts.py).

Given decision points of games in the standard preset / when ismcts decides with a
prior no value difference can reach (1.0, values are in [0, 1]) / then every decision
is the heuristic bot's; with the prior off, the same search overrules the heuristic at
some of them (so the first check could fail)."""

from __future__ import annotations

import random

from kolkhoz_core.bots import get_bot
from kolkhoz_core.choices import choices
from kolkhoz_core.ruleset import build_ruleset
from kolkhoz_core.views import lazy_seat_view

from .conftest import decision_points

SEARCH = {"iterations": 40}


def test_a_prior_keeps_the_heuristics_choice_unless_the_search_is_sure() -> None:
    ruleset = build_ruleset({"preset": "kolkhoz"})
    heuristic = get_bot("heuristic")
    kept = get_bot("ismcts", prior=1.0, **SEARCH)
    free = get_bot("ismcts", prior=0.0, **SEARCH)
    checked = overruled = 0
    for g in range(3):
        for state in decision_points(ruleset, f"prior-{g}", every=0.3, rng_seed=g):
            ch = choices(state)
            view = lazy_seat_view(state, ch.seat)
            want = heuristic.choose(view, ch, random.Random(checked))
            assert kept.choose(view, ch, random.Random(checked)) == want, (ch.kind, checked)
            overruled += free.choose(view, ch, random.Random(checked)) != want
            checked += 1
    assert checked > 30 and overruled > 0
