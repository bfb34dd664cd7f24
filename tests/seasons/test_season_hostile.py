"""Hostile input to the seasons API and page: wrong types, huge and negative numbers,
null characters, non-JSON bodies, unknown leagues and seasons (ids beyond a PostgreSQL
integer), a seat token for a write. Every one is a 4xx with a code that stores nothing;
never a 500."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from .helpers import bots, league
from .test_season_api import body, client, stored

pytestmark = pytest.mark.django_db

BIG = 99999999999


CHANGES = [
    {"seed": "a\x00b"},
    {"ruleset": {"preset": "kolkhoz\u0000"}},
    {"ruleset": {"preset": "kolkhoz", "options": {"years": 1, "x\u0000": 1}}},
    {"ruleset": {"preset": "kolkhoz", "options": {"years": "1"}}},
    {"ruleset": {"preset": "kolkhoz", "options": {"years": 10**30}}},
    {"ruleset": {"preset": "kolkhoz", "options": {"years": 1.5}}},
    {"ruleset": [1, 2]},
    {"ruleset": "kolkhoz"},
    {"ruleset": 5},
    {"placement_points": ["a", "b", "c", "d"]},
    {"placement_points": [1e308, 1e308, 0, 0]},
    {"placement_points": [10**400, 2, 1, 0]},
    {"placement_points": [None, None, None, None]},
    {"placement_points": [[1], {}, 1, 0]},
    {"placement_points": [3, 2, 1, 0, 0, 0]},
    {"placement_points": [-3, 2, 1, 0]},
    {"placement_points": [True, False, 0, 0]},
    {"starts_at": "9999-12-31T23:59:59-05:00"},
    {"starts_at": "0001-01-01T00:00:00+05:00"},
    {"starts_at": "not a date"},
    {"number": BIG},
    {"number": "one"},
    {"number": 1.5},
    {"divisions": 10**20},
    {"divisions": True},
    {"division_size": 0},
    {"promote": 10**20},
    {"rounds": 0},
    {"rounds": 10**9},
    {"table_size": 0},
    {"table_size": 3},
    {"fill_policy": "x"},
    {"start": "maybe"},
    {"players": []},
    {"players": [None]},
    {"players": [1, 2]},
    {"players": ["a\x00"]},
    {"players": [{"name": "x"}]},
    {"format": "round_robin", "rounds": 50},
    {"format": None},
    {"seed": ""},
    {"seed": "x" * 41},
]


def test_every_hostile_opening_is_a_4xx_with_a_code_and_stores_nothing():
    lg = league("probe")
    players = bots("probe", 8)
    org = client("org", "organisers")
    before = stored()
    for change in CHANGES:
        data = body(players, start=False)
        data.update(change)
        r = org.post(f"/api/leagues/{lg.pk}/seasons/", data, format="json")
        assert 400 <= r.status_code < 500, (change, r.status_code, r.content[:300])
        assert r.json()["error"]["code"], change
        assert stored() == before, change


@pytest.mark.parametrize("raw, ctype", [
    (b"{not json", "application/json"),
    (b"[1,2]", "application/json"),
    (b"null", "application/json"),
    (b"\"x\"", "application/json"),
    (b"players=a", "text/plain"),
    (b"\xff\xfe", "application/json"),
    (b"players=a&divisions=2", "application/x-www-form-urlencoded"),
    (b"", "application/json"),
])
def test_non_json(raw, ctype):
    lg = league("raw")
    org = client("org", "organisers")
    before = stored()
    for url in (f"/api/leagues/{lg.pk}/seasons/", f"/api/leagues/{lg.pk}/seasons/1/close/",
                f"/api/leagues/{lg.pk}/seasons/1/next/"):
        r = org.generic("POST", url, raw, content_type=ctype)
        assert r.status_code < 500
        assert r.status_code >= 400
        assert r.json()["error"]["code"]
    assert stored() == before


def test_unknowns_and_big_numbers():
    lg = league("big")
    c = APIClient()
    for url in (f"/api/leagues/{BIG}/seasons/", f"/api/leagues/{lg.pk}/seasons/{BIG}/",
                f"/api/leagues/{lg.pk}/seasons/0/", f"/leagues/{lg.pk}/seasons/{BIG}/",
                f"/leagues/{BIG}/seasons/1/", f"/leagues/{lg.pk}/seasons/1/",
                f"/leagues/{lg.pk}/seasons/0/", f"/api/tournaments/{BIG}/archive/",
                f"/api/tournaments/{BIG}/standings/"):
        r = c.get(url)
        assert r.status_code in (404,), (url, r.status_code)
    org = client("org", "organisers")
    for url in (f"/api/leagues/{lg.pk}/seasons/{BIG}/close/",
                f"/api/leagues/{lg.pk}/seasons/{BIG}/next/"):
        r = org.post(url, {}, format="json")
        assert r.status_code == 404, (url, r.status_code)


@pytest.mark.parametrize("payload", [
    {"open_next": "perhaps"}, {"joining": "x"}, {"joining": [None]}, {"joining": [1]},
    {"joining": ["a\x00"]}, {"open_next": None}, {"joining": ["probe2-1", "probe2-1"]},
])
def test_close_probe(payload):
    lg = league("cl")
    players = bots("probe2", 8)
    org = client("org", "organisers")
    assert org.post(f"/api/leagues/{lg.pk}/seasons/", body(players, start=False),
                    format="json").status_code == 201
    before = stored()
    for tail in ("close/", "next/"):
        r = org.post(f"/api/leagues/{lg.pk}/seasons/1/{tail}", payload, format="json")
        assert 400 <= r.status_code < 500
        assert r.json()["error"]["code"]
    assert stored() == before


def test_a_seat_token_or_a_plain_user_cannot_write():
    lg = league("tok")
    players = bots("tok", 8)
    before = stored()
    for c in (APIClient(), client("plain")):
        assert c.post(f"/api/leagues/{lg.pk}/seasons/", body(players),
                      format="json").status_code in (401, 403)
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION="Bearer not-a-real-seat-token")
    r = c.post(f"/api/leagues/{lg.pk}/seasons/", body(players), format="json")
    assert r.status_code in (401, 403) and r.json()["error"]["code"]
    assert stored() == before
