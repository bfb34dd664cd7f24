"""Arne on the platform's leagues and API: ``run_league --game arne`` at table sizes 2, 4
and 6 prints standings in Arne's terms and a ladder, and every game verifies; a dispute
and a what-if on an Arne game through the API; a game created by ``POST /api/games/``
with Arne's own setup (colours, first player), and every bad setup refused with the
engine's code — never a 500.
"""

from __future__ import annotations

import io
import json
from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from replays import engine
from replays.models import Game
from replays.selectors import game_events, game_verify
from tests.audit.test_disputes import _user as _client
from tournaments import games, humans
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

GAME = "arne"
#: the error codes of RECORD_FORMAT.md "Errors" (a what-if may stop at any of them)
CODES = {"malformed", "invalid_ruleset", "invalid_combination", "invalid_setup", "bad_deal",
         "bad_chance", "unexpected_input", "out_of_turn", "white_in_final_round",
         "not_in_hand", "not_white", "not_black", "illegal_area", "illegal_target",
         "must_play_white", "bad_give", "missing_input", "extra_input"}


def _run_league(size: int, bots: int) -> dict[str, Any]:
    out = io.StringIO()
    call_command("run_league", "--no-worker", "--game", GAME, "--table-size", str(size),
                 "--bots", str(bots), "--format", "swiss", "--rounds", "3", "--seed", "1",
                 "--json", "--timeout", "600", stdout=out)
    return json.loads(out.getvalue())


# 8 bots at 6-seat tables would sit at two tables of 4 (the fewest tables, sizes within
# one seat: tournaments.pairing.table_sizes), so the 6-seat league has 6 bots
@pytest.mark.parametrize(("size", "bots"), [(2, 8), (4, 8), (6, 6)])
def test_the_swiss_league_at_each_table_size(eager_celery, size: int, bots: int) -> None:
    result = _run_league(size, bots)
    assert result["status"] == "finished"
    t = Tournament.objects.get(pk=result["tournament"])
    assert (t.game, t.table_size) == (GAME, size)
    terms = games.terms(GAME)
    tables = list(Table.objects.filter(round__tournament=t).select_related("game")
                  .prefetch_related("seats__player"))
    assert len(tables) == 3 * bots // size
    scores: dict[str, float] = defaultdict(float)
    for table in tables:
        game = table.game
        assert game is not None and game.game == GAME and len(game.seats) == size
        assert game.status == "finished" and game_verify(game=game)["ok"], game.pk
        end = game_events(game=game)[-1]
        assert end["type"] == "game_end" and list(table.places) == end["places"]
        for seat in table.seats.all():
            scores[seat.player.name] += end["scores"][seat.seat]
    standings = result["standings"]
    assert len(standings) == bots and [r["rank"] for r in standings][0] == 1
    for row in standings:
        assert row["games"] == 3
        assert row[terms.score_name] == row["score"] == scores[row["player"]]
        assert row["points"] == float(Fraction(row["points_exact"]))  # placement points
    # every table gives out its placement points in full (a tie shares them)
    assert sum(Fraction(r["points_exact"]) for r in standings) \
        == len(tables) * sum(Fraction(str(p)) for p in t.placement_points)
    assert sum(r["firsts"] for r in standings) >= len(tables)  # a tie shares a first
    ladder = result["ladder"]
    assert len(ladder) == bots and all(r["games"] == 3 for r in ladder)
    assert len({round(r["mu"], 6) for r in ladder}) > 1  # the results moved the ratings
    # the API and pages in Arne's terms
    api = APIClient()
    detail = api.get(f"/api/tournaments/{t.pk}/").json()
    assert detail["terms"] == {"score": terms.score_name, "tiebreaks": [],
                               "lower_score_wins": False}
    deadlines = detail["rounds_detail"][0]["tables"][0]["deadlines"]
    assert deadlines == {"move_time_limit_s": None, "timeout_policy": "autopilot",
                         "window_time_limit_s": humans.DEFAULT_WINDOW_LIMIT_S}
    rows = api.get(f"/api/tournaments/{t.pk}/standings/").json()
    assert [r["player"] for r in rows] == [r["player"] for r in standings]
    header = api.get(f"/api/tournaments/{t.pk}/standings/?format=csv").content.decode()
    columns = header.splitlines()[0].split(",")
    assert terms.score_name in columns and "points" in columns
    assert sum(c.endswith("s") and c in ("firsts", "seconds", "thirds", "fourths", "fifths",
                                         "sixths") for c in columns) == size
    for url in (f"/tournaments/{t.pk}/", f"/leagues/{result['league']}/ladder/",
                f"/games/{tables[0].game_id}/"):
        assert api.get(url).status_code == 200, url


