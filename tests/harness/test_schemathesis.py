"""Hostile input on every endpoint: schemathesis against the OpenAPI schema.

Every operation in ``/api/schema/`` gets a bounded number of generated requests (valid and
invalid bodies, query strings, headers, path parameters; ``SCHEMATHESIS_MAX_EXAMPLES``,
default 25) through the WSGI application, in-process. Path parameters point half of the
time at real objects (a finished game, a live game, a tournament, a table, a player, a
dispute) so the generated requests reach past the 404. Checks: no 5xx, the status code
is one the operation documents, and a documented response's body and content type
conform to its schema.
"""

from __future__ import annotations

import os
import zlib
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.conftest import IN_CI

try:
    import schemathesis
except ImportError:  # in the dev extras: `make setup` installs it (tests/test_dependencies.py)
    if IN_CI:  # CI never skips the schema fuzzing
        raise
    pytest.skip("schemathesis is not installed: make setup (or pip install -e '.[dev]') "
                "installs it", allow_module_level=True)
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application

MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "25"))

schema = schemathesis.openapi.from_wsgi(
    "/api/schema/?format=json", application,
    config=schemathesis.Config.from_dict({
        "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True,
                       "database": "none"},
        "phases": {"stateful": {"enabled": False}, "coverage": {"enabled": False}},
    }),
)

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


@pytest.fixture
def wsgi_in_test_transaction(db):  # noqa: ARG001
    """Requests through the WSGI app must not close the test's connection at their end
    (what Django's own test client arranges)."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def objects(wsgi_in_test_transaction) -> dict[str, Any]:  # noqa: ARG001
    """Real objects for the path parameters: games, a tournament, its table, a dispute."""
    from django.contrib.auth.models import User

    from disputes.models import Dispute
    from tests.leagues.league_helpers import make_tournament, play_inline
    from tests.replays.helpers import bot_log, store
    from tournaments import services
    from tournaments.models import Player, Table

    finished = store(bot_log("kolkhoz", "st-finished"), seed="st-finished").game
    live_created = store(bot_log("kolkhoz", "st-live")[:40], seed="st-live")
    live = live_created.game
    t = make_tournament(n=4, fmt="series", rounds=1, seed="st")
    services.tournament_start(tournament=t)
    play_inline(t)
    table = Table.objects.filter(round__tournament=t).first()
    user = User.objects.create_user("st-user", password="st-password-123")
    dispute = Dispute.objects.create(game=table.game, seq_from=1, seq_to=2, clause="x",
                                     text="hostile", raised_by=user)
    return {"game_id": [str(finished.pk), str(live.pk), str(table.game_id)],
            "live": str(live.pk), "live_tokens": live_created.seat_tokens,
            "pk": {"tournaments": t.pk, "tables": table.pk,
                   "players": Player.objects.first().pk, "leagues": t.season.league_id,
                   "disputes": str(dispute.pk)}}


def _point_at_real_objects(case: Any, objects: dict[str, Any]) -> dict[str, str]:
    """Swap generated ids for real ones half of the time; for the live game, a quarter of
    the time with a seat's token too (so commands reach the engine). Returns headers."""
    params = case.path_parameters or {}
    pick = zlib.crc32(repr((case.query, case.body, params)).encode())
    if pick % 2:
        return {}  # keep the generated (mostly unknown) ids
    if "game_id" in params:
        ids = objects["game_id"]
        params["game_id"] = ids[pick // 2 % len(ids)]
    for name in ("pk", "id"):
        collection = case.path.strip("/").split("/")[1]
        if name in params and collection in objects["pk"]:
            params[name] = objects["pk"][collection]
    if params.get("game_id") == objects["live"] and pick % 8 in (0, 2):
        return {"Authorization": f"Bearer {objects['live_tokens'][pick // 8 % 4]}"}
    return {}


@schema.parametrize()
@settings(suppress_health_check=list(HealthCheck), deadline=None)
def test_no_server_error_and_no_schema_violation(case, objects):
    # The WSGI transport asks for gzip (as requests does) but hands the body over still
    # compressed; compression is transport, not the schema (tests/test_compression.py).
    headers = {"Accept-Encoding": "identity", **_point_at_real_objects(case, objects)}
    case.call_and_validate(checks=CHECKS, headers=headers)
