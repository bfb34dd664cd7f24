"""Typed errors: ``code``, ``message``, ``rule`` (clause id or None), ``input`` (index in
a record's inputs or None) — RECORD_FORMAT.md "Errors"."""

from __future__ import annotations

from typing import Any


class ArneError(ValueError):
    """Any refusal of the Arne engine; ``events``: for ``adjudicate``, the log up to the
    offending input."""

    def __init__(self, code: str, message: str, rule: str | None = None,
                 input: int | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.rule, self.input = code, message, rule, input
        self.events: list[dict[str, Any]] = []

    def to_dict(self) -> dict[str, Any]:
        """``{"code", "message", "input", "rule"}``."""
        return {"code": self.code, "message": self.message, "input": self.input,
                "rule": self.rule}

    def to_json(self) -> dict[str, Any]:
        """``{"error": {...}}`` — the error object."""
        return {"error": self.to_dict()}
