"""Rulesets: presets and options (RULINGS.md "ruleset", "Presets"; RECORD_FORMAT.md's
option table). A ruleset is built and validated once, when the game starts, and stored
whole in the ``game`` event."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from .errors import GongzhuError

#: option -> its allowed values, default first. ``int<0`` / ``int>0``: any negative /
#: positive integer (the default listed after it).
OPTIONS: dict[str, tuple[Any, ...]] = {
    "end_score": ("int<0", -1000),
    "passing": (False, True),
    "pass_to": ("left", "right", "alternate", "cycle"),
    "exposing": (False, True),
    "expose_cards": ("any", "four"),
    "expose_hold": (False, True),
    "all_at_once": (False, True),
    "sweep_score": ("int>0", 800),
    "ten_alone": ("strict", "zero_hearts_ok"),
    "moon_pig": ("stays", "cancelled", "flips"),
    "hearts_broken": (False, True),
    "first_lead": ("left_of_dealer", "pig_taker"),
    "top_tie": ("share", "play_on"),
}
DEFAULTS: dict[str, Any] = {
    name: (vals[1] if isinstance(vals[0], str) and vals[0].startswith("int") else vals[0])
    for name, vals in OPTIONS.items()
}
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "short": {"end_score": -500},
    "passing": {"passing": True},
    "exposing": {"exposing": True},
    "all_at_once": {"all_at_once": True},
}
DEFAULT_PRESET = "standard"


@dataclass(frozen=True)
class Ruleset:
    """Every option resolved, plus the preset named (``standard`` when none)."""

    preset: str
    end_score: int
    passing: bool
    pass_to: str
    exposing: bool
    expose_cards: str
    expose_hold: bool
    all_at_once: bool
    sweep_score: int
    ten_alone: str
    moon_pig: str
    hearts_broken: bool
    first_lead: str
    top_tie: str

    def options(self) -> dict[str, Any]:
        """Option name -> value (every option)."""
        out = asdict(self)
        out.pop("preset")
        return out

    def to_json(self) -> dict[str, Any]:
        """``{"preset", "options"}`` as the ``game`` event stores it."""
        return {"preset": self.preset, "options": self.options()}


def _valid(name: str, value: Any) -> bool:
    allowed = OPTIONS[name]
    if allowed[0] == "int<0":
        return type(value) is int and value < 0
    if allowed[0] == "int>0":
        return type(value) is int and value > 0
    return any(type(value) is type(a) and value == a for a in allowed)


def build_ruleset(spec: Mapping[str, Any] | None) -> Ruleset:
    """The ruleset of ``{"preset": name, "options": {...}}`` (either may be left out;
    None: ``standard``). Raises GongzhuError ``invalid_ruleset`` (rule ``ruleset``) for a
    spec that is not an object, ``options`` not an object, an unknown preset or option,
    or a value out of range (booleans are not integers, 1 is not true)."""
    if spec is None:
        spec = {}
    if not isinstance(spec, Mapping):
        raise GongzhuError("invalid_ruleset", "the ruleset must be an object", "ruleset")
    unknown_keys = set(spec) - {"preset", "options"}
    if unknown_keys:
        raise GongzhuError("invalid_ruleset", f"unknown ruleset field(s): "
                           f"{', '.join(sorted(map(str, unknown_keys)))}", "ruleset")
    preset = spec.get("preset", DEFAULT_PRESET)
    if preset is None:
        preset = DEFAULT_PRESET
    if not isinstance(preset, str) or preset not in PRESETS:
        raise GongzhuError("invalid_ruleset", f"unknown preset {preset!r} (presets: "
                           f"{', '.join(PRESETS)})", "ruleset")
    options = spec.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise GongzhuError("invalid_ruleset", "the ruleset's options must be an object",
                           "ruleset")
    values = {**DEFAULTS, **PRESETS[preset]}
    for name, value in options.items():
        if name not in OPTIONS:
            raise GongzhuError("invalid_ruleset", f"unknown option {name!r}", "ruleset")
        if not _valid(name, value):
            raise GongzhuError("invalid_ruleset", f"option {name!r}: {value!r} is not one "
                               f"of {describe(name)}", "ruleset")
        values[name] = value
    return Ruleset(preset=preset, **values)


def describe(name: str) -> str:
    """The allowed values of option ``name`` in words."""
    allowed = OPTIONS[name]
    if allowed[0] == "int<0":
        return "a negative integer"
    if allowed[0] == "int>0":
        return "a positive integer"
    return ", ".join(repr(a) for a in allowed)


def from_json(data: Mapping[str, Any]) -> Ruleset:
    """The ruleset a ``game`` event stored (``{"preset", "options"}``), validated again."""
    return build_ruleset({"preset": data.get("preset"), "options": data.get("options")})
