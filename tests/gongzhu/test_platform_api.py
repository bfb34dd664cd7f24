"""Gong Zhu on the platform through the API: the catalog, importing and exporting a
record, verify, explanations, what-if under another option, and a stand-alone game of
a person and three bots (bots move through Celery) to the end.

Given the worked examples and new games / when the API is used as a client would / then
the game is stored as ``gongzhu``, its record round-trips, it verifies, every clause it
cites links to docs/gongzhu/rules.md, illegal inputs are refused with the clause id and
change nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from replays.models import Game, GameEvent
from replays.selectors import game_verify

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).parent / "examples"


def _record(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def _bearer(token: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def test_the_catalog_lists_gong_zhu(api):
    games = {g["id"]: g for g in api.get("/api/catalog/").json()}
    gz = games["gongzhu"]
    assert gz["name"] == "Gong Zhu"
    assert gz["record_format"] == "gongzhu-record/1"
    assert gz["seats"] == {"min": 4, "max": 4}
    assert gz["presets"] == {"standard": {}, "short": {"end_score": -500},
                             "passing": {"passing": True}, "exposing": {"exposing": True},
                             "all_at_once": {"all_at_once": True}}
    names = {o["name"] for o in gz["options"]}
    assert {"end_score", "moon_pig", "pass_to", "expose_hold", "top_tie"} <= names
    assert {"random", "heuristic"} <= set(gz["bots"])


def test_an_imported_record_verifies_exports_and_explains(api):
    rec = _record("pig_hunt")
    r = api.post("/api/games/import/", rec, format="json")
    assert r.status_code == 201, r.content
    gid = r.json()["game"]["id"] if "game" in r.json() else r.json()["id"]
    game = Game.objects.get(pk=gid)
    assert game.game == "gongzhu" and game.status == "finished"
    assert game_verify(game=game)["ok"]
    exported = api.get(f"/api/games/{gid}/record/").json()
    assert exported["format"] == "gongzhu-record/1"
    assert exported["inputs"] == rec["inputs"]
    expected_end = json.loads((EXAMPLES / "pig_hunt.expected.json").read_text())
    last = GameEvent.objects.filter(game=game).order_by("-seq").first()
    assert last is not None and {k: last.payload[k] for k in expected_end} == expected_end
    frames = api.get(f"/api/games/{gid}/frames/").json()
    anchors = frames["clauses"]
    assert anchors["score.doubler"] == "docs/gongzhu/rules.md#score.doubler"
    assert all(a == f"docs/gongzhu/rules.md#{k}" for k, a in anchors.items())
    words = api.get(f"/api/games/{gid}/explain/").json()
    assert "doubler" in json.dumps(words)


def test_whatif_under_another_option(api):
    gid = api.post("/api/games/import/", _record("pig_hunt"), format="json").json()
    gid = gid["game"]["id"] if "game" in gid else gid["id"]
    # with exposing on, an exposing decision is due before the first play
    r = api.post(f"/api/games/{gid}/whatif/", {"options": {"exposing": True}}, format="json")
    assert r.status_code == 200, r.content
    assert r.json()["illegal"]["code"] == "unexpected_input"
    assert r.json()["illegal"]["rule"] == "expose.when"
    # nobody took all the hearts: how the pig turns with them changes nothing
    r = api.post(f"/api/games/{gid}/whatif/", {"options": {"moon_pig": "flips"}}, format="json")
    assert r.json()["same"] is True
    # a longer game: the record's inputs end before it does
    r = api.post(f"/api/games/{gid}/whatif/", {"options": {"end_score": -1000}}, format="json")
    assert r.json()["illegal"]["code"] == "incomplete"
    r = api.post(f"/api/games/{gid}/whatif/", {"options": {"end_score": 5}}, format="json")
    assert r.status_code == 422 and r.json()["error"]["rule"] == "ruleset"


def test_an_illegal_record_is_refused_with_its_clause_and_nothing_is_stored(api):
    before = Game.objects.count()
    r = api.post("/api/games/import/", _record("illegal_revoke"), format="json")
    assert r.status_code == 422, r.content
    err = r.json()["error"]
    assert err["code"] == "revoke" and err["rule"] == "trick.follow"
    assert Game.objects.count() == before


def _choose(body: dict[str, Any], seat: int) -> dict[str, Any]:
    """The first legal input of the legal summary (a pass: the first three options)."""
    if body["inputs"]:
        return body["inputs"][0]
    if body["kind"] == "pass":
        return {"type": "pass", "seat": seat, "cards": body["options"][:3]}
    return {"type": "expose", "seat": seat, "cards": []}


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_celery")
def test_a_person_and_three_bots_play_a_whole_game():
    api = APIClient()
    r = api.post("/api/games/", {"game": "gongzhu", "seats": ["Me", "B1", "B2", "B3"],
                                 "seed": "gz-bots", "first_planner": 3,
                                 "ruleset": {"preset": "passing",
                                             "options": {"exposing": True,
                                                         "end_score": -200}},
                                 "bots": ["", "heuristic", "random", "heuristic"]},
                 format="json")
    assert r.status_code == 201, r.content
    gid, token = r.json()["game"]["id"], r.json()["seat_tokens"][0]
    first = True
    for _ in range(800):
        body = api.get(f"/api/games/{gid}/legal/", **_bearer(token)).json()
        if body["finished"]:
            break
        assert body["yours"], body
        if first:  # a bad pass is refused with its clause and changes nothing
            assert body["kind"] == "pass" and body["pick"] == {"min": 3, "max": 3}
            bad = {"type": "pass", "seat": 0, "cards": body["options"][:2]}
            r = api.post(f"/api/games/{gid}/commands/",
                         {"expected_seq": body["head_seq"], "input": bad}, format="json",
                         **_bearer(token))
            assert r.status_code == 422 and r.json()["error"]["rule"] == "pass.cards"
            assert Game.objects.get(pk=gid).head_seq == body["head_seq"]
            first = False
        r = api.post(f"/api/games/{gid}/commands/",
                     {"expected_seq": body["head_seq"], "input": _choose(body, 0)},
                     format="json", **_bearer(token))
        assert r.status_code == 201, r.content
    else:
        pytest.fail("the game did not end")
    game = Game.objects.get(pk=gid)
    assert game.game == "gongzhu" and game.status == "finished"
    assert game_verify(game=game)["ok"]
    actors = set(GameEvent.objects.filter(game=game).values_list("actor", flat=True))
    assert {"bot:heuristic", "bot:random"} <= actors
