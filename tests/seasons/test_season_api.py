"""The seasons API: reads are public, opening and closing are the organisers' (as every
league write), every refusal is a 4xx with a code and stores nothing, and the organiser's
seed never shows.

Given a league and 8 bots / when an organiser opens a season of two divisions, the
divisions play and the organiser closes it / then the API shows the divisions with each
member's seed, rank and (projected, then recorded) movement, the movements, and the next
season."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import Group, User
from rest_framework.test import APIClient

from seasons.models import Division, Movement, SeasonPlan
from tournaments.models import Season, Tournament

from .helpers import FAST, ONE_YEAR, bots, league, play_season

pytestmark = pytest.mark.django_db
SEED = "hush-seed-42"


def client(name: str | None = None, group: str | None = None) -> APIClient:
    c = APIClient()
    if name:
        user = User.objects.create_user(name, password="pw")
        if group:
            user.groups.add(Group.objects.get_or_create(name=group)[0])
        c.force_authenticate(user)
    return c


def stored() -> tuple[int, ...]:
    return (Season.objects.count(), Tournament.objects.count(), Division.objects.count(),
            Movement.objects.count(), SeasonPlan.objects.count())


def body(players, **extra):
    return {"players": [p.name for p in players], "divisions": 2, "seed": SEED, **FAST,
            **extra}


def test_open_play_close_through_the_api():
    lg = league("api")
    players = bots("api", 8)
    org = client("org", "organisers")
    url = f"/api/leagues/{lg.pk}/seasons/"
    r = org.post(url, body(players), format="json")
    assert r.status_code == 201, r.content
    season = r.json()
    assert (season["number"], season["status"], season["promote"], season["relegate"]) == \
        (1, "open", 1, 1)
    assert [d["size"] for d in season["divisions"]] == [4, 4]
    assert [m["player"] for m in season["divisions"][0]["members"]] == \
        [p.name for p in players[:4]]
    assert [m["seed"] for m in season["divisions"][1]["members"]] == [1, 2, 3, 4]
    assert all(m["movement"] is None and m["ordinal"] is None
               for d in season["divisions"] for m in d["members"])
    assert "seed" not in season["settings"] and SEED not in json.dumps(season)
    assert season["settings"]["ruleset"] == ONE_YEAR

    listed = client().get(url).json()
    assert listed["count"] == 1 and listed["results"][0]["number"] == 1
    detail_url = f"{url}1/"
    assert client().get(detail_url).json()["divisions"] == season["divisions"]

    # nobody may close it before its divisions have finished
    r = org.post(f"{detail_url}close/", {}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "season_unfinished"
    assert r.json()["error"]["divisions"] == [1, 2]

    play_season(Season.objects.get(league=lg, number=1))
    view = client().get(detail_url).json()
    projected = {m["player"]: m["movement"] for d in view["divisions"] for m in d["members"]}
    assert all(mv["projected"] for mv in projected.values())
    assert sorted(mv["reason"] for mv in projected.values()) == \
        ["promoted", "relegated"] + ["stayed"] * 6
    assert SEED not in json.dumps(view)

    r = org.post(f"{detail_url}close/", {}, format="json")
    assert r.status_code == 200, r.content
    closed, following = r.json()["closed"], r.json()["next"]
    assert closed["status"] == "closed" and closed["next"] == 2 and following["number"] == 2
    assert following["previous"] == 1
    recorded = {m["player"]: m["movement"] for d in closed["divisions"] for m in d["members"]}
    # the close followed the projection of the same final standings
    assert {p: (m["reason"], m["to_division"]) for p, m in recorded.items()} == \
        {p: (m["reason"], m["to_division"]) for p, m in projected.items()}
    assert not any(m["projected"] for m in recorded.values())
    assert len(closed["movements"]) == 8
    up = next(m for m in closed["movements"] if m["reason"] == "promoted")
    assert (up["from_division"], up["to_division"]) == (2, 1)
    assert up["player"] in [m["player"] for m in following["divisions"][0]["members"]]
    assert all(m["rank"] is not None for d in closed["divisions"] for m in d["members"])

    # retries change nothing
    before = stored()
    again = org.post(f"{detail_url}close/", {}, format="json")
    assert again.status_code == 200 and again.json()["next"]["id"] == following["id"]
    nxt = org.post(f"{detail_url}next/", {}, format="json")
    assert nxt.status_code == 201 and nxt.json()["id"] == following["id"]
    assert stored() == before
    assert client().get(url).json()["count"] == 2


def test_only_organisers_write():
    lg = league("auth")
    players = bots("auth", 8)
    url = f"/api/leagues/{lg.pk}/seasons/"
    before = stored()
    assert client().post(url, body(players), format="json").status_code in (401, 403)
    r = client("someone").post(url, body(players), format="json")
    assert r.status_code == 403
    staff = User.objects.create_user("staffer", password="pw", is_staff=True)
    basic = APIClient()
    basic.credentials(HTTP_AUTHORIZATION="Basic c3RhZmZlcjp3cm9uZw==")  # wrong password
    # (the session comes first, so DRF answers 403 rather than 401, as for every league write)
    assert basic.post(url, body(players), format="json").status_code in (401, 403)
    assert stored() == before
    c = APIClient()
    c.force_authenticate(staff)
    assert c.post(url, body(players), format="json").status_code == 201


@pytest.mark.parametrize("change, status, code", [
    ({"players": ["nobody-at-all"]}, 400, "unknown_player"),
    ({"divisions": None}, 400, "bad_divisions"),
    ({"division_size": 4}, 400, "bad_divisions"),
    ({"divisions": 3}, 400, "division_too_small"),
    ({"promote": 3, "relegate": 2}, 400, "bad_movement"),
    ({"promote": -1}, 400, "malformed"),
    ({"players": "auth-1"}, 400, "malformed"),
    ({"format": "knockout"}, 400, "malformed"),
    ({"table_size": 6}, 400, "bad_table_size"),
    ({"format": "series", "divisions": 1}, 400, "bad_entries"),
    ({"ruleset": {"preset": "no-such-preset"}}, 400, None),
    ({"placement_points": [1, 2, 3, 4]}, 400, "bad_placement_points"),
    ({"number": 0}, 400, "malformed"),
])
def test_bad_openings_are_4xx_with_a_code_and_store_nothing(change, status, code):
    lg = league("bad")
    players = bots("bad", 8)
    data = body(players)
    data.update(change)
    before = stored()
    r = client("org", "organisers").post(f"/api/leagues/{lg.pk}/seasons/", data,
                                         format="json")
    assert r.status_code == status, r.content
    assert r.json()["error"]["code"] == code if code else r.json()["error"]["code"]
    assert stored() == before


def test_conflicts_and_unknowns():
    lg = league("conflict")
    org = client("org", "organisers")
    url = f"/api/leagues/{lg.pk}/seasons/"
    assert org.post(url, body(bots("c1", 8), start=False), format="json").status_code == 201
    before = stored()
    r = org.post(url, body(bots("c2", 8)), format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "season_in_progress"
    r = org.post(f"{url}1/next/", {}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "season_not_closed"
    r = org.post(f"{url}1/close/", {"joining": ["ghost"]}, format="json")
    assert r.status_code == 400 and r.json()["error"]["code"] == "unknown_player"
    assert stored() == before
    assert client().get(f"{url}9/").status_code == 404
    assert client().get("/api/leagues/987654/seasons/").status_code == 404
    assert org.post(f"{url}9/close/", {}, format="json").status_code == 404
    assert org.post("/api/leagues/987654/seasons/", body(bots("c3", 8)),
                    format="json").status_code == 404
    assert stored() == before
