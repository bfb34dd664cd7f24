"""The replay API over HTTP: list/detail, events (JSON and NDJSON), frames with ETag,
record, verify, import, inputs, and the JSON error contract."""

from __future__ import annotations

import json
import uuid

import pytest

from replays.models import Game, GameEvent

from .helpers import SEATS, bot_log, stored_bot_game

pytestmark = pytest.mark.django_db


def bearer(token: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def error_of(response) -> dict:
    body = response.json()
    assert set(body) == {"error"}, body
    assert isinstance(body["error"]["code"], str) and isinstance(body["error"]["message"], str)
    return body["error"]


def test_list_filters_and_paginates(api):
    a = stored_bot_game("kolkhoz", "s1").game
    b = stored_bot_game("zone", "s2", upto=5).game
    r = api.get("/api/games/")
    assert r.status_code == 200
    page = r.json()
    assert page["count"] == 2 and {g["id"] for g in page["results"]} == {str(a.pk), str(b.pk)}
    assert [g["id"] for g in api.get("/api/games/?status=live").json()["results"]] == [str(b.pk)]
    assert [g["id"] for g in api.get("/api/games/?status=finished").json()["results"]] == [
        str(a.pk)]
    assert [g["id"] for g in api.get("/api/games/?preset=zone").json()["results"]] == [str(b.pk)]
    assert api.get("/api/games/?player=anya").json()["count"] == 2
    assert api.get("/api/games/?player=Nobody").json()["count"] == 0
    limited = api.get("/api/games/?limit=1").json()
    assert len(limited["results"]) == 1 and limited["next"]
    assert api.get("/api/games/?status=bogus").status_code == 400


def test_detail_hides_the_seed_until_the_end(api):
    live = stored_bot_game("kolkhoz", "secret-seed", upto=6).game
    body = api.get(f"/api/games/{live.pk}/").json()
    assert body["seed"] is None and body["status"] == "live"
    assert "secret-seed" not in json.dumps(body)
    assert body["seats"] == SEATS and body["head_seq"] == 6
    done = stored_bot_game("kolkhoz", "secret-seed").game
    assert api.get(f"/api/games/{done.pk}/").json()["seed"] == bot_log(seed="secret-seed")[-1][
        "seed"]


@pytest.mark.parametrize("path", ["", "events/", "frames/", "record/", "verify/"])
def test_unknown_or_malformed_ids_are_json_404(api, path):
    for gid in (uuid.uuid4(), "not-a-uuid", "1"):
        r = api.get(f"/api/games/{gid}/{path}")
        assert r.status_code == 404
        assert error_of(r)["code"] == "not_found"


def test_unknown_route_is_json_404(api):
    r = api.get("/api/nothing-here/")
    assert r.status_code == 404 and error_of(r)["code"] == "not_found"


def test_events_json_after_and_ndjson(api):
    game = stored_bot_game("kolkhoz", "ev").game
    log = bot_log(seed="ev")
    body = api.get(f"/api/games/{game.pk}/events/").json()
    assert body["finished"] and body["head_seq"] == len(log)
    assert body["events"] == log  # finished: everything public
    assert "Authorization" in api.get(f"/api/games/{game.pk}/events/")["Vary"]
    tail = api.get(f"/api/games/{game.pk}/events/?after=9").json()["events"]
    assert tail == log[10:]
    for kwargs in ({"HTTP_ACCEPT": "application/x-ndjson"}, {}):
        url = f"/api/games/{game.pk}/events/" + ("" if kwargs else "?format=ndjson")
        r = api.get(url, **kwargs)
        assert r.status_code == 200 and r["Content-Type"].startswith("application/x-ndjson")
        lines = b"".join(r.streaming_content).decode().splitlines()
        assert [json.loads(line) for line in lines] == log
    assert api.get(f"/api/games/{game.pk}/events/?format=json").status_code == 200
    assert api.get(f"/api/games/{game.pk}/events/?after=x").status_code == 400
    r = api.get(f"/api/games/{game.pk}/events/?format=xml")
    assert r.status_code == 404 and error_of(r)


def test_frames_etag_and_304(api):
    game = stored_bot_game("kolkhoz", "fr").game
    log = bot_log(seed="fr")
    r = api.get(f"/api/games/{game.pk}/frames/")
    assert r.status_code == 200
    assert r["ETag"] == f'"{game.head_hash}"'
    body = r.json()
    assert len(body["frames"]) == len(log)
    for frame, event in zip(body["frames"], log, strict=True):
        assert frame["seq"] == event["seq"] and frame["type"] == event["type"]
        assert frame["rules"] == event.get("rules", [])
        assert isinstance(frame["caption"], str) and frame["caption"]
        assert isinstance(frame["state"], dict)
    again = api.get(f"/api/games/{game.pk}/frames/", HTTP_IF_NONE_MATCH=r["ETag"])
    assert again.status_code == 304
    other = api.get(f"/api/games/{game.pk}/frames/", HTTP_IF_NONE_MATCH='"nope"')
    assert other.status_code == 200 and other.content == r.content


def test_live_frames_etag_is_per_viewer(api):
    created = stored_bot_game("kolkhoz", "live-fr", upto=8)
    spectator = api.get(f"/api/games/{created.game.pk}/frames/")
    seat0 = api.get(f"/api/games/{created.game.pk}/frames/", **bearer(created.seat_tokens[0]))
    assert spectator["ETag"] != seat0["ETag"]
    # the live head's opaque tag, never the chain hash (test_simultaneous_leak.py)
    assert spectator["ETag"].startswith('"live-')
    assert created.game.head_hash not in spectator["ETag"] + seat0["ETag"]


def test_record_only_after_the_end(api):
    live = stored_bot_game("kolkhoz", "rec", upto=6).game
    r = api.get(f"/api/games/{live.pk}/record/")
    assert r.status_code == 409 and error_of(r)["code"] == "game_not_finished"
    done = stored_bot_game("kolkhoz", "rec").game
    record = api.get(f"/api/games/{done.pk}/record/").json()
    assert record["format"] == "kolkhoz-record/1" and record["seats"] == SEATS


def test_verify_reports_ok(api):
    game = stored_bot_game("kolkhoz", "ver").game
    report = api.get(f"/api/games/{game.pk}/verify/").json()
    assert report["ok"] and report["chain"]["ok"] and report["adjudication"]["ok"]
    assert report["adjudication"]["first_divergence"] is None


def test_import_then_everything_served(api):
    done = stored_bot_game("zone", "imp").game
    record = api.get(f"/api/games/{done.pk}/record/").json()
    r = api.post("/api/games/import/", record, format="json")
    assert r.status_code == 201, r.content
    body = r.json()
    assert len(body["seat_tokens"]) == 4
    new_id = body["game"]["id"]
    assert api.get(f"/api/games/{new_id}/events/").json()["events"] == bot_log("zone", "imp")
    assert api.get(f"/api/games/{new_id}/record/").json() == record
    assert api.get(f"/api/games/{new_id}/verify/").json()["ok"]


@pytest.mark.parametrize("payload,status", [
    ([1, 2, 3], 400),
    ("just a string", 400),
    ({}, 400),
    ({"format": "kolkhoz-record/1"}, 400),
    ({"format": "kolkhoz-record/1", "ruleset": {"preset": "nope"}, "seats": SEATS,
      "first_planner": 0, "inputs": []}, None),
])
def test_bad_records_are_refused_and_nothing_is_stored(api, payload, status):
    r = api.post("/api/games/import/", payload, format="json")
    assert r.status_code in ({400, 422} if status is None else {status}), r.content
    error_of(r)
    assert Game.objects.count() == 0 and GameEvent.objects.count() == 0


def test_malformed_json_body_is_400(api):
    for raw in (b"{not json", b'{"format": NaN}', b"\xff\xfe", b""):
        r = api.post("/api/games/import/", data=raw, content_type="application/json")
        assert r.status_code == 400, raw
        error_of(r)
    r = api.post("/api/games/import/", data=b"<x/>", content_type="application/xml")
    assert r.status_code == 415 and error_of(r)["code"] == "unsupported_media_type"


def test_create_live_game_and_submit_inputs(api):
    r = api.post("/api/games/", {"seats": SEATS, "seed": "live-1"}, format="json")
    assert r.status_code == 201, r.content
    body = r.json()
    gid, tokens = body["game"]["id"], body["seat_tokens"]
    assert body["game"]["status"] == "live" and body["game"]["seed"] is None
    assert body["game"]["seed_commitment"]
    game = Game.objects.get(pk=gid)
    import kolkhoz_core
    from replays.selectors import game_events

    state = kolkhoz_core.fold(game_events(game=game))
    legal = kolkhoz_core.legal_inputs(state)
    assert legal, "a seeded game waits for a decision after its deal"
    inp = legal[0]
    seat = inp["seat"]
    url = f"/api/games/{gid}/inputs/"
    # no token: 401; another seat's token: 403
    r = api.post(url, {"expected_seq": state.seq, "input": inp}, format="json")
    assert r.status_code == 401 and error_of(r)["code"] == "invalid_token"
    r = api.post(url, {"expected_seq": state.seq, "input": inp}, format="json",
                 **bearer(tokens[(seat + 1) % 4]))
    assert r.status_code == 403
    r = api.post(url, {"expected_seq": state.seq, "input": inp}, format="json",
                 **bearer("garbage"))
    assert r.status_code == 401
    # stale seq: 409
    r = api.post(url, {"expected_seq": state.seq - 1, "input": inp}, format="json",
                 **bearer(tokens[seat]))
    assert r.status_code == 409 and error_of(r)["code"] == "stale_seq"
    # against the rules: 422 with the clause id
    illegal = dict(inp)
    if inp["type"] == "play":
        hand = kolkhoz_core.seat_view(state, seat)["hand"]
        legal_cards = {i["card"] for i in legal}
        wrong = [c for c in hand if c not in legal_cards] or ["X"]
        illegal["card"] = wrong[0]
    else:
        illegal["suit"] = "Z"
    r = api.post(url, {"expected_seq": state.seq, "input": illegal}, format="json",
                 **bearer(tokens[seat]))
    assert r.status_code in (400, 422), r.content
    err = error_of(r)
    if r.status_code == 422:
        assert err["rule"]
    # malformed body: 400
    r = api.post(url, {"expected_seq": "x"}, format="json", **bearer(tokens[seat]))
    assert r.status_code == 400
    # the legal input: 201
    r = api.post(url, {"expected_seq": state.seq, "input": inp}, format="json",
                 **bearer(tokens[seat]))
    assert r.status_code == 201, r.content
    assert r.json()["events"][0]["type"] == inp["type"]


def test_create_with_bad_ruleset_is_refused(api):
    r = api.post("/api/games/", {"seats": SEATS, "seed": "x", "ruleset": {"preset": "nope"}},
                 format="json")
    assert r.status_code in (400, 422)
    error_of(r)
    r = api.post("/api/games/", {"seats": "Anya"}, format="json")
    assert r.status_code == 400 and error_of(r)["code"] == "malformed"


def test_schema_and_docs(api):
    r = api.get("/api/schema/")
    assert r.status_code == 200
    assert b"/api/games/{game_id}/frames/" in r.content
    assert api.get("/api/docs/").status_code == 200
    assert api.get("/").status_code == 200


def test_the_schema_validates_without_warnings(tmp_path):
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file",
                 str(tmp_path / "schema.yml"))
    text = (tmp_path / "schema.yml").read_text()
    assert "seatToken" in text and "/api/games/import/" in text
