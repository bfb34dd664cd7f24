"""Records (``arne-record/1``): ``adjudicate``, ``to_record``, ``chance_mismatch``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .decide import FIELDS, decide
from .errors import ArneError
from .game import FORMAT, chance_input, check_seats, check_setup, new_game
from .ruleset import build_ruleset
from .state import GameState, apply

Event = dict[str, Any]
CHANCE = frozenset({"deal", "draw", "random_card"})


def check_envelope(record: Any) -> tuple[list[Event], str | None, list[Any]]:
    """The record's opening event, seed and inputs, checked in RECORD_FORMAT.md's order
    (object and format, ruleset, seats, the dummy with six, colours, dummy colour, first
    player, inputs a list)."""
    if not isinstance(record, Mapping) or record.get("format") != FORMAT:
        raise ArneError("malformed", f"a record is a JSON object with format {FORMAT!r}")
    if not isinstance(record.get("ruleset"), Mapping):
        raise ArneError("invalid_ruleset", "the record needs a ruleset object")
    rs = build_ruleset(record["ruleset"])
    seats = check_seats(rs, record.get("seats"))
    seed = record.get("seed")
    if seed is not None and not isinstance(seed, str):
        raise ArneError("malformed", "seed must be a string or null")
    # colours, dummy_colour, first_player in that order; a record names its colours and
    # (dummy game) its dummy colour — no defaults as for a game the platform creates
    colours, dummy, first = check_setup(rs, len(seats), record.get("colours"),
                                        record.get("dummy_colour"),
                                        record.get("first_player"), seed)
    opening = new_game(rs, seats, colours, first_player=first, dummy_colour=dummy,
                       seed=seed)
    inputs = record.get("inputs")
    if not isinstance(inputs, list):
        raise ArneError("malformed", "inputs must be a list")
    return opening, seed, inputs


def _is_type(inp: Any, t: str) -> bool:
    return isinstance(inp, Mapping) and inp.get("type") == t


def adjudicate(record: Any) -> list[Event]:
    """The full event log of ``record``. Raises ArneError with ``input`` (the index of the
    offending input; ``len(inputs)`` for ``missing_input``; None for the record) and
    ``events`` (the log before the offending input). A chance input the record leaves
    out is taken from its seed (``missing_input`` without one)."""
    events, seed, inputs = check_envelope(record)
    state = GameState()
    for e in events:
        apply(state, e)
    k = 0
    while not state.finished:
        more = k < len(inputs)
        inp = inputs[k] if more else None
        chance = chance_input(state, seed) if seed is not None else None
        if chance is not None and not (more and _is_type(inp, chance["type"])):
            new = decide(state, chance, seed=seed)
        elif not more:
            err = ArneError("missing_input", "the record ends before the game does", None,
                            len(inputs))
            err.events = events
            raise err
        else:
            try:
                new = decide(state, inp, seed=seed)
            except ArneError as bad:
                bad.input, bad.events = k, events
                raise
            k += 1
        for e in new:
            apply(state, e)
        events.extend(new)
    if k < len(inputs):
        over = ArneError("extra_input", "an input after the game has ended", None, k)
        over.events = events
        raise over
    return events


def to_record(events: Sequence[Event], *, seed: str | None = None) -> dict[str, Any]:
    """The record of a log: its setup, every input; the seed when given or once
    ``game_end`` revealed it."""
    game = events[0]
    end = next((e for e in events if e.get("type") == "game_end"), None)
    revealed = seed if seed is not None else (end or {}).get("seed")
    out: dict[str, Any] = {"format": FORMAT, "ruleset": game["ruleset"],
                           "seats": list(game["seats"]), "colours": list(game["colours"]),
                           "first_player": game["first_player"]}
    if game.get("dummy_colour") is not None:
        out["dummy_colour"] = game["dummy_colour"]
    if revealed is not None:
        out["seed"] = revealed
    out["inputs"] = [{"type": e["type"], **{f: e[f] for f in FIELDS[e["type"]] if f in e}}
                     for e in events if e.get("type") in FIELDS]
    return out


def chance_mismatch(events: Sequence[Event], seed: str) -> dict[str, Any] | None:
    """The first chance input of ``events`` (deal, draw, random_card) the seed does not
    give at its point, as ``{seq, type, rule, expected, got}``, or None."""
    state = GameState()
    for e in events:
        if e.get("type") in CHANCE:
            want = chance_input(state, seed)
            got = {f: e.get(f) for f in FIELDS[e["type"]]}
            exp = None if want is None else {f: want.get(f) for f in FIELDS[e["type"]]}
            if e["type"] == "deal" and exp is not None:
                same = ([sorted(h) for h in got["hands"] or []]
                        == [sorted(h) for h in exp["hands"] or []])
            else:
                same = got == exp
            if not same:
                rule = {"deal": "setup.deal", "draw": "turn.draw",
                        "random_card": "grab"}[e["type"]]
                return {"seq": e.get("seq"), "type": e["type"], "rule": rule,
                        "expected": exp, "got": got}
        apply(state, e)
    return None
