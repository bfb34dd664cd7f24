"""Records (``gongzhu-record/1``, RECORD_FORMAT.md): ``adjudicate`` a record into its
full event log, ``to_record`` a log back into a record, ``chance_mismatch``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .decide import decide
from .errors import GongzhuError
from .game import chance_input, new_game
from .ruleset import build_ruleset
from .shuffle import deal_hands
from .state import GameState, apply

FORMAT = "gongzhu-record/1"
INPUT_FIELDS = {"deal": ("round", "hands"), "pass": ("seat", "cards"),
                "expose": ("seat", "cards"), "play": ("seat", "card")}
Event = dict[str, Any]


def _bad(message: str, rule: str | None = None) -> GongzhuError:
    return GongzhuError("bad_record", message, rule)


def check_envelope(record: Any) -> tuple[Any, list[str], str | None, int | None, list[Any]]:
    """The record's ruleset, seats, seed, first dealer and inputs, checked field by field
    in RECORD_FORMAT.md's order. Raises GongzhuError (bad_record / invalid_ruleset)."""
    if not isinstance(record, Mapping):
        raise _bad("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise _bad(f"format must be {FORMAT!r}, not {record.get('format')!r}")
    spec = record.get("ruleset")
    if not isinstance(spec, Mapping):
        raise GongzhuError("invalid_ruleset", "the record needs a ruleset object", "ruleset")
    if "options" in spec and not isinstance(spec["options"], Mapping):
        raise GongzhuError("invalid_ruleset", "the ruleset's options must be an object",
                           "ruleset")
    if "preset" in spec and not isinstance(spec["preset"], str):
        raise GongzhuError("invalid_ruleset", f"unknown preset {spec['preset']!r}", "ruleset")
    rs = build_ruleset(spec)
    seats = record.get("seats")
    if not isinstance(seats, list) or len(seats) != 4 or not all(isinstance(n, str)
                                                                  for n in seats):
        raise _bad("seats must be four player names", "setup.players")
    seed = record.get("seed")
    if "seed" in record and not isinstance(seed, str):
        raise _bad("seed must be a string")
    first = record.get("first_dealer")
    if first is None and seed is None:
        raise _bad("first_dealer is needed when there is no seed", "round.dealer")
    if first is not None and (type(first) is not int or not 0 <= first <= 3):
        raise _bad(f"first_dealer must be 0–3, not {first!r}", "round.dealer")
    inputs = record.get("inputs")
    if not isinstance(inputs, list):
        raise _bad("inputs must be a list")
    return rs, list(seats), seed, first, inputs


def adjudicate(record: Any) -> list[Event]:
    """The full event log of ``record`` (each event with ``seq``, ``type``, its fields and
    ``rules``). Raises GongzhuError with ``input`` (the index of the offending input, the
    number of inputs for ``incomplete``, None for a record-level error) and ``events``
    (the log up to the offending input) — RECORD_FORMAT.md's error table."""
    rs, seats, seed, first, inputs = check_envelope(record)
    events = new_game(rs, seats, first_dealer=first, seed=seed)
    state = GameState()
    for e in events:
        apply(state, e)
    k = 0
    while not state.finished:
        inp = inputs[k] if k < len(inputs) else None
        if (state.phase == "deal" and seed is not None
                and not (isinstance(inp, Mapping) and inp.get("type") == "deal")):
            new = decide(state, chance_input(state, seed), seed=seed)
        elif k >= len(inputs):
            err = GongzhuError("incomplete", "the inputs end before the game does",
                               None, len(inputs))
            err.events = events
            raise err
        else:
            try:
                new = decide(state, _own_fields(inp), seed=seed)
            except GongzhuError as bad:
                bad.input, bad.events = k, events
                raise
            k += 1
        for e in new:
            apply(state, e)
        events.extend(new)
    if k < len(inputs):
        extra = GongzhuError("extra_input", "an input after the game has ended", "game.end", k)
        extra.events = events
        raise extra
    return events


def _own_fields(inp: Any) -> Any:
    """The input with only its type's fields (unknown fields are ignored)."""
    t = inp.get("type") if isinstance(inp, Mapping) else None
    if not isinstance(t, str) or t not in INPUT_FIELDS:
        return inp  # decide reports it malformed
    return {"type": inp["type"], **{f: inp[f] for f in INPUT_FIELDS[inp["type"]] if f in inp}}


def to_record(events: Sequence[Event], *, seed: str | None = None) -> dict[str, Any]:
    """The record of a log: its setup and every input (deals included), in order. The
    seed is included when given, or once ``game_end`` has revealed it."""
    game = events[0]
    end = next((e for e in events if e.get("type") == "game_end"), None)
    revealed = seed if seed is not None else (end or {}).get("seed")
    out: dict[str, Any] = {"format": FORMAT, "ruleset": game["ruleset"],
                           "seats": list(game["seats"]), "first_dealer": game["first_dealer"]}
    if revealed is not None:
        out["seed"] = revealed
    out["inputs"] = [{"type": e["type"], **{f: e[f] for f in INPUT_FIELDS[e["type"]]}}
                     for e in events if e.get("type") in INPUT_FIELDS]
    return out


def chance_mismatch(events: Sequence[Event], seed: str) -> dict[str, Any] | None:
    """The first chance outcome of ``events`` that ``seed`` does not give: a ``deal``
    whose hands differ from the seeded deal (round.deal; the order within a hand does
    not matter). The first dealer is not checked: a setup may name it. Returns
    ``{seq, type, rule, expected, got}`` or None."""
    dealer = None
    for e in events:
        t = e.get("type")
        if t == "round":
            dealer = e["dealer"]
        elif t == "deal" and dealer is not None:
            want = deal_hands(seed, e["round"], dealer)
            if [sorted(h) for h in want] != [sorted(h) for h in e["hands"]]:
                return {"seq": e.get("seq"), "type": "deal", "rule": "round.deal",
                        "expected": want, "got": e["hands"]}
    return None
