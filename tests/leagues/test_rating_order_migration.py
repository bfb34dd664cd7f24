"""Migrations 0006/0007: existing rating changes are renumbered one order per change (in
the order they were stored) and rated rounds numbered in the order they were rated,
before (league, order) becomes unique — nobody's numbers change."""

from __future__ import annotations

import pytest

from tests.migration_helpers import migrate_to, migrate_to_latest

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0005_tournament_secret")]


def test_existing_rating_changes_are_renumbered_per_change():
    apps = migrate_to(BEFORE)
    try:
        M = {n: apps.get_model("tournaments", n) for n in
             ("League", "Season", "Tournament", "Round", "Table", "Player", "RatingChange")}
        Game = apps.get_model("replays", "Game")
        league = M["League"].objects.create(name="L", slug="l-migr")
        season = M["Season"].objects.create(league=league, number=1)
        t = M["Tournament"].objects.create(season=season, name="T")
        players = [M["Player"].objects.create(name=f"p{i}") for i in range(4)]
        rows = []
        # round 2 was rated first (old orders 1), round 1 second (old orders 2)
        for number, old_order in ((1, 2), (2, 1)):
            rnd = M["Round"].objects.create(tournament=t, number=number, status="finished")
            game = Game.objects.create(engine_version="0", rules_version="r")
            M["Table"].objects.create(round=rnd, number=1, game=game, status="finished")
            for p in players:
                rows.append(M["RatingChange"].objects.create(
                    league=league, player=p, game=game, order=old_order, mu_before=25,
                    sigma_before=8, mu_after=25, sigma_after=8, inputs={}))
    finally:
        apps = migrate_to_latest()
    RatingChange = apps.get_model("tournaments", "RatingChange")
    Round = apps.get_model("tournaments", "Round")
    got = list(RatingChange.objects.order_by("order").values_list("id", "order"))
    # old order 1 (round 2's changes, stored second) first, each change its own order
    expected_ids = [r.id for r in rows[4:]] + [r.id for r in rows[:4]]
    assert got == list(zip(expected_ids, range(1, 9), strict=True))
    assert dict(Round.objects.values_list("number", "rating_seq")) == {1: 2, 2: 1}
