"""Korova leagues at any table size 2–10 (issue 15): the issue's
``run_league --game korova --table-size 5 --bots 10 --format swiss --rounds 3 --seed 1``
prints standings and a ladder and every game verifies; round-robins at 2 and 10 seats
rate their N seats; a dispute on a Korova table; what-if under another option.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest
from django.core.management import call_command

from replays.models import Game
from replays.selectors import game_verify
from tests.audit.test_disputes import _user as _client
from tests.tournaments.any_game_helpers import play, tournament_of
from tournaments import services
from tournaments.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_issues_swiss_league_at_five_seats(eager_celery) -> None:
    out = io.StringIO()
    call_command("run_league", "--no-worker", "--game", "korova", "--table-size", "5",
                 "--bots", "10", "--format", "swiss", "--rounds", "3", "--seed", "1",
                 "--json", "--timeout", "600", stdout=out)
    result = json.loads(out.getvalue())
    assert result["status"] == "finished"
    assert len(result["standings"]) == 10 and len(result["ladder"]) == 10
    row = result["standings"][0]
    assert "heads" in row and row["points"] == float(Fraction(row["points_exact"]))
    games = Game.objects.filter(game="korova", status="finished")
    assert games.count() == 6  # 3 rounds of 2 tables of 5
    for game in games:
        assert len(game.seats) == 5
        assert game_verify(game=game)["ok"], game.pk


@pytest.mark.parametrize("n", [2, 10])
def test_round_robin_at_two_and_ten_seats_and_a_dispute(eager_celery, n) -> None:
    t = tournament_of("korova", n=n, fmt="round-robin", rounds=1, tag=f"kv-rr{n}",
                      ruleset={"preset": "base", "options": {"threshold": 20}},
                      table_size=n)
    services.tournament_start(tournament=t)
    play(t, "table_play")
    table = Table.objects.filter(round__tournament=t).first()
    assert table is not None and table.game is not None and len(table.places) == n
    game = table.game
    raiser, arbiter = _client(f"kv-raiser{n}"), _client(f"kv-arbiter{n}", "arbiters")
    r = raiser.post("/api/disputes/", {"game": str(game.pk), "seq_from": 2, "seq_to": 8,
                                       "clause": "place.sixth", "text": "the sixth card"},
                    format="json")
    assert r.status_code == 201, r.content
    did = r.json()["id"]
    arbiter.post(f"/api/disputes/{did}/review/")
    new = list(range(n, 0, -1)) if list(table.places) != list(range(n, 0, -1)) \
        else list(range(1, n + 1))
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
    game.refresh_from_db()
    assert game_verify(game=game)["ok"]
    # what-if under another option: a lower threshold ends the game earlier
    w = raiser.post(f"/api/games/{game.pk}/whatif/", {"options": {"threshold": 1}},
                    format="json")
    assert w.status_code == 200, w.content
    assert w.json().get("illegal", {}).get("code") in ("game_over", None)
