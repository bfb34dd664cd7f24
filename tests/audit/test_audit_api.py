"""The audit endpoints: GET explain (one seq or all, per viewer), POST whatif, GET
evidence (a download that the CLI verifies), frames carrying an explanation."""

from __future__ import annotations

import json

import pytest

from kolkhoz_core.bundle import verify_bundle
from kolkhoz_core.explain import card_label
from replays.models import Game
from tests.replays.helpers import bot_log, stored_bot_game

from .test_whatif import _swap_record, _tiebreak

pytestmark = pytest.mark.django_db


def _import(api, record) -> str:
    r = api.post("/api/games/import/", record, format="json")
    assert r.status_code == 201, r.content
    return r.json()["game"]["id"]


def test_explain_one_seq_and_all(api):
    gid = _import(api, _tiebreak())
    log = api.get(f"/api/games/{gid}/events/").json()["events"]
    req = next(e for e in log if e["type"] == "requisition")
    r = api.get(f"/api/games/{gid}/explain/?seq={req['seq']}")
    assert r.status_code == 200
    body = r.json()
    assert body["seq"] == req["seq"] and body["type"] == "requisition"
    field = {"H": "Wheat", "D": "Beet", "C": "Potato", "S": "Sunflower"}[req["field"]]
    assert body["text"].startswith(f"Field {field} failed")
    assert body["rules"] == req["rules"] and body["event"] == req
    assert body["anchors"]["req.failed"] == "docs/rules.md#req.failed"
    every = api.get(f"/api/games/{gid}/explain/").json()
    assert len(every["explanations"]) == len(log)
    assert every["explanations"][req["seq"]]["text"] == body["text"]


@pytest.mark.parametrize("query, status, code", [
    ("seq=-1", 404, "not_found"), ("seq=100000", 404, "not_found"), ("seq=abc", 400, "malformed"),
])
def test_explain_bad_seq(api, query, status, code):
    gid = _import(api, _tiebreak())
    r = api.get(f"/api/games/{gid}/explain/?{query}")
    assert r.status_code == status and r.json()["error"]["code"] == code
    assert api.get("/api/games/not-a-game/explain/").status_code == 404


def test_a_live_games_explanations_and_frames_hide_what_the_viewer_may_not_see(api):
    log = bot_log("kolkhoz", "explain-live")
    cut = next(i for i, e in enumerate(log) if e["type"] == "pocket") + 1
    created = stored_bot_game("kolkhoz", "explain-live", upto=cut)
    gid = created.game.pk
    pocket = log[cut - 1]
    r = api.get(f"/api/games/{gid}/explain/?seq={pocket['seq']}").json()
    assert "their last hand card" in r["text"] and card_label(pocket["card"]) not in r["text"]
    own = api.get(f"/api/games/{gid}/explain/?seq={pocket['seq']}",
                  HTTP_AUTHORIZATION=f"Bearer {created.seat_tokens[pocket['seat']]}").json()
    assert card_label(pocket["card"]) in own["text"]
    frames = api.get(f"/api/games/{gid}/frames/").json()["frames"]
    assert all(isinstance(f["explanation"], str) and f["explanation"] for f in frames)
    assert frames[-1]["explanation"] == r["text"]


def test_whatif_api(api):
    gid = _import(api, _swap_record())
    r = api.post(f"/api/games/{gid}/whatif/", {"options": {"swap_scope": "hidden"}},
                 format="json")
    assert r.status_code == 200, r.content
    assert r.json()["illegal"] == {"input": 27, "code": "swap_not_eligible",
                                   "rule": "swap.scope",
                                   "message": "2H cannot be swapped out: swap_scope=hidden "
                                              "allows only hidden cellar cards"}
    r = api.post(f"/api/games/{gid}/whatif/", {"options": {"stakh": True}}, format="json")
    body = r.json()
    assert body["divergence"]["seq"] == 75
    assert "Stakhanovite" in body["explanation"]["alternative"]
    assert api.post(f"/api/games/{gid}/whatif/", {"options": {"orden": True}},
                    format="json").json()["same"] is True
    r = api.post(f"/api/games/{gid}/whatif/", {"preset": "zone"}, format="json")
    assert r.json()["illegal"]["code"] == "jobs_invalid"


@pytest.mark.parametrize("body, status, code", [
    ({"options": {"deck": 36, "accum": True}}, 422, "invalid_combination"),
    ({"options": {"first_lead": "sideways"}}, 400, "invalid_option_value"),
    ({"options": {"nope": 1}}, 400, "unknown_option"),
    ({"options": "swap"}, 400, "malformed"),
    ({"preset": "chess"}, 400, "unknown_preset"),  # a name it has not: 400 in every game
])
def test_whatif_api_errors(api, body, status, code):
    gid = _import(api, _tiebreak())
    r = api.post(f"/api/games/{gid}/whatif/", body, format="json")
    assert (r.status_code, r.json()["error"]["code"]) == (status, code), r.content


def test_whatif_and_evidence_need_a_finished_game(api):
    game = stored_bot_game("kolkhoz", "audit-live", upto=20).game
    r = api.post(f"/api/games/{game.pk}/whatif/", {"options": {}}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "game_not_finished"
    r = api.get(f"/api/games/{game.pk}/evidence/")
    assert r.status_code == 409 and r.json()["error"]["code"] == "game_not_finished"


def test_evidence_is_a_download_the_cli_verifies(api, tmp_path):
    from replays.services import game_append

    game = stored_bot_game("zone", "audit-evidence").game
    game_append(game=game, expected_seq=game.head_seq, events=[
        {"seq": game.head_seq, "type": "game_voided", "ruling": "test", "rules": []}])
    game = Game.objects.get(pk=game.pk)
    r = api.get(f"/api/games/{game.pk}/evidence/")
    assert r.status_code == 200
    assert r["Content-Disposition"].startswith("attachment; filename=")
    bundle = json.loads(r.content)
    assert bundle["head_hash"] == game.head_hash and bundle["seed"] == "audit-evidence"
    assert bundle["engine_version"] == game.engine_version
    assert [e["hash"] for e in bundle["events"]][-1] == game.head_hash
    assert bundle["adjustments"][0]["type"] == "game_voided"
    assert verify_bundle(bundle)["ok"]


def test_a_stored_event_tampered_behind_the_triggers_back_fails_the_evidence(api):
    from django.db import connection

    game = stored_bot_game("kolkhoz", "audit-tamper").game
    seq = 10
    with connection.cursor() as cur:
        if connection.vendor == "postgresql":
            cur.execute("SET LOCAL session_replication_role = replica")
        gid = game.pk.hex if connection.vendor == "sqlite" else game.pk
        payload = bot_log("kolkhoz", "audit-tamper")[seq]
        payload["rules"] = ["tampered"]
        cur.execute("UPDATE replays_gameevent SET payload = %s WHERE game_id = %s AND seq = %s",
                    [json.dumps(payload), gid, seq])
    bundle = json.loads(api.get(f"/api/games/{game.pk}/evidence/").content)
    failure = verify_bundle(bundle)["failure"]
    assert failure["check"] == "chain" and failure["seq"] == seq
