"""Where to cut a game for the leak tests: just after the first event of every event
type of RECORD_FORMAT.md — and of each kind where one type covers several (Plus Two's
``give`` / ``gave`` for score cards and for black cards, a Grab that takes a card or finds
an empty hand, a turn's draw and Draw Three's, a thief on the discard pile or on a
chameleon pile, each window kind, a chameleon pair) — and the games that reach them all.

``GAMES`` names random games (``engine_games.play``) found by a seed search: together they
reach every label of ``LABELS``; ``test_the_cases_cover_every_event_type`` (in both leak
tests) says so, and fails with the missing labels if an engine change moves them.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from .engine_games import play

Event = dict[str, Any]

EVENT_TYPES = ("game", "deal", "turn", "draw", "deck_empty", "window", "window_closed",
               "white", "black", "pass_window", "placed", "discarded", "tripled", "crushed",
               "locked", "stolen", "random_card", "grabbed", "give", "gave", "hands_passed",
               "swapped", "claim", "dummy_control", "turn_end", "final_round",
               "hands_discarded")
KINDS = ("give:PLUS2C", "give:PLUS2K", "gave:PLUS2C", "gave:PLUS2K", "grabbed:card",
         "grabbed:empty", "draw:turn", "draw:draw3", "stolen:discard", "stolen:pile",
         "window:main", "window:before", "window:after", "placed:chameleon")
LABELS = EVENT_TYPES + KINDS


def labels_of(log: list[Event]) -> dict[str, int]:
    """Label → the length of the log just after its first event (``game_end`` and what
    follows it are never cut points: a finished game hides nothing)."""
    out: dict[str, int] = {}
    plus2 = None
    for i, e in enumerate(log):
        t = e["type"]
        if t == "game_end":
            break
        out.setdefault(t, i + 1)
        kind = None
        if t == "white" and e["card"].startswith("PLUS2"):
            plus2 = e["card"].split(".")[0]
        elif t in ("give", "gave"):
            kind = plus2
        elif t == "grabbed":
            kind = "card" if e["card"] is not None else "empty"
        elif t == "draw":
            kind = "draw3" if "draw3" in e["rules"] else "turn"
        elif t == "stolen":
            kind = "discard" if e["source"] == "discard" else "pile"
        elif t == "window":
            kind = e["kind"]
        elif t == "placed" and e["chameleon"] is not None:
            kind = "chameleon"
        if kind is not None:
            out.setdefault(f"{t}:{kind}", i + 1)
    return out


#: name → (seats, preset, options, seed, passiveness): found by ``search``
GAMES: dict[str, tuple[int, str, dict[str, Any], str, float]] = {
    "normal-4": (4, "normal", {}, "arne-leak-4-normal-0.0-19", 0.0),
    "normal-4-passive": (4, "normal", {}, "arne-leak-4-normal-0.9-16", 0.9),
    "dummy-5": (5, "dummy", {}, "arne-leak-5-dummy-0.0-4", 0.0),
    "first_game-2": (2, "first_game", {}, "arne-leak-2-first_game-0.9-1", 0.9),
}


@functools.cache
def _log(name: str) -> tuple[Event, ...]:
    n, preset, options, seed, passive = GAMES[name]
    return tuple(play(n, preset, options, seed, random.Random(seed), passiveness=passive))


def log_of(name: str) -> list[Event]:
    """A fresh (JSON-copied) log of the named game."""
    return json.loads(json.dumps(list(_log(name))))


def search(n: int, preset: str, options: dict[str, Any], passive: float,
           tries: int) -> list[tuple[str, dict[str, int]]]:
    """Seeds of random games and the cut point of each label they reach (to choose
    ``GAMES`` again: the earlier a rare label, the cheaper its case)."""
    out = []
    for k in range(tries):
        seed = f"arne-leak-{n}-{preset}-{passive}-{k}"
        log = play(n, preset, options, seed, random.Random(seed), passiveness=passive)
        out.append((seed, labels_of(log)))
    return out
