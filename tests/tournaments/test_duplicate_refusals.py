"""What a duplicate tournament refuses, with its code, through the services, the API (400,
nothing stored), the start (entries added in the admin since) and the admin's form: a
person in a field of one table a round (played as boards: the same deal again), a game
that does not deal from its seed alone, smaller remainder tables, a duplicate flag that
is no boolean; and what it accepts — the same field with house bots making two tables."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from gamekit import registry
from tests.core.fake_game import OddOneOut
from tests.humans.helpers import make_person
from tournaments import services
from tournaments.errors import LeagueError
from tournaments.models import Entry, Tournament, TournamentStatus

from .any_game_helpers import league_of

pytestmark = pytest.mark.django_db

KOLKHOZ_1Y = {"preset": "kolkhoz", "options": {"years": 1}}


class NoSeedDeals(OddOneOut):
    """The fake game, saying its chance outcomes do not come from its seed alone."""

    id = "noseeddeals"
    name = "No seed deals"
    deals_from_seed = False


def _bots(tag: str, n: int) -> list:
    return [services.player_bot_get_or_create(name=f"{tag}-{i}", bot_name="random")
            for i in range(n)]


def _create(players, **kw) -> Tournament:
    league = services.league_create(name=f"Refusals {len(players)} {kw}",
                                    slug=f"ref-{Tournament.objects.count()}-{len(players)}",
                                    ruleset=KOLKHOZ_1Y)
    args = {"season": league.seasons.get(), "name": "D", "format": "swiss", "rounds": 2,
            "players": players, "ruleset": KOLKHOZ_1Y, "duplicate": True}
    return services.tournament_create(**{**args, **kw})


@pytest.mark.parametrize(("fmt", "n_bots", "fill"), [
    ("swiss", 3, "bots"),   # four entrants: one table
    ("series", 3, "bots"),  # a match series is one table
    ("swiss", 5, "bye"),    # six entrants with byes: one table, two byes
])
def test_a_person_in_a_field_of_one_table_is_refused(fmt, n_bots, fill) -> None:
    person = make_person(f"dup-ref-{fmt}-{fill}")
    before = Tournament.objects.count()
    with pytest.raises(LeagueError) as e:
        _create([person.kolkhoz_player, *_bots(f"ref-{fmt}-{fill}", n_bots)], format=fmt,
                fill_policy=fill)
    assert e.value.code == "duplicate_people_single_table"
    assert person.username in e.value.message and e.value.extra["people"] == [person.username]
    assert Tournament.objects.count() == before


def test_the_same_field_with_house_bots_plays_two_tables() -> None:
    person = make_person("dup-ref-two")
    t = _create([person.kolkhoz_player, *_bots("ref-two", 5)], fill_policy="bots")
    assert t.duplicate and t.status == TournamentStatus.DRAFT


def test_a_field_of_bots_alone_may_play_one_table_as_boards() -> None:
    assert _create(_bots("ref-boards", 4)).duplicate


def test_a_game_that_does_not_deal_from_its_seed_is_refused() -> None:
    with registry.registered(NoSeedDeals()):
        league, players = league_of("noseeddeals", n=6, tag="ref")
        with pytest.raises(LeagueError) as e:
            services.tournament_create(season=league.seasons.get(), name="N",
                                       format="swiss", rounds=1, players=players,
                                       duplicate=True)
        assert e.value.code == "duplicate_unsupported"
        plain = services.tournament_create(season=league.seasons.get(), name="P",
                                           format="swiss", rounds=1, players=players)
        assert plain.duplicate is False


def test_duplicate_tables_are_full_tables_only() -> None:
    league, players = league_of("korova", n=9, tag="ref-rr")  # 2 to 10 seats
    args = {"season": league.seasons.get(), "name": "RR", "format": "round-robin",
            "rounds": 2, "players": players, "game": "korova", "table_size": 4}
    assert not services.tournament_create(**args).duplicate  # plain: tables of 3, 3, 3
    with pytest.raises(LeagueError) as e:
        services.tournament_create(**args, duplicate=True)
    assert e.value.code == "bad_entries"
    with pytest.raises(LeagueError) as e:
        services.tournament_create(**{**args, "format": "swiss"}, duplicate="yes")
    assert e.value.code == "bad_format"


def test_a_start_refuses_a_person_entered_since_into_a_field_of_one_table() -> None:
    t = _create(_bots("ref-start", 4), fill_policy="bye")
    person = make_person("dup-ref-start")
    Entry.objects.create(tournament=t, player=person.kolkhoz_player)  # as the admin would
    with pytest.raises(LeagueError) as e:
        services.tournament_start(tournament=t)
    assert e.value.code == "duplicate_people_single_table"
    t.refresh_from_db()
    assert t.status == TournamentStatus.DRAFT and not t.round_set.exists()


def test_the_api_refuses_with_codes_and_stores_nothing(api) -> None:
    User.objects.create_user("org-dup", password="pw", is_staff=True)
    api.login(username="org-dup", password="pw")
    league = services.league_create(name="Dup API", slug="dup-api", ruleset=KOLKHOZ_1Y)
    person = make_person("dup-api-person")
    bots = _bots("dup-api", 3)
    body = {"league": league.pk, "name": "T", "format": "swiss", "rounds": 1,
            "players": [person.username, *(b.name for b in bots)], "duplicate": True}
    before = Tournament.objects.count()
    r = api.post("/api/tournaments/", body, format="json")
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "duplicate_people_single_table"
    r = api.post("/api/tournaments/", {**body, "duplicate": "maybe"}, format="json")
    assert r.status_code == 400 and r.json()["error"]["code"] == "malformed"
    assert "duplicate" in r.json()["error"]["details"]
    assert Tournament.objects.count() == before
    r = api.post("/api/tournaments/", {**body, "players": [b.name for b in bots] + [
        _bots("dup-api-more", 1)[0].name]}, format="json")
    assert r.status_code == 201 and r.json()["duplicate"] is True
    r = api.post("/api/tournaments/", {**body, "duplicate": False}, format="json")
    assert r.status_code == 201 and r.json()["duplicate"] is False


def test_the_admin_refuses_duplicate_for_a_game_without_seeded_deals() -> None:
    User.objects.create_superuser("admin-dup", password="pw")
    client = Client()
    client.login(username="admin-dup", password="pw")
    with registry.registered(NoSeedDeals()):
        league, _ = league_of("noseeddeals", n=0, tag="admin")
        data = {"season": league.seasons.get().pk, "name": "Admin D", "game": "noseeddeals",
                "table_size": 3, "format": "swiss", "rounds": 2, "ruleset": "{}",
                "seed": "1", "secret_from_round": 1, "status": "draft", "rated": "on",
                "placement_points": "[]", "fill_policy": "bots",
                "timeout_policy": "autopilot", "initial-table_size": 3, "duplicate": "on",
                "entries-TOTAL_FORMS": 0, "entries-INITIAL_FORMS": 0,
                "entries-MIN_NUM_FORMS": 0, "entries-MAX_NUM_FORMS": 1000}
        r = client.post("/admin/tournaments/tournament/add/", data)
        assert r.status_code == 200 and b"cannot be played duplicate" in r.content
        assert not Tournament.objects.filter(name="Admin D").exists()
        del data["duplicate"]
        r = client.post("/admin/tournaments/tournament/add/", data)
        assert r.status_code == 302
        assert Tournament.objects.get(name="Admin D").duplicate is False
