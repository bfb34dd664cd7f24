"""A worker SIGKILLed at a chosen moment of a live table, and the table resumed on a new
worker (issue 20; shared by ``tests/arne/test_faults.py`` and
``tests/korova/test_faults.py``): real PostgreSQL, Redis and Celery worker processes."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Callable
from typing import Any

from replays import engine
from replays.advance import stored_events
from replays.models import Game
from replays.selectors import game_verify
from tests.humans.helpers import make_person
from tests.leagues.league_helpers import kill_worker, start_worker, wait_until
from tournaments import dispatch, services
from tournaments.models import Table, TableSeat, TableStatus

#: ``moment(game) -> (head, the moment wanted is at the head)``
Moment = Callable[[Game], tuple[int, bool]]


def autopilot_table(game: str, tag: str) -> Table:
    """A 4-seat table of ``game``: a person (away: the autopilot holds the seat, so the
    table is played live, one decision per append) and three random bots."""
    person = make_person(tag)
    stamp = time.time_ns()
    league = services.league_create(name=f"{tag} {stamp}", slug=f"{tag}-{stamp}", game=game)
    bots = [services.player_bot_get_or_create(name=f"{tag}-{i}", bot_name="random",
                                              game=game) for i in range(3)]
    t = services.tournament_create(season=league.seasons.get(), name=tag, format="series",
                                   rounds=1, players=[person.kolkhoz_player, *bots],
                                   seed=tag, rated=False, table_size=4)
    services.tournament_start(tournament=t)
    table = Table.objects.select_related("game").get(round__tournament=t)
    TableSeat.objects.filter(table=table, player__user=person).update(autopilot=True)
    table.refresh_from_db()
    return table


def uninterrupted(table: Table, opening: int) -> list[dict[str, Any]]:
    """The whole log an in-memory run gives: the first ``opening`` stored events (the
    game's start), then chance and every seat's bot (the autopilot's at the person's
    seat) from the game's seed."""
    game = table.game
    assert game is not None
    defn = engine.definition(None, game.game)
    players = [defn.bot(table.autopilot_bot if s.autopilot else s.player.bot_name)
               for s in table.seats.select_related("player").order_by("seat")]
    events = stored_events(game)[:opening]
    state = defn.fold(events)
    while not defn.finished(state):
        state, new = defn.play_bots(state, players, game.seed_secret)
        assert new, "the in-memory run stopped before the end"
        events += new
    return json.loads(json.dumps(events))


def kill_at_and_resume(env: tuple[dict[str, str], str], table: Table, moment: Moment,
                       what: str, opening: int) -> None:
    """SIGKILL the table's worker once ``moment`` holds at the head (a pause after each
    append makes it catchable; up to 5 tries), start a new worker, and check the game
    finishes with exactly the uninterrupted log, a gapless seq and a verified chain."""
    environ, queue = env
    game = table.game
    assert game is not None
    slow = {**environ, "KOLKHOZ_BATCH_PAUSE_S": "0.4", "CELERY_VISIBILITY_TIMEOUT": "4"}
    killed_at = None
    for _attempt in range(5):
        proc = start_worker(slow, queue)
        dispatch.tables_enqueue([table.pk])
        try:
            wait_until(lambda: moment(game)[1] and moment(game)[0] > 20, 60, what)
        finally:
            kill_worker(proc, signal.SIGKILL)
        head, there = moment(game)
        game.refresh_from_db()
        assert game.status == "live", "the game finished before the worker was killed"
        if there:  # (else the worker appended once more before it died: kill it again)
            killed_at = head
            break
    assert killed_at is not None, f"never killed at {what}"
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
    assert log == uninterrupted(table, opening)
    report = game_verify(game=game)
    assert report["ok"] and report["chain"]["ok"], report
