"""The league's errors (the shared base classes are ``replays.errors``; the API's error
handler, ``config/exception_handler.py``, maps them all)."""

from __future__ import annotations

from replays.errors import ApplicationError


class LeagueError(ApplicationError):
    """A request the league cannot carry out: HTTP 400 with a machine ``code``
    (``bad_format``, ``bad_entries``, ``unknown_bot``, ``not_startable`` …)."""

    status = 400
    code = "invalid"
