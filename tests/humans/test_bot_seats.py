"""A game outside a tournament with bot seats (POST /api/games/ with ``bots``): the bots
move through Celery as soon as it is their turn, reproducibly from the seed and the seq;
the person plays the rest through the API and the game verifies."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from replays import engine
from replays.models import GameEvent
from replays.selectors import game_verify

from .helpers import bearer, first_legal_input

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


def test_a_person_and_three_bots_outside_a_tournament():
    api = APIClient()
    r = api.post("/api/games/", {"seats": ["Me", "B1", "B2", "B3"], "seed": "bots-1",
                                 "first_planner": 1,
                                 "ruleset": {"preset": "kolkhoz", "options": {"years": 1}},
                                 "bots": ["", "random", "random", "random"]}, format="json")
    assert r.status_code == 201, r.content
    gid, token = r.json()["game"]["id"], r.json()["seat_tokens"][0]
    for _ in range(300):
        body = api.get(f"/api/games/{gid}/legal/", **bearer(token)).json()
        if body["finished"]:
            break
        assert body["yours"], body  # the bots never leave the turn with themselves
        r = api.post(f"/api/games/{gid}/commands/",
                     {"expected_seq": body["head_seq"], "input": first_legal_input(body)},
                     format="json", **bearer(token))
        assert r.status_code == 201, r.content
    else:
        pytest.fail("the game did not end")
    rows = list(GameEvent.objects.filter(game_id=gid).order_by("seq"))
    assert game_verify(game=rows[0].game)["ok"]
    events = [row.payload for row in rows]
    bot_rows = [row for row in rows if row.actor == "bot:random"]
    assert bot_rows and {row.payload["seat"] for row in bot_rows} == {1, 2, 3}
    seed = events[-1]["seed"]  # revealed by game_end: the chosen seed with the server's secret
    assert seed.startswith("bots-1#") and seed == rows[0].game.seed_secret
    for row in bot_rows:  # reproducible from the seed and the seq
        again = engine.bot_choose(events[: row.seq], row.payload["seat"], engine.bot("random"),
                                  seed=seed)
        assert all(row.payload[k] == v for k, v in again.items())


def test_a_bot_game_without_a_chosen_seed_is_seeded_by_the_server():
    r = APIClient().post("/api/games/", {"seats": ["A", "B", "C", "D"], "first_planner": 0,
                                         "bots": ["", "random", "", ""]}, format="json")
    assert r.status_code == 201, r.content
    assert len(GameEvent.objects.get(game_id=r.json()["game"]["id"], seq=0)
               .game.seed_secret) == 32


@pytest.mark.parametrize("bots, seed", [(["random"], "s"), (["", "nobot", "", ""], "s")])
def test_bad_bot_seats_are_400(bots, seed):
    r = APIClient().post("/api/games/", {"seats": ["A", "B", "C", "D"], "seed": seed,
                                         "first_planner": 0, "bots": bots}, format="json")
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_bots"
