"""What-if re-adjudication (a record's inputs replayed under another ruleset) and the
regression check (the same inputs under this engine, compared with a stored log).

Logs are compared event by event (from seq 1 for a what-if: the ``game`` event names
the ruleset and always differs); two events diverge when they differ in anything but
the clause ids they cite (``rules``). Results:

- ``{"illegal": {"input", "code", "rule", "message"}}`` — the first input that is not
  legal under the other ruleset (``extra_input`` when the game now ends earlier,
  ``incomplete`` when it would go on past the record's inputs);
- ``{"divergence": {"seq", "original", "alternative"}, "scores": [before, after],
  "places": [before, after]}`` — the first event that differs;
- ``{"same": true}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamekit.tools import end_event as _end
from gamekit.tools import first_divergence

from .errors import GongzhuError
from .record import adjudicate
from .ruleset import OPTIONS, PRESETS, build_ruleset

Event = dict[str, Any]


def alternative_ruleset(original: Mapping[str, Any], *, options: Mapping[str, Any] | None,
                        preset: str | None) -> dict[str, Any]:
    """The spec to replay under: ``preset`` + ``options`` when a preset is named, else
    the original spec with ``options`` overriding. Raises GongzhuError
    (``invalid_ruleset``, rule ``ruleset``)."""
    opts = dict(options or {})
    for name in opts:
        if name not in OPTIONS:
            raise GongzhuError("invalid_ruleset", f"unknown option {name!r}", "ruleset")
    if preset is not None:
        if preset not in PRESETS:
            raise GongzhuError("invalid_ruleset", f"unknown preset {preset!r}", "ruleset")
        spec: dict[str, Any] = {"preset": preset, "options": opts}
    else:
        base = dict(original.get("options") or {}) if isinstance(original, Mapping) else {}
        base.update(opts)
        spec = {"options": base}
        if isinstance(original, Mapping) and isinstance(original.get("preset"), str):
            spec["preset"] = original["preset"]
    build_ruleset(spec)
    return spec


def whatif(record: Mapping[str, Any], *, options: Mapping[str, Any] | None = None,
           preset: str | None = None) -> dict[str, Any]:
    """Replay ``record``'s inputs under another ruleset (module docstring for the
    result shapes). Raises GongzhuError: ``bad_record`` when the record does not
    adjudicate under its own ruleset, ``invalid_ruleset`` for the alternative."""
    try:
        original = adjudicate(dict(record))
    except GongzhuError as e:
        raise GongzhuError("bad_record", f"the record itself does not adjudicate: "
                           f"{e.code}: {e.message}", e.rule) from e
    spec = alternative_ruleset(record.get("ruleset") or {}, options=options, preset=preset)
    try:
        alternative = adjudicate({**dict(record), "ruleset": spec})
    except GongzhuError as e:
        return {"illegal": {"input": e.input, "code": e.code, "rule": e.rule,
                            "message": e.message}}
    div = first_divergence(original, alternative)
    if div is None:
        return {"same": True}
    a, b = _end(original), _end(alternative)
    return {"divergence": div, "scores": [a.get("scores"), b.get("scores")],
            "places": [a.get("places"), b.get("places")]}


def regress(stored: Sequence[Event], record: Mapping[str, Any]) -> dict[str, Any]:
    """Re-adjudicate ``record`` with this engine and compare with ``stored`` from seq 0:
    ``{"ok", "result_changed", "first_divergence", "scores", "places", "error"}``."""
    error = None
    try:
        fresh = adjudicate(dict(record))
    except GongzhuError as e:
        fresh, error = list(e.events), e.to_dict()
    div = first_divergence(stored, fresh, start=0)
    if div is None:
        div = next(({"seq": i, "original": x, "alternative": y}
                    for i, (x, y) in enumerate(zip(stored, fresh, strict=False)) if x != y),
                   None)
    a, b = _end(stored), _end(fresh)
    return {"ok": div is None and error is None,
            "result_changed": error is not None or (a.get("scores"), a.get("places"))
            != (b.get("scores"), b.get("places")),
            "first_divergence": div, "scores": [a.get("scores"), b.get("scores")],
            "places": [a.get("places"), b.get("places")], "error": error}
