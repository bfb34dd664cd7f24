"""Helpers for league tests: building tournaments, playing them inline or by workers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

from kolkhoz_core import build_ruleset, play_game
from kolkhoz_core.bots import get_bot
from replays.selectors import game_events
from tournaments import services
from tournaments.models import Table, TableStatus, Tournament, TournamentStatus

ROOT = Path(__file__).resolve().parents[2]
WORKER_LOG = os.environ.get("KOLKHOZ_TEST_WORKER_LOG", "/tmp/kolkhoz-test-worker.log")


def make_tournament(*, n: int = 8, fmt: str = "swiss", rounds: int = 3, seed: str = "1",
                    preset: str = "kolkhoz", bot: str = "random", **kw: Any) -> Tournament:
    league = services.league_create(name=f"Test league {seed}-{fmt}-{n}",
                                    slug=f"test-{seed}-{fmt}-{n}-{time.time_ns()}",
                                    ruleset={"preset": preset})
    players = [services.player_bot_get_or_create(name=f"{bot}-{seed}-{i}", bot_name=bot)
               for i in range(n)]
    return services.tournament_create(season=league.seasons.get(), name="T", format=fmt,
                                      rounds=rounds, players=players,
                                      ruleset={"preset": preset}, seed=seed, **kw)


def play_inline(t: Tournament) -> None:
    """Play every table of a started tournament in this process (no broker)."""
    for _ in range(1000):
        t.refresh_from_db()
        if t.status == TournamentStatus.FINISHED:
            return
        pending = Table.objects.filter(round__tournament=t).exclude(status=TableStatus.FINISHED)
        for table in pending:
            services.table_play(table_id=table.pk)
    raise AssertionError("tournament did not finish")


def reference_log(table: Table) -> list[dict[str, Any]]:
    """The log an uninterrupted in-memory run of this table gives (same seed, same bots)."""
    game = table.game
    seats = list(table.seats.select_related("player").order_by("seat"))
    bots = [get_bot(s.player.bot_name, **s.player.bot_settings) for s in seats]
    return play_game(build_ruleset(game.ruleset), [s.player.name for s in seats], bots,
                     game.seed_secret, first_planner=0)


def stored_log(table: Table) -> list[dict[str, Any]]:
    return game_events(game=table.game)


def worker_env(settings: Any, prefix: str, **extra: str) -> tuple[dict[str, str], str]:
    """Env for a worker process on this test's database (PostgreSQL) and broker, with a
    queue of its own; this process's Celery app sends to that queue from now on (put it
    back with ``celery_app.conf.task_default_queue = "celery"``). Returns (env, queue)."""
    from django.db import connection

    from config.celery import app as celery_app

    queue = f"{prefix}-{uuid.uuid4().hex[:8]}"
    celery_app.conf.task_default_queue = queue
    db = connection.settings_dict
    url = (f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/"
           f"{db['NAME']}")
    env = {"DATABASE_URL": url, "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
           "CELERY_TASK_DEFAULT_QUEUE": queue, **extra}
    return env, queue


def start_worker(env_extra: dict[str, str], queue: str) -> subprocess.Popen[bytes]:
    """A real Celery worker process (prefork, 1 child) on ``queue``."""
    env = dict(os.environ)
    env.update(env_extra)
    cmd = [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=WARNING",
           "--concurrency=1", "--pool=prefork", "-Q", queue, "--without-gossip",
           "--without-mingle", f"--hostname=test-{os.getpid()}-{time.time_ns()}@%h"]
    log = open(WORKER_LOG, "ab")  # noqa: SIM115 - the worker process owns it
    proc = subprocess.Popen(cmd, env=env, cwd=str(ROOT), start_new_session=True,
                            stdout=log, stderr=subprocess.STDOUT)
    log.close()
    return proc


def worker_log_tail(n: int = 40) -> str:
    try:
        return "\n".join(Path(WORKER_LOG).read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return "(no worker log)"


def kill_worker(proc: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def wait_until(predicate: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}; "
                         f"worker log:\n{worker_log_tail()}")
