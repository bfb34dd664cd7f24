"""Migrations 0005 and 0009: tournaments not yet finished get a 128-bit secret and a
commitment (0005); ``secret_from_round`` names their first round dealt from it (0009,
worked out from the tables' seeds); finished ones keep no secret (their tables were
dealt from the legacy public seeds, docs/shuffle.md).

0005 is the migration release 6fe9dc3 shipped and applied: it must stay as it was (a
database it migrated never runs it again), so the field it lacked comes in 0009, which
must work on such a database — the case ``benchmarks/upgrade_check.sh 6fe9dc3`` found:
without it every tournament query failed with ``column secret_from_round does not
exist``."""

from __future__ import annotations

import hashlib
import uuid

import pytest
from django.db import connection, models

from tests.migration_helpers import migrate_to, migrate_to_latest
from tournaments.seeds import table_seed

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0004_deadline_beat_schedule")]
SECRETS = [("tournaments", "0005_tournament_secret")]
BEFORE_0009 = [("tournaments", "0008_game_table_size")]


def _table(apps, rnd, number: int, seed: str) -> None:
    Game = apps.get_model("replays", "Game")
    Table = apps.get_model("tournaments", "Table")
    game = Game.objects.create(id=uuid.uuid4(), engine_version="0.2.0", rules_version="r",
                               seed_secret=seed)
    Table.objects.create(round=rnd, number=number, game=game)


def test_a_tournament_running_when_secrets_arrived_says_from_which_round():
    apps = migrate_to(BEFORE)
    try:
        League = apps.get_model("tournaments", "League")
        Season = apps.get_model("tournaments", "Season")
        Tournament = apps.get_model("tournaments", "Tournament")
        Round = apps.get_model("tournaments", "Round")
        league = League.objects.create(name="L", slug="l-secret-migr")
        season = Season.objects.create(league=league, number=1)
        done = Tournament.objects.create(season=season, name="done", status="finished")
        running = Tournament.objects.create(season=season, name="running", status="running",
                                            seed="9")
        draft = Tournament.objects.create(season=season, name="draft", status="draft", seed="7")
        for number in (1, 2):  # dealt before secrets existed: the legacy seeds
            rnd = Round.objects.create(tournament=running, number=number, status="finished")
            for k in (1, 2):
                _table(apps, rnd, k, f"9/r{number}/t{k}")
        ids = done.pk, running.pk, draft.pk

        # the release that shipped 0005 without the field: its later rounds deal from
        # the secret 0005 gave
        apps = migrate_to(SECRETS)
        Tournament = apps.get_model("tournaments", "Tournament")
        Round = apps.get_model("tournaments", "Round")
        secret_of = Tournament.objects.get(pk=running.pk).secret
        rnd = Round.objects.create(tournament_id=running.pk, number=3, status="running")
        for k in (1, 2):
            _table(apps, rnd, k, table_seed("9", secret_of, 3, k))
    finally:
        apps = migrate_to_latest()
    Tournament = apps.get_model("tournaments", "Tournament")
    done, running, draft = (Tournament.objects.get(pk=pk) for pk in ids)
    assert done.secret == "" and done.seed_commitment == "" and done.secret_from_round == 1
    for t, first in ((running, 3), (draft, 1)):
        assert len(t.secret) == 32 and int(t.secret, 16) >= 0
        assert t.seed_commitment == hashlib.sha256(f"{t.seed}#{t.secret}".encode()).hexdigest()
        assert t.secret_from_round == first
    assert running.secret != draft.secret


def test_0009_keeps_a_column_an_earlier_draft_of_0005_added():
    """A development database migrated by the draft of 0005 that added the column: 0009
    keeps it and the values it holds."""
    apps = migrate_to(BEFORE_0009)
    try:
        Tournament = apps.get_model("tournaments", "Tournament")
        League = apps.get_model("tournaments", "League")
        Season = apps.get_model("tournaments", "Season")
        season = Season.objects.create(
            league=League.objects.create(name="D", slug="d-secret-migr"), number=1)
        t = Tournament.objects.create(season=season, name="t", status="running", secret="ab")
        field = models.PositiveIntegerField(default=1)
        field.set_attributes_from_name("secret_from_round")
        with connection.schema_editor() as editor:  # what the draft 0005 did
            editor.add_field(Tournament, field)
        with connection.cursor() as cursor:
            cursor.execute("UPDATE tournaments_tournament SET secret_from_round = 4 "
                           "WHERE id = %s", [t.pk])
    finally:
        apps = migrate_to_latest()
    assert apps.get_model("tournaments", "Tournament").objects.get(pk=t.pk).secret_from_round == 4
