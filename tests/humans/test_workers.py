"""People and bots with a real Celery worker process (PostgreSQL + Redis): the person's
command commits, the worker plays the bots' answers; and a person who is absent is
played by the autopilot when the beat task (run by the worker) finds the deadline
passed, until the game finishes and verifies."""

from __future__ import annotations

import signal
import time

import pytest
from rest_framework.test import APIClient

from config.celery import app as celery_app
from replays.models import Game, GameEvent
from replays.selectors import game_verify
from tests.leagues.league_helpers import kill_worker, start_worker, wait_until, worker_env
from tournaments import services
from tournaments.models import MoveTimeout, Table, TableStatus
from tournaments.tasks import enforce_move_deadlines

from .helpers import (
    bearer,
    first_legal_input,
    make_mixed_tournament,
    make_person,
    person_seat,
    seat_token,
    the_table,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.celery,
              pytest.mark.postgres, pytest.mark.redis]


@pytest.fixture
def worker(postgres, redis_url, settings):
    env, queue = worker_env(settings, "kolkhoz-humans", REDIS_URL=redis_url)
    settings.REDIS_URL = redis_url
    proc = start_worker(env, queue)
    yield proc
    kill_worker(proc, signal.SIGTERM)
    celery_app.conf.task_default_queue = "celery"


def _yours_or_over(api, gid, token):
    body = api.get(f"/api/games/{gid}/legal/", **bearer(token)).json()
    return body if (body["yours"] or body["finished"]) else None


def test_the_worker_answers_a_persons_commands_until_the_end(worker):
    person = make_person()
    t = make_mixed_tournament(person=person, seed="worker-1")
    services.tournament_start(tournament=t)
    table = the_table(t)
    gid = table.game.pk
    token = seat_token(table, person)
    api = APIClient()
    for _ in range(200):
        holder = {}
        wait_until(lambda h=holder: h.update(b=_yours_or_over(api, gid, token)) or h["b"],
                   60, "the bots to answer")
        body = holder["b"]
        if body["finished"]:
            break
        r = api.post(f"/api/games/{gid}/commands/",
                     {"expected_seq": body["head_seq"], "input": first_legal_input(body)},
                     format="json", **bearer(token))
        assert r.status_code == 201, r.content
    else:
        pytest.fail("the game did not end")
    wait_until(lambda: Table.objects.get(pk=table.pk).status == TableStatus.FINISHED, 30,
               "the table to finish")
    game = Game.objects.get(pk=gid)
    assert game_verify(game=game)["ok"]
    assert GameEvent.objects.filter(game=game, actor__startswith="bot:").exists()


def test_the_autopilot_plays_an_absent_person_through_the_worker(worker):
    person = make_person()
    t = make_mixed_tournament(person=person, seed="worker-2", limit_s=1)
    services.tournament_start(tournament=t)
    table = the_table(t)
    seat = person_seat(table, person)

    def finished() -> bool:
        if Table.objects.get(pk=table.pk).status == TableStatus.FINISHED:
            return True
        enforce_move_deadlines.delay()  # what beat sends every few seconds
        time.sleep(0.5)
        return False

    wait_until(finished, 120, "the autopilot to finish the game")
    game = Game.objects.get(pk=table.game.pk)
    assert game.status == "finished" and game_verify(game=game)["ok"]
    autopilot = GameEvent.objects.filter(game=game, actor="autopilot")
    assert autopilot.count() == MoveTimeout.objects.filter(table=table).count() >= 3
    assert not GameEvent.objects.filter(game=game, actor=f"seat:{seat}").exists()
