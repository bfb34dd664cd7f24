"""Fault: the Redis broker restarted in the middle of a league.

A real worker process plays a Swiss tournament through a Redis server of the test's own;
after the first round, Redis is SIGKILLed and started again on the same port. Then the
worker reconnects, the tournament finishes, and nothing is lost or duplicated: every
table's log equals an uninterrupted run of the engine (gap-free, chain-valid), every
round has its tables once, every game is rated exactly once, and the ladder rebuilds
identically.

Two cases: Redis with an append-only file (``appendfsync always``: the queued and
unacknowledged messages survive the restart, so the tasks mostly resume by themselves),
and Redis without persistence (every queued message is gone). In both, the stalled-table
sweep runs as Celery beat runs it in production (every minute, here compressed): with
the append-only file it only matters for a message published while Redis was down (a
round's next tables enqueued on commit during the outage: the publish fails, the tables
stay ``pending`` in PostgreSQL, and the sweep re-enqueues them: the likeliest cause of the
one stall CI's loaded machine saw without it), so there it runs with a 10 s threshold;
without persistence every table needs it, so there it runs every second with a 2 s
threshold.

(The worker SIGKILLed mid-table is tests/leagues/test_league_workers.py.)
"""

from __future__ import annotations

import os
import signal
import time
import uuid

import kombu.pools
import pytest

from config.celery import app as celery_app
from replays.selectors import game_verify
from tests.leagues.league_helpers import (
    kill_worker,
    make_tournament,
    reference_log,
    start_worker,
    stored_log,
    worker_log_tail,
)
from tournaments import services
from tournaments.models import RatingChange, Round, Table, TableStatus, TournamentStatus

from .conftest import database_url_of_test

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.celery,
              pytest.mark.postgres, pytest.mark.redis]


def _use_broker(url: str) -> None:
    """Point this process's Celery app (which enqueues the first round) at ``url``
    (Celery reads CELERY_BROKER_URL from the environment before its settings)."""
    if celery_app._pool is not None:
        celery_app._pool.force_close_all()
    # kombu keeps its connection and producer pools in process-wide registries keyed by
    # broker URL: the pool closed above would come back, closed, once the old URL is
    # restored ("Acquire on closed pool" in every later test that enqueues) — drop them
    kombu.pools.reset()
    os.environ["CELERY_BROKER_URL"] = url
    celery_app.conf.broker_url = url
    celery_app._after_fork()  # forget pooled connections and producers


@pytest.fixture
def broker(postgres, redis_url, private_redis_factory, request):  # noqa: ARG001
    persistent = request.param
    redis = private_redis_factory(persistent=persistent)
    queue = f"kolkhoz-fault-{uuid.uuid4().hex[:8]}"
    old_url, old_queue = celery_app.conf.broker_url, celery_app.conf.task_default_queue
    old_env = os.environ.get("CELERY_BROKER_URL")
    celery_app.conf.task_default_queue = queue
    _use_broker(redis.url)
    env = {"DATABASE_URL": database_url_of_test(), "CELERY_BROKER_URL": redis.url,
           "CELERY_TASK_DEFAULT_QUEUE": queue, "CELERY_VISIBILITY_TIMEOUT": "3",
           "KOLKHOZ_BATCH_PAUSE_S": "0.1"}
    yield redis, env, queue
    celery_app.conf.task_default_queue = old_queue
    _use_broker(old_url)
    if old_env is None:
        os.environ.pop("CELERY_BROKER_URL", None)


@pytest.mark.parametrize("broker", [True, False], ids=["redis-aof", "redis-in-memory"],
                         indirect=True)
def test_redis_restarted_during_a_league_loses_and_duplicates_nothing(broker):
    redis, env, queue = broker
    # (threshold, period) of the stalled-table sweep: what beat does each minute
    sweep_after, sweep_every = (10.0, 3.0) if redis.persistent else (2.0, 1.0)
    t = make_tournament(n=8, fmt="swiss", rounds=4, seed=f"fault-redis-{redis.persistent}")
    proc = start_worker(env, queue)
    try:
        services.tournament_start(tournament=t)

        def finished_tables() -> int:
            return Table.objects.filter(round__tournament=t, status=TableStatus.FINISHED).count()

        deadline = time.monotonic() + 90
        while finished_tables() < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert finished_tables() >= 2, worker_log_tail()
        t.refresh_from_db()
        assert t.status == TournamentStatus.RUNNING, "the league ended before the fault"
        redis.kill()  # the broker dies with whatever it held in memory
        time.sleep(2)
        redis.start()  # same port, empty unless the append-only file kept it

        deadline = time.monotonic() + 150
        last_sweep = 0.0
        while time.monotonic() < deadline:
            t.refresh_from_db()
            if t.status == TournamentStatus.FINISHED:
                break
            if time.monotonic() - last_sweep > sweep_every:
                services.tables_resume_stalled(older_than_s=sweep_after)
                last_sweep = time.monotonic()
            time.sleep(0.2)
        assert t.status == TournamentStatus.FINISHED, (
            "the league did not finish after the Redis restart; worker log:\n"
            + worker_log_tail())
    finally:
        kill_worker(proc, signal.SIGTERM)

    rounds = list(Round.objects.filter(tournament=t).order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4]
    tables = list(Table.objects.filter(round__tournament=t).order_by("round__number", "number"))
    assert [(tb.round.number, tb.number) for tb in tables] == [
        (r, k) for r in (1, 2, 3, 4) for k in (1, 2)]
    for table in tables:
        assert table.status == TableStatus.FINISHED
        log = stored_log(table)
        assert [e["seq"] for e in log] == list(range(len(log)))
        assert log == reference_log(table)
        assert game_verify(game=table.game)["ok"]
    league = t.season.league
    # every game rated exactly once: 4 rating changes per table, each with its own place
    # in the league's order (unique, gapless), a game's four consecutive
    changes = RatingChange.objects.filter(league=league)
    assert changes.count() == 4 * len(tables)
    assert sorted(changes.values_list("order", flat=True)) == list(
        range(1, 4 * len(tables) + 1))
    by_game: dict[object, list[int]] = {}
    for game_id, order in changes.values_list("game_id", "order"):
        by_game.setdefault(game_id, []).append(order)
    assert len(by_game) == len(tables)
    assert all(max(o) - min(o) == 3 for o in by_game.values())
    before = sorted(changes.values_list("player__name", "order", "mu_after", "sigma_after"))
    services.ratings_rebuild(league=league)
    after = sorted(RatingChange.objects.filter(league=league)
                   .values_list("player__name", "order", "mu_after", "sigma_after"))
    assert after == before
