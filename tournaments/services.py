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
import time
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from replays import engine
from replays.errors import ConflictError
from replays.models import Game, GameEvent
from replays.services import game_append

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


def _stored(game: Game) -> list[dict[str, Any]]:
    return list(GameEvent.objects.filter(game=game).order_by("seq")
                .values_list("payload", flat=True))


def table_play(*, table_id: int) -> Table:
    """Play a table's bot decisions to the end of its game, a stretch per append (the
    game's ``play_bots``; Kolkhoz: a year).

    Idempotent and resumable: it folds what is stored and continues, so a worker killed
    mid-game loses at most the stretch it was playing (nothing of it was written) and a
    redelivered task adds nothing. Bot generators are seeded per stretch by the game
    (Kolkhoz: per year), so the log is identical to an uninterrupted run. A seat without
    a bot (a person) stops the loop until that person acts. At a table with people the
    bots move one decision at a time, their generators seeded from the seed and the seq
    (``tournaments.humans``). A ``failed`` table is parked: nothing is played until an
    organiser resumes it (``tournaments.recovery.table_resume``).
    """
    table = Table.objects.select_related("game", "round__tournament").get(pk=table_id)
    if table.status in (TableStatus.FINISHED, TableStatus.FAILED):
        return table
    if table.status == TableStatus.PENDING:
        Table.objects.filter(pk=table.pk, status=TableStatus.PENDING).update(
            status=TableStatus.PLAYING)
    game = table.game
    assert game is not None
    defn = engine.definition(game.engine_version)
    seats = list(table.seats.select_related("player").order_by("seat"))
    bots = [defn.bot(s.player.bot_name, **s.player.bot_settings) if s.player.is_bot else None
            for s in seats]
    seed = game.seed_secret
    pause = _batch_pause()
    # A game pinned to an earlier engine release (started before an upgrade) goes on
    # under that release, a decision at a time through replays.engine: the stretch
    # runner below is the current engine's.
    earlier_engine = game.engine_version != engine.engine_version()
    if earlier_engine or any(b is None for b in bots) or any(s.autopilot for s in seats):
        if not humans.table_step_bots(table=table, seats=seats, bots=bots):
            return table  # a person's turn: their command continues the game
    events = _stored(game)
    state = engine.position(events)
    while not defn.finished(state):
        if any(bots[seat] is None for seat in defn.may_act(state)):
            return table  # a person's turn: their command continues the game
        state, new = defn.play_bots(state, bots, seed)
        if pause:
            time.sleep(pause)
        try:
            game_append(game=game, expected_seq=len(events), events=new, reproducible=True)
        except ConflictError:
            events = _stored(game)  # another worker got there first: read and go on
            state = engine.position(events)
            continue
        events.extend(new)
    table_finish(table_id=table.pk, outcome=defn.outcome(state))
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
