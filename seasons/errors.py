"""The seasons' errors (the shared base classes are ``replays.errors``; the API's error
handler, ``config/exception_handler.py``, maps them all)."""

from __future__ import annotations

from replays.errors import ConflictError
from tournaments.errors import LeagueError


class SeasonError(LeagueError):
    """Bad input for a season in divisions: HTTP 400 with a machine ``code``
    (``bad_divisions``, ``division_too_small``, ``bad_movement``, ``bad_season_number``,
    ``unknown_player``, or a tournament's own code such as ``bad_entries``, naming the
    ``division``)."""

    status = 400
    code = "bad_season"


class SeasonStateError(ConflictError):
    """A season in the wrong state for the request: HTTP 409 (``season_in_progress``,
    ``season_taken``, ``season_unfinished``, ``season_not_closed``)."""

    status = 409
    code = "season_state"