def test_a_dispute_and_a_what_if_on_an_arne_game(eager_celery) -> None:
    result = _run_league(4, 4)
    table = Table.objects.filter(round__tournament_id=result["tournament"]).first()
    assert table is not None and table.game is not None and len(table.places) == 4
    game = table.game
    raiser, arbiter = _client("arne-raiser"), _client("arne-arbiter", "arbiters")
    # its record imports as a game of its own, with the very same log
    record = raiser.get(f"/api/games/{game.pk}/record/").json()
    assert record["format"] == "arne-record/1" and len(record["seats"]) == 4
    r = raiser.post("/api/games/import/", record, format="json")
    assert r.status_code == 201, r.content
    imported = Game.objects.get(pk=r.json()["game"]["id"] if "game" in r.json()
                                else r.json()["id"])
    assert game_events(game=imported) == game_events(game=game)
    assert game_verify(game=imported)["ok"]
    r = raiser.post("/api/disputes/", {"game": str(game.pk), "seq_from": 3, "seq_to": 12,
                                       "clause": "window.priority",
                                       "text": "I was never offered the window"},
                    format="json")
    assert r.status_code == 201, r.content
    did = r.json()["id"]
    assert arbiter.post(f"/api/disputes/{did}/review/").json()["status"] == "under_review"
    new = [4, 3, 2, 1] if list(table.places) != [4, 3, 2, 1] else [1, 2, 3, 4]
    for bad in ([1, 2, 3], [1, 2, 3, 4, 5], [1, 1, 1, 5]):
        p = arbiter.post(f"/api/disputes/{did}/preview/",
                         {"adjustment": {"type": "result_adjusted", "places": bad}},
                         format="json")
        assert p.status_code == 400 and p.json()["error"]["code"] == "bad_places", bad
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
    # what-if: the default of an option changes nothing; misère replays the same inputs
    # under other rules (they stop at the first one the rules now refuse, or diverge)
    w = raiser.post(f"/api/games/{game.pk}/whatif/",
                    {"options": {"reverse_stack": "last_decides"}}, format="json")
    assert w.status_code == 200 and w.json().get("same") is True, w.content
    w = raiser.post(f"/api/games/{game.pk}/whatif/", {"options": {"mode": "misere"}},
                    format="json")
    assert w.status_code == 200, w.content
    body = w.json()
    if "illegal" in body:
        assert body["illegal"]["code"] in CODES and isinstance(body["illegal"]["input"], int)
    else:
        assert body["divergence"] and len(body["places"]) == 2
    w = raiser.post(f"/api/games/{game.pk}/whatif/", {"options": {"no_such": 1}},
                    format="json")
    assert w.status_code == 400 and w.json()["error"]["code"] == "invalid_ruleset"


def test_post_games_with_arnes_setup_and_bad_setups_refused() -> None:
    api = APIClient()
    seats = ["Anya", "Boris", "Vera", "Gleb"]
    r = api.post("/api/games/", {"game": GAME, "seats": seats, "seed": "setup-1",
                                 "setup": {"colours": ["P", "O", "G", "Y"], "first_player": 2}},
                 format="json")
    assert r.status_code == 201, r.content
    body = r.json()
    gid = body["game"]["id"] if "game" in body else body["id"]
    game = Game.objects.get(pk=gid)
    assert game.game == GAME and game.seats == seats
    events = game_events(game=game)
    opening = events[0]
    assert opening["colours"] == ["P", "O", "G", "Y"] and opening["first_player"] == 2
    assert [e["type"] for e in events[1:3]] == ["deal", "turn"]  # the chance is dealt
    assert engine.may_act(events, game=GAME) == {2}
    assert api.get(f"/api/games/{gid}/").json()["game"] == GAME
    refused = [
        ({"colours": ["R", "B", "O", "P"]}, 422, "invalid_setup"),  # R, B: not at 4 seats
        ({"colours": ["Y", "Y", "O", "P"]}, 422, "invalid_setup"),
        ({"colours": [["Y"], "G", "O", "P"]}, 422, "invalid_setup"),
        ({"colours": "YGOP"}, 422, "invalid_setup"),
        ({"first_player": 4}, 422, "invalid_setup"),
        ({"first_player": "0"}, 422, "invalid_setup"),
        ({"dummy_colour": "R"}, 422, "invalid_setup"),  # not the dummy game
        ("colours", 400, "malformed"),
        ([1, 2], 400, "malformed"),
    ]
    before = Game.objects.count()
    for setup, status, code in refused:
        r = api.post("/api/games/", {"game": GAME, "seats": seats, "setup": setup},
                     format="json")
        assert (r.status_code, r.json()["error"]["code"]) == (status, code), (setup, r.content)
    for seats_n in (1, 7):  # the engine (setup.players) or the store (bad_seats) refuses
        r = api.post("/api/games/", {"game": GAME, "seats": [f"P{i}" for i in range(seats_n)]},
                     format="json")
        assert (r.status_code, r.json()["error"]["code"]) in {
            (422, "invalid_setup"), (400, "bad_seats")}, r.content
    r = api.post("/api/games/", {"game": GAME, "seats": seats[:2],
                                 "ruleset": {"preset": "dummy"},
                                 "setup": {"colours": ["R", "B"], "dummy_colour": "B"}},
                 format="json")
    assert (r.status_code, r.json()["error"]["code"]) == (422, "invalid_setup"), r.content
    assert Game.objects.count() == before  # nothing stored for a refused setup
    r = api.post("/api/games/", {"game": GAME, "seats": seats[:2],
                                 "ruleset": {"preset": "dummy"},
                                 "setup": {"colours": ["B", "R"], "dummy_colour": "Y"}},
                 format="json")
    assert r.status_code == 201, r.content  # the dummy's colour: one no seat has
    dummy = Game.objects.get(pk=r.json()["game"]["id"] if "game" in r.json()
                             else r.json()["id"])
    assert game_events(game=dummy)[0]["dummy_colour"] == "Y"
