"""The seam's conformance suite, run over every registered game (the built-in ones and
the fake simultaneous game of these tests): what the platform relies on of any game
(docs/seam.md "What a game provides").

Given each game / when a few games are played from random seeds through the seam alone
(chance from the seed, decisions among ``legal_inputs``) / then: the opening event
carries what the store needs; ``fold`` equals step-by-step ``evolve``; a legal input is
accepted and a garbage one refused with one of the game's typed errors, leaving the
state unchanged; every event redacted for every viewer keeps its seq and type and is the
event itself once finished; every explanation names every clause the event cites;
records round-trip through ``adjudicate``; the outcome ranks every seat; the catalog
facts (presets, options, bots) are consistent; ``determinize`` keeps the seat's own view.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gamekit import registry
from gamekit.seam import GameDefinition

try:
    from .fake_game import OddOneOut
except ImportError:  # rootdir-relative import (tests/core is not a package)
    from fake_game import OddOneOut

GAMES = [*registry.BUILTIN, "oddoneout"]


@pytest.fixture(params=GAMES)
def defn(request: Any) -> Any:
    if request.param == "oddoneout":
        with registry.registered(OddOneOut()):
            yield registry.get("oddoneout")
    else:
        yield registry.get(request.param)


def _short(defn: GameDefinition) -> Any:
    """A short ruleset of the game where it has one (tests stay fast)."""
    for name, spec in (("kolkhoz", {"preset": "kolkhoz", "options": {"years": 1}}),
                       ("gongzhu", {"options": {"end_score": -150}})):
        if defn.id == name:
            return defn.ruleset(spec)
    return defn.ruleset(None)


def _play(defn: GameDefinition, seed: str) -> tuple[list[dict[str, Any]], Any]:
    rng = random.Random(seed)
    seats = [f"P{i}" for i in range(defn.seats[0])]
    events = defn.start(_short(defn), seats, {}, seed)
    state = defn.fold(events)
    for _ in range(20000):
        if defn.finished(state):
            break
        inp = defn.chance_input(state, seed)
        if inp is None:
            movers = sorted(defn.may_act(state))
            assert movers, "nobody may act and no chance is due"
            seat = rng.choice(movers)
            legal = defn.legal_inputs(state, seat)
            assert legal, f"seat {seat} may act but has no legal input"
            before = json.dumps(defn.seat_view(state, seat), sort_keys=True, default=str)
            with pytest.raises(defn.errors):
                defn.decide(state, {"type": "no-such-input", "seat": seat}, seed=seed)
            assert json.dumps(defn.seat_view(state, seat), sort_keys=True,
                              default=str) == before
            inp = rng.choice(legal)
        for e in defn.decide(state, inp, seed=seed):
            state = defn.evolve(state, e)
            events.append(e)
    assert defn.finished(state), "the game did not end"
    return events, state


@pytest.mark.parametrize("seed", ["conf-a", "conf-b"])
def test_a_game_played_through_the_seam_alone_keeps_the_seams_promises(defn, seed):
    events, state = _play(defn, seed)
    first = events[0]
    for key in ("ruleset", "seats", "seed_commitment", "engine_version", "rules_version"):
        assert key in first, key
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert events[-1]["type"] == defn.end_type
    assert defn.position(state) == len(events)
    # fold equals step by step; replay gives a state per event
    assert defn.outcome(defn.fold(events)) == defn.outcome(state)
    assert len(list(defn.replay(events))) == len(events)
    # the outcome ranks every seat, the best place is 1
    out = defn.outcome(state)
    assert out is not None and len(out.places) == len(first["seats"]) and min(out.places) == 1
    # redaction keeps seq and type for every viewer; finished: the event itself
    for e in events:
        for viewer in [None, *range(len(first["seats"]))]:
            red = defn.redact(e, viewer, finished=False)
            assert (red["seq"], red["type"]) == (e["seq"], e["type"])
            assert defn.redact(e, viewer, finished=True) == e
        # every explanation names every clause its event applied
        text = defn.explain(e, first["seats"]).text
        for rule in e.get("rules") or []:
            if isinstance(rule, str):
                assert rule in text, (e["type"], rule, text)
        assert defn.actor(e) in {"engine", "chance"} or defn.actor(e).startswith("seat:")
    # records round-trip
    record = json.loads(json.dumps(defn.to_record(events, seed=seed)))
    assert defn.adjudicate(record) == events


def test_the_catalog_facts_are_consistent(defn):
    lo, hi = defn.seats
    assert 1 <= lo <= hi
    names = [o.name for o in defn.options()]
    assert len(names) == len(set(names))
    for preset, opts in defn.presets().items():
        assert set(opts) <= set(names), preset
        defn.ruleset({"preset": preset})  # every preset builds
    assert {"random"} <= set(defn.bot_names())
    with pytest.raises(defn.errors):
        defn.ruleset({"preset": "no-such-preset"})
    # the names tournaments give its figures take no column the standings already have
    from tournaments.scoring import RESERVED_COLUMNS, Terms

    Terms(defn.score_name, tuple(defn.tiebreak_names), defn.lower_score_wins)
    with pytest.raises(ValueError):
        Terms(sorted(RESERVED_COLUMNS)[0])


def test_determinize_keeps_the_seats_own_view(defn):
    events, _ = _play(defn, "conf-det")
    cut = len(events) // 2
    state = defn.fold(events[:cut])
    for seat in range(len(events[0]["seats"])):
        world = defn.determinize(state, seat, random.Random(seat))
        assert defn.seat_view(world, seat) == defn.seat_view(state, seat)
