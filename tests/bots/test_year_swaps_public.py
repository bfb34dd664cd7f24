"""The seat view's ``year_swaps`` (issue 19) is a new route for a card to reach a viewer:
it must name only a card that viewer saw taken. For every viewer (each seat and the
spectator) after every event of whole bot games in every preset and variant ruleset,
each ``taken`` card of another seat's exchange is the face-up cellar card that the
swap event, as redacted for that viewer, showed this year — never a card taken from a
hidden slot, never anything the viewer was not shown."""

from __future__ import annotations

from typing import Any

import pytest

from kolkhoz_core.bots import get_bot
from kolkhoz_core.runner import play_game
from kolkhoz_core.state import replay
from kolkhoz_core.views import HIDDEN, redact_event, seat_view

from .conftest import rulesets

SEATS = ["A", "B", "C", "D"]
VIEWERS: list[int | None] = [0, 1, 2, 3, None]


@pytest.mark.parametrize("name,ruleset", rulesets())
def test_year_swaps_name_only_cards_the_viewer_saw_taken(name: str, ruleset: Any) -> None:
    log = play_game(ruleset, SEATS, [get_bot("heuristic") for _ in SEATS], f"swaps-{name}")
    shown: dict[int | None, set[tuple[int, str]]] = {v: set() for v in VIEWERS}
    named = faceup_swaps = 0
    for event, state in zip(log, replay(log), strict=True):
        if event["type"] == "year":
            shown = {v: set() for v in VIEWERS}
        if event["type"] == "swap" and not event.get("pass"):
            faceup_swaps += event.get("taken") == "revealed"
            for v in VIEWERS:
                seen = redact_event(event, v, finished=False)
                if seen.get("cellar") is not HIDDEN and seen.get("taken") == "revealed":
                    shown[v].add((event["seat"], seen["cellar"]))
        if event["type"] == "game_end":
            break
        for v in VIEWERS:
            for entry in seat_view(state, v)["year_swaps"]:
                if entry["taken"] is None or entry["seat"] == v:
                    continue
                named += 1
                assert (entry["seat"], entry["taken"]) in shown[v], (name, v, entry)
    # the route is exercised: every face-up exchange is named to the other viewers
    # (a ruleset whose swaps are all from hidden slots names nothing)
    assert (named > 0) == (faceup_swaps > 0), (name, named, faceup_swaps)
