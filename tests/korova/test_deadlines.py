"""Move deadlines of Korova's simultaneous choice (issue 15): every person who has not
chosen when the turn's time is up is played by the autopilot; a person who chose in
time is never overruled; the row choice of a low card is asked of exactly its owner.

Given a 5-seat table of people with a 60-second move limit / when two choose in time and
the beat task runs 65 s into the turn / then the autopilot chooses for exactly the three
others, the reveal follows once, and the two choices stand.
"""

from __future__ import annotations

import time

import pytest

from replays import engine
from replays.advance import stored_events
from replays.services import game_submit_input
from tests.humans.helpers import make_person
from tests.humans.test_attack_deadlines import _Clock
from tournaments import humans, services
from tournaments.models import MoveTimeout, Table, Tournament

pytestmark = pytest.mark.django_db


def _people_table(limit_s: int) -> Table:
    stamp = time.time_ns()
    league = services.league_create(name=f"Korova people {stamp}", slug=f"kv-people-{stamp}",
                                    game="korova")
    people = [make_person(f"kv{i}-{stamp % 10**6}").kolkhoz_player for i in range(5)]
    t = services.tournament_create(season=league.seasons.get(), name="Korova", format="series",
                                   rounds=1, players=people, seed="kv-dl", rated=False,
                                   table_size=5)
    Tournament.objects.filter(pk=t.pk).update(move_time_limit_s=limit_s)
    t.refresh_from_db()
    services.tournament_start(tournament=t)
    return Table.objects.select_related("game", "round__tournament").get(round__tournament=t)


def test_the_autopilot_chooses_for_exactly_the_seats_that_have_not(monkeypatch):
    clock = _Clock(monkeypatch)
    table = _people_table(limit_s=60)
    game = table.game
    events = stored_events(game)
    assert engine.may_act(events, game="korova") == {0, 1, 2, 3, 4}
    state = engine.definition(None, "korova").fold(events)
    mine = {s: state.hands[s][-1] for s in (1, 3)}
    clock.advance(20)
    for k, seat in enumerate((1, 3)):
        game_submit_input(game=game, expected_seq=len(events) + k,
                          inp={"type": "choose", "seat": seat, "card": mine[seat]}, seat=seat)
    clock.advance(45)  # 65 s into the turn: seats 0, 2 and 4 are overdue
    done = humans.deadlines_enforce()
    assert len(done) == 3, done
    assert sorted(MoveTimeout.objects.filter(table=table).values_list("seat", flat=True)) \
        == [0, 2, 4]
    log = stored_events(game)
    turn1 = log[len(events):]
    chooses = [e for e in turn1 if e["type"] == "choose"]
    assert sorted(e["seat"] for e in chooses) == [0, 1, 2, 3, 4]
    assert sum(e["type"] == "reveal" for e in turn1) == 1
    reveal = next(e for e in turn1 if e["type"] == "reveal")
    assert reveal["cards"][1] == mine[1] and reveal["cards"][3] == mine[3]
