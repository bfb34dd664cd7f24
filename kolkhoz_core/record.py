"""The ``kolkhoz-record/1`` codec and the adjudicator (RECORD_FORMAT.md), and the hash chain."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .choices import chance_input
from .decide import decide
from .errors import AdjudicationError, KolkhozError
from .game import input_of, new_game
from .ruleset import build_ruleset
from .state import Event, GameState

FORMAT = "kolkhoz-record/1"


def canonical_json(event: Event) -> str:
    """Canonical JSON of an event: keys sorted, no insignificant whitespace, non-ASCII kept."""
    return json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chain_hash(prev: str, event: Event) -> str:
    """``sha256(prev + canonical(event))`` as lowercase hex (prev = 64 zeros for seq 0)."""
    return hashlib.sha256((prev + canonical_json(event)).encode("utf-8")).hexdigest()


GENESIS = "0" * 64


def hash_chain(events: list[Event]) -> list[str]:
    """The hash of every event of a log, in order (RECORD_FORMAT.md "Hash chain")."""
    out = []
    h = GENESIS
    for e in events:
        h = chain_hash(h, e)
        out.append(h)
    return out


def _record_error(message: str, code: str = "record_invalid") -> AdjudicationError:
    return AdjudicationError(code, message, None, None, [])


def adjudicate(record: Any) -> list[Event]:
    """Adjudicate a record: the full event log from ``game`` to ``game_end``.

    Inputs are decided in order; a year without a ``deal`` input (and a random trump
    without a ``trump`` input) is drawn from the record's ``seed``. Raises
    AdjudicationError: ``.code``, ``.message``, ``.rule``, ``.input_index`` (None for an
    error of the record as a whole) and ``.events`` (the log up to the error).
    """
    if not isinstance(record, dict):
        raise _record_error("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise _record_error(f"'format' must be {FORMAT!r}")
    if "ruleset" not in record:
        raise _record_error("a record must name its ruleset")
    try:
        ruleset = build_ruleset(record["ruleset"])
    except KolkhozError as e:
        raise AdjudicationError(e.code, e.message, e.rule, None, []) from e
    seats = record.get("seats")
    if not isinstance(seats, list):
        raise _record_error("'seats' must list four names")
    seed = record.get("seed")
    if seed is not None and not isinstance(seed, str):
        raise _record_error("'seed' must be a string")
    fp = record.get("first_planner")
    if fp is None and seed is None:
        raise _record_error("a record needs 'first_planner' or a 'seed' to draw it from")
    inputs = record.get("inputs")
    if not isinstance(inputs, list):
        raise _record_error("'inputs' must be a list")
    try:
        events = new_game(ruleset, seats, fp, seed)
    except KolkhozError as e:
        raise AdjudicationError("record_invalid", e.message, e.rule, None, []) from e
    state = GameState()
    for ev in events:
        state.apply(ev)
    i = 0
    n = len(inputs)
    while not state.finished:
        nxt = inputs[i] if i < n else None
        nxt_type = nxt.get("type") if isinstance(nxt, dict) else None
        inp: Any
        index: int | None
        if state.phase == "deal" and nxt_type != "deal":
            if seed is None:
                raise AdjudicationError(
                    "no_deal_source",
                    f"year {state.year} has no deal input and the record has no seed",
                    "plan.deal", i if i < n else None, events)
            inp, index = chance_input(state, seed), None
        elif (state.phase == "trump" and state.opts["trump_selection"] == "random"
              and nxt_type != "trump" and seed is not None):
            inp, index = chance_input(state, seed), None
        elif i >= n:
            raise AdjudicationError(
                "record_incomplete",
                f"the inputs end before the game does (it awaits {state.phase} "
                f"in year {state.year})", None, None, events)
        else:
            inp, index = nxt, i
            i += 1
        try:
            new = decide(state, inp, seed=seed)
        except KolkhozError as e:
            raise AdjudicationError(e.code, e.message, e.rule, index, events, inp) from e
        except ValueError as e:  # a seed that does not match its commitment
            raise AdjudicationError("record_invalid", str(e), None, None, events) from e
        for ev in new:
            state.apply(ev)
        events.extend(new)
    if i < n:
        raise AdjudicationError("game_over", "the Five-Year Plan is over: no more inputs",
                                "year.count", i, events, inputs[i])
    return events


def to_record(events: list[Event], *, seed: str | None = None) -> dict[str, Any]:
    """A ``kolkhoz-record/1`` document holding a log's setup and inputs (every deal
    explicit). The seed is included when the log reveals it (``game_end``) or is given."""
    game = events[0]
    if seed is None:
        for e in events:
            if e["type"] == "game_end":
                seed = e.get("seed")
    rec: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": {k: v for k, v in game["ruleset"].items() if v is not None},
        "seats": list(game["seats"]),
        "first_planner": game["first_planner"],
    }
    if seed is not None:
        rec["seed"] = seed
    rec["inputs"] = [inp for inp in (input_of(e) for e in events) if inp is not None]
    return rec
