"""The admin's league and tournament screens check the game as the services do: an
unknown game, a tournament of another game than its league's, a table size outside the
game's range or placement points that do not fit it are form errors (never a 500,
nothing saved); an untouched table size takes the game's default."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tournaments.models import League, Tournament

from .any_game_helpers import league_of

pytestmark = pytest.mark.django_db

ADD = "/admin/tournaments/tournament/add/"


def _form(season, **over):
    data = {"season": season.pk, "name": "Admin T", "game": season.league.game,
            "table_size": 4, "format": "swiss", "rounds": 2, "ruleset": "{}", "seed": "1",
            "secret_from_round": 1, "status": "draft", "rated": "on",
            "placement_points": "[]", "fill_policy": "bots", "timeout_policy": "autopilot",
            "initial-table_size": 4,
            "entries-TOTAL_FORMS": 0, "entries-INITIAL_FORMS": 0,
            "entries-MIN_NUM_FORMS": 0, "entries-MAX_NUM_FORMS": 1000}
    data.update(over)
    return data


@pytest.fixture
def client():
    User.objects.create_superuser("admin-any", password="pw")
    c = Client()
    c.login(username="admin-any", password="pw")
    return c


def test_the_admin_checks_a_leagues_game(client, fake_games) -> None:
    base = {"name": "Adm", "slug": "adm", "description": "", "ruleset": "{}"}
    r = client.post("/admin/tournaments/league/add/", {**base, "game": "nosuch"})
    assert r.status_code == 200 and b"unknown game" in r.content
    assert not League.objects.filter(slug="adm").exists()
    r = client.post("/admin/tournaments/league/add/", {**base, "game": "oddoneout"})
    assert r.status_code == 302
    assert League.objects.get(slug="adm").ruleset == {"preset": "standard"}


@pytest.mark.parametrize(("over", "error"), [
    ({"game": "nosuch"}, b"unknown game"),
    ({"game": "kolkhoz"}, b"plays oddoneout"),
    ({"table_size": 5}, b"exactly 3 seats"),
    ({"placement_points": "[3, 2, 1, 0]"}, b"placement points"),
])
def test_the_admin_refuses_what_the_game_does_not_allow(client, fake_games, over,
                                                        error) -> None:
    league, _ = league_of("oddoneout", n=0, tag="admin")
    r = client.post(ADD, _form(league.seasons.get(), **over))
    assert r.status_code == 200 and error in r.content
    assert not Tournament.objects.exists()


def test_an_untouched_table_size_is_the_games(client, fake_games) -> None:
    league, _ = league_of("oddoneout", n=0, tag="admin-ok")
    r = client.post(ADD, _form(league.seasons.get()))
    assert r.status_code == 302, r.content[-2000:]
    t = Tournament.objects.get()
    assert (t.game, t.table_size, t.placement_points, t.ruleset) == (
        "oddoneout", 3, [2, 1, 0], {"preset": "standard"})
    assert len(t.secret) == 32 and t.seed_commitment
