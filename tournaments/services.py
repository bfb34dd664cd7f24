"""The league's writes: this module plays the tables (the Celery task's body), finishes
rounds and applies an arbiter's ruling to a table; it re-exports the services of the
modules each concern lives in — setting up and scheduling (``tournaments.scheduling``),
the ladder (``tournaments.ladder``) and the standings (``tournaments.standings``) — so
``tournaments.services`` stays the one entry point of the app's writes.

Services are keyword-only and named ``<entity>_<action>``. Every game is written
through ``replays.services`` (the event store); this module never touches events.
"""

from __future__ import annotations

import os
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from replays import engine
from replays.advance import game_advance
from replays.models import GameEvent

from . import dispatch, humans
from .errors import LeagueError  # noqa: F401 - re-exported
from .ladder import (  # noqa: F401 - the ladder's services, re-exported here
    counted_tables,
    rated_game_of,
    ratings_apply_round,
    ratings_rebuild,
)
from .models import Round, RoundStatus, Table, TableStatus, TournamentStatus
from .scheduling import (  # noqa: F401 - setting up and scheduling, re-exported here
    DEFAULT_RULESET,
    HOUSE_BOT,
    entry_withdraw,
    game_seed,
    league_create,
    player_bot_get_or_create,
    round_schedule,
    tournament_create,
    tournament_start,
    tournaments_start_due,
)
from .standings import entries_of, standings_rows  # noqa: F401 - re-exported


# -- playing a table ----------------------------------------------------------------------
def _batch_pause() -> float:
    try:
        return float(os.environ.get("KOLKHOZ_BATCH_PAUSE_S", "0") or 0)
    except ValueError:
        return 0.0


def table_play(*, table_id: int) -> Table:
    """Play a table's chance and bot decisions until a person must act or its game ends
    (``replays.advance.game_advance``, the platform's one advance loop), then record the
    result.

    The bots are the seats' bot players, and the table's ``autopilot_bot`` for a seat
    whose person lost it to the timeout policy (``humans.table_bots``). An all-bot table
    appends a stretch at a time (the game's checkpoint; Kolkhoz: a year); a table with
    people one decision at a time, so they see every move live. Idempotent and
    resumable: it continues from what is stored, every bot drawing from the game's seed,
    its seat and the position, so a worker killed mid-game loses at most the stretch it
    was playing and a redelivered task adds nothing. A ``failed`` table is parked:
    nothing is played until an organiser resumes it (``tournaments.recovery``).
    """
    table = Table.objects.select_related("game", "round__tournament").get(pk=table_id)
    if table.status in (TableStatus.FINISHED, TableStatus.FAILED):
        return table
    if table.status == TableStatus.PENDING:
        Table.objects.filter(pk=table.pk, status=TableStatus.PENDING).update(
            status=TableStatus.PLAYING)
    game = table.game
    assert game is not None
    seats = list(table.seats.select_related("player").order_by("seat"))
    done = game_advance(game=game, bots=humans.table_bots(table=table, seats=seats),
                        live=any(not s.player.is_bot for s in seats),
                        pause_s=_batch_pause())
    if done.finished:
        table_finish(table_id=table.pk, outcome=done.outcome)
        table.refresh_from_db()
    return table


