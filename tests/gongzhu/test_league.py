"""Gong Zhu leagues: ``manage.py run_league --game gongzhu`` (Swiss, round-robin), the
standings and the rating ladder, every game verifying; a dispute on a Gong Zhu table.

Given 8 bot players of Gong Zhu / when the issue's command runs a 3-round Swiss (tables
played in this process by eager Celery) / then it prints standings with Gong Zhu's
figures and a ladder, every table's game is a finished ``gongzhu`` game that verifies,
and a round-robin of four plays every pairing at four seats.
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


def test_the_issues_swiss_league_prints_standings_and_a_ladder(eager_celery) -> None:
    out = io.StringIO()
    call_command("run_league", "--no-worker", "--game", "gongzhu", "--bots", "8",
                 "--format", "swiss", "--rounds", "3", "--seed", "1", "--json",
                 "--timeout", "600", stdout=out)
    result = json.loads(out.getvalue())
    assert result["status"] == "finished"
    assert len(result["standings"]) == 8
    row = result["standings"][0]
    assert {"points", "total"} <= set(row) and row["points"] == float(Fraction(row["points_exact"]))
    assert len(result["ladder"]) == 8
    games = Game.objects.filter(game="gongzhu", status="finished")
    assert games.count() == 6  # 3 rounds of 2 tables
    for game in games:
        assert game_verify(game=game)["ok"], game.pk


def test_a_round_robin_and_an_upheld_dispute(eager_celery) -> None:
    t = tournament_of("gongzhu", n=4, fmt="round-robin", rounds=1, tag="gz-rr",
                      ruleset={"preset": "short"})
    services.tournament_start(tournament=t)
    play(t, "table_play")
    table = Table.objects.filter(round__tournament=t).first()
    assert table is not None and table.game is not None and table.game.game == "gongzhu"
    game = table.game
    assert len(table.places) == 4 and min(table.places) == 1
    raiser, arbiter = _client("gz-raiser"), _client("gz-arbiter", "arbiters")
    r = raiser.post("/api/disputes/", {"game": str(game.pk), "seq_from": 2, "seq_to": 10,
                                       "clause": "score.doubler",
                                       "text": "the ten of clubs was scored wrong"},
                    format="json")
    assert r.status_code == 201, r.content
    did = r.json()["id"]
    arbiter.post(f"/api/disputes/{did}/review/")
    old = list(table.places)
    new = [old[3], old[2], old[1], old[0]]
    if sorted(new) != sorted(old) or new == old:
        new = [4, 3, 2, 1] if old != [4, 3, 2, 1] else [1, 2, 3, 4]
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
    game.refresh_from_db()  # the ruling appended result_adjusted: a new head
    report = game_verify(game=game)
    assert report["ok"], {k: v for k, v in report.items() if k not in ("head_hash",)}
