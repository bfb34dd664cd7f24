"""Scoring: split placement points, tie-broken standings, CSV (no DB)."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.scoring import (
    CSV_COLUMNS,
    TableResult,
    placement_points,
    standings,
    to_csv,
)


@pytest.mark.parametrize(
    ("places", "expected"),
    [
        ((1, 2, 3, 4), [3, 2, 1, 0]),
        ((1, 2, 2, 4), [3, Fraction(3, 2), Fraction(3, 2), 0]),
        ((1, 1, 3, 4), [Fraction(5, 2), Fraction(5, 2), 1, 0]),
        ((1, 2, 3, 3), [3, 2, Fraction(1, 2), Fraction(1, 2)]),
        ((1, 1, 1, 4), [2, 2, 2, 0]),
        ((1, 1, 1, 1), [Fraction(3, 2)] * 4),
        ((4, 1, 3, 2), [0, 3, 1, 2]),
    ],
)
def test_tied_places_split_the_points_they_cover(places, expected) -> None:
    assert placement_points(places) == expected


def test_custom_points_split_exactly() -> None:
    # given 5/3/2/0 and a three-way tie for 2nd: (3 + 2 + 0) / 3 each
    shares = placement_points((2, 1, 2, 2), (5, 3, 2, 0))
    # then the shares are exact thirds, not rounded floats
    assert shares == [Fraction(5, 3), 5, Fraction(5, 3), Fraction(5, 3)]
    assert placement_points((1, 2, 2, 4), (1.0, 0.5, 0.25, 0.0))[1] == Fraction(3, 8)


@st.composite
def competition_places(draw):
    """Random 4-player finishing orders with ties, in competition ranking."""
    scores = draw(st.lists(st.integers(0, 3), min_size=4, max_size=4))
    return tuple(1 + sum(1 for o in scores if o > s) for s in scores)


@settings(max_examples=50, deadline=None)
@given(places=competition_places())
def test_split_points_always_add_up_to_the_table_total(places) -> None:
    assert sum(placement_points(places)) == 3 + 2 + 1 + 0


@pytest.mark.parametrize(
    "places", [(1, 2, 2, 3), (1, 3, 3, 4), (0, 1, 2, 3), (1, 2, 3), (2, 2, 3, 4)]
)
def test_places_not_in_competition_ranking_are_rejected(places) -> None:
    with pytest.raises(ValueError, match="places"):
        placement_points(places)


def test_table_result_validates_its_shape() -> None:
    with pytest.raises(ValueError, match="4 entries"):
        TableResult(("a", "b", "c"), (1, 2, 3), (0, 0, 0), (0, 0, 0))
    with pytest.raises(ValueError, match="duplicate"):
        TableResult(("a", "b", "c", "a"), (1, 2, 3, 4), (0, 0, 0, 0), (0, 0, 0, 0))
    with pytest.raises(ValueError, match="competition ranking"):
        TableResult(("a", "b", "c", "d"), (1, 2, 2, 3), (0, 0, 0, 0), (0, 0, 0, 0))
    with pytest.raises(ValueError, match="medals"):
        TableResult(("a", "b", "c", "d"), (1, 2, 3, 4), (0, 0, 0, 0), (0, -1, 0, 0))


def T(players: str, places, scores=(0, 0, 0, 0), medals=(0, 0, 0, 0)) -> TableResult:
    """A table from space-separated names (or a 4-letter string)."""
    names = players.split() if " " in players else list(players)
    return TableResult(tuple(names), tuple(places), tuple(scores), tuple(medals))


def by_player(rows):
    return {r.player: r for r in rows}


def test_standings_sum_points_cellar_and_medals() -> None:
    # given two tables, the first with a tie for 2nd
    rows = by_player(
        standings(
            [
                T("abcd", (1, 2, 2, 4), (10, 5, 5, 0), (1, 0, 0, 0)),
                T("abef", (4, 3, 2, 1), (0, 1, 2, 3), (0, 0, 1, 2)),
            ]
        )
    )
    # then each figure is the sum over the player's tables
    assert rows["a"].points == 3 and rows["a"].cellar == 10 and rows["a"].medals == 1
    assert rows["b"].points == Fraction(5, 2) and rows["b"].games == 2
    assert rows["b"].places == (0, 1, 1, 0)
    # and opponents' points sum the final points of everyone they sat with
    assert rows["a"].opponents_points == rows["b"].points + rows["c"].points + rows["d"].points + (
        rows["b"].points + rows["e"].points + rows["f"].points
    )


def test_tie_breaks_apply_in_order_points_cellar_medals_opponents() -> None:
    # given pairs of players separated by exactly one figure each
    results = [
        T("w x y z", (1, 2, 3, 4)),  # w beats x on points
        T("C D q r", (1, 1, 3, 4), (9, 8, 0, 0)),  # equal points, C has the bigger cellar
        T("M N s t", (1, 1, 3, 4), (5, 5, 0, 0), (2, 1, 0, 0)),  # then M has more medals
        T("O P u v", (1, 1, 3, 4)),  # O and P equal on everything so far...
        T("O g h i", (4, 1, 2, 3)),
        T("P j k l", (4, 1, 2, 3)),
        T("g m n o", (1, 2, 3, 4)),  # ...but O's opponent g also won elsewhere
    ]
    rows = standings(results)
    pos = {r.player: i for i, r in enumerate(rows)}
    r = by_player(rows)
    assert r["w"].points > r["x"].points and pos["w"] < pos["x"]
    assert r["C"].points == r["D"].points and r["C"].cellar > r["D"].cellar
    assert pos["C"] < pos["D"]
    assert (r["M"].points, r["M"].cellar) == (r["N"].points, r["N"].cellar)
    assert r["M"].medals > r["N"].medals and pos["M"] < pos["N"]
    same = ("points", "cellar", "medals")
    assert [getattr(r["O"], f) for f in same] == [getattr(r["P"], f) for f in same]
    assert r["O"].opponents_points == r["P"].opponents_points + 3
    assert pos["O"] < pos["P"] and r["O"].rank < r["P"].rank
    # and the rows are sorted, ranks never decreasing
    assert [x.rank for x in rows] == sorted(x.rank for x in rows)


def test_full_ties_share_a_rank_and_skip_the_next() -> None:
    # given a table where b and c tie on every figure
    rows = standings([T("abcd", (1, 2, 2, 4), (9, 4, 4, 0), (1, 0, 0, 0))])
    # then they share rank 2, listed by name, and d is 4th
    assert [(r.rank, r.player) for r in rows] == [(1, "a"), (2, "b"), (2, "c"), (4, "d")]


def test_players_without_games_are_listed_last_with_zeros() -> None:
    rows = standings([T("abcd", (1, 2, 3, 4))], players=["zed"])
    assert rows[-1].player == "zed" and rows[-1].games == 0 and rows[-1].points == 0


def test_to_csv_writes_every_figure_with_exact_decimals() -> None:
    rows = standings([T("abcd", (1, 2, 2, 4), (9, 4, 4, 0), (1, 0, 0, 0))])
    parsed = list(csv.reader(io.StringIO(to_csv(rows))))
    assert parsed[0] == list(CSV_COLUMNS)
    # the first columns as they always were, the added ones after them (issue 18)
    assert parsed[1][:11] == ["1", "a", "1", "3", "9", "1", "3", "1", "0", "0", "0"]
    assert parsed[2][:11] == ["2", "b", "1", "1.5", "4", "0", "4.5", "0", "1", "0", "0"]
    order = "cellar, medals, opponents_points"
    assert parsed[1][11:] == ["3", "3", "0", "0", order, "", "", ""]  # 3 points to 1.5
    assert parsed[2][11:] == ["3/2", "9/2", "0", "0", order, "shared_rank", "", ""]
    assert len(parsed) == 5


def test_as_dict_is_json_friendly() -> None:
    row = standings([T("abcd", (1, 2, 2, 4))])[1]
    d = row.as_dict()
    assert d["points"] == 1.5 and d["points_exact"] == "3/2"
