"""Verification: live games, an arbiter's compensating events after the end, and a game
pinned to an engine version that is not installed."""

from __future__ import annotations

import pytest

from replays import selectors
from replays.models import Game
from replays.services import game_append

from .helpers import bot_log, stored_bot_game

pytestmark = pytest.mark.django_db


def test_a_live_game_verifies():
    game = stored_bot_game("kolkhoznik", "live-verify", upto=40).game
    report = selectors.game_verify(game=game)
    assert report["ok"], report


def test_compensating_events_after_the_end_change_the_etag_not_the_verdict(api):
    log = bot_log("kolkhoz", "arbiter")
    game = stored_bot_game("kolkhoz", "arbiter").game
    before = api.get(f"/api/games/{game.pk}/frames/")
    ruling = {"seq": len(log), "type": "result_adjusted", "by": "arbiter",
              "reason": "test ruling", "rules": []}
    game_append(game=game, expected_seq=len(log), events=[ruling])
    game = Game.objects.get(pk=game.pk)
    after = api.get(f"/api/games/{game.pk}/frames/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert after.json()["frames"][-1]["type"] == "result_adjusted"
    assert selectors.game_verify(game=game)["ok"]
    assert api.get(f"/api/games/{game.pk}/record/").json()["inputs"]


def test_a_game_pinned_to_another_engine_version_is_reported_not_passed():
    game = stored_bot_game("kolkhoz", "old-engine").game
    Game.objects.filter(pk=game.pk).update(engine_version="0.0.0-elsewhere")
    report = selectors.game_verify(game=Game.objects.get(pk=game.pk))
    assert report["chain"]["ok"] and not report["ok"]
    assert report["adjudication"]["error"]["code"] == "engine_unavailable"


def test_verify_of_a_tampered_live_game_reports_where_not_what(api):
    from django.db import connection

    from .test_leak import cards_in, cut_points, hidden_from

    log = bot_log("kolkhoz", "live-tamper")
    upto = cut_points(log)["play"] + 3
    game = stored_bot_game("kolkhoz", "live-tamper", upto=upto).game
    deal_seq = cut_points(log)["deal"] - 1
    tampered = dict(log[deal_seq], year=99)
    with connection.cursor() as cur:
        if connection.vendor == "postgresql":
            cur.execute("SET LOCAL session_replication_role = replica")
        gid = game.pk.hex if connection.vendor == "sqlite" else game.pk
        cur.execute("UPDATE replays_gameevent SET payload = %s WHERE game_id = %s AND seq = %s",
                    [__import__("json").dumps(tampered), gid, deal_seq])
        if connection.vendor == "postgresql":
            cur.execute("SET LOCAL session_replication_role = origin")
    report = api.get(f"/api/games/{game.pk}/verify/").json()
    assert not report["ok"]
    assert report["chain"]["first_bad_seq"] == deal_seq
    assert report["adjudication"]["first_divergence"]["seq"] == deal_seq
    assert not cards_in(report) & hidden_from(log[:upto], None)
