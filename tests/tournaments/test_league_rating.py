"""Rating: openskill Plackett–Luce ladder, rebuild, provisional, idle sigma (no DB)."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest
from openskill.models import PlackettLuce

from tournaments.rating import (
    IDLE_PERIOD_DAYS,
    IDLE_TAU,
    INITIAL_MU,
    INITIAL_SIGMA,
    PROVISIONAL_SIGMA,
    Ladder,
    RatedGame,
    inflate_sigma,
    provisional,
    rate_game,
    rebuild,
)

T0 = datetime(2026, 1, 5, 18, 0)


def random_games(n_games: int, seed: int, pool: int = 10, gap_days: int = 3) -> list[RatedGame]:
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(pool)]
    games = []
    for g in range(n_games):
        table = tuple(rng.sample(players, 4))
        scores = [rng.randrange(4) for _ in range(4)]
        places = tuple(1 + sum(1 for o in scores if o > s) for s in scores)  # ties included
        when = T0 + timedelta(days=gap_days * g + rng.randrange(gap_days))
        games.append(RatedGame(f"g{g:04d}", table, places, when))
    return games


def test_rate_game_matches_openskill_plackett_luce_directly() -> None:
    # given a table with known ratings
    ratings = {"a": (30.0, 5.0), "b": (25.0, 8.0), "c": (20.0, 3.0)}
    players, places = ["a", "b", "c", "d"], [2, 1, 3, 4]
    # when rated
    changes = rate_game(ratings, players, places)
    # then the numbers are exactly openskill's for the same inputs
    m = PlackettLuce()
    teams = [[m.rating(mu=30.0, sigma=5.0)], [m.rating(mu=25.0, sigma=8.0)]]
    teams += [[m.rating(mu=20.0, sigma=3.0)], [m.rating()]]
    expected = m.rate(teams, ranks=[2.0, 1.0, 3.0, 4.0])
    for c, team in zip(changes, expected, strict=True):
        assert (c.mu_after, c.sigma_after) == (team[0].mu, team[0].sigma)
    # and every change records its inputs
    d = changes[3]
    assert (d.player, d.mu_before, d.sigma_before) == ("d", INITIAL_MU, INITIAL_SIGMA)
    assert d.players == ("a", "b", "c", "d") and d.places == (2, 1, 3, 4) and d.place == 4
    assert d.ordinal_after == pytest.approx(d.mu_after - 3 * d.sigma_after)
    # and the input mapping is untouched
    assert ratings == {"a": (30.0, 5.0), "b": (25.0, 8.0), "c": (20.0, 3.0)}


def test_tied_places_get_equal_ratings_and_order_is_respected() -> None:
    changes = rate_game({}, ["a", "b", "c", "d"], [1, 2, 2, 4])
    a, b, c, d = changes
    assert (b.mu_after, b.sigma_after) == (c.mu_after, c.sigma_after)
    assert a.mu_after > b.mu_after > d.mu_after
    assert a.mu_after > INITIAL_MU > d.mu_after


@pytest.mark.parametrize(
    ("players", "places", "message"),
    [
        (["a"], [1], "at least 2"),
        (["a", "b", "a", "c"], [1, 2, 3, 4], "duplicate"),
        (["a", "b", "c", "d"], [1, 2, 3], "length"),
        (["a", "b", "c", "d"], [0, 1, 2, 3], "places"),
    ],
)
def test_rate_game_rejects_bad_input(players, places, message) -> None:
    with pytest.raises(ValueError, match=message):
        rate_game({}, players, places)


def test_rebuild_gives_identical_numbers_to_incremental_rating() -> None:
    # given 120 games with ties, gaps and idle periods
    games = random_games(120, seed=7, gap_days=9)
    # when rated one by one as they arrive
    ladder = Ladder()
    for g in games:
        ladder.record(g)
    # and rebuilt from scratch from a shuffled copy
    shuffled = list(games)
    random.Random(1).shuffle(shuffled)
    rebuilt = rebuild(shuffled)
    # then every number is bit-identical
    assert rebuilt.ratings() == ladder.ratings()
    assert rebuilt.changes == ladder.changes
    assert rebuild(games).changes == rebuilt.changes
    # and idle inflation really happened along the way
    assert any(c.sigma_before > (c.sigma_stored or 0) for c in ladder.changes)


def test_ladder_rejects_duplicates_and_out_of_order_games() -> None:
    games = random_games(3, seed=1)
    ladder = Ladder()
    ladder.record(games[1])
    with pytest.raises(ValueError, match="already"):
        ladder.record(games[1])
    with pytest.raises(ValueError, match="rebuild"):
        ladder.record(games[0])
    with pytest.raises(ValueError, match="already"):
        rebuild([games[0], games[0]])


def test_provisional_flag_flips_as_games_accumulate() -> None:
    # given a newcomer playing a steady pool every day
    games = random_games(400, seed=3, pool=8, gap_days=1)
    ladder = Ladder()
    flags: dict[int, bool] = {}
    for g in games:
        for c in ladder.record(g):
            if c.player == "p0":
                flags[ladder.entries["p0"].games] = c.provisional
    # then the rating is provisional at first and settles within 30 games
    assert provisional(INITIAL_SIGMA)
    assert flags[1] is True
    settled = min(k for k, v in flags.items() if not v)
    assert 5 <= settled <= 30
    assert not ladder.entries["p0"].provisional


def test_a_long_break_makes_a_settled_player_provisional_again() -> None:
    games = random_games(200, seed=5, pool=6, gap_days=1)
    ladder = rebuild(games)
    entry = ladder.entries["p0"]
    assert not entry.provisional
    settled_sigma = entry.sigma
    last = max(g.played_at for g in games)
    comeback = RatedGame("late", ("p0", "p1", "p2", "p3"), (1, 2, 3, 4), last + timedelta(days=800))
    change = ladder.record(comeback)[0]
    assert change.idle_days is not None and change.idle_days >= 800
    assert change.sigma_stored == settled_sigma
    assert change.sigma_before == INITIAL_SIGMA  # capped at the model's initial sigma
    assert provisional(change.sigma_before)


def test_inflate_sigma_grows_per_full_idle_period_up_to_the_cap() -> None:
    s = 3.0
    assert inflate_sigma(s, 0) == s
    assert inflate_sigma(s, IDLE_PERIOD_DAYS - 1) == s
    assert inflate_sigma(s, IDLE_PERIOD_DAYS) == pytest.approx(math.sqrt(s * s + IDLE_TAU**2))
    assert inflate_sigma(s, 3 * IDLE_PERIOD_DAYS + 5) == pytest.approx(
        math.sqrt(s * s + 3 * IDLE_TAU**2)
    )
    assert inflate_sigma(s, 10_000) == INITIAL_SIGMA
    steps = [inflate_sigma(s, d) for d in range(0, 2000, 30)]
    assert steps == sorted(steps)
    # never lowers a sigma that is already above the cap
    assert inflate_sigma(9.0, 400) == 9.0
    with pytest.raises(ValueError):
        inflate_sigma(-1.0, 3)
    with pytest.raises(ValueError):
        inflate_sigma(3.0, -1)


def test_provisional_threshold() -> None:
    assert provisional(PROVISIONAL_SIGMA + 1e-9)
    assert not provisional(PROVISIONAL_SIGMA)
    with pytest.raises(ValueError):
        provisional(-0.1)


def test_aware_and_naive_times_order_alike() -> None:
    aware = RatedGame("a", ("a", "b", "c", "d"), (1, 2, 3, 4), datetime(2026, 1, 1, 12, tzinfo=UTC))
    naive = RatedGame("b", ("a", "b", "c", "d"), (1, 2, 3, 4), datetime(2026, 1, 1, 11))
    assert [g.game_id for g in sorted([aware, naive], key=RatedGame.order_key)] == ["b", "a"]


def test_league_core_modules_import_no_django() -> None:
    code = (
        "import sys, tournaments.pairing, tournaments.scoring, tournaments.rating,"
        " tournaments.duplicate;"
        "assert 'django' not in sys.modules, 'django imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
