"""Tournaments of a game other than Kolkhoz, played to the end: the fake 3-seat
simultaneous game (``oddoneout``) in a Swiss of 6 bots, a Swiss of 5 (the remainder as
byes or a house bot), a round-robin of 6, and a game with a seat range (``oddrange``)
whose remainder sits at smaller tables — standings in the game's terms and OpenSkill
ratings of 3-seat (and smaller) tables, through the API too.

Every scenario runs with two drivers (``any_game_helpers``): the event store's public
write path then ``table_finish``, and the table task's body ``table_play`` (the advance
loop)."""

from __future__ import annotations

import csv
import io
from collections import Counter
from fractions import Fraction

import pytest

from tournaments import services
from tournaments.models import Bye, Rating, RatingChange, Table, TournamentStatus
from tournaments.scoring import ADDED_CSV_COLUMNS

from .any_game_helpers import DRIVERS, play, seated, tournament_of

pytestmark = pytest.mark.django_db


def _ladder(league):
    return (sorted((r.player.name, r.mu, r.sigma, r.games)
                   for r in Rating.objects.filter(league=league).select_related("player")),
            sorted((c.order, c.player.name, c.mu_after, c.sigma_after)
                   for c in RatingChange.objects.filter(league=league).select_related("player")))


@pytest.mark.parametrize("driver", DRIVERS)
def test_a_swiss_of_6_bots_of_a_3_seat_simultaneous_game(driver, fake_games) -> None:
    """Given 6 bots of the fake 3-seat game in a 3-round Swiss / when its tables are
    played / then every round has two 3-seat tables of that game, no table repeats, the
    standings sum 2/1/0 per table in the game's terms, and every player is rated on
    3-player games, the ladder rebuilding bit for bit."""
    t = tournament_of("oddoneout", n=6, rounds=3, tag=f"swiss6-{driver}")
    services.tournament_start(tournament=t)
    play(t, driver)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    rounds = seated(t)
    assert [[len(tb) for tb in rnd] for rnd in rounds] == [[3, 3]] * 3
    assert len({frozenset(tb) for rnd in rounds for tb in rnd}) == 6  # none repeated
    for table in Table.objects.filter(round__tournament=t).select_related("game"):
        assert table.game.game == "oddoneout" and table.game.status == "finished"
        assert len(table.places) == 3 and table.tiebreaks == {}
    rows = services.standings_rows(tournament=t)
    assert len(rows) == 6 and all(r["games"] == 3 for r in rows)
    assert sum(Fraction(r["points_exact"]) for r in rows) == 6 * (2 + 1 + 0)
    assert "cellar" not in rows[0] and "medals" not in rows[0] and "fourths" not in rows[0]
    assert all(len(r["places"]) == 3 and r["tiebreaks"] == {} for r in rows)
    keys = [(Fraction(r["points_exact"]), r["score"], Fraction(r["opponents_points_exact"]))
            for r in rows]
    assert keys == sorted(keys, reverse=True)
    league = t.season.league
    changes = RatingChange.objects.filter(league=league)
    assert changes.count() == 3 * 6
    assert all(len(c.inputs["players"]) == 3 for c in changes)
    before = _ladder(league)
    assert len(before[0]) == 6 and all(games == 3 for *_, games in before[0])
    services.ratings_rebuild(league=league)
    assert _ladder(league) == before


@pytest.mark.parametrize("driver", DRIVERS)
def test_a_swiss_of_5_at_3_seats_gives_byes_fairly(driver, fake_games) -> None:
    """Given 5 players of the 3-seat game, fill by byes / then each round has one table
    and two byes, and after 3 rounds no one has two byes while another has none."""
    t = tournament_of("oddoneout", n=5, rounds=3, tag=f"bye5-{driver}", fill_policy="bye")
    services.tournament_start(tournament=t)
    play(t, driver)
    assert [[len(tb) for tb in rnd] for rnd in seated(t)] == [[3]] * 3
    byes = Counter(b.player.name for b in Bye.objects.filter(round__tournament=t))
    assert sum(byes.values()) == 6 and max(byes.values()) - min(
        byes.get(p.name, 0) for p in services.entries_of(t)) <= 1
    rows = services.standings_rows(tournament=t)
    assert len(rows) == 5 and sum(r["games"] for r in rows) == 9


@pytest.mark.parametrize("driver", DRIVERS)
def test_a_swiss_of_5_at_3_seats_seats_a_house_bot(driver, fake_games) -> None:
    """Given 5 players of the 3-seat game, fill by house bots / then each round seats one
    house bot of that game, at two 3-seat tables; it is rated but never in the
    standings."""
    t = tournament_of("oddoneout", n=5, rounds=3, tag=f"bots5-{driver}")
    services.tournament_start(tournament=t)
    play(t, driver)
    rounds = seated(t)
    assert [[len(tb) for tb in rnd] for rnd in rounds] == [[3, 3]] * 3
    assert all(sum(p == "house-bot-1" for tb in rnd for p in tb) == 1 for rnd in rounds)
    rows = services.standings_rows(tournament=t)
    assert {r["player"] for r in rows} == {p.name for p in services.entries_of(t)}
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    rated = {r.player.name for r in Rating.objects.filter(league=t.season.league)}
    assert "house-bot-1" in rated and len(rated) == 6


