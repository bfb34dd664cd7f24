"""The demo's own path, end to end on the embedded default (no PostgreSQL, no Redis):
``make demo``'s commands in fresh processes on a throwaway ``KOLKHOZ_VAR_DIR`` — migrate,
a small league through ``run_league``, whose real Celery worker process takes the tables
from the SQLite broker (kombu's SQLAlchemy transport) and writes to the SQLite file that
the command reads, then ``seed_demo`` and ``verify_games``.

It needs no service, so it runs in both legs of CI, whatever ``DATABASE_URL`` says."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from gamekit import registry

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.celery


def _embedded_env(var: Path) -> dict[str, str]:
    """The demo's environment: production settings (DEBUG off) over plain HTTP, its own
    key, every service left to the embedded default."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "CACHE_KEY_PREFIX",
                        "CELERY_TASK_DEFAULT_QUEUE", "CELERY_TASK_ALWAYS_EAGER", "DEBUG"}}
    env.update(KOLKHOZ_VAR_DIR=str(var), DJANGO_SETTINGS_MODULE="config.settings",
               SECRET_KEY="embedded-demo-test-" + "3c1f9e0a7b5d2c48" * 3,
               SECURE_HTTPS="false", PYTHONPATH=str(ROOT))
    return env


def _manage(env: dict[str, str], *args: str, timeout: float = 300) -> str:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, (f"manage.py {' '.join(args)} exited {done.returncode}\n"
                                  f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done.stdout


def test_a_league_runs_through_a_worker_on_the_sqlite_broker_then_the_demo_seeds(tmp_path):
    var = tmp_path / "var"
    env = _embedded_env(var)
    _manage(env, "migrate", "--noinput")
    out = _manage(env, "run_league", "--game", "kolkhoz", "--bots", "4", "--rounds", "2",
                  "--secret", "embedded-worker", "--json", "--timeout", "240")
    result = json.loads(out)
    assert result["status"] == "finished"
    assert len(result["standings"]) == 4 and len(result["ladder"]) == 4

    db = sqlite3.connect(var / "kolkhoz.sqlite3")
    tables = db.execute("SELECT t.status, g.status FROM tournaments_table t "
                        "JOIN replays_game g ON g.id = t.game_id").fetchall()
    assert tables == [("finished", "finished")] * 2  # two rounds of one table each
    # the tables went through the embedded broker: its messages were delivered and taken
    broker = sqlite3.connect(var / "celery-broker.sqlite3")
    queues = {name for (name,) in broker.execute("SELECT name FROM kombu_queue")}
    assert "celery" in queues
    taken = broker.execute("SELECT count(*) FROM kombu_message WHERE visible = 0").fetchone()[0]
    waiting = broker.execute("SELECT count(*) FROM kombu_message WHERE visible = 1").fetchone()[0]
    assert taken >= 2 and waiting == 0
    broker.close()

    seeded = _manage(env, "seed_demo").splitlines()
    wanted = {(d.id, p) for d in registry.games() for p in d.presets()}
    assert seeded[-1].startswith(f"{len(wanted)} stored, 0 already stored")
    assert _manage(env, "seed_demo").splitlines()[-1].startswith(
        f"0 stored, {len(wanted)} already stored")
    demo = db.execute("SELECT game, preset, status FROM replays_game "
                      "WHERE seed_secret LIKE 'demo-%'").fetchall()
    assert sorted(demo) == sorted((g, p, "finished") for g, p in wanted)
    total = db.execute("SELECT count(*) FROM replays_game").fetchone()[0]
    db.close()
    assert _manage(env, "verify_games").splitlines()[-1] == f"{total} of {total} games verified"
