"""Disputes on a game other than Kolkhoz: an arbiter's ruling on a finished table of the
fake 3-seat game adjusts three places (not four), checks them against the table's size,
and changes the table's result through the tournaments service.

Given a finished Swiss of 6 bots of ``oddoneout`` / when an arbiter upholds a dispute
swapping two seats' places / then the table shows the new places and the standings
follow; four places, or places that are not a ranking, are refused with nothing written.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from replays.models import GameEvent
from tests.audit.test_disputes import _user as _client
from tournaments import services
from tournaments.models import Table

from .any_game_helpers import play, tournament_of

pytestmark = pytest.mark.django_db


def test_an_upheld_ruling_on_a_3_seat_table(fake_games) -> None:
    t = tournament_of("oddoneout", n=6, rounds=1, tag="disp")
    services.tournament_start(tournament=t)
    play(t, "table_play")
    table = Table.objects.filter(round__tournament=t).order_by("number").first()
    assert table is not None and len(table.places) == 3
    game = table.game
    raiser, arbiter = _client("raiser"), _client("arbiter", "arbiters")
    r = raiser.post("/api/disputes/", {"game": str(game.pk), "seq_from": 1, "seq_to": 2,
                                       "clause": "reveal", "text": "the reveal was wrong"},
                    format="json")
    assert r.status_code == 201, r.content
    did = r.json()["id"]
    assert arbiter.post(f"/api/disputes/{did}/review/").json()["status"] == "under_review"
    head = game.head_seq
    for bad in ([1, 2, 3, 4], [1, 1, 3, 4], [2, 2, 2]):
        r = arbiter.post(f"/api/disputes/{did}/preview/",
                         {"adjustment": {"type": "result_adjusted", "places": bad}},
                         format="json")
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_places", bad
    assert GameEvent.objects.filter(game=game).count() == head
    old = list(table.places)
    new = [old[1], old[0], old[2]] if old[0] != old[1] else [3, 2, 1]
    if sorted(new) != sorted(old) or new == old:
        new = [1, 2, 3] if old != [1, 2, 3] else [3, 2, 1]
    adjustment = {"type": "result_adjusted", "places": new}
    p = arbiter.post(f"/api/disputes/{did}/preview/", {"adjustment": adjustment},
                     format="json")
    assert p.status_code == 200, p.content
    r = arbiter.post(f"/api/disputes/{did}/rule/", {
        "decision": "upheld", "ruling": "Upheld.", "adjustment": adjustment,
        "confirm": p.json()["confirm"]}, format="json")
    assert r.status_code == 200, r.content
    table.refresh_from_db()
    assert table.places == new
    event = GameEvent.objects.get(game=game, seq=head).payload
    assert event["type"] == "result_adjusted" and event["previous_places"] == old
    assert APIClient().get(f"/api/games/{game.pk}/verify/").json()["ok"]
