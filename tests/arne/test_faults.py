"""A worker killed inside an Arne response window (real PostgreSQL, Redis and Celery worker
processes): the table resumes on a new worker and its log is exactly the log of an
uninterrupted run with the same seed — the same events, no gap, no duplicate, a hash
chain that verifies.

Given a 4-seat table, a person's seat held by the autopilot and three bots (so the table
is played live, one decision per append, with a pause after each) / when the worker is
SIGKILLed while a before- or after-window or a final turn is open at the head / then the
head is still inside that window, and after a new worker picks the task up again the
game finishes with the events an in-memory run of the same seats and seed gives.
"""

from __future__ import annotations

import pytest

from config.celery import app as celery_app
from replays import engine
from replays.advance import stored_events
from replays.models import Game
from tests.leagues.kill_resume import autopilot_table, kill_at_and_resume
from tests.leagues.league_helpers import worker_env

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.celery,
              pytest.mark.postgres, pytest.mark.redis]

GAME = "arne"


@pytest.fixture
def env(postgres, redis_url, settings):
    """Env for worker processes on this test's database and a queue of their own."""
    settings.REDIS_URL = redis_url
    yield worker_env(settings, "arne-faults", REDIS_URL=redis_url)
    celery_app.conf.task_default_queue = "celery"


def _in_window(game: Game) -> tuple[int, bool]:
    """``(head, a response window is open at the head)``."""
    log = stored_events(game)
    defn = engine.definition(None, GAME)
    state = defn.fold(log)
    return len(log), defn.window_open(state)


def test_a_worker_killed_inside_a_response_window_resumes_to_the_identical_log(env):
    table = autopilot_table(GAME, "arne-faults")
    kill_at_and_resume(env, table, _in_window, "a response window at the head", opening=1)
