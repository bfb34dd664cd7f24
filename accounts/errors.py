"""The accounts' errors (the shared base classes are ``replays.errors``; the API's error
handler, ``config/exception_handler.py``, maps them all)."""

from __future__ import annotations

from replays.errors import ApplicationError


class AccountError(ApplicationError):
    """A request about an account that cannot be carried out (HTTP 400, machine code:
    ``name_taken``, ``weak_password`` …)."""

    status = 400
    code = "invalid"
