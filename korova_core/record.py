"""Records (``korova-record/1``): ``adjudicate``, ``to_record``, ``chance_mismatch``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .decide import FIELDS, decide
from .errors import KorovaError
from .game import FORMAT, chance_input, check_seats, new_game
from .ruleset import build_ruleset
from .shuffle import deal
from .state import GameState, apply

Event = dict[str, Any]


def check_envelope(record: Any) -> tuple[Any, list[str], str | None, list[Any]]:
    """The record's ruleset, seats, seed and inputs, checked in RECORD_FORMAT.md's order
    (object and format, ruleset, seats, their combination, seed, inputs)."""
    if not isinstance(record, Mapping) or record.get("format") != FORMAT:
        raise KorovaError("malformed", f"a record is a JSON object with format {FORMAT!r}")
    if "ruleset" not in record or not isinstance(record["ruleset"], Mapping):
        raise KorovaError("invalid_ruleset", "the record needs a ruleset object")
    rs = build_ruleset(record["ruleset"])
    seats = check_seats(rs, record.get("seats"))
    seed = record.get("seed")
    if seed is not None and not isinstance(seed, str):
        raise KorovaError("malformed", "seed must be a string or null")
    inputs = record.get("inputs")
    if not isinstance(inputs, list):
        raise KorovaError("malformed", "inputs must be a list")
    return rs, seats, seed, inputs


def adjudicate(record: Any) -> list[Event]:
    """The full event log of ``record``. Raises KorovaError with ``input`` (the index of
    the offending input; ``len(inputs)`` for ``incomplete``; None for the record) and
    ``events`` (the log before the offending input)."""
    rs, seats, seed, inputs = check_envelope(record)
    events = new_game(rs, seats, seed=seed)
    state = GameState()
    for e in events:
        apply(state, e)
    k = 0
    while not state.finished:
        more = k < len(inputs)
        inp = inputs[k] if more else None
        if (state.phase == "deal" and seed is not None and more
                and not (isinstance(inp, Mapping) and inp.get("type") == "deal")):
            chance = chance_input(state, seed)
            assert chance is not None
            new = decide(state, chance, seed=seed)
        elif not more:
            err = KorovaError("incomplete", "the record ends before the game does", None,
                              len(inputs))
            err.events = events
            raise err
        else:
            try:
                new = decide(state, _own_fields(inp), seed=seed)
            except KorovaError as bad:
                bad.input, bad.events = k, events
                raise
            k += 1
        for e in new:
            apply(state, e)
        events.extend(new)
    if k < len(inputs):
        over = KorovaError("game_over", "an input after the game has ended", "game.end", k)
        over.events = events
        raise over
    return events


def _own_fields(inp: Any) -> Any:
    t = inp.get("type") if isinstance(inp, Mapping) else None
    if not isinstance(t, str) or t not in FIELDS:
        return inp
    return {"type": t, **{f: inp[f] for f in FIELDS[t] if f in inp}}


def to_record(events: Sequence[Event], *, seed: str | None = None) -> dict[str, Any]:
    """The record of a log: its ruleset, seats, every input; the seed when given or
    once ``game_end`` revealed it."""
    game = events[0]
    end = next((e for e in events if e.get("type") == "game_end"), None)
    revealed = seed if seed is not None else (end or {}).get("seed")
    out: dict[str, Any] = {"format": FORMAT, "ruleset": game["ruleset"],
                           "seats": list(game["seats"])}
    if revealed is not None:
        out["seed"] = revealed
    out["inputs"] = [{"type": e["type"], **{f: e[f] for f in FIELDS[e["type"]]}}
                     for e in events if e.get("type") in FIELDS]
    return out


def chance_mismatch(events: Sequence[Event], seed: str) -> dict[str, Any] | None:
    """The first ``deal`` of ``events`` that ``seed`` does not give (round.deal; the order
    within a hand does not matter), as ``{seq, type, rule, expected, got}``, or None."""
    n = len(events[0]["seats"]) if events else 0
    for e in events:
        if e.get("type") == "deal":
            hands, rows = deal(seed, e["round"], n)
            if [sorted(h) for h in e["hands"]] != hands or list(e["rows"]) != rows:
                return {"seq": e.get("seq"), "type": "deal", "rule": "round.deal",
                        "expected": {"hands": hands, "rows": rows},
                        "got": {"hands": e["hands"], "rows": e["rows"]}}
    return None
