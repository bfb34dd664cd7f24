"""Every fixture game survives import → export → verify unchanged, and re-adjudicating
every fixture with the current engine gives the stored result: a rules change that
alters a stored result cannot pass unnoticed."""

from __future__ import annotations

import pytest

from replays import engine
from replays.models import Game

from .fixtures import is_refused, load_expected, load_log, load_record, record_names

NAMES = record_names()
PLAYABLE = [n for n in NAMES if not is_refused(n)]
REFUSED = [n for n in NAMES if is_refused(n)]


def test_there_are_fixtures_of_both_kinds():
    assert len(PLAYABLE) >= 2 and REFUSED


def _check_result(name: str, log: list[dict]) -> None:
    expected = load_expected(name)
    if expected:
        end = log[-1]
        assert end["type"] == "game_end"
        for key in ("scores", "medals", "places", "north"):
            if key in expected:
                assert end[key] == expected[key], key
        if "cellars" in expected:
            assert [sorted(c) for c in end["cellars"]] == [sorted(c) for c in expected["cellars"]]
    stored = load_log(name)
    if stored is not None:
        assert log == stored, "the current engine changed this fixture's adjudicated log"


@pytest.mark.parametrize("name", PLAYABLE)
def test_current_engine_gives_the_stored_result(name):
    _check_result(name, engine.adjudicate(load_record(name)))


@pytest.mark.django_db
@pytest.mark.parametrize("name", PLAYABLE)
def test_import_export_verify_round_trip(api, name):
    r = api.post("/api/games/import/", load_record(name), format="json")
    assert r.status_code == 201, r.content
    gid = r.json()["game"]["id"]
    log = api.get(f"/api/games/{gid}/events/").json()["events"]
    _check_result(name, log)
    exported = api.get(f"/api/games/{gid}/record/").json()
    assert exported["format"] == "kolkhoz-record/1"
    report = api.get(f"/api/games/{gid}/verify/").json()
    assert report["ok"], report
    # the exported record imports to the very same log
    r2 = api.post("/api/games/import/", exported, format="json")
    assert r2.status_code == 201, r2.content
    gid2 = r2.json()["game"]["id"]
    assert api.get(f"/api/games/{gid2}/events/").json()["events"] == log
    assert api.get(f"/api/games/{gid2}/record/").json() == exported
    assert api.get(f"/api/games/{gid2}/verify/").json()["ok"]


@pytest.mark.django_db
@pytest.mark.parametrize("name", REFUSED)
def test_a_refused_record_is_422_with_the_engines_error_and_nothing_stored(api, name):
    expected = load_expected(name)["error"]
    r = api.post("/api/games/import/", load_record(name), format="json")
    assert r.status_code == 422, r.content
    error = r.json()["error"]
    assert error["rule"] == expected["rule"]
    assert error["input"] == expected["input"]
    assert Game.objects.count() == 0
