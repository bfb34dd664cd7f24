"""Two clients submit for the same seq: exactly one is accepted, the other gets 409,
round after round, and the log stays gap-free and verifies (real PostgreSQL, one
connection per thread)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from replays.models import GameEvent
from replays.selectors import game_verify
from replays.services import game_create_from_engine

from .helpers import bearer, first_legal_input

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _last_legal_input(legal):
    if legal["kind"] == "assign":
        return {"type": "assign", "seat": legal["seat"],
                "cards": {card: fields[-1] for card, fields in legal["options"].items()}}
    return legal["inputs"][-1]


def test_two_clients_race_for_one_seq_exactly_one_wins(postgres):
    created = game_create_from_engine(ruleset={"preset": "kolkhoz", "options": {"years": 1}},
                                      seats=list("ABCD"), first_planner=0, seed="race")
    game = created.game
    rounds = 0
    for _ in range(12):
        probe = APIClient().get(f"/api/games/{game.pk}/legal/",
                                **bearer(created.seat_tokens[0])).json()
        if probe["finished"]:
            break
        token = created.seat_tokens[probe["to_move"]]
        legal = APIClient().get(f"/api/games/{game.pk}/legal/", **bearer(token)).json()
        inputs = [first_legal_input(legal), _last_legal_input(legal)]
        barrier = threading.Barrier(2)
        results: list[tuple[int, dict]] = []

        def submit(inp, legal=legal, token=token, barrier=barrier, results=results):
            client = APIClient()
            barrier.wait()
            r = client.post(f"/api/games/{game.pk}/commands/",
                            {"expected_seq": legal["head_seq"], "input": inp},
                            format="json", **bearer(token))
            results.append((r.status_code, r.json()))
            connection.close()

        threads = [threading.Thread(target=submit, args=(inp,)) for inp in inputs]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(code for code, _ in results)
        assert codes == [201, 409], results
        loser = next(body for code, body in results if code == 409)
        assert loser["error"]["code"] == "stale_seq"
        assert GameEvent.objects.filter(game=game, seq=legal["head_seq"]).count() == 1
        rounds += 1
    assert rounds >= 5
    game.refresh_from_db()
    seqs = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(game.head_seq))
    assert game_verify(game=game)["ok"]
