"""The frames API's ``perspective``: a finished game replayed as one viewer saw it.

Given a finished game, when the viewer asks for ``?perspective=spectator`` or a seat,
then every step is what that viewer saw during play (hidden cards null until the end);
given a live game, a seat's perspective needs that seat's token (403 otherwise)."""

from __future__ import annotations

import pytest

from tests.replays.helpers import stored_bot_game

pytestmark = pytest.mark.django_db


def bearer(token: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def test_finished_game_as_played_by_a_spectator_hides_hands_until_the_end(api):
    game = stored_bot_game("kolkhoz", "persp").game
    everything = api.get(f"/api/games/{game.pk}/frames/").json()
    spectator = api.get(f"/api/games/{game.pk}/frames/?perspective=spectator")
    assert spectator.status_code == 200
    body = spectator.json()
    assert body["as_played"] is True and body["viewer"] is None and body["quota"] == 40
    deal = next(i for i, f in enumerate(body["frames"]) if f["type"] == "deal")
    assert all(c is None for hand in body["frames"][deal]["state"]["hands"] for c in hand)
    assert all(c is None for hand in body["frames"][deal]["event"]["hands"] for c in hand)
    assert all(c for hand in everything["frames"][deal]["state"]["hands"] for c in hand)
    assert body["frames"][-1]["state"] == everything["frames"][-1]["state"] | {"viewer": None}
    assert spectator["ETag"] != f'"{game.head_hash}"'


def test_finished_game_as_played_by_a_seat_shows_its_own_hand_only(api):
    game = stored_bot_game("kolkhoz", "persp").game
    body = api.get(f"/api/games/{game.pk}/frames/?perspective=2").json()
    deal = next(f for f in body["frames"] if f["type"] == "deal")
    hands = deal["state"]["hands"]
    assert all(hands[2]) and all(c is None for s in (0, 1, 3) for c in hands[s])


def test_live_game_perspective_needs_the_seats_token(api):
    created = stored_bot_game("kolkhoz", "persp-live", upto=12)
    url = f"/api/games/{created.game.pk}/frames/"
    assert api.get(url + "?perspective=spectator").status_code == 200
    r = api.get(url + "?perspective=1")
    assert r.status_code == 403 and r.json()["error"]["code"] == "perspective_forbidden"
    assert api.get(url + "?perspective=1", **bearer(created.seat_tokens[1])).status_code == 200
    assert api.get(url + "?perspective=0", **bearer(created.seat_tokens[1])).status_code == 403
    assert api.get(url + "?perspective=9").status_code == 400
    as_spectator = api.get(url + "?perspective=spectator", **bearer(created.seat_tokens[1]))
    assert as_spectator.status_code == 200 and as_spectator.json()["viewer"] is None
    assert as_spectator.content == api.get(url).content
