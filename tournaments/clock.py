"""The clock of a game played at a tournament table: whose turn is running against a
deadline, since when and until when (what the play page counts down and "my games"
lists). The same reckoning as the timeout policy (``humans.table_timeout_apply``): a
seat's turn begins when it joins the seats that may act (the event before it was
recorded then), and the limit is the table's window limit while a response window is
open, else its move limit. Bots and seats taken over by the autopilot have no deadline.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from replays import engine
from replays.advance import stored_events
from replays.models import Game, GameStatus

from .humans import people_turns, table_limits
from .models import Table, TableStatus


def game_clock(*, game: Game, now: Any = None, pos: Any = None) -> dict[str, Any]:
    """``{game, now, limit_s, window, policy, turns: [{seat, started_at, due_at,
    seconds_left}]}`` — ``limit_s``: the limit that applies to the turns running now
    (seconds; None when the game has no deadline: not at a table, no limit set, or
    over); ``window``: true when it is a response window's limit; ``turns``: each seat
    held by a person that may act now, lowest first (``seconds_left`` may be negative
    just before the timeout policy applies). Times are ISO 8601 (UTC); ``now`` is the
    server's, so a page counts down from ``seconds_left`` whatever its own clock says.
    Public: who may act is public at every game's table. ``pos``: the game's log already
    folded (``engine.fold_log``) by a caller that needed it too, so it is not folded twice."""
    now = now or timezone.now()
    out: dict[str, Any] = {"game": str(game.pk), "now": now.isoformat(), "limit_s": None,
                           "window": False, "policy": None, "turns": []}
    table = (Table.objects.select_related("round__tournament")
             .filter(game=game, status__in=[TableStatus.PENDING, TableStatus.PLAYING]).first())
    if table is None or game.status != GameStatus.LIVE:
        return out
    limits = table_limits(table)
    if not limits.shortest():
        return out
    pos = pos or engine.fold_log(stored_events(game), game=game.game)
    window = bool(pos.defn.window_open(pos.state))
    limit = limits.window if window else limits.move
    if not limit:
        return out
    out.update(limit_s=limit, window=window, policy=limits.policy)
    for seat, _start, started in people_turns(table, game, pos):
        due = started + timedelta(seconds=limit)
        out["turns"].append({"seat": seat.seat, "started_at": started.isoformat(),
                             "due_at": due.isoformat(),
                             "seconds_left": round((due - now).total_seconds(), 1)})
    return out
