"""Rulesets (RULINGS.md "Options and presets"): presets ``base`` and ``tactical``,
options ``tactical``, ``threshold``, ``lowest_tie``, ``draft_order``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import KorovaError

#: option -> allowed values, default first (``threshold``: any integer ≥ 1, default 66)
OPTIONS: dict[str, tuple[Any, ...]] = {
    "tactical": (False, True),
    "threshold": ("int>=1", 66),
    "lowest_tie": ("share", "play_on"),
    "draft_order": ("rotation", "snake"),
}
DEFAULTS: dict[str, Any] = {"tactical": False, "threshold": 66, "lowest_tie": "share",
                            "draft_order": "rotation"}
PRESETS: dict[str, dict[str, Any]] = {"base": {"tactical": False},
                                      "tactical": {"tactical": True}}


@dataclass(frozen=True)
class Ruleset:
    """Every option resolved; ``preset``: the preset named (None: options alone)."""

    preset: str | None
    tactical: bool
    threshold: int
    lowest_tie: str
    draft_order: str

    def options(self) -> dict[str, Any]:
        """Option name -> value."""
        return {"tactical": self.tactical, "threshold": self.threshold,
                "lowest_tie": self.lowest_tie, "draft_order": self.draft_order}

    def to_json(self) -> dict[str, Any]:
        """``{"preset", "options"}`` as the ``game`` event stores it."""
        return {"preset": self.preset, "options": self.options()}


def _bad(message: str) -> KorovaError:
    return KorovaError("invalid_ruleset", message, None)


def build_ruleset(spec: Mapping[str, Any] | None) -> Ruleset:
    """The ruleset of ``{"preset", "options"}`` (None or {}: ``base``; other keys are
    ignored). Raises KorovaError ``invalid_ruleset`` (rule null, RECORD_FORMAT.md): not
    an object, ``options`` not an object, an unknown preset (anything but ``base``,
    ``tactical`` or null) or option, a value the option does not allow."""
    if spec is None:
        spec = {"preset": "base"}
    if not isinstance(spec, Mapping):
        raise _bad("the ruleset must be an object")
    preset = spec.get("preset")
    if preset is not None and (not isinstance(preset, str) or preset not in PRESETS):
        raise _bad(f"unknown preset {preset!r} (presets: base, tactical)")
    options = spec.get("options", {})
    if not isinstance(options, Mapping):
        raise _bad("the ruleset's options must be an object")
    values = {**DEFAULTS, **(PRESETS[preset] if preset else {})}
    for name, value in options.items():
        if name not in OPTIONS:
            raise _bad(f"unknown option {name!r}")
        ok = (type(value) is int and value >= 1) if name == "threshold" else any(
            type(value) is type(a) and value == a for a in OPTIONS[name])
        if not ok:
            raise _bad(f"option {name!r}: {value!r} is not allowed")
        values[name] = value
    if not spec.get("preset") and not spec.get("options") and "preset" not in spec:
        preset = "base"
    return Ruleset(preset=preset, **values)
