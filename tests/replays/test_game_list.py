"""The game list (``GET /api/games/``) the index page reads: every filter (game, status,
preset, player contains, tournament, date range), bad filter values as a clear 400 (never a
500), paging, and the winner column — never anything of a live game."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from django.utils import timezone

from replays.models import Game
from replays.services import game_append, game_import_record

from .helpers import SEATS, bot_log, stored_bot_game

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).resolve().parents[1] / "gongzhu" / "examples"


def ids(response) -> set[str]:
    assert response.status_code == 200, response.content
    return {g["id"] for g in response.json()["results"]}


@pytest.fixture
def games():
    """A finished Kolkhoz game, a live Zone game and a finished Gong Zhu game with
    other seat names, created on three different days."""
    finished = stored_bot_game("kolkhoz", "list-1").game
    live = stored_bot_game("zone", "list-2", upto=40).game
    record = json.loads((EXAMPLES / "pig_hunt.json").read_text(encoding="utf-8"))
    record["seats"] = ["Grusha", "Lev", "Masha", "Nina"]
    other = game_import_record(record=record).game
    for game, day in ((finished, 1), (live, 2), (other, 3)):
        Game.objects.filter(pk=game.pk).update(
            created_at=timezone.make_aware(dt.datetime(2026, 3, day, 12, 0)))
    return {"finished": str(finished.pk), "live": str(live.pk), "other": str(other.pk),
            "objects": (finished, live, other)}


def test_each_filter_narrows_the_list(api, games):
    everything = {games["finished"], games["live"], games["other"]}
    assert ids(api.get("/api/games/")) == everything
    assert ids(api.get("/api/games/?game=gongzhu")) == {games["other"]}
    assert ids(api.get("/api/games/?game=kolkhoz")) == {games["finished"], games["live"]}
    assert ids(api.get("/api/games/?game=chess")) == set()  # an id no game has: nothing
    assert ids(api.get("/api/games/?status=live")) == {games["live"]}
    assert ids(api.get("/api/games/?status=finished")) == {games["finished"], games["other"]}
    assert ids(api.get("/api/games/?preset=zone")) == {games["live"]}
    # player: part of a name, any case
    assert ids(api.get("/api/games/?player=ORI")) == {games["finished"], games["live"]}
    assert ids(api.get("/api/games/?player=ash")) == {games["other"]}
    assert ids(api.get("/api/games/?player=Nobody")) == set()
    assert ids(api.get("/api/games/?date_from=2026-03-02")) == {games["live"], games["other"]}
    assert ids(api.get("/api/games/?date_to=2026-03-02")) == {games["finished"], games["live"]}
    assert ids(api.get("/api/games/?date_from=2026-03-02&date_to=2026-03-02")) == {
        games["live"]}
    assert ids(api.get("/api/games/?status=finished&player=lev")) == {games["other"]}
    assert ids(api.get("/api/games/?status=live&game=gongzhu")) == set()


def test_the_tournament_filter_and_column(api, monkeypatch):
    monkeypatch.setattr("tournaments.dispatch.tables_enqueue", lambda ids: None)
    from tests.leagues.league_helpers import make_tournament
    from tournaments import services as league_services
    from tournaments.models import Table

    t = make_tournament(n=8, fmt="swiss", rounds=1, seed="list-t")
    league_services.tournament_start(tournament=t)
    other = stored_bot_game("kolkhoz", "list-outside").game
    tables = list(Table.objects.filter(round__tournament=t).exclude(game=None))
    assert len(tables) == 2
    listed = api.get(f"/api/games/?tournament={t.pk}").json()["results"]
    assert {g["id"] for g in listed} == {str(x.game_id) for x in tables}
    assert str(other.pk) not in {g["id"] for g in listed}
    by_id = {str(x.game_id): x for x in tables}
    for g in listed:
        assert g["tournament"] == {"id": t.pk, "name": t.name, "round": 1,
                                   "table": by_id[g["id"]].number}
    assert api.get(f"/api/games/?tournament={t.pk + 1000}").json()["count"] == 0
    outside = next(g for g in api.get("/api/games/").json()["results"]
                   if g["id"] == str(other.pk))
    assert outside["tournament"] is None


@pytest.mark.parametrize("query,field", [
    ("status=bogus", "status"), ("status=LIVE", "status"),
    ("game=Not%20a%20game!", "game"), ("game=" + "a" * 40, "game"),
    ("tournament=abc", "tournament"), ("tournament=1.5", "tournament"),
    ("tournament=0", "tournament"), ("tournament=-3", "tournament"),
    ("tournament=99999999999999999999999", "tournament"),
    ("date_from=2026-13-01", "date_from"), ("date_to=yesterday", "date_to"),
    ("date_from=2026-03-05&date_to=2026-03-01", "date_to"),
    ("player=%00", "player"), ("player=" + "x" * 101, "player"),
])
def test_a_bad_filter_value_is_a_400_naming_it(api, query, field):
    r = api.get(f"/api/games/?{query}")
    assert r.status_code == 400, (query, r.status_code, r.content[:200])
    error = r.json()["error"]
    assert error["code"] == "malformed"
    assert error["message"].startswith(f"invalid filter: {field}: "), error["message"]
    assert field in error["details"]


def test_paging_counts_and_links(api, games):
    first = api.get("/api/games/?limit=2").json()
    assert first["count"] == 3 and len(first["results"]) == 2
    assert first["previous"] is None and "offset=2" in first["next"]
    second = api.get("/api/games/?limit=2&offset=2").json()
    assert len(second["results"]) == 1 and second["next"] is None
    # newest first, the two pages together are every game once
    created = [g["created_at"] for g in first["results"] + second["results"]]
    assert created == sorted(created, reverse=True)
    assert {g["id"] for g in first["results"] + second["results"]} == {
        games["finished"], games["live"], games["other"]}
    far = api.get("/api/games/?offset=99999999999999999999")
    assert far.status_code == 200 and far.json()["results"] == []
    filtered = api.get("/api/games/?limit=1&status=finished").json()
    assert filtered["count"] == 2 and "status=finished" in filtered["next"]


def test_the_winner_is_first_place_and_a_live_game_has_none(api, games):
    finished, live, other = games["objects"]
    rows = {g["id"]: g for g in api.get("/api/games/").json()["results"]}
    end = bot_log("kolkhoz", "list-1")[-1]
    assert end["type"] == "game_end"
    expected = [SEATS[i] for i, place in enumerate(end["places"]) if place == 1]
    assert rows[games["finished"]]["winners"] == expected and expected
    gz_end = other.events.order_by("-seq").first().payload
    assert rows[games["other"]]["winners"] == [
        name for name, place in zip(other.seats, gz_end["places"], strict=True) if place == 1]
    # a live game: no winner, no places, no seed, no chain hash
    row = rows[games["live"]]
    assert row["winners"] is None and row["seed"] is None
    assert row["head_hash"].startswith("live-")
    assert "places" not in str(row) and "scores" not in str(row)


def test_an_arbiters_ruling_changes_the_winner_and_a_void_clears_it(api):
    game = stored_bot_game("kolkhoz", "list-ruled").game
    end = game.events.order_by("-seq").first().payload
    last = end["places"].index(max(end["places"]))  # someone not first
    places = [2] * len(SEATS)
    places[last] = 1
    game_append(game=game, expected_seq=game.head_seq,
                events=[{"seq": game.head_seq, "type": "result_adjusted", "places": places}])
    row = api.get("/api/games/").json()["results"][0]
    assert row["winners"] == [SEATS[last]]
    game.refresh_from_db()
    game_append(game=game, expected_seq=game.head_seq,
                events=[{"seq": game.head_seq, "type": "game_voided"}])
    assert api.get("/api/games/").json()["results"][0]["winners"] is None
