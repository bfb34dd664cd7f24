"""Starting a game: the ``game`` event (seq 0) and the first ``year`` event."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from .errors import IllegalInputError, MalformedInputError
from .requisition import year_event
from .ruleset import Ruleset
from .shuffle import SHUFFLE_VERSION, draw_planner, seed_commitment
from .state import Event, GameState

# Every behaviour change (any event of any fixture log differs) is a new version; the
# release before it is frozen under kolkhoz_core/releases/ (docs/engine-api.md, "Engine
# versions"). 0.2.0: RULINGS.md adopts the readings x.northern_jobs and x.drunkard.
ENGINE_VERSION = "0.2.0"
# The sha256 of the RULINGS.md revision implemented; RULES_VERSION names its first 12
# hex digits.
RULINGS_SHA256 = "6c3ee5a76c2260c98dbb8de495851650d7654d8315bc81a7db0cd16416e52980"
RULES_VERSION = f"rulings@{RULINGS_SHA256[:12]}"


def rulings_sha256(path: str | Path) -> str:
    """sha256 of a RULINGS.md file (to check RULES_VERSION against a copy)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def new_game(ruleset: Ruleset, seats: list[str], first_planner: int | None = None,
             seed: str | None = None) -> list[Event]:
    """The opening events: ``game`` (seq 0: ruleset resolved whole, seats, first planner,
    seed commitment, engine and rules versions) and the first ``year`` (seq 1).

    ``first_planner`` None draws it from ``seed`` (setup.planner). Raises
    MalformedInputError for bad seats/planner/seed, IllegalInputError
    (``no_planner``, clause setup.planner) when neither planner nor seed is given.
    """
    if (not isinstance(seats, list) or len(seats) != 4
            or not all(isinstance(n, str) and n for n in seats)):
        raise MalformedInputError("malformed_input",
                                  "a game has exactly four seats, each a non-empty name", None)
    if seed is not None:
        try:
            if not isinstance(seed, str):
                raise TypeError
            seed.encode("utf-8")
        except (TypeError, UnicodeEncodeError):
            raise MalformedInputError("malformed_input",
                                      "the seed must be a string with a UTF-8 form", None
                                      ) from None
    rules = ["setup.players", "setup.deck52" if ruleset.deck == 52 else "setup.deck36",
             "setup.planner"]
    if ruleset.wrecker:
        rules.append("setup.wrecker")
    if first_planner is None:
        if seed is None:
            raise IllegalInputError("no_planner",
                                    "the first planner must be given or drawn from a seed",
                                    "setup.planner")
        first_planner = draw_planner(seed)
    elif type(first_planner) is not int or not 0 <= first_planner <= 3:
        raise MalformedInputError("malformed_input", "first_planner must be a seat 0-3", None)
    game: Event = {
        "seq": 0, "type": "game", "ruleset": ruleset.to_dict(), "seats": list(seats),
        "first_planner": first_planner,
        "seed_commitment": seed_commitment(seed) if seed is not None else None,
        "engine_version": ENGINE_VERSION, "rules_version": RULES_VERSION,
        "shuffle_version": SHUFFLE_VERSION, "rules": rules,
    }
    s = GameState()
    s.apply(game)
    first = year_event(s, 1, first_planner)
    return [game, first]


def start(ruleset: Ruleset, seats: list[str], first_planner: int | None = None,
          seed: str | None = None) -> tuple[GameState, list[Event]]:
    """``new_game`` plus the folded state (a convenience for runners)."""
    events = new_game(ruleset, seats, first_planner, seed)
    s = GameState()
    for e in events:
        s.apply(e)
    return s, events


def input_of(event: Event) -> dict[str, Any] | None:
    """The record input an input event came from (None for a consequence event)."""
    t = event["type"]
    if t == "deal":
        out = {"type": "deal", "year": event["year"], "hands": event["hands"]}
        if "jobs" in event:
            out["jobs"] = event["jobs"]
        return out
    if t == "trump":
        return {"type": "trump", "seat": event["seat"], "suit": event["suit"]}
    if t == "swap":
        if event.get("pass"):
            return {"type": "swap", "seat": event["seat"], "pass": True}
        return {"type": "swap", "seat": event["seat"], "hand": event["hand"],
                "cellar": event["cellar"]}
    if t == "play":
        return {"type": "play", "seat": event["seat"], "card": event["card"]}
    if t == "assign":
        return {"type": "assign", "seat": event["seat"], "cards": dict(event["cards"])}
    return None
