"""Schemathesis over the endpoints of the new shapes (issue 20), aimed at real games of
every new kind: a live Korova game with some seats' secret choices made, a live Arne game
with a response window open, a live Gong Zhu game in its passing, finished games of each,
a dispute on the Korova game, a league's season and a finished tournament's archive.

``test_schemathesis.py`` runs every operation with path parameters that point at Kolkhoz
games; here every generated ``game_id`` is one of the new games, the seat token of a
random seat goes with half of the requests (every command: mostly a seat that may act),
and three commands in four carry a near-legal input of that seat at the head (a legal
one with one field changed, or as is) so the requests reach the engine's simultaneous,
out-of-turn and passing paths, not only the serializer. Checks: no 5xx, a documented
status code and content type, a documented body's schema. ``SCHEMATHESIS_MAX_EXAMPLES``
(default 5 per operation here).
"""

from __future__ import annotations

import copy
import json
import os
import zlib
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.conftest import IN_CI

try:
    import schemathesis
except ImportError:  # in the dev extras (tests/test_dependencies.py)
    if IN_CI:
        raise
    pytest.skip("schemathesis is not installed: make setup installs it",
                allow_module_level=True)

from config.wsgi import application
from tests.harness.test_schemathesis import CHECKS, wsgi_in_test_transaction  # noqa: F401

MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "5"))
NEW = (r"^/api/(games/\{game_id\}/|disputes/|leagues/\{id\}/seasons/"
       r"|tournaments/\{id\}/archive/)")

schema = schemathesis.openapi.from_wsgi(
    "/api/schema/?format=json", application,
    config=schemathesis.Config.from_dict({
        "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True,
                       "database": "none"},
        "phases": {"stateful": {"enabled": False}, "coverage": {"enabled": False}},
    }),
).include(path_regex=NEW)


def _live(game: str, spec: dict[str, Any], n: int, seed: str, stop: Any) -> list[Any]:
    """A bot game of ``game`` cut at the first position where ``stop(defn, state)``."""
    from replays import engine

    defn = engine.definition(None, game)
    events = defn.start(defn.ruleset(spec), [f"P{i}" for i in range(n)], {}, seed)
    state = defn.fold(events)
    bots = [defn.bot("random") for _ in range(n)]
    while not defn.finished(state) and not stop(defn, state):
        state, new = defn.play_bots(state, bots, seed, max_decisions=1)
        events.extend(new)
    assert not defn.finished(state), f"{game}: never reached the moment wanted"
    return json.loads(json.dumps(events))


def _half_chosen(defn: Any, state: Any) -> bool:
    return getattr(state, "phase", None) == "choose" and 0 < len(defn.may_act(state)) < 4


def _window(defn: Any, state: Any) -> bool:
    return defn.window_open(state) and bool(defn.may_act(state))


def _passing(defn: Any, state: Any) -> bool:
    return bool(defn.may_act(state)) and any(
        i.get("type") == "pass" for s in defn.may_act(state)
        for i in defn.legal_inputs(state, s))


@pytest.fixture
def objects(wsgi_in_test_transaction) -> dict[str, Any]:  # noqa: ARG001, F811
    from django.contrib.auth.models import User

    from disputes.models import Dispute
    from replays.services import game_create
    from tests.korova.test_leak_api import SEED, log_of
    from tests.leagues.league_helpers import make_tournament, play_inline
    from tournaments import services

    lives = {
        "korova": ("kv-st", _live("korova", {"preset": "base"}, 5, "kv-st", _half_chosen)),
        "arne": ("ar-st", _live("arne", {"preset": "normal"}, 4, "ar-st", _window)),
        "gongzhu": ("gz-st", _live("gongzhu", {"preset": "passing"}, 4, "gz-st", _passing)),
    }
    games: dict[str, Any] = {}
    for name, (seed, log) in lives.items():
        created = game_create(events=log, seed=seed, game=name)
        games[str(created.game.pk)] = (name, created.seat_tokens)
    finished = game_create(events=log_of("tactical-3"), seed=SEED, game="korova")
    games[str(finished.game.pk)] = ("korova", finished.seat_tokens)
    korova_live = next(g for g, (name, _) in games.items() if name == "korova")
    user = User.objects.create_user("st-games-user", password="st-password-123")
    dispute = Dispute.objects.create(game_id=korova_live, seq_from=5, seq_to=6,
                                     clause="turn.choose", text="hostile", raised_by=user)
    t = make_tournament(n=4, fmt="series", rounds=1, seed="stg")
    services.tournament_start(tournament=t)
    play_inline(t)
    return {"games": games, "dispute": str(dispute.pk), "tournament": t.pk,
            "league": t.season.league_id, "season": t.season.number}


def _near_legal(game_id: str, seat: int, pick: int) -> tuple[int, dict[str, Any]] | None:
    """``(head, input)``: one of the seat's legal inputs at the head, as is or with one
    field changed; None when the seat may not act."""
    from replays import engine
    from replays.models import Game
    from replays.selectors import game_events

    game = Game.objects.get(pk=game_id)
    events = game_events(game=game)
    defn = engine.definition(None, game.game)
    state = defn.fold(events)
    legal = defn.legal_inputs(state, seat) if not defn.finished(state) else []
    if not legal:
        return None
    inp = copy.deepcopy(legal[pick % len(legal)])
    keys = sorted(k for k in inp if k != "type")
    if pick % 3 and keys:
        key = keys[pick // 3 % len(keys)]
        inp[key] = [None, -1, "x", 999, [], {"a": 1}][pick // 7 % 6]
    return len(events) - (pick // 11 % 2), inp


def _seat(game_id: str, pick: int) -> int:
    """One of the seats that may act at the head (seat 0 when none may)."""
    from replays import engine
    from replays.models import Game
    from replays.selectors import game_events

    game = Game.objects.get(pk=game_id)
    defn = engine.definition(None, game.game)
    movers = sorted(defn.may_act(defn.fold(game_events(game=game))))
    return movers[pick % len(movers)] if movers else 0


def _aim(case: Any, objects: dict[str, Any]) -> dict[str, str]:
    """Point the case at the real objects; returns the headers (a seat's token, maybe)."""
    params = case.path_parameters or {}
    pick = zlib.crc32(repr((case.query, case.body, params, case.path)).encode())
    headers: dict[str, str] = {}
    if "game_id" in params:
        ids = sorted(objects["games"])
        gid = params["game_id"] = ids[pick % len(ids)]
        _, tokens = objects["games"][gid]
        command = case.path.endswith(("/commands/", "/inputs/"))
        if command or pick // 4 % 2:
            seat = _seat(gid, pick // 8) if command and pick // 8 % 4 else pick // 8 % len(tokens)
            headers["Authorization"] = f"Bearer {tokens[seat]}"
            if command and pick // 32 % 4:
                near = _near_legal(gid, seat, pick // 128)
                if near is not None:
                    case.body = {"expected_seq": near[0], "input": near[1]}
    if "id" in params:
        if case.path.startswith("/api/disputes/"):
            params["id"] = objects["dispute"]
        elif case.path.startswith("/api/leagues/"):
            params["id"] = objects["league"]
        else:
            params["id"] = objects["tournament"]
    if "number" in params and pick % 3:
        params["number"] = objects["season"]
    return headers


@schema.parametrize()
@settings(suppress_health_check=list(HealthCheck), deadline=None)
def test_new_shapes_no_server_error_and_no_schema_violation(case, objects):
    headers = {"Accept-Encoding": "identity", **_aim(case, objects)}
    case.call_and_validate(checks=CHECKS, headers=headers)
