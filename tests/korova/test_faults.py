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

import json
import signal
import time
from typing import Any

import pytest

from config.celery import app as celery_app
from replays import engine
from replays.advance import stored_events
from replays.models import Game
from replays.selectors import game_verify
from tests.humans.helpers import make_person
from tests.leagues.league_helpers import kill_worker, start_worker, wait_until, worker_env
from tournaments import dispatch, services
from tournaments.models import Table, TableSeat, TableStatus

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.celery,
              pytest.mark.postgres, pytest.mark.redis]

GAME = "korova"


@pytest.fixture
def env(postgres, redis_url, settings):
    """Env for worker processes on this test's database and a queue of their own."""
    settings.REDIS_URL = redis_url
    yield worker_env(settings, "korova-faults", REDIS_URL=redis_url)
    celery_app.conf.task_default_queue = "celery"


def _table(person: Any) -> Table:
    stamp = time.time_ns()
    league = services.league_create(name=f"Korova faults {stamp}", slug=f"korova-f-{stamp}",
                                    game=GAME)
    bots = [services.player_bot_get_or_create(name=f"korova-f-{i}", bot_name="random",
                                              game=GAME) for i in range(3)]
    t = services.tournament_create(season=league.seasons.get(), name="Korova", format="series",
                                   rounds=1, players=[person.kolkhoz_player, *bots],
                                   seed="korova-faults", rated=False, table_size=4)
    services.tournament_start(tournament=t)
    return Table.objects.select_related("game").get(round__tournament=t)


def _in_window(game: Game) -> tuple[int, bool]:
    """``(head, a simultaneous turn is half done at the head)``: some seats have chosen
    (the last event is a ``choose``), the others may still choose, no reveal yet."""
    log = stored_events(game)
    defn = engine.definition(None, GAME)
    state = defn.fold(log)
    n = len(log[0]["seats"])
    return len(log), (log[-1]["type"] == "choose" and 0 < len(defn.may_act(state)) < n)


def _uninterrupted(table: Table) -> list[dict[str, Any]]:
    """The whole log an in-memory run gives: the stored opening events, then chance and
    every seat's bot (the autopilot's at the person's seat) from the game's seed."""
    game = table.game
    assert game is not None
    defn = engine.definition(None, GAME)
    players = [defn.bot(table.autopilot_bot if s.autopilot else s.player.bot_name)
               for s in table.seats.select_related("player").order_by("seat")]
    events = stored_events(game)[:2]  # Korova's start: the game and its first round
    assert [e["type"] for e in events] == ["game", "round"]
    state = defn.fold(events)
    while not defn.finished(state):
        state, new = defn.play_bots(state, players, game.seed_secret)
        assert new, "the in-memory run stopped before the end"
        events += new
    return json.loads(json.dumps(events))


def test_a_worker_killed_inside_a_simultaneous_turn_resumes_to_the_identical_log(env):
    environ, queue = env
    slow = {**environ, "KOLKHOZ_BATCH_PAUSE_S": "0.4", "CELERY_VISIBILITY_TIMEOUT": "4"}
    person = make_person("korova-faults")
    table = _table(person)
    game = table.game
    # the person is away: the autopilot holds the seat, so the table plays to the end live
    TableSeat.objects.filter(table=table, player__user=person).update(autopilot=True)
    table.refresh_from_db()
    killed_at = None
    for _attempt in range(5):
        proc = start_worker(slow, queue)
        dispatch.tables_enqueue([table.pk])
        try:
            wait_until(lambda: _in_window(game)[1] and _in_window(game)[0] > 20, 60,
                       "a half-chosen turn at the head")
        finally:
            kill_worker(proc, signal.SIGKILL)
        head, open_ = _in_window(game)
        game.refresh_from_db()
        assert game.status == "live", "the game finished before the worker was killed"
        if open_:  # (else the turn was revealed before it died: kill it again)
            killed_at = head
            break
    assert killed_at is not None, "never killed inside a simultaneous turn"
    proc = start_worker({**environ, "CELERY_VISIBILITY_TIMEOUT": "4"}, queue)
    try:
        # the killed task is delivered again once its visibility timeout has passed
        wait_until(lambda: Table.objects.get(pk=table.pk).status == TableStatus.FINISHED,
                   180, "the table to finish after the restart")
    finally:
        kill_worker(proc, signal.SIGTERM)
    game.refresh_from_db()
    log = stored_events(game)
    assert [e["seq"] for e in log] == list(range(len(log)))
    assert len(log) > killed_at
    assert log == _uninterrupted(table)
    report = game_verify(game=game)
    assert report["ok"] and report["chain"]["ok"], report
