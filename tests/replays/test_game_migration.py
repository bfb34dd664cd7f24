"""Migration 0004: games stored before ``Game.game`` existed become Kolkhoz games."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migration_helpers import migrate_to

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("replays", "0003_seat_user_bot_event_time_used")]
AFTER = [("replays", "0004_game_game")]


def test_games_stored_before_the_field_are_kolkhoz_games():
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    apps = migrate_to(BEFORE)
    try:
        Game = apps.get_model("replays", "Game")
        old = Game.objects.create(engine_version="0.1.0", rules_version="r")
        assert not hasattr(old, "game")
        apps = migrate_to(AFTER)
        assert apps.get_model("replays", "Game").objects.get(pk=old.pk).game == "kolkhoz"
    finally:
        migrate_to(latest)
