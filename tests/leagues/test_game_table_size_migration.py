"""Migration 0008: leagues and tournaments stored before they knew their game are Kolkhoz
ones at four seats, and every finished table's medals become its ``medals`` tie-break —
so standings and ratings read exactly what they read before."""

from __future__ import annotations

import pytest

from tests.migration_helpers import migrate_to, migrate_to_latest

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0007_unique_rating_order")]


def test_stored_leagues_are_kolkhoz_at_four_seats_and_medals_become_tiebreaks():
    apps = migrate_to(BEFORE)
    try:
        M = {n: apps.get_model("tournaments", n) for n in
             ("League", "Season", "Tournament", "Round", "Table")}
        Game = apps.get_model("replays", "Game")
        league = M["League"].objects.create(name="L", slug="l-game-migr")
        season = M["Season"].objects.create(league=league, number=1)
        t = M["Tournament"].objects.create(season=season, name="T")
        rnd = M["Round"].objects.create(tournament=t, number=1, status="finished")
        games = [Game.objects.create(engine_version="0.1.0", rules_version="r")
                 for _ in range(2)]
        done = M["Table"].objects.create(round=rnd, number=1, game=games[0], status="finished",
                                         places=[1, 2, 3, 4], scores=[9, 5, 3, 0],
                                         medals=[2, 0, 1, 0])
        pending = M["Table"].objects.create(round=rnd, number=2, game=games[1])
        ids = league.pk, t.pk, done.pk, pending.pk
    finally:
        apps = migrate_to_latest()
    League = apps.get_model("tournaments", "League")
    Tournament = apps.get_model("tournaments", "Tournament")
    Table = apps.get_model("tournaments", "Table")
    assert League.objects.get(pk=ids[0]).game == "kolkhoz"
    t = Tournament.objects.get(pk=ids[1])
    assert (t.game, t.table_size) == ("kolkhoz", 4)
    done, pending = Table.objects.get(pk=ids[2]), Table.objects.get(pk=ids[3])
    assert done.tiebreaks == {"medals": [2, 0, 1, 0]} and done.medals == [2, 0, 1, 0]
    assert pending.tiebreaks == {}
