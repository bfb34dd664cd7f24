"""Typed errors with a stable machine code, a player's message and the clause id.

Two kinds, as in python-chess: malformed (the input is not a well-formed input
at all; ``rule`` is None) and illegal (well formed, but against a clause of
RULINGS.md; ``rule`` names it). Both are ``ValueError``s.
"""

from __future__ import annotations

from typing import Any


class KolkhozError(ValueError):
    """Base class: ``code`` (stable machine code), ``message``, ``rule`` (clause id or None)."""

    code: str = "error"

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_dict(self) -> dict[str, Any]:
        """``{"code", "message", "rule"}`` — the JSON shape every surface uses."""
        return {"code": self.code, "message": self.message, "rule": self.rule}


class MalformedInputError(KolkhozError):
    """The input is not well formed (missing field, unknown card code...); rule is None."""


class IllegalInputError(KolkhozError):
    """The input is well formed but breaks the clause named by ``rule``."""


class RulesetError(KolkhozError):
    """A ruleset that cannot be built: unknown preset/option, bad value, invalid combination."""


class AdjudicationError(KolkhozError):
    """A record that cannot be adjudicated to the end.

    ``input_index`` is the index in the record's ``inputs`` of the offending input
    (None for an error of the record as a whole); ``events`` is the log up to it.
    """

    def __init__(
        self,
        code: str,
        message: str,
        rule: str | None = None,
        input_index: int | None = None,
        events: list[dict[str, Any]] | None = None,
        input: Any = None,
    ) -> None:
        super().__init__(code, message, rule)
        self.input_index = input_index
        self.events = events or []
        self.input = input

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "input": self.input_index,
                "rule": self.rule}
