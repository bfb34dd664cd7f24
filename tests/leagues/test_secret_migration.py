"""Migration 0005: tournaments not yet finished get a 128-bit secret and a commitment,
and ``secret_from_round`` names their first round dealt from it; finished ones keep no
secret (their tables were dealt from the legacy public seeds, docs/shuffle.md)."""

from __future__ import annotations

import hashlib

import pytest

from tests.migration_helpers import migrate_to, migrate_to_latest

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0004_deadline_beat_schedule")]


def test_unfinished_tournaments_get_a_secret_from_their_next_round():
    apps = migrate_to(BEFORE)
    try:
        League = apps.get_model("tournaments", "League")
        Season = apps.get_model("tournaments", "Season")
        Tournament = apps.get_model("tournaments", "Tournament")
        Round = apps.get_model("tournaments", "Round")
        league = League.objects.create(name="L", slug="l-secret-migr")
        season = Season.objects.create(league=league, number=1)
        done = Tournament.objects.create(season=season, name="done", status="finished")
        running = Tournament.objects.create(season=season, name="running", status="running")
        draft = Tournament.objects.create(season=season, name="draft", status="draft", seed="7")
        for number in (1, 2):
            Round.objects.create(tournament=running, number=number, status="finished")
        ids = done.pk, running.pk, draft.pk
    finally:
        apps = migrate_to_latest()
    Tournament = apps.get_model("tournaments", "Tournament")
    done, running, draft = (Tournament.objects.get(pk=pk) for pk in ids)
    assert done.secret == "" and done.seed_commitment == ""
    for t, first in ((running, 3), (draft, 1)):
        assert len(t.secret) == 32 and int(t.secret, 16) >= 0
        assert t.seed_commitment == hashlib.sha256(f"{t.seed}#{t.secret}".encode()).hexdigest()
        assert t.secret_from_round == first
    assert running.secret != draft.secret
