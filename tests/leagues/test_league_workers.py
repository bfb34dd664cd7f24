"""Leagues played by real Celery worker processes on PostgreSQL and Redis.

Run under CI (.ci/run provides PostgreSQL, Redis); skipped locally without them."""

from __future__ import annotations

import signal

import pytest

from config.celery import app as celery_app
from replays.models import Game
from replays.selectors import game_verify
from tournaments import services
from tournaments.models import Rating, RatingChange, Table, TableStatus, TournamentStatus

from .league_helpers import (
    kill_worker,
    make_tournament,
    reference_log,
    start_worker,
    stored_log,
    wait_until,
)
from .league_helpers import worker_env as worker_env_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.celery, pytest.mark.postgres,
              pytest.mark.redis]


@pytest.fixture
def worker_env(postgres, redis_url, settings):
    """Env for a worker on this test's database and a queue of its own."""
    yield worker_env_for(settings, "kolkhoz-test")
    celery_app.conf.task_default_queue = "celery"


def _snapshot(league):
    return (sorted((r.player.name, r.mu, r.sigma, r.games) for r in
                   Rating.objects.filter(league=league).select_related("player")),
            sorted((c.order, c.player.name, c.mu_after, c.sigma_after) for c in
                   RatingChange.objects.filter(league=league).select_related("player")))


def test_swiss_of_8_bots_played_by_a_real_worker(worker_env):
    """Given 8 bots in a 3-round Swiss / when a Celery worker process plays it / then every
    game verifies and equals the engine's run, and the ladder rebuilds identically."""
    env, queue = worker_env
    t = make_tournament(n=8, fmt="swiss", rounds=3, seed="celery-swiss")
    proc = start_worker(env, queue)
    try:
        services.tournament_start(tournament=t)
        wait_until(lambda: (t.refresh_from_db() or t.status == TournamentStatus.FINISHED),
                   60, "the tournament to finish")
    finally:
        kill_worker(proc, signal.SIGTERM)
    tables = list(Table.objects.filter(round__tournament=t))
    assert len(tables) == 6 and all(tb.status == TableStatus.FINISHED for tb in tables)
    for table in tables:
        assert game_verify(game=table.game)["ok"]
        assert stored_log(table) == reference_log(table)
    league = t.season.league
    before = _snapshot(league)
    services.ratings_rebuild(league=league)
    assert _snapshot(league) == before


def test_worker_killed_mid_table_resumes_to_the_identical_log(worker_env):
    """Given a table played slowly (a pause after each year's batch) / when its worker is
    SIGKILLed after the first year was stored and a new worker starts / then the table
    completes with exactly the events of an uninterrupted run (no gap, no duplicate)."""
    env, queue = worker_env
    env = {**env, "KOLKHOZ_BATCH_PAUSE_S": "0.8", "CELERY_VISIBILITY_TIMEOUT": "4"}
    t = make_tournament(n=4, fmt="series", rounds=1, seed="fault-kill")
    proc = start_worker(env, queue)
    services.tournament_start(tournament=t)
    table = Table.objects.get(round__tournament=t)
    start_seq = Game.objects.get(pk=table.game_id).head_seq
    try:
        wait_until(lambda: Game.objects.get(pk=table.game_id).head_seq > start_seq, 60,
                   "the first year to be stored")
    finally:
        kill_worker(proc, signal.SIGKILL)
    mid = Game.objects.get(pk=table.game_id)
    assert mid.status == "live", "the game finished before the worker was killed"
    proc2 = start_worker({**env, "KOLKHOZ_BATCH_PAUSE_S": "0"}, queue)
    try:
        wait_until(lambda: Table.objects.get(pk=table.pk).status == TableStatus.FINISHED,
                   120, "the table to finish after the restart")
    finally:
        kill_worker(proc2, signal.SIGTERM)
    table.refresh_from_db()
    log = stored_log(table)
    assert [e["seq"] for e in log] == list(range(len(log)))
    assert log == reference_log(table)
    assert game_verify(game=table.game)["ok"]
