"""The pure rules of seasons in divisions (``seasons.divisions``), by example and by
property (hypothesis): sizes within one, every player placed once and the strongest on
top, promotion and relegation by final order with a shared rank decided by seed, and
the next season holding exactly those who stay in the league."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seasons import divisions as rules
from seasons.divisions import Finish


def test_sizes_by_count_and_by_size():
    assert rules.division_sizes(10, divisions=3) == [4, 3, 3]
    assert rules.division_sizes(8, divisions=2) == [4, 4]
    assert rules.division_sizes(10, division_size=4) == [5, 5]
    assert rules.division_sizes(7, division_size=4) == [7]
    assert rules.division_sizes(3, divisions=4) == [1, 1, 1, 0]
    for bad in ({}, {"divisions": 2, "division_size": 4}, {"divisions": 0},
                {"division_size": 0}):
        with pytest.raises(ValueError):
            rules.division_sizes(8, **bad)


def test_rating_order_puts_rated_first_then_the_unrated_as_given():
    ratings = {"b": 3.0, "d": 7.5, "a": 3.0}
    assert rules.rating_order(["x", "a", "b", "y", "d"], ratings) == ["d", "a", "b", "x", "y"]
    with pytest.raises(ValueError):
        rules.rating_order(["a", "a"], {})


def test_a_shared_rank_on_the_promotion_line_goes_by_seed():
    """Division 2's two best share rank 1: the higher seed (rated higher at the opening)
    is promoted, and both moves say the seed decided."""
    div1 = [Finish("a", 1, 1), Finish("b", 2, 2), Finish("c", 3, 3), Finish("d", 4, 4)]
    div2 = [Finish("e", 1, 3), Finish("f", 1, 2), Finish("g", 3, 1), Finish("h", 4, 4)]
    moves = {m.player: m for m in rules.season_moves([div1, div2], 1, 1)}
    assert (moves["f"].reason, moves["f"].to_division, moves["f"].by_seed) == \
        ("promoted", 1, True)
    assert (moves["e"].reason, moves["e"].by_seed) == ("stayed", True)
    assert (moves["d"].reason, moves["d"].to_division, moves["d"].by_seed) == \
        ("relegated", 2, False)
    assert not moves["g"].by_seed and moves["g"].reason == "stayed"
    assert rules.next_groups(list(moves.values()), 2) == [["a", "b", "c", "f"],
                                                          ["d", "e", "g", "h"]]


def test_withdrawn_players_leave_and_the_promoted_go_first_when_few_remain():
    div1 = [Finish("a", 1, 1), Finish("b", 2, 2)]
    # 3 divisions: the middle one promotes 1 and relegates 1, but only one stays
    div2 = [Finish("c", 1, 1, withdrawn=True), Finish("d", 2, 2), Finish("e", 3, 3, True)]
    div3 = [Finish("f", 1, 1), Finish("g", 2, 2)]
    moves = {m.player: m for m in rules.season_moves([div1, div2, div3], 1, 1)}
    assert moves["c"].reason == moves["e"].reason == "withdrawn"
    assert moves["c"].to_division is None
    assert moves["d"].reason == "promoted"  # promoted first, nobody left to relegate
    assert rules.next_groups(list(moves.values()), 3, ["new"]) == [
        ["a", "d"], ["b", "f"], ["g", "new"]]
    with pytest.raises(ValueError):
        rules.next_groups(list(moves.values()), 3, ["a"])


@st.composite
def seasons(draw):
    """Divisions of finishes (ranks as standings give them: competition ranking with
    shared ranks), a few withdrawn, with promote/relegate that fit."""
    count = draw(st.integers(1, 5))
    sizes = draw(st.lists(st.integers(2, 9), min_size=count, max_size=count))
    divisions, n = [], 0
    for size in sizes:
        points = draw(st.lists(st.integers(0, 4), min_size=size, max_size=size))
        ordered = sorted(points, reverse=True)
        finishes = []
        for seed, p in enumerate(points, start=1):
            rank = ordered.index(p) + 1
            finishes.append(Finish(f"p{n}", rank, seed, draw(st.booleans()) and
                                   draw(st.integers(0, 5)) == 0))
            n += 1
        divisions.append(finishes)
    promote = draw(st.integers(0, min(sizes)))
    relegate = draw(st.integers(0, min(sizes) - promote))
    return divisions, promote, relegate


@given(seasons())
@settings(max_examples=150, deadline=None)
def test_moves_place_everyone_once_in_final_order(case):
    divisions, promote, relegate = case
    count = len(divisions)
    moves = rules.season_moves(divisions, promote, relegate)
    everyone = [f.player for d in divisions for f in d]
    assert sorted(m.player for m in moves) == sorted(everyone)
    for k, finishes in enumerate(divisions, start=1):
        mine = [m for m in moves if m.from_division == k]
        staying = sorted((f for f in finishes if not f.withdrawn), key=lambda f: (f.rank, f.seed))
        up = [m for m in mine if m.reason == "promoted"]
        down = [m for m in mine if m.reason == "relegated"]
        assert len(up) == (min(promote, len(staying)) if k > 1 else 0)
        assert len(down) == (min(relegate, len(staying) - len(up)) if k < count else 0)
        assert all(m.to_division == k - 1 for m in up)
        assert all(m.to_division == k + 1 for m in down)
        assert all(m.to_division is None for m in mine if m.reason == "withdrawn")
        # the promoted are the best of the final order, the relegated its worst
        names = [f.player for f in staying]
        assert {m.player for m in up} == set(names[:len(up)])
        assert {m.player for m in down} == set(names[len(names) - len(down):])
        # by_seed exactly when a shared rank crossed a line
        for m in mine:
            if m.by_seed:
                assert sum(f.rank == m.rank for f in staying) > 1


@given(seasons(), st.integers(0, 3))
@settings(max_examples=150, deadline=None)
def test_the_next_season_holds_exactly_who_stays_in_the_league(case, newcomers):
    divisions, promote, relegate = case
    moves = rules.season_moves(divisions, promote, relegate)
    joining = [f"new{i}" for i in range(newcomers)]
    groups = rules.next_groups(moves, len(divisions), joining)
    placed = [p for g in groups for p in g]
    staying = [f.player for d in divisions for f in d if not f.withdrawn]
    assert sorted(placed) == sorted(staying + joining)
    assert groups[-1][len(groups[-1]) - newcomers:] == joining
    if promote == relegate and not any(f.withdrawn for d in divisions for f in d):
        # equal exchanges keep every division's size
        assert [len(g) for g in groups[:-1]] == [len(d) for d in divisions[:-1]]
        assert len(groups[-1]) == len(divisions[-1]) + newcomers


@given(st.lists(st.text("abcdef", min_size=1, max_size=3), unique=True, max_size=30),
       st.integers(1, 6), st.data())
@settings(max_examples=150, deadline=None)
def test_split_by_rating_puts_the_strongest_on_top(names, k, data):
    ratings = {n: data.draw(st.floats(-20, 40)) for n in names if data.draw(st.booleans())}
    order = rules.rating_order(names, ratings)
    sizes = rules.division_sizes(len(names), divisions=k)
    groups = rules.split(order, sizes)
    assert [p for g in groups for p in g] == order and sorted(order) == sorted(names)
    assert max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes, reverse=True)
    rated = [n for n in order if n in ratings]
    assert order[:len(rated)] == rated  # rated first…
    assert [ratings[n] for n in rated] == sorted((ratings[n] for n in rated), reverse=True)
    assert order[len(rated):] == [n for n in names if n not in ratings]  # …unrated as given
