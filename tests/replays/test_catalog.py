"""Game knows its game (issue 13): ``Game.game`` set at create and import, the ``game``
list filter, unknown games and record formats refused, and ``GET /api/catalog/`` listing
every registered game — Kolkhoz and a fake game registered only here."""

from __future__ import annotations

import pytest

from gamekit import registry
from replays import engine
from replays.models import Game, GameEvent
from tests.core.fake_game import ROUNDS, OddOneOut

from .helpers import SEATS, bot_log

pytestmark = pytest.mark.django_db

FAKE_SEATS = ["ada", "bo", "cy"]


def test_catalog_lists_kolkhoz_with_presets_options_bots_and_versions(api):
    r = api.get("/api/catalog/")
    assert r.status_code == 200
    kolkhoz = next(g for g in r.json() if g["id"] == "kolkhoz")
    assert kolkhoz["id"] == "kolkhoz" and kolkhoz["name"] == "Kolkhoz"
    assert kolkhoz["seats"] == {"min": 4, "max": 4}
    assert kolkhoz["record_format"] == "kolkhoz-record/1"
    assert {"0.1.0", "0.2.0"} <= set(kolkhoz["engine_versions"])
    assert kolkhoz["engine_versions"][-1] == kolkhoz["engine_version"]
    assert kolkhoz["rules_version"]
    assert set(kolkhoz["presets"]) == {"kolkhoz", "kolkhoznik", "zone"}
    assert {"random", "heuristic", "ismcts"} <= set(kolkhoz["bots"])
    options = {o["name"]: o for o in kolkhoz["options"]}
    assert options and all(o["default"] in o["values"] for o in options.values())
    # every option a preset sets is one of the listed options, with a listed value
    for preset in kolkhoz["presets"].values():
        for name, value in preset.items():
            assert value in options[name]["values"], (name, value)


def test_catalog_lists_a_game_registered_for_the_test(api):
    with registry.registered(OddOneOut()):
        games = {g["id"]: g for g in api.get("/api/catalog/").json()}
    assert set(games) == {*registry.BUILTIN, "oddoneout"}
    fake = games["oddoneout"]
    assert fake == {"id": "oddoneout", "name": "Odd one out", "seats": {"min": 3, "max": 3},
                    "record_format": "oddoneout-record/1", "engine_version": "1.0.0",
                    "rules_version": "fake@1", "engine_versions": ["1.0.0"],
                    "presets": {"standard": {}},
                    "options": [{"name": "rounds", "values": [ROUNDS], "default": ROUNDS}],
                    "bots": fake["bots"]}
    assert {"random", "heuristic"} <= set(fake["bots"])
    # and it is gone again once unregistered
    assert [g["id"] for g in api.get("/api/catalog/").json()] == sorted(registry.BUILTIN)


def test_the_game_field_is_set_at_creation_and_filters_the_list(api):
    with registry.registered(OddOneOut()):
        r = api.post("/api/games/", {"seats": SEATS}, format="json")
        assert r.status_code == 201, r.content
        assert r.json()["game"]["game"] == "kolkhoz"
        kolkhoz_id = r.json()["game"]["id"]
        r = api.post("/api/games/", {"game": "oddoneout", "seats": FAKE_SEATS}, format="json")
        assert r.status_code == 201, r.content
        fake_id = r.json()["game"]["id"]
        assert r.json()["game"]["game"] == "oddoneout"
        # the fake game's chance (its opening bonus) was dealt by its own engine
        assert Game.objects.get(pk=fake_id).head_seq >= 2
        assert api.get(f"/api/games/{fake_id}/").json()["game"] == "oddoneout"
        assert [g["id"] for g in api.get("/api/games/?game=oddoneout").json()["results"]] == [
            fake_id]
        assert [g["id"] for g in api.get("/api/games/?game=kolkhoz").json()["results"]] == [
            kolkhoz_id]
        assert api.get("/api/games/?game=chess").json()["count"] == 0
    assert Game.objects.get(pk=kolkhoz_id).game == "kolkhoz"


@pytest.mark.parametrize("bots", [None, ["random", "", "random", "random"]])
def test_creating_an_unknown_game_is_refused_and_stores_nothing(api, bots):
    body = {"game": "chess", "seats": SEATS, **({"bots": bots} if bots else {})}
    r = api.post("/api/games/", body, format="json")
    assert r.status_code == 400
    error = r.json()["error"]
    assert error["code"] == "unknown_game"
    assert "'chess'" in error["message"] and "kolkhoz" in error["message"]
    assert Game.objects.count() == 0 and GameEvent.objects.count() == 0


@pytest.mark.parametrize("fmt", ["chess-record/1", None, 7])
def test_importing_an_unknown_record_format_is_refused(api, fmt):
    record = engine.to_record(bot_log(), seed="test-seed")
    record["format"] = fmt
    r = api.post("/api/games/import/", record, format="json")
    assert r.status_code == 400
    error = r.json()["error"]
    assert error["code"] == "unknown_format" and "kolkhoz-record/1" in error["message"]
    assert Game.objects.count() == 0 and GameEvent.objects.count() == 0


def test_an_imported_record_names_its_game_and_exports_in_its_format(api):
    r = api.post("/api/games/import/", engine.to_record(bot_log(), seed="test-seed"),
                 format="json")
    assert r.status_code == 201, r.content
    assert r.json()["game"]["game"] == "kolkhoz"
    with registry.registered(OddOneOut()):
        events = engine.play_bot_game(preset=None, seats=FAKE_SEATS, seed="fake-seed",
                                      game="oddoneout")
        record = engine.to_record(events, seed="fake-seed", game="oddoneout")
        r = api.post("/api/games/import/", record, format="json")
        assert r.status_code == 201, r.content
        game_id = r.json()["game"]["id"]
        assert r.json()["game"]["game"] == "oddoneout"
        exported = api.get(f"/api/games/{game_id}/record/").json()
    assert exported["format"] == "oddoneout-record/1"
    assert exported["inputs"] == record["inputs"]


def test_a_stored_game_is_verified_and_explained_by_its_own_game(api):
    # given a finished fake game imported (its format names it)
    with registry.registered(OddOneOut()):
        events = engine.play_bot_game(preset=None, seats=FAKE_SEATS, seed="fake-seed",
                                      game="oddoneout")
        record = engine.to_record(events, seed="fake-seed", game="oddoneout")
        game_id = api.post("/api/games/import/", record, format="json").json()["game"]["id"]
        # when it is verified and explained
        report = api.get(f"/api/games/{game_id}/verify/").json()
        explained = api.get(f"/api/games/{game_id}/explain/")
    # then its own engine re-adjudicates it (Kolkhoz's would refuse its log) ...
    assert report["ok"] and report["adjudication"]["ok"], report
    # ... its chance is not checked (the fake game offers no chance checks) ...
    assert report["deals"]["checked"] is False
    # ... and its explanations are its own
    assert explained.status_code == 200
    texts = [e["text"] for e in explained.json()["explanations"]]
    assert texts == [f"{e['type']} ({', '.join(e.get('rules') or ())})." for e in events]
