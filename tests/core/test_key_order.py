"""No consequence depends on the key order of an object in an input or a stored event.

A store may hand a log back with every object's keys in another order: PostgreSQL's
``jsonb`` sorts them (shorter keys first, then bytewise), so an ``assign`` input's
``cards`` ``{"9H": "H", "10H": "D", ...}`` and a ``deal``'s ``jobs`` come back reordered.
The platform folds the stored log before every live decision (``replays.services``), so
if folding or deciding followed a key order, the events stored at play time would differ
from what re-adjudicating the stored inputs gives, and an honest game would fail
``verify``. These tests play random games of every preset (and random rulesets) twice:
as the engine plays them, and with every object of every input and of the log so far
re-keyed (the jsonb order, and random orders) before each fold and decision. The two
logs, every seat's view along the way, and the explanations must be identical.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import kolkhoz_core as kc
from kolkhoz_core.bots import get_bot

try:
    from .props_helpers import SEATS, budget, random_spec
except ImportError:  # rootdir-relative import (tests/core is not a package)
    from props_helpers import SEATS, budget, random_spec

PRESETS = ["kolkhoz", "kolkhoznik", "zone"]


def jsonb_order(obj: Any) -> Any:
    """``obj`` with every object's keys in PostgreSQL jsonb's order (length, then bytes)."""
    if isinstance(obj, dict):
        keys = sorted(obj, key=lambda k: (len(k.encode()), k.encode()))
        return {k: jsonb_order(obj[k]) for k in keys}
    if isinstance(obj, list):
        return [jsonb_order(v) for v in obj]
    return obj


def shuffled_keys(obj: Any, rng: random.Random) -> Any:
    """``obj`` with every object's keys in a random order (lists keep theirs)."""
    if isinstance(obj, dict):
        keys = list(obj)
        rng.shuffle(keys)
        return {k: shuffled_keys(obj[k], rng) for k in keys}
    if isinstance(obj, list):
        return [shuffled_keys(v, rng) for v in obj]
    return obj


def reference_game(spec: dict[str, Any], seed: str) -> list[dict[str, Any]]:
    rs = kc.build_ruleset(spec)
    return kc.play_game(rs, SEATS, [get_bot("random") for _ in range(4)], seed)


def views(state: kc.GameState) -> str:
    return json.dumps([kc.seat_view(state, seat) for seat in range(4)]
                      + [kc.spectator_view(state)], sort_keys=True)


def replay_rekeyed(log: list[dict[str, Any]], rekey: Any) -> list[dict[str, Any]]:
    """Re-play ``log``'s inputs one at a time the way the platform does: fold the log so
    far as a store returns it (``rekey`` applied to every event), decide the re-keyed
    input; checks every seat's view of each folded state against the plain fold."""
    inputs = kc.to_record(log)["inputs"]
    seed = log[-1]["seed"]
    opening = [ev for ev in log[:2]]
    events = [dict(ev) for ev in opening]
    for inp in inputs:
        state = kc.fold([rekey(ev) for ev in events])
        assert views(state) == views(kc.fold(events)), f"views differ at seq {len(events)}"
        events += kc.decide(state, rekey(inp), seed=seed)
    return events


def check_game(spec: dict[str, Any], seed: str) -> None:
    log = reference_game(spec, seed)
    rng = random.Random(f"keys:{seed}")
    for name, rekey in (("jsonb", jsonb_order), ("random", lambda o: shuffled_keys(o, rng))):
        again = replay_rekeyed(log, rekey)
        first = next((i for i, (a, b) in enumerate(zip(again, log, strict=False)) if a != b),
                     None)
        assert len(again) == len(log) and first is None, (
            f"{spec} seed {seed}, {name} key order: the log differs at seq {first}: "
            f"{again[first] if first is not None else ''} != {log[first] if first else ''}")
        record = rekey(kc.to_record(log))
        assert kc.adjudicate(record) == log, f"{spec} {seed} {name}: adjudicate differs"
        assert kc.explain_log([rekey(ev) for ev in log]) == kc.explain_log(log)


@pytest.mark.parametrize("preset", PRESETS)
def test_key_order_of_inputs_and_stored_events_changes_nothing(preset: str) -> None:
    for i in range(budget(4)):
        check_game({"preset": preset}, f"keys-{preset}-{i}")


def test_key_order_changes_nothing_under_random_rulesets() -> None:
    rng = random.Random("key-order-rulesets")
    for i in range(budget(6)):
        check_game(random_spec(rng), f"keys-random-{i}")


def test_a_refused_input_gives_the_same_error_whatever_its_key_order() -> None:
    log = reference_game({"preset": "kolkhoz"}, "keys-errors")
    at = next(i for i, ev in enumerate(log) if ev["type"] == "assign")
    state = kc.fold(log[:at])
    seat = log[at]["seat"]
    bad = {"ZZ": "H", "QQ": "D", log[at - 1]["cards"][0]: "Q"}
    errors = set()
    for keys in (list(bad), list(reversed(bad)), sorted(bad, key=len)):
        inp = {"type": "assign", "seat": seat, "cards": {k: bad[k] for k in keys}}
        with pytest.raises(kc.MalformedInputError) as e:
            kc.decide(state, inp)
        errors.add((e.value.code, e.value.message))
    assert len(errors) == 1, errors
    for keys in (["nope", "zilch"], ["zilch", "nope"]):
        with pytest.raises(kc.RulesetError) as r:
            kc.build_ruleset({"options": {k: True for k in keys}})
        errors.add((r.value.code, r.value.message))
    assert len(errors) == 2, errors


def test_differs_only_in_order_recognises_a_reordering_and_nothing_else() -> None:
    from kolkhoz_core.record import differs_only_in_order

    ev = {"type": "year_end", "returned": ["8C", "10S", "JS"], "facts": {"medals": [1, 0]}}
    assert differs_only_in_order(ev, dict(ev, returned=["10S", "JS", "8C"]))
    assert not differs_only_in_order(ev, dict(ev))  # equal: no mismatch at all
    assert not differs_only_in_order(ev, dict(ev, returned=["10S", "JS", "9C"]))
    assert not differs_only_in_order(ev, dict(ev, facts={"medals": [0, 1]}))  # per seat
    end = {"type": "game_end", "scores": [3, 5], "cellars": [["8C", "JS"], ["QH"]]}
    assert differs_only_in_order(end, dict(end, cellars=[["JS", "8C"], ["QH"]]))
    assert not differs_only_in_order(end, dict(end, cellars=[["QH"], ["JS", "8C"]]))
    assert not differs_only_in_order(end, dict(end, scores=[5, 3]))
    assert not differs_only_in_order(ev, None)
