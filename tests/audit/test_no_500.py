"""The audit and dispute endpoints answer odd bodies and queries with a JSON 4xx, never
a 500."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from rest_framework.test import APIClient

from disputes.models import Dispute
from tests.replays.helpers import stored_bot_game

pytestmark = pytest.mark.django_db

ODD = [None, 0, -1, 2**40, "x", "", [], {}, [1, 2], {"a": 1}, True, 1.5, "\u0000"]


def _arbiter() -> APIClient:
    user = User.objects.create_user("arb", password="pw")
    user.groups.add(Group.objects.get_or_create(name="arbiters")[0])
    c = APIClient(raise_request_exception=False)
    c.force_authenticate(user)
    return c


def _ok(r) -> None:
    assert r.status_code < 500, (r.status_code, r.content[:300])
    if r.status_code >= 400:
        assert "error" in r.json() and "code" in r.json()["error"], r.content


def test_odd_bodies_and_queries():
    game = stored_bot_game("kolkhoz", "no500-audit").game
    gid = game.pk
    api = APIClient(raise_request_exception=False)
    arb = _arbiter()
    d = Dispute.objects.create(game=game, seq_from=0, seq_to=1, clause="score", text="x",
                               status="under_review")
    for q in ["seq=", "seq=1e3", "seq=%00", "seq=99999999999999999999", "seq=-0"]:
        _ok(api.get(f"/api/games/{gid}/explain/?{q}"))
    for v in ODD:
        _ok(api.post(f"/api/games/{gid}/whatif/", {"options": {"years": v}}, format="json"))
        _ok(api.post(f"/api/games/{gid}/whatif/", {"options": {"swap_scope": v}},
                     format="json"))
        _ok(api.post(f"/api/games/{gid}/whatif/", {"preset": v}, format="json"))
        _ok(api.post(f"/api/games/{gid}/whatif/", v, format="json"))
        _ok(arb.post("/api/disputes/", {"game": v, "seq_from": v, "seq_to": v, "clause": v,
                                        "text": v}, format="json"))
        _ok(arb.post("/api/disputes/", {"game": str(gid), "seq_from": 0, "seq_to": 1,
                                        "clause": v, "text": "t"}, format="json"))
        _ok(arb.post(f"/api/disputes/{d.pk}/preview/", {"adjustment": v}, format="json"))
        _ok(arb.post(f"/api/disputes/{d.pk}/preview/",
                     {"adjustment": {"type": v, "places": v, "scores": v}}, format="json"))
        _ok(arb.post(f"/api/disputes/{d.pk}/preview/", {"adjustment": {
            "type": "result_adjusted", "places": [1, 2, 3, 4], "scores": v}}, format="json"))
        _ok(arb.post(f"/api/disputes/{d.pk}/rule/", {"decision": v, "ruling": v,
                                                      "adjustment": v, "confirm": v},
                     format="json"))
        _ok(arb.post(f"/api/disputes/{d.pk}/rule/", {"decision": "upheld", "ruling": "r",
                                                      "adjustment": {"type": "game_voided"},
                                                      "confirm": v}, format="json"))
    for q in ["game=zzz", "game=", "status=zzz", f"game={gid}&status=open", "limit=x",
              "offset=-5"]:
        _ok(api.get(f"/api/disputes/?{q}"))
    for path in ["/api/disputes/0/", "/api/disputes/-1/", "/api/disputes/1e9/",
                 "/api/disputes/99999999999999999999/"]:
        _ok(api.get(path))
        _ok(arb.post(path + "review/"))
