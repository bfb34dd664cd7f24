"""Transparent standings (no DB): the tie-break order, and for two adjacent rows equal on
points which tie-break separated them and with what values — or that none did.

Given hand-made tables where two players tie on points and are split by the first
tie-break (Kolkhoz: cellar), by the second (medals), by the last (opponents' points) or
by none / when the standings are computed / then each row's ``separated_from_next``
names that criterion with both values, a full tie shares the rank and is listed by name,
and the JSON form and the CSV say the same."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.scoring import TableResult, Terms, csv_cells, standings, to_csv
from tournaments.tiebreaks import Separation


def T(players: str, places, scores=(0, 0, 0, 0), medals=None) -> TableResult:  # noqa: N802
    return TableResult(tuple(players), tuple(places), tuple(scores),
                       None if medals is None else tuple(medals))


def rows_by_player(rows):
    return {r.player: r for r in rows}


# two tables: a and e win (3 points each), b and f are second (2), c and g third (1)
TWO_TABLES = [T("abcd", (1, 2, 3, 4), (12, 5, 3, 1), (0, 1, 0, 0)),
              T("efgh", (1, 2, 3, 4), (9, 5, 3, 1), (0, 0, 0, 0))]


def test_the_first_tiebreak_separates_equal_points() -> None:
    rows = standings(TWO_TABLES)
    assert [r.player for r in rows][:2] == ["a", "e"]
    # a is above e on cellar, 12 to 9, and their ranks differ
    assert rows[0].separated_from_next == Separation("cellar", (12, 9))
    assert (rows[0].rank, rows[1].rank) == (1, 2)
    assert rows[0].as_dict()["separated_from_next"] == {
        "tiebreak": "cellar", "values": [12, 9], "values_exact": ["12", "9"],
        "lower_wins": False, "shared_rank": False}
    # e and b differ on points: the points separate them, no tie-break
    assert rows[1].player == "e" and rows[1].separated_from_next is None


def test_the_second_tiebreak_separates_when_the_first_is_equal() -> None:
    r = rows_by_player(standings(TWO_TABLES))
    # b and f: 2 points and a cellar of 5 each; b has a medal
    assert r["b"].separated_from_next == Separation("medals", (1, 0))
    assert r["b"].rank + 1 == r["f"].rank


def test_a_full_tie_shares_the_rank_and_is_listed_by_name() -> None:
    rows = standings(TWO_TABLES)
    c, g = rows[4], rows[5]
    # c and g are equal on points, cellar, medals and opponents' points (5 each)
    assert (c.player, g.player) == ("c", "g") and c.rank == g.rank == 5
    assert c.separated_from_next == Separation(None) and c.separated_from_next.shared_rank
    assert c.as_dict()["separated_from_next"] == {
        "tiebreak": None, "values": None, "values_exact": None, "lower_wins": False,
        "shared_rank": True}
    assert rows[-1].separated_from_next is None  # the last row


def test_opponents_points_separate_when_the_games_figures_are_equal() -> None:
    # x and y are second at their tables with the same (zero) scores; x's table winner p
    # wins again elsewhere, so x's opponents scored more
    rows = standings([T("xpqr", (2, 1, 3, 4)), T("ystu", (2, 1, 3, 4)),
                      T("pmno", (1, 2, 3, 4))])
    two = [r for r in rows if r.points == 2]
    assert [r.player for r in two] == ["m", "x", "y"]  # m and x: 7, y: 4 opponents' points
    assert two[0].separated_from_next.shared_rank and two[0].rank == two[1].rank
    assert two[1].separated_from_next == Separation("opponents_points", (Fraction(7),
                                                                         Fraction(4)))
    assert two[1].as_dict()["separated_from_next"]["values"] == [7.0, 4.0]


def test_a_lower_score_wins_says_so() -> None:
    penalty = Terms("penalty", (), lower_score_wins=True)
    rows = standings([T("abcd", (1, 2, 3, 4), (5, 0, 0, 0)),
                      T("efgh", (1, 2, 3, 4), (9, 0, 0, 0))], terms=penalty)
    assert rows[0].player == "a"
    assert rows[0].separated_from_next == Separation("penalty", (5, 9), lower_wins=True)
    assert rows[0].as_dict()["tiebreak_order"] == ["penalty", "opponents_points"]


def test_the_json_and_the_csv_carry_the_order_counts_and_separations() -> None:
    rows = standings(TWO_TABLES, byes={"a": 1}, house_bots={"e": 2, "zed": 3})
    d = rows[0].as_dict()
    assert d["tiebreak_order"] == ["cellar", "medals", "opponents_points"]
    assert (d["byes"], d["house_bots"]) == (1, 0)
    assert rows_by_player(rows)["e"].house_bots == 2
    parsed = list(csv.DictReader(io.StringIO(to_csv(rows))))
    first = parsed[0]
    assert (first["player"], first["separated_from_next"], first["separation_value"],
            first["next_separation_value"]) == ("a", "cellar", "12", "9")
    assert first["tiebreak_order"] == "cellar, medals, opponents_points"
    assert (first["byes"], first["house_bots"], parsed[1]["house_bots"]) == ("1", "0", "2")
    assert [p["separated_from_next"] for p in parsed] == [
        "cellar", "", "medals", "", "shared_rank", "", "shared_rank", ""]  # d, h: as c, g
    assert parsed[2]["points_exact"] == "2" and parsed[2]["opponents_points_exact"] == "4"
    # the API's renderer flattens the JSON row the same way
    assert csv_cells(d)["separated_from_next"] == "cellar"
    half = standings([T("abcd", (1, 2, 2, 4))])[1].as_dict()
    assert csv_cells(half)["points_exact"] == "3/2"


tables = st.lists(st.tuples(st.permutations("abcdefgh"),
                            st.lists(st.integers(0, 3), min_size=4, max_size=4),
                            st.lists(st.integers(0, 3), min_size=4, max_size=4)),
                  min_size=1, max_size=6)


def places_of(finish: list[int]) -> tuple[int, ...]:
    """Competition ranking of the finishes (higher is better): 1, 2, 2, 4."""
    return tuple(1 + sum(1 for g in finish if g > f) for f in finish)


@settings(max_examples=60, deadline=None)
@given(tables)
def test_every_separation_names_the_first_criterion_that_differs(drawn) -> None:
    results = [TableResult(tuple(p[:4]), places_of(fin), tuple(sc)) for p, fin, sc in drawn]
    rows = standings(results)
    for row, nxt in zip(rows, rows[1:], strict=False):
        sep = row.separated_from_next
        if row.points != nxt.points:
            assert sep is None and nxt.rank > row.rank
            continue
        pairs = list(zip(row.criteria(), nxt.criteria(), strict=True))
        differing = [(a[0], a[1], b[1]) for a, b in pairs if a[1] != b[1]]
        if not differing:
            assert sep.shared_rank and nxt.rank == row.rank and row.player < nxt.player
        else:
            name, mine, theirs = differing[0]
            assert sep == Separation(name, (mine, theirs)) and mine > theirs
            assert nxt.rank > row.rank
    assert rows[-1].separated_from_next is None
