"""What-if (a record's inputs under another ruleset) and regression (this engine against
a stored log); results as for Gong Zhu: ``{"illegal": {...}}``, ``{"divergence": {...},
"scores", "places"}`` or ``{"same": true}``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamekit.tools import end_event as _end
from gamekit.tools import first_divergence

from .errors import KorovaError
from .record import adjudicate
from .ruleset import OPTIONS, PRESETS, build_ruleset

Event = dict[str, Any]


def whatif(record: Mapping[str, Any], *, options: Mapping[str, Any] | None = None,
           preset: str | None = None) -> dict[str, Any]:
    """Replay ``record``'s inputs under the original ruleset with ``options`` overriding
    (or under ``preset`` + ``options``). Raises KorovaError (``malformed`` for a record
    that does not adjudicate, ``invalid_ruleset``)."""
    try:
        original = adjudicate(dict(record))
    except KorovaError as e:
        raise KorovaError("malformed", f"the record itself does not adjudicate: {e.code}: "
                          f"{e.message}", e.rule) from e
    for name in options or {}:
        if name not in OPTIONS:
            raise KorovaError("invalid_ruleset", f"unknown option {name!r}")
    if preset is not None:
        if preset not in PRESETS:
            raise KorovaError("invalid_ruleset", f"unknown preset {preset!r}")
        spec: dict[str, Any] = {"preset": preset, "options": dict(options or {})}
    else:
        base = dict(record.get("ruleset") or {})
        spec = {"preset": base.get("preset"),
                "options": {**(base.get("options") or {}), **dict(options or {})}}
    build_ruleset(spec)
    try:
        alternative = adjudicate({**dict(record), "ruleset": spec})
    except KorovaError as e:
        return {"illegal": {"input": e.input, "code": e.code, "rule": e.rule,
                            "message": e.message}}
    div = first_divergence(original, alternative)
    if div is None:
        return {"same": True}
    a, b = _end(original), _end(alternative)
    return {"divergence": div, "scores": [a.get("scores"), b.get("scores")],
            "places": [a.get("places"), b.get("places")]}


def regress(stored: Sequence[Event], record: Mapping[str, Any]) -> dict[str, Any]:
    """Re-adjudicate and compare with ``stored`` from seq 0."""
    error = None
    try:
        fresh = adjudicate(dict(record))
    except KorovaError as e:
        fresh, error = list(e.events), e.to_dict()
    div = first_divergence(stored, fresh, start=0)
    a, b = _end(stored), _end(fresh)
    return {"ok": div is None and error is None and list(stored) == fresh,
            "result_changed": error is not None or (a.get("scores"), a.get("places"))
            != (b.get("scores"), b.get("places")),
            "first_divergence": div, "scores": [a.get("scores"), b.get("scores")],
            "places": [a.get("places"), b.get("places")], "error": error}
