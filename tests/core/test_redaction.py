"""No hidden card reaches the wrong viewer (ARCHITECTURE.md, views and redaction;
RULINGS.md pocket / swap.buried / req.revealed): over whole random games, at every
step, each seat's view, the spectator view and each viewer's redacted log show only
cards that viewer may know — cards that became public (played, revealed, sent
North, paid as rewards, a revealed card taken in a swap, jobs, returned or
discarded cards) and, for a seat, the cards it was dealt itself."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from .builders import autoplay, core

CARD = re.compile(r"^(10|[2-9JQKA])[HDCS]$|^X$")


def codes(obj: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(obj, str):
        if CARD.match(obj):
            out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("ruleset", "seats"):
                continue
            out |= codes(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            out |= codes(v)
    return out


def public_cards(e: dict) -> set[str]:
    t = e["type"]
    if t in ("play", "revealed", "north"):
        return {e["card"]}
    if t == "trick":
        return set(e["cards"])
    if t == "assign":
        return set(e["cards"])
    if t == "deal":
        return set((e.get("jobs") or {}).values())
    if t == "farmed":
        return set(e["rewards"])
    if t == "swap" and not e.get("pass") and e.get("taken") == "revealed":
        return {e["cellar"]}
    if t == "year_end":
        return set(e["discarded"]) | set(e["returned"])
    return set()


def own_cards(e: dict, seat: int) -> set[str]:
    t = e["type"]
    if t == "deal":
        return set(e["hands"][seat])
    if t in ("swap", "pocket") and e.get("seat") == seat:
        return codes({k: v for k, v in e.items() if k in ("hand", "cellar", "card")})
    return set()


@pytest.mark.parametrize("preset", ["kolkhoz", "kolkhoznik", "zone"])
def test_redaction_no_hidden_card_leaks(preset: str) -> None:
    """Given a random game of the preset / Then at every step no view and no redacted
    log shows a viewer a card it may not know."""
    k = core()
    rng = random.Random(preset)
    events, state = autoplay({"preset": preset, "options": {"years": 3}}, f"leak-{preset}",
                             policy=lambda _s, legal: rng.choice(legal))
    assert state.finished
    known: dict[Any, set[str]] = {None: set(), 0: set(), 1: set(), 2: set(), 3: set()}
    states = list(k.replay(events))
    step = max(1, len(events) // 60)
    for i, e in enumerate(events):
        pub = public_cards(e)
        for v in known:
            known[v] |= pub
            if v is not None:
                known[v] |= own_cards(e, v)
        if i % step and i != len(events) - 2:
            continue
        st = states[i]
        if st.finished:
            continue
        prefix = events[: i + 1]
        for v in known:
            view = k.spectator_view(st) if v is None else k.seat_view(st, v)
            leak = codes(json.loads(json.dumps(view))) - known[v]
            assert not leak, f"{preset} step {i} ({e['type']}): view of {v} shows {leak}"
            red = k.redact_events(prefix, v)
            leak = codes(red) - known[v]
            assert not leak, f"{preset} step {i}: redacted log for {v} shows {leak}"
