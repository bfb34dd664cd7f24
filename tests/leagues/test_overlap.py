"""Tournaments never stick silently (in-process, eager Celery; SQLite and PostgreSQL).

Given two Swiss tournaments of one league that overlap in time / when the later one is
rated first / then the earlier one still finishes, is rated and rebuilds identically.
Given a table whose task keeps failing / then it ends ``failed`` with its error shown to
organisers, the stalled-table sweep leaves it alone, and an organiser resumes it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.humans.helpers import make_person
from tournaments import services
from tournaments.models import (
    Player,
    Rating,
    RatingChange,
    RoundStatus,
    Table,
    TableStatus,
    TournamentStatus,
)

from .overlap_helpers import (
    broken_series,
    ladder_snapshot,
    organiser,
    overlapping_pair,
    person_plays_to_the_end,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


def test_overlapping_swiss_in_one_league_both_finish_and_are_rated():
    """Given Swiss X waiting for a person and Swiss Y (three of X's bots) that finishes
    at once / when the person finishes X's game / then X's table, round and tournament
    finish, the standings count the game, every game is rated once in the order the
    rounds were applied (idle days never negative) and the ladder rebuilds exactly."""
    person = make_person("overlap-anya")
    x, y, bots = overlapping_pair(person, "inproc")
    services.tournament_start(tournament=x)
    table_x = Table.objects.get(round__tournament=x)
    assert table_x.status == TableStatus.PLAYING  # waiting for the person
    services.tournament_start(tournament=y)
    y.refresh_from_db()
    assert y.status == TournamentStatus.FINISHED
    person_plays_to_the_end(table_x, person)

    table_x.refresh_from_db()
    x.refresh_from_db()
    assert table_x.status == TableStatus.FINISHED, table_x.error
    assert x.round_set.get().status == RoundStatus.FINISHED
    assert x.status == TournamentStatus.FINISHED
    assert {r["player"]: r["games"] for r in services.standings_rows(tournament=x)} == {
        p.name: 1 for p in [person.kolkhoz_player, *bots[:3]]}
    league = x.season.league
    games = {r.player.name: r.games for r in Rating.objects.filter(league=league)
             .select_related("player")}
    assert games == {person.kolkhoz_player.name: 1, bots[0].name: 2, bots[1].name: 2,
                     bots[2].name: 2, bots[3].name: 1}
    changes = list(RatingChange.objects.filter(league=league).order_by("order"))
    assert [c.order for c in changes] == list(range(1, 9))
    # Y was applied first, so X's bots come to X from Y: idle 0 days, not -1
    assert [c.inputs["idle_days"] for c in changes[4:]] == [
        None if c.player_id == person.kolkhoz_player.pk else 0 for c in changes[4:]]
    before = ladder_snapshot(league)
    services.ratings_rebuild(league=league)
    assert ladder_snapshot(league) == before


def test_a_failing_table_is_marked_failed_skipped_by_the_sweep_and_resumed():
    """Given a table whose task raises every time / when it has used its retries / then
    it is ``failed`` with the error (organisers see it, the public sees only the
    status), the sweep does not re-enqueue it, and once the cause is fixed an
    organiser's resume plays it to the end."""
    t, bot = broken_series()
    services.tournament_start(tournament=t)
    table = Table.objects.get(round__tournament=t)
    assert table.status == TableStatus.FAILED
    assert "takes no settings" in table.error and table.failed_at is not None
    assert services.tables_resume_stalled(older_than_s=0) == []
    table.refresh_from_db()
    assert table.status == TableStatus.FAILED

    org = organiser()
    shown = org.get(f"/api/tournaments/{t.pk}/").json()["rounds_detail"][0]["tables"][0]
    assert shown["status"] == "failed" and "takes no settings" in shown["error"]
    public = APIClient().get(f"/api/tables/{table.pk}/").json()
    assert public["status"] == "failed" and public["error"] is None
    assert APIClient().post(f"/api/tables/{table.pk}/resume/").status_code in (401, 403)

    Player.objects.filter(pk=bot.pk).update(bot_settings={})
    r = org.post(f"/api/tables/{table.pk}/resume/")
    assert r.status_code == 200, r.content
    table.refresh_from_db()
    t.refresh_from_db()
    assert table.status == TableStatus.FINISHED and table.error == ""
    assert t.status == TournamentStatus.FINISHED
    again = org.post(f"/api/tables/{table.pk}/resume/")
    assert again.status_code == 409 and again.json()["error"]["code"] == "not_failed"


def test_the_admin_resumes_failed_tables():
    """Given a failed table / when staff run the admin action "Resume failed tables" /
    then it plays to the end."""
    t, bot = broken_series()
    services.tournament_start(tournament=t)
    table = Table.objects.get(round__tournament=t)
    assert table.status == TableStatus.FAILED
    Player.objects.filter(pk=bot.pk).update(bot_settings={})
    User = get_user_model()
    staff = User.objects.create_superuser(username="staff-nostick", password="pw-long-1",
                                          email="s@example.org")
    client = APIClient()
    client.force_login(staff)
    r = client.post("/admin/tournaments/table/", {"action": "resume_tables",
                                                  "_selected_action": [table.pk]})
    assert r.status_code == 302, r.content
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
