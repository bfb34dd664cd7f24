"""A worker killed inside a Korova simultaneous turn (issue 20; real PostgreSQL, Redis and
Celery worker processes): the table resumes on a new worker and its log is exactly the
log of an uninterrupted run with the same seed — the same choices, one reveal per turn,
no gap, no duplicate, a hash chain that verifies.

Given a 4-seat table, a person's seat held by the autopilot and three bots (so the table
is played live, one choice per append, with a pause after each) / when the worker is
SIGKILLed after some seats have chosen and before the turn's reveal / then the head is
still inside that turn (choices stored, no reveal), and after a new worker picks the
task up again the game finishes with the events an in-memory run of the same seats and
seed gives (each bot's choice is seeded by the turn's start, not by the moment it is
made: turn.choose, gamekit.seam.turn_start).
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

GAME = "korova"


@pytest.fixture
def env(postgres, redis_url, settings):
    """Env for worker processes on this test's database and a queue of their own."""
    settings.REDIS_URL = redis_url
    yield worker_env(settings, "korova-faults", REDIS_URL=redis_url)
    celery_app.conf.task_default_queue = "celery"


def _in_window(game: Game) -> tuple[int, bool]:
    """``(head, a simultaneous turn is half done at the head)``: some seats have chosen
    (the last event is a ``choose``), the others may still choose, no reveal yet."""
    log = stored_events(game)
    defn = engine.definition(None, GAME)
    state = defn.fold(log)
    n = len(log[0]["seats"])
    return len(log), (log[-1]["type"] == "choose" and 0 < len(defn.may_act(state)) < n)


def test_a_worker_killed_inside_a_simultaneous_turn_resumes_to_the_identical_log(env):
    table = autopilot_table(GAME, "korova-faults")
    kill_at_and_resume(env, table, _in_window, "a half-chosen turn at the head", opening=2)
