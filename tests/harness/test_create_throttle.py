"""Creating games is throttled (issue 12, "safe to deploy").

``POST /api/games/`` is anonymous, and with ``bots`` every request hands the workers a
whole game to play (the ``ismcts`` bot thinks for tens of milliseconds per decision) on
the queue the tournament tables use. Before, nothing limited it: one caller could bury
every league's tables under throw-away bot games. Now it has its own DRF throttle scope
(``create``, default 30/minute per caller); listing games is not throttled.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import override_settings
from rest_framework.test import APIClient

from replays.models import Game
from tests.harness.test_rate_limits import address

pytestmark = pytest.mark.django_db


def test_an_anonymous_caller_creates_games_at_the_create_rate_only():
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "create": "2/minute"}
    body = {"seats": ["A", "B", "C", "D"]}
    caller = APIClient(REMOTE_ADDR=address())
    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK,
                                           "DEFAULT_THROTTLE_RATES": rates}):
        for _ in range(2):
            assert caller.post("/api/games/", body, format="json").status_code == 201
        r = caller.post("/api/games/", body, format="json")
        assert r.status_code == 429 and r.json()["error"]["code"] == "throttled"
        assert int(r["Retry-After"]) > 0
        assert Game.objects.count() == 2
        assert caller.get("/api/games/").status_code == 200, "listing is not throttled"
        other = APIClient(REMOTE_ADDR=address())
        assert other.post("/api/games/", body, format="json").status_code == 201


def test_the_production_rate_is_finite():
    from config import settings as production

    assert production.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["create"] == "30/minute"
