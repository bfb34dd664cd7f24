"""Typed errors: a stable machine ``code``, a ``message`` for people, the clause id
``rule`` (None when no rule was broken) and, for a record, the ``input`` index
(RECORD_FORMAT.md, "Errors")."""

from __future__ import annotations

from typing import Any


class GongzhuError(ValueError):
    """Any refusal of the Gong Zhu engine. ``code`` (e.g. ``revoke``), ``message``,
    ``rule`` (clause id or None), ``input`` (index in a record's ``inputs``, or None),
    ``events`` (for ``adjudicate``: the log up to the offending input)."""

    def __init__(self, code: str, message: str, rule: str | None = None,
                 input: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.input = input
        self.events: list[dict[str, Any]] = []

    def to_dict(self) -> dict[str, Any]:
        """``{"code", "message", "input", "rule"}`` — the error object's inside."""
        return {"code": self.code, "message": self.message, "input": self.input,
                "rule": self.rule}

    def to_json(self) -> dict[str, Any]:
        """``{"error": {...}}`` — the error object of RECORD_FORMAT.md."""
        return {"error": self.to_dict()}
