"""Accounts: register, sign in (API and web), who am I, entering a tournament; a person's
seat in a scheduled table is linked to their account."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import Entry, Player, PlayerKind, Table

from .helpers import PASSWORD, make_mixed_tournament, make_person, person_seat, the_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


def test_register_sign_in_me_and_sign_out():
    api = APIClient()
    r = api.post("/api/accounts/register/", {"username": "pyotr", "password": PASSWORD},
                 format="json")
    assert r.status_code == 201, r.content
    body = r.json()
    assert body["user"]["username"] == "pyotr" and body["player"]["name"] == "pyotr"
    assert Player.objects.get(name="pyotr").kind == PlayerKind.HUMAN
    assert api.get("/api/accounts/me/").json()["user"]["username"] == "pyotr"
    csrf = body["csrf_token"]
    assert api.post("/api/accounts/logout/", HTTP_X_CSRFTOKEN=csrf).status_code == 204
    assert api.get("/api/accounts/me/").status_code == 401
    r = api.post("/api/accounts/login/", {"username": "pyotr", "password": "wrong-one-123"},
                 format="json")
    assert r.status_code == 401 and r.json()["error"]["code"] == "bad_credentials"
    r = api.post("/api/accounts/login/", {"username": "pyotr", "password": PASSWORD},
                 format="json")
    assert r.status_code == 200 and r.json()["player"]["name"] == "pyotr"


@pytest.mark.parametrize("body, code", [
    ({"username": "x", "password": PASSWORD}, "malformed"),
    ({"username": "ok-name", "password": "123"}, "weak_password"),
    ({"username": "bad name!", "password": PASSWORD}, "malformed"),
    ({}, "malformed"),
])
def test_register_errors(body, code):
    r = APIClient().post("/api/accounts/register/", body, format="json")
    assert r.status_code == 400 and r.json()["error"]["code"] == code


def test_a_name_is_taken_by_an_account_or_a_bot():
    make_person("anya")
    services.player_bot_get_or_create(name="robot", bot_name="random")
    for name in ("anya", "ANYA", "robot"):
        r = APIClient().post("/api/accounts/register/", {"username": name, "password": PASSWORD},
                             format="json")
        assert r.status_code == 400 and r.json()["error"]["code"] == "name_taken"


def test_entering_a_tournament_and_being_seated():
    person = make_person("vera")
    league = services.league_create(name="Open", slug="open")
    bots = [services.player_bot_get_or_create(name=f"b{i}", bot_name="random") for i in range(4)]
    t = services.tournament_create(season=league.seasons.get(), name="Open", format="swiss",
                                   rounds=1, players=bots,
                                   ruleset={"preset": "kolkhoz", "options": {"years": 1}})
    api = APIClient()
    assert api.post("/api/accounts/entries/", {"tournament": t.pk}, format="json"
                    ).status_code == 401
    api.force_login(person)
    r = api.post("/api/accounts/entries/", {"tournament": t.pk}, format="json")
    assert r.status_code == 201 and r.json()["player"] == "vera"
    r = api.post("/api/accounts/entries/", {"tournament": t.pk}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "already_entered"
    assert api.post("/api/accounts/entries/", {"tournament": 999999}, format="json"
                    ).status_code == 404
    assert Entry.objects.filter(tournament=t).count() == 5
    services.tournament_start(tournament=t)
    r = api.post("/api/accounts/entries/", {"tournament": t.pk}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_open"
    table = Table.objects.get(round__tournament=t, seats__player__user=person)
    seat = person_seat(table, person)
    me = api.get("/api/accounts/me/").json()
    assert me["seats"] == [{"game": str(table.game.pk), "seat": seat, "status": "live",
                            "your_turn": True, "head_seq": table.game.__class__.objects.get(
                                pk=table.game.pk).head_seq,
                            "play_url": f"/play/{table.game.pk}/"}]


def test_web_sign_in_page_leads_to_the_play_page():
    person = make_person()
    t = make_mixed_tournament(person=person, seed="web")
    services.tournament_start(tournament=t)
    table = the_table(t)
    client = APIClient()
    page = client.get(f"/play/{table.game.pk}/")
    assert page.status_code == 200 and b"sign in" in page.content
    login = client.get("/accounts/login/")
    assert login.status_code == 200
    r = client.post("/accounts/login/", {"username": person.username, "password": PASSWORD,
                                         "next": f"/play/{table.game.pk}/"})
    assert r.status_code == 302 and r["Location"] == f"/play/{table.game.pk}/"
    page = client.get(f"/play/{table.game.pk}/")
    assert f'data-game="{table.game.pk}"'.encode() in page.content
    assert b"frontend/play.js" in page.content
    assert client.get("/play/not-a-uuid/").status_code == 404
