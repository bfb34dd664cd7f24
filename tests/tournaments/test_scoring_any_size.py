"""Placement points, standings and ratings for tables of any size (no DB).

Given tables of 2 to 10 seats (and smaller remainder tables in a tournament of larger
ones) / when scored and rated / then the points follow the documented defaults and
scaling, the standings use the game's own names and order for its figures, and
OpenSkill rates every table size."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.points import (
    check_points,
    default_placement_points,
    placement_points,
    table_points,
)
from tournaments.rating import INITIAL_MU, Ladder, RatedGame, rate_game, rebuild
from tournaments.scoring import (
    ADDED_CSV_COLUMNS,
    CSV_COLUMNS,
    TableResult,
    Terms,
    csv_columns,
    rerank,
    standings,
    to_csv,
)

ODD = Terms(score_name="score", tiebreaks=(), lower_score_wins=False)


@pytest.mark.parametrize(("seats", "expected"), [
    (2, (1, 0)), (3, (2, 1, 0)), (4, (3, 2, 1, 0)), (6, (5, 4, 3, 2, 1, 0)),
])
def test_default_points_run_from_n_minus_1_down_to_0(seats, expected) -> None:
    assert default_placement_points(seats) == expected


@pytest.mark.parametrize(("points", "size", "expected"), [
    ((3, 2, 1, 0), 4, [3, 2, 1, 0]),
    ((3, 2, 1, 0), 3, [3, Fraction(3, 2), 0]),
    ((3, 2, 1, 0), 2, [3, 0]),
    ((5, 4, 3, 2, 1, 0), 4, [5, Fraction(10, 3), Fraction(5, 3), 0]),
    ((5, 3, 2, 0), 3, [5, Fraction(5, 2), 0]),       # custom: read at the same relative place
    ((10, 6, 3, 1, 0), 3, [10, 3, 0]),
])
def test_a_smaller_table_reads_the_points_at_the_same_relative_place(points, size,
                                                                     expected) -> None:
    assert table_points(points, size) == expected


@given(n=st.integers(2, 10), data=st.data())
def test_default_points_average_the_same_at_every_table_size(n, data) -> None:
    # equally strong players expect (N-1)/2 points a game at a full or a smaller table
    z = data.draw(st.integers(2, n))
    pts = table_points(default_placement_points(n), z)
    assert sum(pts) / z == Fraction(n - 1, 2)
    assert pts[0] == n - 1 and pts[-1] == 0


def test_table_points_refuse_a_table_larger_than_the_tournaments() -> None:
    with pytest.raises(ValueError, match="5 seats"):
        table_points((3, 2, 1, 0), 5)


@pytest.mark.parametrize(("points", "message"), [
    ((3, 2, 1), "4 values"),
    ((3, 2, 1, 0, 0), "4 values"),
    ((0, 1, 2, 3), "never increase"),
    ((3, 2, "x", 0), "numbers"),
    ((3, 2, True, 0), "numbers"),
    ((3, 2, float("nan"), 0), "finite"),
    ("3210", "list"),
])
def test_custom_points_are_checked_for_the_table_size(points, message) -> None:
    with pytest.raises(ValueError, match=message):
        check_points(points, 4)


def test_check_points_keeps_exact_values() -> None:
    assert check_points([1.5, 0.5, 0], 3) == [Fraction(3, 2), Fraction(1, 2), 0]


def test_three_seat_ties_split_the_points_they_cover() -> None:
    assert placement_points((1, 1, 3), (2, 1, 0)) == [Fraction(3, 2), Fraction(3, 2), 0]
    assert placement_points((2, 1, 2), (2, 1, 0)) == [Fraction(1, 2), 2, Fraction(1, 2)]
    assert placement_points((1, 1, 1, 1, 1, 1), default_placement_points(6)) == [
        Fraction(5, 2)] * 6


def R(players: str, places, scores, *, tiebreaks=None) -> TableResult:
    names = tuple(players)
    return TableResult(names, tuple(places), tuple(scores), tiebreaks=tiebreaks or {},
                       seats=len(names))


def test_table_result_checks_every_figure_against_its_size() -> None:
    with pytest.raises(ValueError, match="3 entries"):
        TableResult(("a", "b", "c"), (1, 2, 3), (0, 0), seats=3)
    with pytest.raises(ValueError, match="tiebreaks"):
        R("abc", (1, 2, 3), (0, 0, 0), tiebreaks={"bonus": (1, 2)})
    with pytest.raises(ValueError, match="numbers"):
        R("abc", (1, 2, 3), (0, "x", 0))


def test_standings_of_3_seat_tables_use_the_games_names() -> None:
    # given two 3-seat tables of a game with a score and a "bonus" tie-break
    terms = Terms(score_name="score", tiebreaks=("bonus",))
    rows = standings([R("abc", (1, 2, 3), (5, 3, 1), tiebreaks={"bonus": (0, 1, 0)}),
                      R("abd", (2, 1, 3), (4, 6, 0), tiebreaks={"bonus": (0, 2, 1)})],
                     points=(2, 1, 0), terms=terms)
    r = {row.player: row for row in rows}
    # then each figure sums over the player's tables, under the game's names
    assert (r["b"].points, r["b"].score, r["b"].bonus) == (3, 9, 3)
    assert r["a"].places == (1, 1, 0) and rows[0].player == "b"
    d = r["b"].as_dict()
    assert d["score"] == 9 and d["bonus"] == 3 and d["tiebreaks"] == {"bonus": 3}
    assert d["places"] == [1, 1, 0] and "fourths" not in d
    with pytest.raises(AttributeError):
        r["b"].cellar  # noqa: B018 - not this game's name
    # and the CSV has the game's columns and the table size's place counts
    parsed = list(csv.reader(io.StringIO(to_csv(rows))))
    assert parsed[0] == ["rank", "player", "games", "points", "score", "bonus",
                         "opponents_points", "firsts", "seconds", "thirds",
                         *ADDED_CSV_COLUMNS]
    assert parsed[1][:6] == ["1", "b", "2", "3", "9", "3"]


def test_a_lower_score_wins_when_the_game_says_so() -> None:
    # given two players equal on points, a with 8 in all and b with 12
    results = [R("ab", (1, 2), (3, 9)), R("ba", (1, 2), (3, 5))]
    high = [row.player for row in standings(results, points=(1, 0), terms=ODD)]
    low = [row.player for row in standings(
        results, points=(1, 0), terms=Terms("penalty", (), lower_score_wins=True))]
    assert high == ["b", "a"] and low == ["a", "b"]


def test_a_smaller_remainder_table_scores_scaled_points() -> None:
    # given a tournament of 4-seat tables with one 3-seat remainder table
    rows = standings([TableResult(tuple("abcd"), (1, 2, 3, 4), (0, 0, 0, 0)),
                      R("xyz", (1, 2, 3), (0, 0, 0))], points=(3, 2, 1, 0))
    r = {row.player: row for row in rows}
    # then the 3-seat table's places get 3, 1.5 and 0, and place counts keep four columns
    assert (r["x"].points, r["y"].points, r["z"].points) == (3, Fraction(3, 2), 0)
    assert r["x"].places == (1, 0, 0, 0)
    # and its two opponents weigh as much as a full table's three: (1.5 + 0) * 3/2
    assert r["x"].opponents_points == Fraction(9, 4) and r["a"].opponents_points == 3


def test_kolkhoz_defaults_keep_their_columns() -> None:
    # the first columns never change (a contract); the added ones come after them
    assert csv_columns() == CSV_COLUMNS == (
        "rank", "player", "games", "points", "cellar", "medals", "opponents_points",
        "firsts", "seconds", "thirds", "fourths", *ADDED_CSV_COLUMNS)
    assert ADDED_CSV_COLUMNS == (
        "points_exact", "opponents_points_exact", "byes", "house_bots", "tiebreak_order",
        "separated_from_next", "separation_value", "next_separation_value")
    assert csv_columns(ODD, 6)[-14:-8] == ("firsts", "seconds", "thirds", "fourths",
                                           "fifths", "sixths")


def test_rerank_gives_ranks_again_without_some_players() -> None:
    rows = standings([TableResult(tuple("abcd"), (1, 2, 2, 4), (9, 4, 4, 0))])
    kept = rerank(r for r in rows if r.player != "a")
    assert [(r.rank, r.player) for r in kept] == [(1, "b"), (1, "c"), (3, "d")]


# ---------------------------------------------------------------- ratings


@pytest.mark.parametrize("seats", [2, 3, 6, 10])
def test_openskill_rates_a_table_of_any_size(seats) -> None:
    players = [f"p{i}" for i in range(seats)]
    changes = rate_game({}, players, list(range(1, seats + 1)))
    assert [c.player for c in changes] == players
    # the winner gains, the last loses, and mu falls with the place
    mus = [c.mu_after for c in changes]
    assert mus[0] > INITIAL_MU > mus[-1] and mus == sorted(mus, reverse=True)
    assert all(c.sigma_after < c.sigma_before for c in changes)


def test_three_seat_ties_are_draws() -> None:
    changes = rate_game({}, ["a", "b", "c"], [1, 1, 3])
    assert changes[0].mu_after == pytest.approx(changes[1].mu_after)


@pytest.mark.parametrize("seats", [3, 6])
def test_a_ladder_of_3_or_6_seat_games_rebuilds_bit_for_bit(seats) -> None:
    import random

    rng = random.Random(seats)
    pool = [f"p{i}" for i in range(2 * seats)]
    games = []
    for g in range(30):
        table = tuple(rng.sample(pool, seats))
        scores = [rng.randrange(3) for _ in table]
        places = tuple(1 + sum(1 for o in scores if o > s) for s in scores)
        games.append(RatedGame(f"g{g:03d}", table, places, order=g + 1))
    ladder = Ladder()
    for game in games:
        ladder.record(game)
    assert rebuild(reversed(games)).ratings() == ladder.ratings()
    assert all(e.games > 0 for e in ladder.entries.values())


def test_a_mixed_size_ladder_rates_remainder_tables_too() -> None:
    ladder = rebuild([RatedGame("g1", ("a", "b", "c", "d"), (1, 2, 3, 4), order=1),
                      RatedGame("g2", ("e", "f", "g"), (1, 2, 3), order=1)])
    assert {e.player: e.games for e in ladder.entries.values()} == dict.fromkeys("abcdefg", 1)
