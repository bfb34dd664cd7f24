"""Move deadlines: the beat task lets the autopilot play for an absent person.

Given a one-year table (a person and three bots) with a 1-second move limit / when the
person never acts and the beat task runs after each deadline / then the autopilot plays
every one of the person's moves (``actor="autopilot"``), the bots answer, the game ends
and verifies, and every miss is recorded against the player."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django_celery_beat.models import PeriodicTask

from replays.selectors import game_verify
from tournaments import humans, services
from tournaments.models import MoveTimeout, Player, TableSeat, TableStatus
from tournaments.tasks import enforce_move_deadlines

from .helpers import make_mixed_tournament, make_person, person_seat, stored_rows, the_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


@pytest.mark.django_db  # (not transactional: the closest marker wins)
def test_the_beat_schedule_enforces_deadlines():
    """The data migration's schedule (re-applied: a transactional test's flush may have
    emptied the table) runs the deadline task every few seconds."""
    import importlib

    from django.apps import apps

    migration = importlib.import_module("tournaments.migrations.0004_deadline_beat_schedule")
    migration.create(apps, None)
    task = PeriodicTask.objects.get(name="Enforce move deadlines")
    assert task.task == "tournaments.tasks.enforce_move_deadlines" and task.enabled
    assert task.interval.every <= 10


def test_nothing_happens_before_the_deadline():
    person = make_person()
    t = make_mixed_tournament(person=person, seed="dl-0", limit_s=60)
    services.tournament_start(tournament=t)
    table = the_table(t)
    head = table.game.head_seq
    assert humans.deadlines_enforce() == []
    assert humans.deadlines_enforce(now=timezone.now() + timedelta(seconds=30)) == []
    table.game.refresh_from_db()
    assert table.game.head_seq == head and not MoveTimeout.objects.exists()


def test_the_autopilot_plays_an_absent_person_to_the_end_of_the_game():
    person = make_person()
    t = make_mixed_tournament(person=person, seed="dl-1", limit_s=1)
    services.tournament_start(tournament=t)
    table = the_table(t)
    seat = person_seat(table, person)
    moves = 0
    for _ in range(200):
        table.refresh_from_db()
        if table.status == TableStatus.FINISHED:
            break
        # the beat task, as if it ran two seconds from now (past the 1 s limit)
        done = humans.deadlines_enforce(now=timezone.now() + timedelta(seconds=2))
        assert done, "the deadline passed but nothing was done"
        moves += len(done)
    else:
        pytest.fail("the game did not finish")
    game = table.game
    game.refresh_from_db()
    assert game.status == "finished" and game_verify(game=game)["ok"]
    rows = stored_rows(game)
    autopilot = [r for r in rows if r.actor == "autopilot"]
    assert len(autopilot) == moves >= 3
    assert all(r.payload["seat"] == seat and r.time_used_ms is not None for r in autopilot)
    assert not [r for r in rows if r.actor == f"seat:{seat}"]  # the person never acted
    timeouts = list(MoveTimeout.objects.filter(table=table).order_by("seq"))
    assert [m.seq for m in timeouts] == [r.seq for r in autopilot]
    assert all(m.player.user == person and m.limit_s == 1 for m in timeouts)
    assert TableSeat.objects.get(table=table, seat=seat).timeouts == moves
    assert Player.objects.get(user=person).timeouts == moves
    table.refresh_from_db()
    assert table.places and table.status == TableStatus.FINISHED


def test_a_person_who_moves_in_time_is_not_overruled(api):
    """The deadline counts from the start of the person's turn: after their move the
    next deadline starts again (a stale autopilot attempt loses on the seq)."""
    from .helpers import bearer, first_legal_input, seat_token

    person = make_person()
    t = make_mixed_tournament(person=person, seed="dl-2", limit_s=5)
    services.tournament_start(tournament=t)
    table = the_table(t)
    token = seat_token(table, person)
    body = api.get(f"/api/games/{table.game.pk}/legal/", **bearer(token)).json()
    r = api.post(f"/api/games/{table.game.pk}/commands/",
                 {"expected_seq": body["head_seq"], "input": first_legal_input(body)},
                 format="json", **bearer(token))
    assert r.status_code == 201
    assert humans.deadlines_enforce(now=timezone.now() + timedelta(seconds=2)) == []
    assert not MoveTimeout.objects.exists()


def test_autopilot_then_seat_takes_over_after_repeated_timeouts():
    person = make_person()
    t = make_mixed_tournament(person=person, seed="dl-3", limit_s=1,
                              policy="autopilot-then-seat")
    services.tournament_start(tournament=t)
    table = the_table(t)
    seat = person_seat(table, person)
    for _ in range(table.max_timeouts):
        assert humans.deadlines_enforce(now=timezone.now() + timedelta(seconds=2))
    table_seat = TableSeat.objects.get(table=table, seat=seat)
    assert table_seat.autopilot and table_seat.timeouts == table.max_timeouts
    # the autopilot now holds the seat: the table plays to the end without waiting
    services.table_play(table_id=table.pk)
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    table.game.refresh_from_db()
    assert game_verify(game=table.game)["ok"]
    assert MoveTimeout.objects.filter(table=table).count() == table.max_timeouts


def test_the_celery_task_runs_the_service():
    person = make_person()
    t = make_mixed_tournament(person=person, seed="dl-4", limit_s=1)
    services.tournament_start(tournament=t)
    import time

    time.sleep(1.2)
    done = enforce_move_deadlines.delay().get()
    assert len(done) == 1


def test_one_broken_table_never_stops_the_deadlines_of_the_others():
    """A table the deadline sweep cannot serve (here its autopilot bot was mistyped in
    the admin) is logged and skipped: before, the beat task raised on it every few
    seconds and no table after it ever had a deadline enforced."""
    broken_person, person = make_person("dl-broken"), make_person("dl-fine")
    broken = make_mixed_tournament(person=broken_person, seed="dl-broken", limit_s=1)
    fine = make_mixed_tournament(person=person, seed="dl-fine", limit_s=1)
    for t in (broken, fine):
        services.tournament_start(tournament=t)
    type(the_table(broken)).objects.filter(pk=the_table(broken).pk).update(
        autopilot_bot="no-such-bot")
    later = timezone.now() + timedelta(seconds=5)
    done = humans.deadlines_enforce(now=later)
    table = the_table(fine)
    assert [tid for tid, _ in done] == [table.pk]
    assert MoveTimeout.objects.filter(table=table, seat=person_seat(table, person)).exists()
    assert not MoveTimeout.objects.filter(table=the_table(broken)).exists()
