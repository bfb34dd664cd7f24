"""Rulesets (RULINGS.md "Options", "Presets"): presets ``normal``, ``misere``, ``dummy``,
``first_game`` (``team`` is reserved and refused), eight options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import ArneError

#: option -> allowed values, default first (RULINGS.md "Options")
OPTIONS: dict[str, tuple[Any, ...]] = {
    "deck": ("full", "first_game"),
    "mode": ("normal", "misere"),
    "dummy": (False, True),
    "black_timing": ("windows", "after_action"),
    "final_round": ("one_lap", "until_passes"),
    "reverse_stack": ("last_decides", "each_reverses"),
    "dummy_final_reverse": ("no_effect", "takes_control"),
    "final_chameleon": ("allowed", "forbidden"),
}
DEFAULTS: dict[str, Any] = {name: values[0] for name, values in OPTIONS.items()}
PRESETS: dict[str, dict[str, Any]] = {
    "normal": {}, "misere": {"mode": "misere"}, "dummy": {"dummy": True},
    "first_game": {"deck": "first_game"},
}
RESERVED = frozenset({"team"})


@dataclass(frozen=True)
class Ruleset:
    """Every option resolved; ``preset``: the preset named (None: options alone)."""

    preset: str | None
    deck: str
    mode: str
    dummy: bool
    black_timing: str
    final_round: str
    reverse_stack: str
    dummy_final_reverse: str
    final_chameleon: str

    @property
    def misere(self) -> bool:
        """True in the misère game (misere)."""
        return self.mode == "misere"

    @property
    def first_game(self) -> bool:
        """True with the first-game deck (deck.first_game)."""
        return self.deck == "first_game"

    def options(self) -> dict[str, Any]:
        """Option name -> value."""
        return {name: getattr(self, name) for name in OPTIONS}

    def to_json(self) -> dict[str, Any]:
        """``{"preset", "options"}`` as the ``game`` event stores it (complete)."""
        return {"preset": self.preset, "options": self.options()}


def _bad(message: str) -> ArneError:
    return ArneError("invalid_ruleset", message, None)


def build_ruleset(spec: Mapping[str, Any] | None) -> Ruleset:
    """The ruleset of ``{"preset", "options"}`` (None: ``normal``). Raises ArneError
    ``invalid_ruleset`` (rule null): not an object, ``options`` not an object, an unknown
    preset (``team`` is reserved: RULINGS.md ``team``) or option, a value the option does
    not allow."""
    if spec is None:
        spec = {"preset": "normal"}
    if not isinstance(spec, Mapping):
        raise _bad("the ruleset must be an object")
    preset = spec.get("preset")
    if preset in RESERVED:
        raise _bad(f"the preset {preset!r} is reserved: the team game is not ruled (team)")
    if preset is not None and (not isinstance(preset, str) or preset not in PRESETS):
        raise _bad(f"unknown preset {preset!r} (presets: {', '.join(PRESETS)})")
    options = spec.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise _bad("the ruleset's options must be an object")
    values = {**DEFAULTS, **(PRESETS[preset] if preset else {})}
    for name, value in options.items():
        if name not in OPTIONS:
            raise _bad(f"unknown option {name!r}")
        if not any(type(value) is type(a) and value == a for a in OPTIONS[name]):
            allowed = ", ".join(repr(a) for a in OPTIONS[name])
            raise _bad(f"option {name!r}: {value!r} is not allowed ({allowed})")
        values[name] = value
    if preset is None and not options:
        preset = "normal"
    return Ruleset(preset=preset, **values)