@pytest.mark.parametrize("driver", DRIVERS)
def test_a_round_robin_of_6_at_3_seats(driver, fake_games) -> None:
    """Given 6 players in a 3-round round-robin of the 3-seat game / then every round has
    two 3-seat tables, 13 of the 15 pairs meet (the most any schedule manages), seat 0
    rotates, and everyone is rated on three games."""
    t = tournament_of("oddoneout", n=6, fmt="round-robin", rounds=3, tag=f"rr6-{driver}")
    services.tournament_start(tournament=t)
    play(t, driver)
    rounds = seated(t)
    assert [[len(tb) for tb in rnd] for rnd in rounds] == [[3, 3]] * 3
    pairs = Counter(frozenset((a, b)) for rnd in rounds for tb in rnd
                    for i, a in enumerate(tb) for b in tb[i + 1:])
    assert len(pairs) == 13
    first = Counter(tb[0] for rnd in rounds for tb in rnd)
    assert max(first.values()) == 1 and len(first) == 6
    assert all(r.games == 3 for r in Rating.objects.filter(league=t.season.league))


@pytest.mark.parametrize("driver", DRIVERS)
def test_a_remainder_sits_at_a_smaller_table_when_the_game_allows(driver,
                                                                  fake_games) -> None:
    """Given 5 players of a 2-to-6-seat game at 4-seat tables / then each round seats
    them 3 + 2 (no bye, no bot), the smaller tables' places score 3, 1.5, 0 and 3, 0
    (the full table's points read at the same relative place), and 2- and 3-player
    games are rated."""
    t = tournament_of("oddrange", n=5, rounds=2, tag=f"range5-{driver}")
    assert (t.table_size, t.placement_points) == (4, [3, 2, 1, 0])
    services.tournament_start(tournament=t)
    play(t, driver)
    assert [[len(tb) for tb in rnd] for rnd in seated(t)] == [[3, 2]] * 2
    assert not Bye.objects.filter(round__tournament=t).exists()
    rows = services.standings_rows(tournament=t)
    # each round hands out 4.5 (3 + 1.5 + 0, ties splitting it) and 3 (3 + 0)
    assert sum(Fraction(r["points_exact"]) for r in rows) == 2 * (Fraction(9, 2) + 3)
    assert all(len(r["places"]) == 4 for r in rows)
    sizes = {len(c.inputs["players"]) for c in RatingChange.objects.filter(
        league=t.season.league)}
    assert sizes == {2, 3}


def test_the_api_serves_a_fake_games_league_tournament_and_standings(api, fake_games):
    """Given an organiser / when they create a league and tournament of the fake game
    through the API and it is played / then the game and table size are in the bodies,
    the standings carry the game's figures, and the CSV its columns."""
    from django.contrib.auth.models import User

    from .any_game_helpers import league_of

    User.objects.create_user("org-any", password="pw", is_staff=True)
    api.login(username="org-any", password="pw")
    resp = api.post("/api/leagues/", {"name": "Odd", "game": "nosuch"}, format="json")
    assert resp.status_code == 400 and resp.json()["error"]["code"] == "unknown_game"
    resp = api.post("/api/leagues/", {"name": "Odd", "game": "oddoneout"}, format="json")
    assert resp.status_code == 201 and resp.json()["game"] == "oddoneout"
    league_id = resp.json()["id"]
    _, players = league_of("oddoneout", n=3, tag="api")
    body = {"league": league_id, "name": "T", "format": "swiss", "rounds": 1,
            "players": [p.name for p in players]}
    resp = api.post("/api/tournaments/", {**body, "table_size": 4}, format="json")
    assert resp.status_code == 400 and resp.json()["error"]["code"] == "bad_table_size"
    resp = api.post("/api/tournaments/", {**body, "placement_points": [1, 1, 1, 1]},
                    format="json")
    assert resp.status_code == 400
    assert resp.json()["error"]["code"] == "bad_placement_points"
    resp = api.post("/api/tournaments/", {**body, "placement_points": [3, 1, 0]},
                    format="json")
    assert resp.status_code == 201, resp.json()
    made = resp.json()
    assert (made["game"], made["table_size"], made["placement_points"]) == (
        "oddoneout", 3, [3, 1, 0])
    listed = api.get("/api/tournaments/?game=oddoneout").json()["results"]
    assert [x["id"] for x in listed] == [made["id"]]
    assert api.get("/api/tournaments/?game=kolkhoz").json()["count"] == 0
    resp = api.post(f"/api/tournaments/{made['id']}/start/")
    assert resp.status_code == 200
    from tournaments.models import Tournament

    play(Tournament.objects.get(pk=made["id"]), "store")
    rows = api.get(f"/api/tournaments/{made['id']}/standings/").json()
    assert sum(r["points"] for r in rows) == pytest.approx(3 + 1 + 0)
    assert all(set(r) >= {"score", "tiebreaks", "places", "firsts", "thirds"} for r in rows)
    resp = api.get(f"/api/tournaments/{made['id']}/standings/?format=csv")
    header = next(csv.reader(io.StringIO(resp.content.decode())))
    assert header == ["rank", "player", "games", "points", "score", "opponents_points",
                      "firsts", "seconds", "thirds", *ADDED_CSV_COLUMNS]  # added: at the end
    table = api.get(f"/api/tables/?tournament={made['id']}").json()["results"][0]
    assert len(table["seats"]) == 3 and table["tiebreaks"] == {}
