"""The ``kolkhoz-record/1`` codec and the adjudicator (RECORD_FORMAT.md), and the hash chain."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from .cards import CARD_ID
from .choices import chance_input
from .decide import decide
from .errors import AdjudicationError, KolkhozError
from .game import input_of, new_game
from .ruleset import Ruleset, build_ruleset
from .state import Event, GameState

FORMAT = "kolkhoz-record/1"


def canonical_json(event: Event) -> str:
    """Canonical JSON of an event: keys sorted, no insignificant whitespace, non-ASCII kept."""
    return json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _card_lists_sorted(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _card_lists_sorted(v) for k, v in obj.items()}
    if isinstance(obj, list):
        if obj and all(isinstance(v, str) and v in CARD_ID for v in obj):
            return sorted(obj)
        return [_card_lists_sorted(v) for v in obj]
    return obj


def differs_only_in_order(a: Any, b: Any) -> bool:
    """True when ``a != b`` yet they list the same cards: equal once every list of card
    codes inside them is sorted (e.g. two ``year_end`` events returning the same stack
    cards in another order). Other lists (per-seat scores, places...) keep their order.
    Verify uses it to say what kind of mismatch it found (docs/verify.md, "Key order");
    it never makes a mismatch pass."""
    return bool(a != b and _card_lists_sorted(a) == _card_lists_sorted(b))


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


@dataclass(frozen=True)
class Record:
    """A validated ``kolkhoz-record/1`` envelope: the built ruleset, seats, first planner
    (None: drawn from the seed), seed (or None) and the raw inputs (validated one by one
    when adjudicated)."""

    ruleset: Ruleset
    seats: list[str]
    first_planner: int | None
    seed: str | None
    inputs: list[Any]


def parse_record(record: Any) -> Record:
    """Validate a record's envelope (format, ruleset, seats, first planner, seed, inputs).

    Raises AdjudicationError with ``input_index`` None: ``record_invalid``, or the
    ruleset's own codes (``unknown_preset``, ``unknown_option``, ``invalid_option_value``,
    ``invalid_combination`` with rule ``k36.combos``)."""
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
    if (not isinstance(seats, list) or len(seats) != 4
            or not all(isinstance(n, str) and n for n in seats)):
        raise _record_error("'seats' must list four non-empty names")
    seed = record.get("seed")
    if seed is not None and not isinstance(seed, str):
        raise _record_error("'seed' must be a string")
    if seed is not None:
        try:
            seed.encode("utf-8")
        except UnicodeEncodeError:
            raise _record_error("'seed' must be text with a UTF-8 form (its commitment is "
                                "sha256 of its UTF-8 bytes)") from None
    fp = record.get("first_planner")
    if fp is None and seed is None:
        raise _record_error("a record needs 'first_planner' or a 'seed' to draw it from")
    if fp is not None and (type(fp) is not int or not 0 <= fp <= 3):
        raise _record_error("'first_planner' must be a seat 0-3")
    inputs = record.get("inputs")
    if not isinstance(inputs, list):
        raise _record_error("'inputs' must be a list")
    return Record(ruleset, list(seats), fp, seed, inputs)


def adjudicate(record: Any) -> list[Event]:
    """Adjudicate a record: the full event log from ``game`` to ``game_end``.

    Inputs are decided in order; a year without a ``deal`` input (and a random trump
    without a ``trump`` input) is drawn from the record's ``seed``. Raises
    AdjudicationError: ``.code``, ``.message``, ``.rule``, ``.input_index`` (None for an
    error of the record as a whole) and ``.events`` (the log up to the error).
    """
    rec = parse_record(record)
    seed, inputs = rec.seed, rec.inputs
    try:
        events = new_game(rec.ruleset, rec.seats, rec.first_planner, seed)
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
                    "plan.deal", None, events)
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
