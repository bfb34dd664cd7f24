"""The platform's errors, shared by every app: each carries an HTTP status and a machine
code, and ``config.exception_handler`` (the one place where errors become responses) maps
``ApplicationError`` and every subclass (and the engine's errors) to the JSON envelope.

The base classes live here, at the lowest Django layer, so that every app raises the same
ones; an app's own kinds (``tournaments.errors.LeagueError``,
``accounts.errors.AccountError``) subclass them in that app's ``errors`` module, never in
its services.
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
    """No such object (an unknown id in the path or the body)."""

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
    """Invalid or malformed credentials (a seat token)."""

    status = 401
    code = "invalid_token"


class ForbiddenError(ApplicationError):
    """Authenticated, but not allowed (another seat's input, not an arbiter …)."""

    status = 403
    code = "forbidden"
