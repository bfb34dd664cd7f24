"""Duplicate Swiss tournaments of 8 and 16 bots (one-year Kolkhoz games, random and
heuristic bots, played in this process on PostgreSQL), checked against what the store
holds and never through the standings code: every table of a round was dealt the same
cards (the stored deal events), the round's seed is the documented HMAC of the revealed
seed and secret, every player held each seat's cards once in the four rounds (and every
table's seating was the best any could be), and the standings' matchpoints are those
counted pair by pair from the results folded from the stored logs."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from fractions import Fraction

import pytest

from tests.tournaments.duplicate_helpers import (
    chance_events,
    duplicate_league,
    folded_scores,
    least_held_misses_brute,
    matchpoints_by_hand,
    rederived_seed,
    seat_names,
    tables_by_round,
)
from tournaments.models import TournamentStatus

pytestmark = pytest.mark.django_db(transaction=True)


def _check_duplicate_swiss(api, n: int, seed: str) -> None:
    t = duplicate_league(n=n, rounds=4, seed=seed, secret=f"{seed}-secret")  # same deals every run
    assert t.status == TournamentStatus.FINISHED
    body = api.get(f"/api/tournaments/{t.pk}/").json()
    assert body["duplicate"] is True
    rounds = tables_by_round(t)
    assert sorted(rounds) == [1, 2, 3, 4]
    house = set()
    held: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    results = []
    for number, tables in rounds.items():
        assert len(tables) == n // 4 and all(tb.board is None for tb in tables)
        # the same deal at every table: the stored deal events, and the seed they came from
        deals = [chance_events(tb) for tb in tables]
        assert len(deals[0]) == 1 and deals[0][0]["type"] == "deal"
        assert all(d == deals[0] for d in deals), f"round {number}: deals differ"
        seed_of_round = rederived_seed(body["seed"], body["secret"], number)
        assert {tb.game.seed_revealed for tb in tables} == {seed_of_round}
        # every table's seating seats as many players in a least-held seat as any could
        counts = {p: list(c) for p, c in held.items()}
        for tb in tables:
            names = seat_names(tb)
            best, got = least_held_misses_brute(names, counts, house)
            assert got == best, f"round {number} table {tb.number}: {names} misses {got}"
            assert got == 0  # and here nobody had to hold a seat a second time
            scores = folded_scores(tb)
            assert list(scores) == list(tb.scores)
            for s, p in enumerate(names):
                held[p][s] += 1
                results.append((number, s, p, scores[s]))
        detail = next(r for r in body["rounds_detail"] if r["number"] == number)
        assert detail["identical_deals"] == 1 and detail["deals"] == 1
    # four rounds of four seats: each player held each seat's cards exactly once
    assert len(held) == n and all(c == [1, 1, 1, 1] for c in held.values()), dict(held)
    # the duplicate score, counted pair by pair from the folded results
    by_hand = matchpoints_by_hand(results, lower_wins=False)
    rows = api.get(f"/api/tournaments/{t.pk}/standings/").json()
    assert len(rows) == n
    for row in rows:
        earned, most = by_hand[row["player"]]
        assert Fraction(row["matchpoints_exact"]) == earned, row
        assert row["matchpoints"] == float(earned) and row["matchpoints_max"] == most
        assert row["matchpoint_pct"] == round(float(100 * earned / most), 2)
    spread = {row["matchpoints_exact"] for row in rows}
    assert len(spread) > 1, "random and heuristic bots should not all tie"
    # the CSV carries them beside the points
    text = api.get(f"/api/tournaments/{t.pk}/standings/?format=csv").content.decode()
    table = list(csv.reader(io.StringIO(text)))
    header = table[0]
    at = header.index("points")
    assert header[at + 1: at + 4] == ["matchpoints", "matchpoints_max", "matchpoint_pct"]
    for line in table[1:]:
        earned, most = by_hand[line[header.index("player")]]
        assert Fraction(line[at + 1]) == earned and int(line[at + 2]) == most


def test_a_duplicate_swiss_of_8_bots(api) -> None:
    _check_duplicate_swiss(api, 8, "dup-8")


def test_a_duplicate_swiss_of_16_bots(api) -> None:
    _check_duplicate_swiss(api, 16, "dup-16")


def test_a_field_of_one_table_plays_boards_each_bot_holding_each_seat_once(api) -> None:
    t = duplicate_league(n=4, rounds=2, seed="dup-boards")
    body = api.get(f"/api/tournaments/{t.pk}/").json()
    results = []
    for number, tables in tables_by_round(t).items():
        assert [tb.board for tb in tables] == [1, 2, 3, 4]
        assert [tb.number for tb in tables] == [1, 2, 3, 4]
        deals = [chance_events(tb) for tb in tables]
        assert all(d == deals[0] for d in deals)
        assert {tb.game.seed_revealed for tb in tables} == {
            rederived_seed(body["seed"], body["secret"], number)}
        held: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        for tb in tables:
            for s, p in enumerate(seat_names(tb)):
                held[p][s] += 1
                results.append((number, s, p, folded_scores(tb)[s]))
        assert all(c == [1, 1, 1, 1] for c in held.values()) and len(held) == 4
    rows = api.get(f"/api/tournaments/{t.pk}/standings/").json()
    by_hand = matchpoints_by_hand(results, lower_wins=False)
    for row in rows:
        assert row["games"] == 8  # four boards a round
        assert (Fraction(row["matchpoints_exact"]), row["matchpoints_max"]) == by_hand[
            row["player"]]
        assert row["matchpoints_max"] == 2 * 4 * 3  # 2 rounds, 4 seats, 3 others each


def test_a_plain_tournament_has_null_matchpoints_and_its_csv_is_unchanged(api) -> None:
    from tests.leagues.league_helpers import make_tournament, play_inline
    from tournaments import services

    t = make_tournament(n=4, fmt="series", rounds=1, seed="plain-dup",
                        preset="kolkhoz", secret="plain")
    services.tournament_start(tournament=t)
    play_inline(t)
    rows = api.get(f"/api/tournaments/{t.pk}/standings/").json()
    assert all(r["matchpoints"] is None and r["matchpoint_pct"] is None for r in rows)
    header = api.get(f"/api/tournaments/{t.pk}/standings/?format=csv").content.decode()
    assert "matchpoints" not in header.splitlines()[0]
    body = api.get(f"/api/tournaments/{t.pk}/").json()
    assert body["duplicate"] is False
    assert all(r["identical_deals"] is None for r in body["rounds_detail"])


def test_run_league_duplicate_prints_matchpoints_beside_the_points(eager_celery) -> None:
    import json

    from django.core.management import call_command

    out = io.StringIO()
    call_command("run_league", "--no-worker", "--duplicate", "--bots", "8", "--bot-kinds",
                 "random,heuristic", "--rounds", "1", "--secret", "run-league-dup", "--json",
                 "--timeout", "300", stdout=out)
    result = json.loads(out.getvalue())
    assert result["status"] == "finished" and len(result["standings"]) == 8
    rows = result["standings"]
    assert all(r["matchpoints_max"] == 1 for r in rows)  # two tables: one other result
    assert sum(Fraction(r["matchpoints_exact"]) for r in rows) == 4  # 4 seats, ½·2·1 each
    text = io.StringIO()
    call_command("run_league", "--no-worker", "--duplicate", "--bots", "4", "--rounds", "1",
                 "--secret", "run-league-dup-text", "--timeout", "300", stdout=text)
    header = next(line for line in text.getvalue().splitlines() if line.startswith("  #"))
    assert header.split() == ["#", "player", "pts", "mp", "mp%", "cellar", "medals", "opp"]
