"""Rulesets: the three presets, custom combinations and the interpretation options.

Option names, values and defaults are those of RECORD_FORMAT.md; presets and
combination rules are RULINGS.md's "Presets" table and ``k36.combos``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import RulesetError

#: option -> (allowed values, default first)
OPTIONS: dict[str, tuple[Any, ...]] = {
    "deck": (52, 36),
    "years": (5, 1, 2, 3, 4),
    "swap": (False, True),
    "stakh": (False, True),
    "wrecker": (False, True),
    "nomenklatura": (False, True),
    "orden": (False, True),
    "northern": (False, True),
    "mice": (False, True),
    "accum": (False, True),
    "medals": (False, True),
    "trump_selection": ("planner", "random"),
    "first_lead": ("planner", "left_of_planner"),
    "swap_scope": ("hidden_or_revealed", "workers", "hidden"),
    "reveal": ("highest", "highest_hidden"),
    "tiebreak_medals": ("game", "last_year"),
    "k36_vulnerable": ("stack_takers", "trick_winners"),
    "wrecker_returns": (False, True),
}
DEFAULTS: dict[str, Any] = {name: values[0] for name, values in OPTIONS.items()}

PRESETS: dict[str, dict[str, Any]] = {
    "kolkhoz": {"deck": 52, "swap": True, "stakh": True, "wrecker": True},
    "kolkhoznik": {"deck": 36, "swap": True, "nomenklatura": True, "orden": True},
    "zone": {"deck": 36, "swap": True, "northern": True, "nomenklatura": True, "mice": True},
}
DEFAULT_PRESET = "kolkhoz"


@dataclass(frozen=True)
class Ruleset:
    """A validated ruleset: ``preset`` (or None for a custom one) and every option resolved.

    Attribute access mirrors the option names (``rs.deck``, ``rs.swap_scope`` ...).
    """

    preset: str | None
    options: dict[str, Any] = field(hash=False)

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["options"][name]
        except KeyError:
            raise AttributeError(name) from None

    def to_dict(self) -> dict[str, Any]:
        """``{"preset": ..., "options": {every option}}`` — stored whole in the ``game`` event."""
        return {"preset": self.preset, "options": dict(self.options)}

    @property
    def has_rewards(self) -> bool:
        """Reward cards are revealed on the fields (52-card game, not Northern: x.northern_jobs)."""
        return self.options["deck"] == 52 and not self.options["northern"]

    @property
    def k36_orden(self) -> bool:
        """The 36-card Orden game (stacks into cellars, ``k36.orden``)."""
        return bool(self.options["deck"] == 36 and self.options["orden"])


def _check_value(name: str, value: Any) -> Any:
    allowed = OPTIONS[name]
    # bools are ints in Python: keep them apart so that years=True is refused
    ok = any(value == a and type(value) is type(a) for a in allowed)
    if not ok:
        raise RulesetError(
            "invalid_option_value",
            f"option {name!r} cannot be {value!r}; allowed: {', '.join(map(repr, allowed))}",
            None,
        )
    return value


def build_ruleset(spec: dict[str, Any] | None = None) -> Ruleset:
    """Build and validate a ruleset from a record's ``ruleset`` object.

    ``spec``: ``{"preset": name, "options": {...}}``, ``{"options": {...}}`` (a custom
    combination from the defaults), or None (the platform default, the ``kolkhoz`` preset).
    A preset sets its variants (and ``deck``); ``options`` override them.

    Raises RulesetError: ``unknown_preset``, ``unknown_option``, ``invalid_option_value``
    (rule None) or ``invalid_combination`` (rule ``k36.combos``).
    """
    if spec is None:
        spec = {"preset": DEFAULT_PRESET}
    if not isinstance(spec, dict):
        raise RulesetError("invalid_option_value", "the ruleset must be a JSON object", None)
    unknown_keys = set(spec) - {"preset", "options"}
    if unknown_keys:
        raise RulesetError(
            "unknown_option", f"unknown ruleset key(s): {', '.join(sorted(unknown_keys))}", None
        )
    preset = spec.get("preset")
    overrides = spec.get("options") or {}
    if not isinstance(overrides, dict):
        raise RulesetError("invalid_option_value", "ruleset options must be a JSON object", None)
    options = dict(DEFAULTS)
    if preset is not None:
        if not isinstance(preset, str) or preset not in PRESETS:  # (a list: unhashable)
            raise RulesetError(
                "unknown_preset",
                f"unknown preset {preset!r}; presets: {', '.join(PRESETS)}",
                None,
            )
        options.update(PRESETS[preset])
    for name in sorted(overrides, key=str):  # the first error whatever the key order
        if name not in OPTIONS:
            raise RulesetError("unknown_option", f"unknown ruleset option {name!r}", None)
        options[name] = _check_value(name, overrides[name])
    _validate_combination(options)
    return Ruleset(preset=preset, options=options)


def _validate_combination(o: dict[str, Any]) -> None:
    """k36.combos (and x.northern_jobs): refuse combinations that have no meaning."""
    def bad(msg: str) -> RulesetError:
        return RulesetError("invalid_combination", msg, "k36.combos")

    if o["deck"] == 36:
        if o["orden"] == o["northern"]:
            raise bad("the 36-card game must use exactly one of Orden and Northern play")
        if o["northern"] and not o["mice"]:
            raise bad("the 36-card game with Northern play needs 'even the mice'")
        if o["accum"]:
            raise bad("Accumulation has no meaning without reward cards (36-card game)")
    if o["accum"] and o["northern"]:
        raise bad("Accumulation has no meaning without reward cards (Northern play)")


_FROM_DICT: dict[tuple[Any, ...], Ruleset] = {}
_FROM_DICT_MAX = 256


def ruleset_from_dict(d: dict[str, Any]) -> Ruleset:
    """Rebuild a Ruleset from ``Ruleset.to_dict()`` output (as stored in a ``game`` event).

    Every fold starts here, so a ruleset already built (and validated) from the same
    preset and options is handed back again (a Ruleset is frozen and nothing changes its
    options); anything else — an error included — goes through ``build_ruleset``.
    Raises RulesetError as ``build_ruleset`` does."""
    preset, options = d.get("preset"), d.get("options", {})
    try:
        # each value with its type: True == 1 and 52 == 52.0, but only one is valid
        key = (preset, tuple((k, type(v), v) for k, v in sorted(options.items())))
        hit = _FROM_DICT.get(key)
    except (AttributeError, TypeError):  # not a dict of plain values: let build say why
        key, hit = None, None
    if hit is not None:
        return hit
    rs = build_ruleset({"preset": preset, "options": options})
    if key is not None:
        if len(_FROM_DICT) >= _FROM_DICT_MAX:
            _FROM_DICT.clear()
        _FROM_DICT[key] = rs
    return rs
