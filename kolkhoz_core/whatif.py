"""What-if re-adjudication: replay a record's inputs under another ruleset (a preset or
interpretation options such as ``first_lead=left_of_planner``, ``swap_scope=hidden``)
and report what changes; and the regression check (the same inputs under the current
engine, compared with a stored log).

Both compare logs event by event from seq 1 (seq 0, the ``game`` event, names the
ruleset and so always differs under another one). Two events "diverge" when they
differ in anything but their explanation — the clause ids they cite (``rules``) and the
facts the ruling used (``facts``): citing ``orden`` on a 52-card completion (a variant
that changes nothing there), or revealing the same card for another stated reason, is
not a different consequence.

Results (plain JSON-able dicts, the CLI's output):
- ``{"illegal": {"input": i, "code", "rule", "message"}}`` — the first input that is
  illegal under the alternative ruleset (``input`` is its index in the record's
  ``inputs``; None when the inputs run out before the game ends, ``record_incomplete``);
- ``{"divergence": {"seq", "original", "alternative"}, "scores": [before, after],
  "places": [before, after]}`` — every input stays legal; the first divergent event;
- ``{"same": true}`` — nothing but cited clause ids changes.
Errors of the request itself (a ruleset that cannot be built, a record that does not
adjudicate under its own ruleset) raise ``WhatIfError`` (``.code``, ``.message``,
``.rule``).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import AdjudicationError, KolkhozError
from .record import adjudicate
from .ruleset import OPTIONS, PRESETS, build_ruleset

Event = dict[str, Any]


class WhatIfError(KolkhozError):
    """The what-if request cannot be carried out (bad ruleset, bad original record)."""


def parse_option(text: str) -> tuple[str, Any]:
    """``"swap_scope=hidden"`` → ``("swap_scope", "hidden")``; values are JSON when they
    parse (``years=3`` → 3, ``swap=false`` → False), else strings. Raises WhatIfError
    (``bad_option``) without ``=``."""
    import json

    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise WhatIfError("bad_option", f"an option is NAME=VALUE, not {text!r}", None)
    try:
        return name.strip(), json.loads(raw)
    except ValueError:
        return name.strip(), raw


def alternative_ruleset(original: Mapping[str, Any], *, options: Mapping[str, Any] | None = None,
                        preset: str | None = None) -> dict[str, Any]:
    """The ruleset spec to replay under.

    ``original``: the record's ``ruleset`` spec. With ``preset``, the new spec is that
    preset plus ``options`` — keeping the original's ``years`` (the inputs cover only
    that many years) unless ``options`` names it. Without, it is the original spec
    with ``options`` overriding. Raises WhatIfError (the engine's ruleset codes:
    ``unknown_preset``, ``unknown_option``, ``invalid_option_value``,
    ``invalid_combination``, with the clause).
    """
    opts = dict(options or {})
    if preset is not None:
        if preset not in PRESETS:
            raise WhatIfError("unknown_preset", f"unknown preset {preset!r}; one of "
                              + ", ".join(sorted(PRESETS)), None)
        try:
            years = build_ruleset(dict(original)).options["years"]
        except KolkhozError:
            years = None
        if years is not None and "years" not in opts:
            opts["years"] = years
        spec: dict[str, Any] = {"preset": preset, "options": opts}
    else:
        spec = copy.deepcopy(dict(original))
        merged = dict(spec.get("options") or {})
        merged.update(opts)
        spec["options"] = merged
    try:
        build_ruleset(spec)
    except KolkhozError as e:
        raise WhatIfError(e.code, e.message, e.rule) from e
    return spec


def _substance(event: Event) -> Event:
    """What happened, without the explanation (``rules``, ``facts``)."""
    return {k: v for k, v in event.items() if k not in ("rules", "facts")}


def first_divergence(original: Sequence[Event], alternative: Sequence[Event],
                     start: int = 1) -> dict[str, Any] | None:
    """The first seq >= ``start`` where the two logs differ (``rules`` and ``facts``
    ignored):
    ``{"seq", "original", "alternative"}`` (an event or None past a log's end), or None."""
    n = max(len(original), len(alternative))
    for seq in range(start, n):
        a = original[seq] if seq < len(original) else None
        b = alternative[seq] if seq < len(alternative) else None
        if a is None or b is None or _substance(a) != _substance(b):
            return {"seq": seq, "original": a, "alternative": b}
    return None


def _end(events: Sequence[Event]) -> Event | None:
    for ev in reversed(events):
        if ev.get("type") == "game_end":
            return ev
    return None


def compare_logs(original: Sequence[Event], alternative: Sequence[Event],
                 start: int = 1) -> dict[str, Any]:
    """``{"same": true}`` or ``{"divergence", "scores": [before, after], "places":
    [before, after]}`` (scores/places from each log's ``game_end``, None if absent)."""
    div = first_divergence(original, alternative, start)
    if div is None:
        return {"same": True}
    a, b = _end(original), _end(alternative)
    return {
        "divergence": div,
        "scores": [a.get("scores") if a else None, b.get("scores") if b else None],
        "places": [a.get("places") if a else None, b.get("places") if b else None],
    }


def whatif(record: Mapping[str, Any], *, options: Mapping[str, Any] | None = None,
           preset: str | None = None) -> dict[str, Any]:
    """Replay ``record``'s inputs under another ruleset; see the module docstring for
    the three result shapes. ``options``: option name → value (RECORD_FORMAT.md's option
    table); ``preset``: ``kolkhoz`` | ``kolkhoznik`` | ``zone``.

    Raises WhatIfError: ``bad_record`` (the record does not adjudicate under its own
    ruleset: there is nothing to compare with) or the ruleset's codes.
    """
    for name in options or {}:
        if name not in OPTIONS:
            raise WhatIfError("unknown_option", f"unknown option {name!r}", None)
    try:
        original = adjudicate(dict(record))
    except AdjudicationError as e:
        raise WhatIfError("bad_record", f"the record itself does not adjudicate: "
                          f"{e.code}: {e.message}", e.rule) from e
    spec = alternative_ruleset(record.get("ruleset") or {}, options=options, preset=preset)
    alt_record = dict(record)
    alt_record["ruleset"] = spec
    try:
        alternative = adjudicate(alt_record)
    except AdjudicationError as e:
        return {"illegal": {"input": e.input_index, "code": e.code, "rule": e.rule,
                            "message": e.message}}
    return compare_logs(original, alternative)


def regress(stored: Sequence[Event], record: Mapping[str, Any]) -> dict[str, Any]:
    """The regression check of one stored game: re-adjudicate ``record`` (its inputs)
    with the current engine and compare with ``stored`` (its log up to ``game_end``)
    from seq 0.

    ``{"ok": bool, "result_changed": bool, "first_divergence": {...} | None,
    "scores": [stored, now], "places": [stored, now], "error": {...} | None}`` —
    ``result_changed`` is true when the final scores, medals or places differ (or the
    inputs no longer adjudicate); ``ok`` only when the logs are identical.
    """
    try:
        fresh = adjudicate(dict(record))
        error = None
    except AdjudicationError as e:
        fresh = list(e.events)
        error = e.to_dict()
    div = first_divergence(stored, fresh, start=0)
    if div is None:
        # identical but for clause ids and facts: compare those too (a changed
        # explanation is a change of the log)
        for seq, (a, b) in enumerate(zip(stored, fresh, strict=False)):
            if a != b:
                div = {"seq": seq, "original": a, "alternative": b}
                break
    a_end, b_end = _end(stored), _end(fresh)

    def result(e: Event | None) -> Any:
        return None if e is None else [e.get("scores"), e.get("medals"), e.get("places")]

    return {
        "ok": div is None and error is None,
        "result_changed": error is not None or result(a_end) != result(b_end),
        "first_divergence": div,
        "scores": [a_end.get("scores") if a_end else None,
                   b_end.get("scores") if b_end else None],
        "places": [a_end.get("places") if a_end else None,
                   b_end.get("places") if b_end else None],
        "error": error,
    }
