"""Attack on placement points for any table size (issue 13).

Given a tournament of the fake 3-seat game created through the API / when the organiser
gives placement points too large for a float (1e308, 10**400) / then they are refused
with 400 ``bad_placement_points`` — they used to be stored, and every standings read of
the tournament (JSON and CSV) was a 500 (OverflowError) once a round was played.
"""

from __future__ import annotations

import time

import pytest

from tests.leagues.overlap_helpers import organiser
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("points", [[1e308, 1, 0], [10**400, 1, 0], [0, -(10**400), -(10**401)]])
def test_placement_points_beyond_any_float_are_refused(fake_games, points):
    stamp = time.time_ns()
    league = services.league_create(name=f"Pts {stamp}", slug=f"pts-{stamp}", game="oddoneout")
    players = [services.player_bot_get_or_create(name=f"pts-{stamp}-{i}", bot_name="random",
                                                 game="oddoneout") for i in range(6)]
    before = Tournament.objects.count()
    r = organiser().post("/api/tournaments/", {
        "league": league.pk, "name": "Huge", "format": "swiss", "rounds": 2,
        "players": [p.name for p in players], "placement_points": points}, format="json")
    assert r.status_code == 400, (r.status_code, r.content[:200])
    assert r.json()["error"]["code"] == "bad_placement_points"
    assert Tournament.objects.count() == before
