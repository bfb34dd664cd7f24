"""Kolkhoz under the search over the seam (``seam-ismcts``, ``kolkhoz_core.bots.search``
and ``bots.worlds``): the worlds it searches are engine states that keep every card in
one place and show the seat its own view, at every moment ``bots.worlds`` rebuilds (the
trump choice, swaps and assignments too, which the bot leaves to ``heuristic``), and its
value ranks the seats as the final ranking does. Kolkhoz's ``ismcts`` is still its own
lean search."""

from __future__ import annotations

import random

from gamekit import ismcts, registry
from gamekit.bots import identity
from gamekit.ismcts import score_places
from kolkhoz_core.bots.search import HOOKS, SEARCHED, running_scores
from kolkhoz_core.bots.worlds import world_from_view
from tests.core.props_helpers import random_spec, state_locations


def test_ismcts_stays_the_lean_search_and_the_seam_one_is_seam_ismcts() -> None:
    d = registry.get("kolkhoz")
    assert {"ismcts", "seam-ismcts"} <= set(d.bot_names())
    lean, seam = identity(d.bot("ismcts")), identity(d.bot("seam-ismcts"))
    assert lean["name"] == "ismcts"
    assert seam["name"] == "seam-ismcts" and seam["version"] == ismcts.VERSION
    assert type(d.bot("ismcts")).__module__ == "kolkhoz_core.bots.ismcts"


def test_worlds_keep_every_card_in_one_place_and_the_seats_view() -> None:
    d = registry.get("kolkhoz")
    rng = random.Random("worlds")
    specs = [{"preset": p, "options": {"years": 2}} for p in d.presets()]
    specs.append(random_spec(rng))
    phases: set[str] = set()
    moved = 0
    for k, spec in enumerate(specs):
        seed = f"worlds-{k}"
        state = d.fold(d.start(d.ruleset(spec), ["A", "B", "C", "D"], {}, seed))
        bots = [d.bot("heuristic") for _ in range(4)]
        while not d.finished(state):
            inp = d.chance_input(state, seed)
            if inp is not None:  # the deal: step it here, so the trump choice is seen
                for e in d.decide(state, inp, seed=seed):
                    state = d.evolve(state, e)
                continue
            for seat in d.may_act(state):
                view = d.seat_view(state, seat)
                world = world_from_view(view, seat)
                assert (HOOKS.world_from_view(view, seat) is None) == \
                    (world is None or state.phase not in SEARCHED)
                if world is None:
                    continue
                phases.add(state.phase)
                for w in (world, d.determinize(state, seat, rng),
                          d.determinize(world, seat, rng)):
                    state_locations(w)  # asserts no card is in two places
                    assert d.seat_view(w, seat) == view
                    assert sorted(map(str, d.legal_inputs(w, seat))) == \
                        sorted(map(str, d.legal_inputs(state, seat)))
                w = d.determinize(state, seat, rng)
                moved += any(sorted(w.hands[o]) != sorted(state.hands[o])
                             for o in range(4) if o != seat)
            state, _ = d.play_bots(state, bots, seed, max_decisions=1)
        places = score_places(running_scores(state), lower_wins=False)
        assert places == state.result["places"], spec
    assert phases == {"trump", "swap", "play", "assign"}
    assert moved > 50