def table_finish(*, table_id: int, outcome: engine.Outcome | None = None) -> None:
    """Record a finished table's result (``outcome``: the game's ``Outcome(places,
    scores, tiebreaks)`` from its definition; computed from the stored log, by the
    table's game, when not given) in seat order; when it was its round's last table,
    finish the round (ratings, then the next round or the tournament's end). Idempotent:
    a table already finished is left as it is, and a game not yet over is ignored."""
    table = (Table.objects.only("id", "round_id", "game_id", "game__game")
             .select_related("game").get(pk=table_id))
    if outcome is None and table.game_id is not None:
        assert table.game is not None
        outcome = engine.outcome(list(GameEvent.objects.filter(game_id=table.game_id)
                                      .order_by("seq").values_list("payload", flat=True)),
                                 game=table.game.game)
    if outcome is None:
        return
    tiebreaks = {str(name): list(values) for name, values in outcome.tiebreaks.items()}
    # ``medals``: Kolkhoz's tie-break values, also kept in their own column (zeros for a
    # game or ruleset without them)
    medals = list(tiebreaks.get("medals") or [0] * len(outcome.places))
    with transaction.atomic():
        updated = (Table.objects.filter(pk=table_id,
                                        status__in=[TableStatus.PENDING, TableStatus.PLAYING])
                   .update(places=list(outcome.places), scores=list(outcome.scores),
                           tiebreaks=tiebreaks, medals=medals,
                           status=TableStatus.FINISHED, error="", updated_at=timezone.now()))
        if not updated:
            return
        rnd = Round.objects.select_for_update().get(pk=table.round_id)
        if rnd.status == RoundStatus.FINISHED:
            return
        if rnd.tables.exclude(status=TableStatus.FINISHED).exists():
            return
        round_finish(round_=rnd)


def round_finish(*, round_: Round) -> None:
    """Close a round: rate its games, then schedule the next round or end the tournament."""
    round_.status = RoundStatus.FINISHED
    round_.finished_at = timezone.now()
    round_.save(update_fields=["status", "finished_at"])
    t = round_.tournament
    if t.rated:
        ratings_apply_round(round_=round_)
    if round_.number < t.rounds:
        round_schedule(tournament=t, number=round_.number + 1)
    else:
        t.status = TournamentStatus.FINISHED
        t.finished_at = timezone.now()
        t.save(update_fields=["status", "finished_at"])


def tables_resume_stalled(*, older_than_s: float = 60.0) -> list[int]:
    """Re-enqueue tables of running tournaments that made no progress for
    ``older_than_s`` seconds (a lost task message; the task is idempotent, so a
    duplicate costs nothing). Returns the table ids. A ``failed`` table is never
    re-enqueued (its task already used its retries on that error): it waits for an
    organiser's resume. A retrying table is touched at each attempt and its backoff
    stays below the sweep's minute, so the sweep leaves a retry chain alone."""
    cutoff = timezone.now() - timedelta(seconds=older_than_s)
    ids = list(Table.objects.filter(status__in=[TableStatus.PENDING, TableStatus.PLAYING],
                                    updated_at__lt=cutoff,
                                    round__tournament__status=TournamentStatus.RUNNING)
               .values_list("id", flat=True))
    if ids:
        Table.objects.filter(id__in=ids).update(updated_at=timezone.now())
        dispatch.tables_enqueue(ids)
    return ids


# -- an arbiter's ruling ------------------------------------------------------------------
def table_ruling_apply(*, game_id: Any, event: dict[str, Any]) -> bool:
    """Make an upheld ruling's effect on the league (``disputes`` calls this after
    appending the compensating ``event`` to the game's log, in the same transaction).

    ``event``: ``result_adjusted`` (``places``, ``scores``: one per seat) — the
    table's effective result (``Table.places`` / ``Table.scores``, what standings and
    ratings read) becomes the event's; or ``game_voided`` — the table stops counting
    (``counted_tables`` reads the log, nothing to write here). Then, if the table's round
    was rated, the league's ladder is rebuilt from its games (``ratings_rebuild``), so
    every later rating change is recomputed exactly as from scratch.

    Returns whether a finished table played ``game_id`` (False: a game outside any
    tournament, or a table not finished — nothing changes).
    """
    table = (Table.objects.filter(game_id=game_id)
             .select_related("round__tournament__season__league").first())
    if table is None or table.status != TableStatus.FINISHED:
        return False
    if event["type"] == "result_adjusted":
        Table.objects.filter(pk=table.pk).update(places=event["places"],
                                                 scores=event["scores"],
                                                 updated_at=timezone.now())
    rnd = table.round
    rnd.refresh_from_db(fields=["status"])
    t = rnd.tournament
    if t.rated and rnd.status == RoundStatus.FINISHED:
        ratings_rebuild(league=t.season.league)
    return True
