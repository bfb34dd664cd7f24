"""The pure duplicate core (no database): matchpoints (``tournaments.duplicate``) against
docs/duplicate.md's worked example (read from the page) and hypothesis properties, and
the seats of a duplicate table (``tournaments.pairing.duplicate_seats``) against every
seating tried by brute force."""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.duplicate import SeatResult, identical_prefix, matchpoints
from tournaments.pairing import boards, duplicate_seat_table, least_held_misses

DOC = Path(__file__).resolve().parents[2] / "docs" / "duplicate.md"


def _number(text: str) -> Fraction:
    text = text.strip()
    half = text.endswith("½")
    whole = text.removesuffix("½") or "0"
    return Fraction(int(whole)) + (Fraction(1, 2) if half else 0)


def _example_rounds() -> dict[int, list[tuple[int, list[tuple[str, int]], dict[str, Fraction]]]]:
    """docs/duplicate.md's example tables: round -> [(seat, [(player, score)], stated)]."""
    out: dict[int, list] = {}
    for number, block in re.findall(r"<!-- example round (\d) -->\n((?:\|.*\n)+)",
                                    DOC.read_text()):
        rows = []
        for line in block.splitlines()[2:]:
            cells = [c.strip() for c in line.strip("|").split("|")]
            results = [(c.split()[0], int(c.split()[1])) for c in cells[1:-1]]
            stated = {p.split()[0]: _number(p.split()[1]) for p in cells[-1].split(",")}
            rows.append((int(cells[0]), results, stated))
        out[int(number)] = rows
    return out


def test_the_worked_example_of_the_docs_computes() -> None:
    rounds = _example_rounds()
    assert sorted(rounds) == [1, 2]
    results = []
    for number, rows in rounds.items():
        one_round = [SeatResult(number, seat, p, x) for seat, res, _ in rows for p, x in res]
        got = matchpoints(one_round)
        for _, res, stated in rows:
            assert {p: got[p].earned for p, _ in res} == stated
        results += one_round
    total = matchpoints(results)
    text = DOC.read_text()
    for p, mp in total.items():  # the totals table: "| F, J | 3 | 75 |"
        pct = mp.pct
        assert pct is not None and mp.available == 4
        shown = f"{int(mp.earned)}{'½' if mp.earned.denominator == 2 else ''}"
        pct_text = f"{float(pct):g}"
        row = re.search(rf"\| ([A-L, ]*\b{p}\b[A-L, ]*) \| {shown} \| {re.escape(pct_text)} \|",
                        text)
        assert row, f"{p}: {shown}, {pct_text} % not in the totals table"


results_st = st.lists(
    st.tuples(st.integers(1, 3), st.integers(0, 3), st.integers(-5, 5)), min_size=1,
    max_size=40)


@settings(max_examples=150, deadline=None)
@given(results_st, st.booleans())
def test_matchpoints_share_each_seat_and_mirror_when_lower_wins(raw, lower) -> None:
    results = [SeatResult(d, s, f"p{i}", x) for i, (d, s, x) in enumerate(raw)]
    got = matchpoints(results, lower_wins=lower)
    flipped = matchpoints(results, lower_wins=not lower)
    groups: dict[tuple[int, int], list[str]] = {}
    for r in results:
        groups.setdefault((r.deal, r.seat), []).append(r.player)
    for players in groups.values():
        k = len(players)
        assert sum(got[p].earned for p in players) == Fraction(k * (k - 1), 2)
        for p in players:
            assert 0 <= got[p].earned <= got[p].available == k - 1
            assert got[p].earned + flipped[p].earned == k - 1


def test_bad_scores_and_seats_are_refused() -> None:
    with pytest.raises(ValueError):
        matchpoints([SeatResult(1, 0, "a", "7")])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        matchpoints([SeatResult(1, -1, "a", 7)])


def test_identical_prefix_compares_without_seq() -> None:
    a = [{"seq": 2, "type": "deal", "hands": [1]}, {"seq": 40, "type": "deal", "hands": [2]}]
    b = [{"seq": 2, "type": "deal", "hands": [1]}, {"seq": 44, "type": "deal", "hands": [2]},
         {"seq": 90, "type": "deal", "hands": [3]}]
    c = [{"seq": 2, "type": "deal", "hands": [1]}, {"seq": 41, "type": "deal", "hands": [9]}]
    assert identical_prefix([a, b]) == 2
    assert identical_prefix([a, b, c]) == 1
    assert identical_prefix([]) == 0


def _objective(order, counts, house):
    misses = sq = even = 0
    for s, p in enumerate(order):
        if p in house:
            continue
        row = counts.get(p, [0] * len(order))
        excess = row[s] - min(row)
        misses += excess > 0
        sq += excess * excess
        even += (row[s] + 1) ** 2
    return misses, sq, even


@settings(max_examples=120, deadline=None)
@given(st.integers(2, 6), st.data())
def test_a_duplicate_seating_is_the_best_of_every_seating(n, data) -> None:
    names = [f"p{i}" for i in range(n)]
    house = set(data.draw(st.sets(st.sampled_from(names), max_size=1)))
    counts = {p: data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
              for p in names}
    seated = duplicate_seat_table(names, counts, random.Random(data.draw(st.integers(0, 99))),
                                  indifferent=house)
    assert sorted(seated) == sorted(names)
    best = min(_objective(perm, counts, house) for perm in itertools.permutations(names))
    assert _objective(seated, counts, house) == best
    assert least_held_misses(names, counts, indifferent=house) == best[0]


def test_boards_give_each_player_each_seat_once() -> None:
    for n in range(2, 11):
        names = [f"b{i}" for i in range(n)]
        held = {p: set() for p in names}
        for board in boards(names):
            assert sorted(board) == names
            for s, p in enumerate(board):
                held[p].add(s)
        assert all(seats == set(range(n)) for seats in held.values())


def test_the_hall_failure_the_docs_describe() -> None:
    # four players who each held seats 1, 2 and 3 once: only one can take seat 0
    counts = {p: [0, 1, 1, 1] for p in "abcd"}
    assert least_held_misses(list("abcd"), counts) == 3
    seated = duplicate_seat_table(list("abcd"), counts, random.Random(1))
    assert sum(counts[p][s] == 0 for s, p in enumerate(seated)) == 1
