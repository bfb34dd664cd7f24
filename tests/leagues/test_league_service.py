"""Leagues played in-process (no broker): scheduling, results, standings, ratings, API.

Given a tournament of bots / when its tables are played / then the stored games are the
engine's games, the standings follow the documented tie-breaks and the ladder rebuilds
to identical numbers."""

from __future__ import annotations

import csv
import io

import pytest

from replays.selectors import game_verify
from tournaments import services
from tournaments.models import Bye, Rating, RatingChange, Table, TableSeat, TournamentStatus

from .league_helpers import make_tournament, play_inline, reference_log, stored_log

pytestmark = pytest.mark.django_db


def _ratings_snapshot(league):
    return (sorted((r.player.name, r.mu, r.sigma, r.games) for r in
                   Rating.objects.filter(league=league).select_related("player")),
            sorted((c.order, c.player.name, c.mu_before, c.sigma_before, c.mu_after,
                    c.sigma_after) for c in
                   RatingChange.objects.filter(league=league).select_related("player")))


def test_swiss_of_8_plays_out_every_game_verifies_and_ratings_rebuild_identically():
    """Given 8 random bots in a 3-round Swiss / when played / then every table has exactly 4
    seats, its stored log is the engine's uninterrupted run with the same seed and verifies,
    and rebuild_ratings reproduces every rating change bit for bit."""
    t = make_tournament(n=8, fmt="swiss", rounds=3, seed="swiss-8")
    services.tournament_start(tournament=t)
    play_inline(t)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    tables = list(Table.objects.filter(round__tournament=t))
    assert len(tables) == 6
    for table in tables:
        assert TableSeat.objects.filter(table=table).count() == 4
        assert stored_log(table) == reference_log(table)
        assert game_verify(game=table.game)["ok"]
    league = t.season.league
    before = _ratings_snapshot(league)
    assert len(before[1]) == 6 * 4
    services.ratings_rebuild(league=league)
    assert _ratings_snapshot(league) == before


def test_round_robin_of_16_meets_every_pair_once():
    """Given 16 bots in a 5-round round-robin / when played / then every pair of players
    sat together exactly once and every player was first planner at most twice."""
    t = make_tournament(n=16, fmt="round-robin", rounds=5, seed="rr-16")
    services.tournament_start(tournament=t)
    play_inline(t)
    pairs: dict[frozenset[str], int] = {}
    first = {}
    for table in Table.objects.filter(round__tournament=t):
        names = [s.player.name for s in table.seats.select_related("player").order_by("seat")]
        first[names[0]] = first.get(names[0], 0) + 1
        for i in range(4):
            for j in range(i + 1, 4):
                key = frozenset((names[i], names[j]))
                pairs[key] = pairs.get(key, 0) + 1
    assert len(pairs) == 16 * 15 // 2 and set(pairs.values()) == {1}
    assert max(first.values()) - min(first.values()) <= 1


def test_swiss_with_byes_gives_no_second_bye_first():
    """Given 6 players, fill by byes, 3 rounds / then each round has one table and two byes,
    and no one gets a second bye before all have had one."""
    t = make_tournament(n=6, fmt="swiss", rounds=3, seed="bye-6", fill_policy="bye")
    services.tournament_start(tournament=t)
    play_inline(t)
    byes = [b.player.name for b in Bye.objects.filter(round__tournament=t)
            .order_by("round__number")]
    assert len(byes) == 6 and len(set(byes)) == 6


