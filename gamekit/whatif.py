"""What-if (a record's inputs under another ruleset) and regression (this engine against
a stored log), for any game whose engine offers ``adjudicate``, a typed error with
``code``, ``message``, ``rule``, ``input``, ``events``, ``to_dict()``, and its option
and preset tables. Results: ``{"illegal": {...}}``, ``{"divergence": {...}, "scores",
"places"}`` or ``{"same": true}`` (what-if); ``{ok, result_changed, first_divergence,
scores, places, error}`` (regression)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .tools import end_event as _end
from .tools import first_divergence

Event = dict[str, Any]


def whatif(record: Mapping[str, Any], *, adjudicate: Callable[[Any], list[Event]],
           error: type[Exception], options_table: Mapping[str, Any],
           presets: Mapping[str, Any], build_ruleset: Callable[[Any], Any],
           options: Mapping[str, Any] | None = None,
           preset: str | None = None) -> dict[str, Any]:
    """Replay ``record``'s inputs under its ruleset with ``options`` overriding (or under
    ``preset`` + ``options``). Raises ``error`` (``malformed`` for a record that does not
    adjudicate, ``invalid_ruleset``)."""
    try:
        original = adjudicate(dict(record))
    except error as e:
        raise error("malformed", f"the record itself does not adjudicate: "
                    f"{getattr(e, 'code', '')}: {getattr(e, 'message', e)}",
                    getattr(e, "rule", None)) from e
    for name in options or {}:
        if name not in options_table:
            raise error("invalid_ruleset", f"unknown option {name!r}")
    if preset is not None:
        if preset not in presets:
            raise error("invalid_ruleset", f"unknown preset {preset!r}")
        spec: dict[str, Any] = {"preset": preset, "options": dict(options or {})}
    else:
        base = dict(record.get("ruleset") or {})
        spec = {"preset": base.get("preset"),
                "options": {**(base.get("options") or {}), **dict(options or {})}}
    build_ruleset(spec)
    try:
        alternative = adjudicate({**dict(record), "ruleset": spec})
    except error as e:
        return {"illegal": {"input": getattr(e, "input", None), "code": getattr(e, "code", None),
                            "rule": getattr(e, "rule", None),
                            "message": getattr(e, "message", str(e))}}
    div = first_divergence(original, alternative)
    if div is None:
        return {"same": True}
    a, b = _end(original), _end(alternative)
    return {"divergence": div, "scores": [a.get("scores"), b.get("scores")],
            "places": [a.get("places"), b.get("places")]}


def regress(stored: Sequence[Event], record: Mapping[str, Any], *,
            adjudicate: Callable[[Any], list[Event]],
            error: type[Exception]) -> dict[str, Any]:
    """Re-adjudicate ``record`` and compare with ``stored`` from seq 0."""
    err = None
    try:
        fresh = adjudicate(dict(record))
    except error as e:
        fresh, err = list(getattr(e, "events", [])), e.to_dict()  # type: ignore[attr-defined]
    div = first_divergence(stored, fresh, start=0)
    a, b = _end(stored), _end(fresh)
    return {"ok": div is None and err is None and list(stored) == fresh,
            "result_changed": err is not None or (a.get("scores"), a.get("places"))
            != (b.get("scores"), b.get("places")),
            "first_divergence": div, "scores": [a.get("scores"), b.get("scores")],
            "places": [a.get("places"), b.get("places")], "error": err}
