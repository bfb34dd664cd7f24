"""Tournaments never stick, with a real Celery worker process on PostgreSQL and Redis.

Given Swiss X waiting for a person and Swiss Y of the same league (three of X's bots)
that finishes first / when the person finishes X's game / then the worker finishes X
(table, round, tournament), rates both in the league's order and the ladder rebuilds.
Given a table whose task raises every time / then the worker retries it with backoff,
marks it failed with its error, the sweep leaves it alone, and after the fix an
organiser's resume makes the worker play it to the end."""

from __future__ import annotations

import signal
import time

import pytest

from config.celery import app as celery_app
from replays.selectors import game_verify
from tests.humans.helpers import make_person
from tournaments import services
from tournaments.models import (
    Player,
    Rating,
    RoundStatus,
    Table,
    TableStatus,
    Tournament,
    TournamentStatus,
)
from tournaments.tasks import resume_stalled_tables

from .league_helpers import kill_worker, start_worker, wait_until, worker_env
from .overlap_helpers import (
    broken_series,
    ladder_snapshot,
    organiser,
    overlapping_pair,
    person_plays_to_the_end,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.celery,
              pytest.mark.postgres, pytest.mark.redis]

RETRIES, BACKOFF_S = 2, 1  # the worker's retry policy here: waits of 1 s then 2 s


@pytest.fixture
def worker(postgres, redis_url, settings):
    env, queue = worker_env(settings, "kolkhoz-nostick", REDIS_URL=redis_url,
                            KOLKHOZ_TABLE_TASK_RETRIES=str(RETRIES),
                            KOLKHOZ_TABLE_TASK_BACKOFF_S=str(BACKOFF_S),
                            KOLKHOZ_TABLE_TASK_JITTER="0")
    settings.REDIS_URL = redis_url
    proc = start_worker(env, queue)
    yield proc
    kill_worker(proc, signal.SIGTERM)
    celery_app.conf.task_default_queue = "celery"


def _status(model, pk):
    return model.objects.values_list("status", flat=True).get(pk=pk)


def test_overlapping_swiss_in_one_league_finish_with_a_real_worker(worker):
    person = make_person("overlap-worker")
    x, y, bots = overlapping_pair(person, "worker")
    services.tournament_start(tournament=x)
    table_x = Table.objects.get(round__tournament=x)
    services.tournament_start(tournament=y)
    wait_until(lambda: _status(Tournament, y.pk) == TournamentStatus.FINISHED, 60,
               "Y to finish")
    assert _status(Tournament, x.pk) == TournamentStatus.RUNNING  # X waits for the person

    person_plays_to_the_end(table_x, person,
                            wait=lambda pred, what: wait_until(pred, 60, what))
    wait_until(lambda: _status(Tournament, x.pk) == TournamentStatus.FINISHED, 60,
               "X to finish after the person's last move")
    table_x.refresh_from_db()
    assert table_x.status == TableStatus.FINISHED and table_x.error == ""
    assert x.round_set.get().status == RoundStatus.FINISHED
    assert game_verify(game=table_x.game)["ok"]
    assert {r["player"]: r["games"] for r in services.standings_rows(tournament=x)} == {
        p.name: 1 for p in [person.kolkhoz_player, *bots[:3]]}
    league = x.season.league
    assert {r.player.name: r.games for r in Rating.objects.filter(league=league)
            .select_related("player")} == {person.kolkhoz_player.name: 1, bots[0].name: 2,
                                           bots[1].name: 2, bots[2].name: 2, bots[3].name: 1}
    # rated in the order the rounds finished: Y's round first, then X's
    assert (y.round_set.get().rating_seq, x.round_set.get().rating_seq) == (1, 2)
    before = ladder_snapshot(league)
    services.ratings_rebuild(league=league)
    assert ladder_snapshot(league) == before


def test_a_table_that_keeps_failing_is_parked_and_resumed_with_a_real_worker(worker):
    t, bot = broken_series()
    services.tournament_start(tournament=t)
    table = Table.objects.get(round__tournament=t)
    wait_until(lambda: _status(Table, table.pk) == TableStatus.FAILED, 60,
               "the table to be marked failed")
    table.refresh_from_db()
    assert table.error.startswith("ValueError: the random bot takes no settings")
    # retried with backoff before giving up: waits of 1 s and 2 s (no jitter here)
    assert (table.failed_at - table.round.starts_at).total_seconds() >= BACKOFF_S * 3
    org = organiser("org-worker")
    shown = org.get(f"/api/tournaments/{t.pk}/").json()["rounds_detail"][0]["tables"][0]
    assert shown["status"] == "failed" and shown["error"] == table.error

    resume_stalled_tables.delay()  # the beat task, run by the worker: leaves it alone
    assert services.tables_resume_stalled(older_than_s=0) == []
    time.sleep(2 * BACKOFF_S + 1)
    again = Table.objects.get(pk=table.pk)
    assert (again.status, again.updated_at) == (TableStatus.FAILED, table.updated_at)

    Player.objects.filter(pk=bot.pk).update(bot_settings={})  # the organiser fixes it
    r = org.post(f"/api/tables/{table.pk}/resume/")
    assert r.status_code == 200 and r.json()["status"] == "playing", r.content
    wait_until(lambda: _status(Tournament, t.pk) == TournamentStatus.FINISHED, 60,
               "the resumed tournament to finish")
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED and table.error == ""
    assert game_verify(game=table.game)["ok"]
