"""Running a built record through ``arne_core.record.adjudicate`` and reading the log:
:func:`play` adjudicates a ``records.Game`` and compares the engine's log with the
builder's ``Game.log`` event for event (the fields of RECORD_FORMAT.md's table only;
consecutive ``discarded`` events merged; ``game_end.areas`` in any order)."""

from __future__ import annotations

import copy
from typing import Any

from arne_core.errors import ArneError


def adjudicate(record: Any) -> list[dict[str, Any]]:
    """``arne_core.record.adjudicate`` on a copy of ``record``."""
    from arne_core.record import adjudicate as engine

    return list(engine(copy.deepcopy(record)))


def error_of(record: Any) -> ArneError:
    """The ArneError adjudicating ``record`` raises (fails if it raises none)."""
    try:
        adjudicate(record)
    except ArneError as err:
        return err
    raise AssertionError("the record was accepted")


def assert_error(err: ArneError, code: str, input_: int | None, rule: str | None) -> None:
    assert (err.code, err.input, err.rule) == (code, input_, rule), (
        err.code, err.input, err.rule, err.message)


def adjudicated(g: Any) -> list[dict[str, Any]]:
    """The engine's log of ``g``'s record: the whole log when the builder's game is over,
    else the log of the record that ends early (``missing_input`` at len(inputs))."""
    rec = g.record()
    if g.over:
        return list(adjudicate(rec))
    err = error_of(rec)
    assert_error(err, "missing_input", len(rec["inputs"]), None)
    return list(err.events)


def project(events: list[dict[str, Any]], want: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` cut to the fields ``want`` names, ``discarded`` runs merged."""
    out: list[dict[str, Any]] = []
    for e, w in zip(events, want, strict=False):
        out.append({k: e.get(k, "<missing>") for k in w})
    return out


def merge_discards(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for e in events:
        if e["type"] == "discarded" and out and out[-1]["type"] == "discarded":
            out[-1] = {**out[-1], "cards": list(out[-1]["cards"]) + list(e["cards"])}
        else:
            out.append(dict(e))
    for e in out:
        if e["type"] == "game_end" and isinstance(e.get("areas"), dict):
            e["areas"] = {c: sorted(ps, key=lambda p: p["card"]) for c, ps in e["areas"].items()}
    return out


def compare(events: list[dict[str, Any]], g: Any) -> None:
    """Assert the engine's log (after ``game``) is the builder's ``g.log``."""
    assert events[0]["type"] == "game" and [e["seq"] for e in events] == list(
        range(len(events)))
    got = merge_discards([{k: v for k, v in e.items() if k not in ("seq", "rules")}
                          for e in events[1:]])
    want = merge_discards(g.log)
    cut = project(got, want)
    for i, (a, b) in enumerate(zip(cut, want, strict=False)):
        assert a == b, f"event {i} after game: engine {got[i]} != builder {b}"
    assert len(got) == len(want), (
        f"engine {len(got)} events, builder {len(want)}: "
        f"{got[len(want):len(want) + 3] or want[len(got):len(got) + 3]}")


def play(g: Any) -> list[dict[str, Any]]:
    """Adjudicate ``g`` and compare the log with the builder's; returns the engine's log."""
    events = adjudicated(g)
    compare(events, g)
    return events


def of(events: list[dict[str, Any]], *types: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] in types]


def one(events: list[dict[str, Any]], type_: str) -> dict[str, Any]:
    found = of(events, type_)
    assert len(found) == 1, f"{len(found)} {type_} events"
    return found[0]


def rules_of(event: dict[str, Any]) -> set[str]:
    return set(event["rules"])


def after(events: list[dict[str, Any]], index: int) -> list[dict[str, Any]]:
    """The consequences of the input at record index ``index``: the events after it, up
    to the next input event."""
    inputs = [i for i, e in enumerate(events) if e["type"] in INPUT_TYPES]
    start = inputs[index]
    stop = inputs[index + 1] if index + 1 < len(inputs) else len(events)
    return events[start + 1:stop]


def rules_at(events: list[dict[str, Any]], index: int) -> set[str]:
    """The clause ids of the record's input ``index`` and of its consequences."""
    return set(input_event(events, index)["rules"]).union(
        *(e["rules"] for e in after(events, index)))


def input_event(events: list[dict[str, Any]], index: int) -> dict[str, Any]:
    """The event of the record's input ``index``."""
    return [e for e in events if e["type"] in INPUT_TYPES][index]


INPUT_TYPES = ("deal", "draw", "white", "black", "pass_window", "random_card", "give")
