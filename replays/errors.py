"""Domain errors of the replay service, each with an HTTP status and a machine code.

``config.exception_handler`` maps them (and the engine's errors) to JSON.
"""

from __future__ import annotations

from typing import Any


class ApplicationError(Exception):
    """Base: ``status``, ``code``, ``message`` and optional ``extra`` details."""

    status = 400
    code = "error"

    def __init__(self, message: str, *, code: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.extra = extra


class MalformedError(ApplicationError):
    """The request is not well-formed (wrong shape or type)."""

    status = 400
    code = "malformed"


class NotFoundError(ApplicationError):
    status = 404
    code = "not_found"


class ConflictError(ApplicationError):
    """The writer's ``expected_seq`` is stale, or the game is in the wrong state."""

    status = 409
    code = "stale_seq"


class RuleError(ApplicationError):
    """Against the rules: the engine refused an input (carries ``rule``)."""

    status = 422
    code = "illegal_input"


class SeedMismatchError(ApplicationError):
    """A record names a seed that does not give its deals (or random trumps): refused
    at import. ``extra``: ``seq`` (the first chance event that differs), ``check``
    (``deals``)."""

    status = 422
    code = "seed_mismatch"


class AuthError(ApplicationError):
    status = 401
    code = "invalid_token"


class ForbiddenError(ApplicationError):
    status = 403
    code = "forbidden"