def test_standings_api_json_and_csv_and_ladder(api):
    """Given a finished tournament / when standings and ladder are read / then JSON and
    CSV agree, ranks follow points then cellar, and the ladder lists every player."""
    t = make_tournament(n=8, fmt="swiss", rounds=2, seed="api-8")
    services.tournament_start(tournament=t)
    play_inline(t)
    rows = api.get(f"/api/tournaments/{t.pk}/standings/").json()
    assert len(rows) == 8
    keys = [(r["points"], r["cellar"], r["medals"], r["opponents_points"]) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert sum(r["points"] for r in rows) == pytest.approx(6 * 4)  # 4 tables × (3+2+1+0)
    resp = api.get(f"/api/tournaments/{t.pk}/standings/?format=csv")
    assert resp.status_code == 200 and resp["Content-Type"].startswith("text/csv")
    parsed = list(csv.DictReader(io.StringIO(resp.content.decode())))
    assert [r["player"] for r in parsed] == [r["player"] for r in rows]
    ladder = api.get(f"/api/ratings/?league={t.season.league_id}").json()
    assert len(ladder) == 8 and all(r["provisional"] for r in ladder)
    assert [r["rank"] for r in ladder] == list(range(1, 9))
    pid = ladder[0]["player_id"]
    history = api.get(f"/api/players/{pid}/ratings/").json()
    assert history["count"] == 2
    detail = api.get(f"/api/tournaments/{t.pk}/").json()
    assert len(detail["rounds_detail"]) == 2
    assert all(len(tb["seats"]) == 4 for r in detail["rounds_detail"] for tb in r["tables"])
    tables = api.get(f"/api/tables/?tournament={t.pk}").json()
    assert tables["count"] == 4


def test_league_writes_need_an_organiser(api):
    """Given an anonymous client / when it creates a league / then 401/403 and nothing is
    created; bad input from an organiser is a 400 with a code, never a 500."""
    from django.contrib.auth.models import User

    from tournaments.models import League

    resp = api.post("/api/leagues/", {"name": "Mine"}, format="json")
    assert resp.status_code in (401, 403)
    assert not League.objects.filter(name="Mine").exists()
    User.objects.create_user("org", password="pw", is_staff=True)
    api.login(username="org", password="pw")
    resp = api.post("/api/leagues/", {"name": "Mine", "ruleset": {"preset": "nope"}},
                    format="json")
    assert resp.status_code == 400 and resp.json()["error"]["code"] == "unknown_preset"
    resp = api.post("/api/leagues/", {"name": "Mine"}, format="json")
    assert resp.status_code == 201
    resp = api.post("/api/tournaments/", {"league": resp.json()["id"], "name": "T",
                                          "format": "round-robin", "rounds": 2,
                                          "players": ["a", "b", "c", "d"]}, format="json")
    assert resp.status_code == 400 and resp.json()["error"]["code"] == "unknown_player"
    assert api.get("/api/ratings/").status_code == 400


def test_redelivered_table_task_adds_nothing():
    """Given a finished table / when its task runs again / then no event is added."""
    t = make_tournament(n=4, fmt="series", rounds=1, seed="redeliver")
    services.tournament_start(tournament=t)
    play_inline(t)
    table = Table.objects.get(round__tournament=t)
    n = table.game.head_seq
    services.table_play(table_id=table.pk)
    table.game.refresh_from_db()
    assert table.game.head_seq == n


def test_beat_schedules_exist_and_start_due_tournaments():
    """Given the migrated database / then beat has editable schedules for both periodic
    tasks; when a scheduled tournament's time has passed / the beat task starts it."""
    from datetime import timedelta

    from django.utils import timezone
    from django_celery_beat.models import PeriodicTask

    from tournaments import tasks

    names = set(PeriodicTask.objects.values_list("task", flat=True))
    assert {"tournaments.tasks.start_due_tournaments",
            "tournaments.tasks.resume_stalled_tables"} <= names
    due = make_tournament(n=4, fmt="series", rounds=1, seed="due",
                          starts_at=timezone.now() - timedelta(minutes=1))
    later = make_tournament(n=4, fmt="series", rounds=1, seed="later",
                            starts_at=timezone.now() + timedelta(hours=1))
    assert due.status == TournamentStatus.SCHEDULED
    started = tasks.start_due_tournaments()
    due.refresh_from_db()
    later.refresh_from_db()
    assert started == [due.pk]
    assert due.status == TournamentStatus.RUNNING and due.round_set.count() == 1
    assert later.status == TournamentStatus.SCHEDULED


def test_withdrawn_player_is_replaced_by_a_house_bot_in_a_round_robin(api):
    """Given an 8-player round-robin after round 1 / when a player withdraws / then later
    rounds keep the published schedule with a house bot in that seat, the withdrawn
    player's round-1 game still counts, and the tournament's games are listed."""
    from django.contrib.auth.models import User

    t = make_tournament(n=8, fmt="round-robin", rounds=3, seed="withdraw")
    services.tournament_start(tournament=t)
    r1 = t.round_set.get(number=1)
    first, *rest = list(r1.tables.order_by("number"))
    services.table_play(table_id=first.pk)  # round 1 still has a table in play
    leaver = first.seats.get(seat=2).player
    User.objects.create_user("org2", password="pw", is_staff=True)
    api.login(username="org2", password="pw")
    assert api.post(f"/api/tournaments/{t.pk}/withdraw/", {"player": leaver.name},
                    format="json").status_code == 204
    assert api.post(f"/api/tournaments/{t.pk}/withdraw/", {"player": leaver.name},
                    format="json").json()["error"]["code"] == "not_entered"
    play_inline(t)
    later = TableSeat.objects.filter(table__round__tournament=t,
                                     table__round__number__gt=1)
    names = {s.player.name for s in later.select_related("player")}
    assert leaver.name not in names and "house-bot-1" in names
    assert all(TableSeat.objects.filter(table=tb).count() == 4
               for tb in Table.objects.filter(round__tournament=t))
    rows = {r["player"]: r for r in services.standings_rows(tournament=t)}
    assert rows[leaver.name]["games"] == 1 and "house-bot-1" not in rows
    games = api.get(f"/api/tournaments/{t.pk}/games/").json()
    assert games["count"] == 6
