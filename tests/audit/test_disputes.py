"""Disputes: raised by a user, reviewed, previewed and ruled by an arbiter. An upheld
ruling on a finished tournament game appends a compensating event after game_end (the
original events untouched, the ETag changed) and changes that table's places, the
standings and every later rating change exactly as recomputing from scratch would."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from rest_framework.test import APIClient

from disputes.models import Dispute
from replays.models import Game, GameEvent
from tests.leagues.league_helpers import make_tournament, play_inline
from tournaments import rating, scoring, services
from tournaments.models import Rating, RatingChange, Table, TableStatus

pytestmark = pytest.mark.django_db


def _user(name: str, group: str | None = None) -> APIClient:
    user = User.objects.create_user(name, password="pw")
    if group:
        user.groups.add(Group.objects.get_or_create(name=group)[0])
    client = APIClient()
    client.force_authenticate(user)
    return client


def _finished_tournament(seed: str):
    t = make_tournament(n=8, fmt="swiss", rounds=3, seed=seed)
    services.tournament_start(tournament=t)
    play_inline(t)
    return t


def _events(game: Game) -> list[tuple[int, dict, str, str]]:
    return list(GameEvent.objects.filter(game=game).order_by("seq")
                .values_list("seq", "payload", "prev_hash", "hash"))


def _from_scratch(t, override: dict[int, list[int] | None]):
    """Standings and the ladder computed from the tables alone, with ``override``
    (table id → places, None = void), never touching the stored ratings."""
    league = t.season.league
    tables = list(Table.objects.filter(round__tournament__season__league=league,
                                       status=TableStatus.FINISHED).select_related("round"))
    games, results = [], []
    for table in tables:
        places = override.get(table.pk, table.places)
        if places is None:
            continue
        g = services.rated_game_of(table)
        games.append(rating.RatedGame(game_id=g.game_id, players=g.players,
                                      places=tuple(places), played_at=g.played_at))
        if table.round.tournament_id == t.pk:
            results.append(scoring.TableResult(players=g.players, places=tuple(places),
                                               scores=tuple(table.scores),
                                               medals=tuple(table.medals)))
    ladder = rating.rebuild(games)
    names = {p.name for p in services.entries_of(t)}
    rows = [r.as_dict() for r in scoring.standings(results, points=[3, 2, 1, 0],
                                                    players=sorted(names))]
    standings = [(r["player"], r["points_exact"], r["cellar"], r["medals"]) for r in rows
                 if r["player"] in names]
    ratings = {name: (e.mu, e.sigma, e.games) for name, e in ladder.entries.items()}
    changes = sorted((c.player, c.game_id, c.mu_before, c.sigma_before, c.mu_after,
                      c.sigma_after) for c in ladder.changes)
    return standings, ratings, changes


def _stored(t):
    league = t.season.league
    rows = services.standings_rows(tournament=t)
    standings = [(r["player"], r["points_exact"], r["cellar"], r["medals"]) for r in rows]
    ratings = {r.player.name: (r.mu, r.sigma, r.games)
               for r in Rating.objects.filter(league=league).select_related("player")}
    changes = sorted((c.player.name, c.inputs["key"], c.mu_before, c.sigma_before, c.mu_after,
                      c.sigma_after) for c in
                     RatingChange.objects.filter(league=league).select_related("player"))
    return standings, ratings, changes


def _sort_standings(s):
    return sorted(s)


def uphold_scenario(seed: str) -> None:
    t = _finished_tournament(seed)
    table = Table.objects.get(round__tournament=t, round__number=1, number=1)
    game = table.game
    before_events = _events(game)
    end = before_events[-1][1]
    assert end["type"] == "game_end"
    old_places = list(table.places)
    new_places = [old_places[1], old_places[0], *old_places[2:]]  # seats 0 and 1 swap
    if new_places == old_places:
        new_places = [4, 3, 2, 1] if old_places != [4, 3, 2, 1] else [1, 2, 3, 4]
    old_changes = {(c.player.name, c.inputs["key"]): (c.mu_after, c.sigma_after) for c in
                   RatingChange.objects.filter(league=t.season.league).select_related("player")}
    etag = APIClient().get(f"/api/games/{game.pk}/frames/")["ETag"]

    raiser, organiser = _user("raiser"), _user("organiser", "organisers")
    arbiter, player = _user("arbiter", "arbiters"), _user("player")
    r = raiser.post("/api/disputes/", {"game": str(game.pk), "seq_from": 2, "seq_to": 30,
                                       "clause": "req.take", "text": "the wrong card went North"},
                    format="json")
    assert r.status_code == 201, r.content
    did = r.json()["id"]
    assert r.json()["status"] == "open" and r.json()["raised_by"] == "raiser"
    assert organiser.post(f"/api/disputes/{did}/review/").json()["status"] == "under_review"

    adjustment = {"type": "result_adjusted", "places": new_places}
    # a non-arbiter can neither preview nor rule
    for client in (player, organiser, raiser):
        r = client.post(f"/api/disputes/{did}/preview/", {"adjustment": adjustment},
                        format="json")
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_arbiter"
        r = client.post(f"/api/disputes/{did}/rule/", {"decision": "upheld", "ruling": "x",
                                                       "adjustment": adjustment},
                        format="json")
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_arbiter"
    assert APIClient().post(f"/api/disputes/{did}/rule/", {}, format="json").status_code in (
        401, 403)

    preview = arbiter.post(f"/api/disputes/{did}/preview/", {"adjustment": adjustment},
                           format="json")
    assert preview.status_code == 200, preview.content
    p = preview.json()
    assert p["event"]["type"] == "result_adjusted" and p["event"]["seq"] == len(before_events)
    assert p["diff"]["table"]["before"]["places"] == old_places
    assert p["diff"]["table"]["after"]["places"] == new_places
    assert p["diff"]["ratings"] and p["diff"]["rating_changes"]
    # the preview wrote nothing
    assert _events(game) == before_events and Table.objects.get(pk=table.pk).places == old_places

    # confirming without (or with a wrong) token is refused; nothing is written
    r = arbiter.post(f"/api/disputes/{did}/rule/", {"decision": "upheld", "ruling": "Upheld.",
                                                    "adjustment": adjustment,
                                                    "confirm": "0" * 64}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale_preview"
    assert _events(game) == before_events

    r = arbiter.post(f"/api/disputes/{did}/rule/", {
        "decision": "upheld", "ruling": "Upheld: seat 1's 9 went North, not seat 0's.",
        "adjustment": adjustment, "confirm": p["confirm"]}, format="json")
    assert r.status_code == 200, r.content
    d = r.json()
    assert d["status"] == "upheld" and d["arbiter"] == "arbiter"
    assert d["diff"] == p["diff"] and d["ruling_seq"] == len(before_events)

    # history is never edited: the original events (payloads and hashes) are untouched
    after_events = _events(game)
    assert after_events[: len(before_events)] == before_events
    seq, ev, prev_hash, _ = after_events[-1]
    assert seq == len(before_events) and prev_hash == before_events[-1][3]
    assert ev["type"] == "result_adjusted" and ev["places"] == new_places
    assert ev["previous_places"] == old_places and ev["dispute"] == did
    game.refresh_from_db()
    assert APIClient().get(f"/api/games/{game.pk}/frames/")["ETag"] != etag
    assert APIClient().get(f"/api/games/{game.pk}/verify/").json()["ok"]
    record = APIClient().get(f"/api/games/{game.pk}/record/").json()
    assert record["adjustments"] == [ev]
    assert [x["seq"] for x in record["adjustments"]] == [seq]

    # the table's places, the standings and every rating change: as from scratch
    assert Table.objects.get(pk=table.pk).places == new_places
    expected = _from_scratch(t, {table.pk: new_places})
    stored = _stored(t)
    assert _sort_standings(stored[0]) == _sort_standings(expected[0])
    assert stored[1] == expected[1]
    assert stored[2] == expected[2]
    # round-1 changes of other tables stand; the disputed table's and later ones moved
    new_changes = {(c.player.name, c.inputs["key"]): (c.mu_after, c.sigma_after) for c in
                   RatingChange.objects.filter(league=t.season.league).select_related("player")}
    key = services.rated_game_of(table).game_id
    assert any(new_changes[k] != v for k, v in old_changes.items() if k[1] == key)
    assert any(new_changes[k] != v for k, v in old_changes.items() if "-r0002-" in k[1]
               or "-r0003-" in k[1])
    # a ruled dispute cannot be ruled again
    r = arbiter.post(f"/api/disputes/{did}/rule/", {"decision": "dismissed", "ruling": "no"},
                     format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "bad_status"


def test_upheld_ruling_changes_places_standings_and_later_ratings_as_from_scratch():
    uphold_scenario("dispute-sqlite")


@pytest.mark.postgres
def test_upheld_ruling_on_postgresql(postgres):
    uphold_scenario("dispute-pg")


def test_a_voided_game_stops_counting_for_standings_and_ratings():
    t = _finished_tournament("dispute-void")
    table = Table.objects.get(round__tournament=t, round__number=2, number=1)
    arbiter = _user("arbiter", "arbiters")
    d = Dispute.objects.create(game=table.game, seq_from=0, seq_to=1, clause="setup.players",
                               text="a seat was filled by the wrong bot",
                               status="under_review")
    p = arbiter.post(f"/api/disputes/{d.pk}/preview/",
                     {"adjustment": {"type": "game_voided"}}, format="json").json()
    assert p["event"]["type"] == "game_voided"
    r = arbiter.post(f"/api/disputes/{d.pk}/rule/", {
        "decision": "upheld", "ruling": "Void.", "adjustment": {"type": "game_voided"},
        "confirm": p["confirm"]}, format="json")
    assert r.status_code == 200, r.content
    expected = _from_scratch(t, {table.pk: None})
    stored = _stored(t)
    assert _sort_standings(stored[0]) == _sort_standings(expected[0])
    assert stored[1:] == expected[1:]
    assert not RatingChange.objects.filter(game=table.game).exists()
    # a void game cannot be adjusted afterwards
    d2 = Dispute.objects.create(game=table.game, seq_from=0, seq_to=1, clause="score",
                                text="again", status="under_review")
    r = arbiter.post(f"/api/disputes/{d2.pk}/preview/",
                     {"adjustment": {"type": "result_adjusted", "places": [1, 2, 3, 4]}},
                     format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "game_voided"


def test_a_dismissal_appends_nothing_and_a_standalone_game_has_an_empty_diff(api):
    from tests.replays.helpers import stored_bot_game

    game = stored_bot_game("kolkhoz", "dispute-standalone").game
    head = game.head_hash
    raiser, arbiter = _user("raiser"), _user("arbiter", "arbiters")
    did = raiser.post("/api/disputes/", {"game": str(game.pk), "seq_from": 5, "seq_to": 5,
                                         "clause": "trick.winner", "text": "?"},
                      format="json").json()["id"]
    r = arbiter.post(f"/api/disputes/{did}/rule/", {"decision": "dismissed", "ruling": "No."},
                     format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "bad_status"  # not reviewed
    arbiter.post(f"/api/disputes/{did}/review/")
    p = arbiter.post(f"/api/disputes/{did}/preview/", {"adjustment": {
        "type": "result_adjusted", "places": [1, 1, 3, 4]}}, format="json").json()
    assert p["diff"] == {}
    r = arbiter.post(f"/api/disputes/{did}/rule/", {"decision": "dismissed", "ruling": "No."},
                     format="json")
    assert r.json()["status"] == "dismissed"
    game.refresh_from_db()
    assert game.head_hash == head
    assert api.get(f"/api/disputes/?game={game.pk}").json()["results"][0]["id"] == did
    assert api.get(f"/api/disputes/{did}/").json()["ruling"] == "No."


@pytest.mark.parametrize("body, code", [
    ({"seq_from": 5, "seq_to": 4, "clause": "req.take", "text": "x"}, "bad_seq_range"),
    ({"seq_from": 0, "seq_to": 99999, "clause": "req.take", "text": "x"}, "bad_seq_range"),
    ({"seq_from": 0, "seq_to": 1, "clause": "no.such.clause", "text": "x"}, "unknown_clause"),
    ({"seq_from": 0, "seq_to": 1, "clause": "DROP TABLE", "text": "x"}, "unknown_clause"),
    ({"seq_from": "a", "seq_to": 1, "clause": "req.take", "text": "x"}, "malformed"),
])
def test_raising_checks_its_input(body, code):
    from tests.replays.helpers import stored_bot_game

    game = stored_bot_game("kolkhoz", "dispute-bad").game
    r = _user("raiser").post("/api/disputes/", {"game": str(game.pk), **body}, format="json")
    assert r.status_code == 400 and r.json()["error"]["code"] == code


@pytest.mark.parametrize("adjustment, code", [
    ({"type": "result_adjusted", "places": [1, 1, 2, 4]}, "bad_places"),
    ({"type": "result_adjusted", "places": [1, 2, 3]}, "bad_places"),
    ({"type": "result_adjusted"}, "bad_places"),
    ({"type": "result_adjusted", "places": [1, 2, 3, 4], "scores": [1, 2]}, "bad_adjustment"),
    ({"type": "rewrite_history"}, "bad_adjustment"),
])
def test_a_bad_adjustment_is_400_and_writes_nothing(adjustment, code):
    from tests.replays.helpers import stored_bot_game

    game = stored_bot_game("kolkhoz", "dispute-adj").game
    d = Dispute.objects.create(game=game, seq_from=0, seq_to=1, clause="score", text="x",
                               status="under_review")
    r = _user("arbiter", "arbiters").post(f"/api/disputes/{d.pk}/preview/",
                                          {"adjustment": adjustment}, format="json")
    assert r.status_code == 400 and r.json()["error"]["code"] == code
    assert GameEvent.objects.filter(game=game).count() == game.head_seq


def test_a_live_game_cannot_be_adjusted_and_anonymous_users_cannot_raise():
    from tests.replays.helpers import stored_bot_game

    game = stored_bot_game("kolkhoz", "dispute-live", upto=30).game
    r = APIClient().post("/api/disputes/", {"game": str(game.pk), "seq_from": 0, "seq_to": 1,
                                            "clause": "req.take", "text": "x"}, format="json")
    assert r.status_code in (401, 403)
    d = Dispute.objects.create(game=game, seq_from=0, seq_to=1, clause="score", text="x",
                               status="under_review")
    r = _user("arbiter", "arbiters").post(f"/api/disputes/{d.pk}/preview/", {
        "adjustment": {"type": "game_voided"}}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "game_not_finished"
    assert APIClient().get("/api/disputes/99999/").status_code == 404
    assert APIClient().get("/api/disputes/abc/").status_code == 404
