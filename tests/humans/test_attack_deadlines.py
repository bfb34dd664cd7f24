"""Attacks on move deadlines of a simultaneous choice (issue 13: "deadlines apply to
every overdue seat of a simultaneous choice").

Given a table of the fake 3-seat game where three people choose at the same time, with
a 60-second move limit / when one of them chooses late in the phase and the beat task
runs after the others' deadline (their turn began at the phase's start) / then the
autopilot plays for both of them — another seat's choice does not buy them time.
"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from gamekit import registry
from replays import engine
from replays.advance import stored_events
from replays.services import game_submit_input
from tests.core.fake_game import OddOneOut
from tournaments import humans, services
from tournaments.models import MoveTimeout, Table, Tournament

from .helpers import make_person

pytestmark = pytest.mark.django_db


class _Clock:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.offset = timedelta(0)
        real = timezone.now
        monkeypatch.setattr(timezone, "now", lambda: real() + self.offset)

    def advance(self, seconds: float) -> None:
        self.offset += timedelta(seconds=seconds)


@pytest.fixture
def oddoneout():
    with registry.registered(OddOneOut()):
        yield


def _people_table(limit_s: int) -> Table:
    stamp = time.time_ns()
    league = services.league_create(name=f"Odd people {stamp}", slug=f"odd-people-{stamp}",
                                    game="oddoneout")
    people = [make_person(f"odd{i}-{stamp % 10**6}").kolkhoz_player for i in range(3)]
    t = services.tournament_create(season=league.seasons.get(), name="Odd", format="series",
                                   rounds=1, players=people, seed="odd-dl", rated=False)
    Tournament.objects.filter(pk=t.pk).update(move_time_limit_s=limit_s)
    t.refresh_from_db()
    services.tournament_start(tournament=t)
    return Table.objects.select_related("game", "round__tournament").get(round__tournament=t)


@pytest.mark.usefixtures("oddoneout")
def test_another_seats_late_choice_does_not_extend_the_others_deadline(monkeypatch):
    clock = _Clock(monkeypatch)
    table = _people_table(limit_s=60)
    game = table.game
    events = stored_events(game)
    assert engine.may_act(events, game="oddoneout") == {0, 1, 2}
    clock.advance(50)  # seat 0 chooses 50 s into the phase
    game_submit_input(game=game, expected_seq=len(events),
                      inp={"type": "choose", "seat": 0, "number": 1}, seat=0)
    clock.advance(15)  # 65 s into the phase: seats 1 and 2 are 5 s past their deadline
    pos = engine.fold_log(stored_events(game), game="oddoneout")
    assert pos.turn_started(1) == pos.turn_started(2) == len(events)
    # the timeout policy itself finds both overdue seats ...
    with transaction.atomic():
        assert len(humans.table_timeout_apply(table=table)) == 2
        transaction.set_rollback(True)
    # ... but the beat task never gets there
    done = humans.deadlines_enforce()
    assert len(done) == 2, done
    assert sorted(MoveTimeout.objects.filter(table=table).values_list("seat", flat=True)) == [1, 2]
