"""Leagues and tournaments know their game: validation of the game, the table size from
its seat range, the default ruleset and placement points, the bots of that game, entry
counts for the table size — and Kolkhoz's defaults exactly as before.

Given a registered game (Kolkhoz, or a fake game registered for the test) / when an
organiser sets up a league or tournament / then what the game allows is stored and
anything else is refused with a clear code, nothing half-written."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tournaments import services
from tournaments.errors import LeagueError
from tournaments.models import League, Tournament

from .any_game_helpers import league_of, tournament_of

pytestmark = pytest.mark.django_db


def test_kolkhoz_defaults_are_todays() -> None:
    # given a league and tournament set up without naming a game
    league = services.league_create(name="K", slug="k-defaults")
    players = [services.player_bot_get_or_create(name=f"k{i}", bot_name="random")
               for i in range(8)]
    t = services.tournament_create(season=league.seasons.get(), name="T", format="swiss",
                                   rounds=3, players=players)
    # then they play Kolkhoz's default preset at four seats, 3/2/1/0
    assert (league.game, league.ruleset) == ("kolkhoz", {"preset": "kolkhoz"})
    assert (t.game, t.table_size, t.ruleset) == ("kolkhoz", 4, {"preset": "kolkhoz"})
    assert t.placement_points == [3, 2, 1, 0]


def test_a_fake_games_tournament_takes_its_size_ruleset_and_points_from_the_game(
        fake_games) -> None:
    t = tournament_of("oddoneout", n=6, tag="defaults")
    assert (t.game, t.table_size, t.ruleset) == ("oddoneout", 3, {"preset": "standard"})
    assert t.placement_points == [2, 1, 0]
    assert t.season.league.game == "oddoneout"


@pytest.mark.parametrize("make", ["league", "tournament", "bot"])
def test_an_unknown_game_is_refused(make, fake_games) -> None:
    with pytest.raises(LeagueError) as e:
        if make == "league":
            services.league_create(name="X", slug="x-unknown", game="nosuch")
        elif make == "bot":
            services.player_bot_get_or_create(name="b", bot_name="random", game="nosuch")
        else:
            league, players = league_of("oddoneout", n=3, tag="unknown")
            services.tournament_create(season=league.seasons.get(), name="T", format="swiss",
                                       rounds=1, players=players, game="nosuch")
    assert e.value.code == "unknown_game" and "oddoneout" in e.value.extra["games"]
    assert not League.objects.filter(slug="x-unknown").exists()
    assert not Tournament.objects.exists()


def test_a_tournament_plays_its_leagues_game(fake_games) -> None:
    league, players = league_of("oddoneout", n=3, tag="mismatch")
    with pytest.raises(LeagueError) as e:
        services.tournament_create(season=league.seasons.get(), name="T", format="swiss",
                                   rounds=1, players=players, game="kolkhoz")
    assert e.value.code == "game_mismatch" and not Tournament.objects.exists()


@pytest.mark.parametrize(("game", "size", "ok"), [
    ("oddoneout", None, 3), ("oddoneout", 3, 3), ("oddoneout", 4, None),
    ("oddrange", None, 4), ("oddrange", 2, 2), ("oddrange", 6, 6), ("oddrange", 7, None),
    ("oddrange", 1, None), ("kolkhoz", 3, None), ("kolkhoz", "4", None),
])
def test_the_table_size_is_the_games_or_one_from_its_range(game, size, ok,
                                                           fake_games) -> None:
    league, players = league_of(game, n=6, tag=f"size-{size}")
    make = dict(season=league.seasons.get(), name="T", format="swiss", rounds=1,
                players=players, table_size=size)
    if ok is None:
        with pytest.raises(LeagueError) as e:
            services.tournament_create(**make)
        assert e.value.code == "bad_table_size" and "seats" in e.value.extra
        assert not Tournament.objects.exists()
    else:
        t = services.tournament_create(**make)
        assert t.table_size == ok and len(t.placement_points) == ok


@pytest.mark.parametrize(("points", "ok"), [
    ([3, 1, 0], True), ([1.5, 0.5, 0], True), ([3, 2, 1, 0], False), ([0, 1, 2], False),
    (["a", 1, 0], False),
])
def test_custom_placement_points_fit_the_table_size(points, ok, fake_games) -> None:
    league, players = league_of("oddoneout", n=3, tag=f"pts-{points}")
    make = dict(season=league.seasons.get(), name="T", format="swiss", rounds=1,
                players=players, placement_points=points)
    if ok:
        assert services.tournament_create(**make).placement_points == points
    else:
        with pytest.raises(LeagueError) as e:
            services.tournament_create(**make)
        assert e.value.code == "bad_placement_points"


def test_bots_must_be_the_games(fake_games) -> None:
    # given a bot only Kolkhoz has
    with pytest.raises(LeagueError) as e:
        services.player_bot_get_or_create(name="s", bot_name="ismcts", game="oddoneout")
    assert e.value.code == "unknown_bot"
    # and a Kolkhoz ismcts player entered in a fake game's tournament
    ismcts = services.player_bot_get_or_create(name="s", bot_name="ismcts")
    league, players = league_of("oddoneout", n=2, tag="bots")
    with pytest.raises(LeagueError) as e:
        services.tournament_create(season=league.seasons.get(), name="T", format="swiss",
                                   rounds=1, players=[*players, ismcts])
    assert e.value.code == "unknown_bot" and not Tournament.objects.exists()


def test_a_ruleset_is_checked_by_the_games_engine(fake_games) -> None:
    with pytest.raises(Exception) as e:
        services.league_create(name="R", slug="r-bad", game="oddoneout",
                               ruleset={"preset": "kolkhoz"})
    assert getattr(e.value, "code", None) == "unknown_preset"
    assert not League.objects.filter(slug="r-bad").exists()


@pytest.mark.parametrize(("game", "fmt", "n", "size", "ok"), [
    ("oddoneout", "round-robin", 6, None, True),
    ("oddoneout", "round-robin", 5, None, False),   # a fixed size: a multiple of 3
    ("oddoneout", "series", 3, None, True),
    ("oddoneout", "series", 4, None, False),
    ("oddoneout", "swiss", 2, None, False),
    ("oddrange", "round-robin", 5, 4, True),      # 3 + 2: smaller tables allowed
    ("oddrange", "round-robin", 3, 4, False),     # fewer than a table
    ("kolkhoz", "round-robin", 6, None, False),
])
def test_entry_counts_follow_the_table_size(game, fmt, n, size, ok, fake_games) -> None:
    league, players = league_of(game, n=n, tag=f"{fmt}-{n}")
    make = dict(season=league.seasons.get(), name="T", format=fmt, rounds=2,
                players=players, table_size=size)
    if ok:
        services.tournament_create(**make)
    else:
        with pytest.raises(LeagueError) as e:
            services.tournament_create(**make)
        assert e.value.code == "bad_entries"


def test_a_swiss_keeps_a_table_of_players(fake_games) -> None:
    t = tournament_of("oddoneout", n=3, tag="withdraw")
    player = t.entries.first().player
    with pytest.raises(LeagueError) as e:
        services.entry_withdraw(tournament=t, player=player)
    assert e.value.code == "too_few_entries" and "3 players" in e.value.message


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "nosuch"], "unknown_game"),
    (["--game", "kolkhoz", "--table-size", "3"], "bad_table_size"),
    (["--preset", "nosuch"], "preset"),
    (["--bots", "3"], "at least 4 bots"),
    (["--bot-kinds", "nosuch"], "unknown_bot"),
])
def test_run_league_refuses_what_the_game_does_not_allow(args, message) -> None:
    with pytest.raises(CommandError, match=message):
        call_command("run_league", "--no-worker", *args)
    assert not League.objects.exists()


def test_a_match_series_is_full_at_its_table_size(fake_games) -> None:
    from django.contrib.auth.models import User

    from accounts.services import tournament_enter
    from replays.errors import ConflictError

    t = tournament_of("oddoneout", n=3, fmt="series", tag="series-full")
    user = User.objects.create_user("late-comer", password="a-long-password-9")
    with pytest.raises(ConflictError) as e:
        tournament_enter(user=user, tournament_id=t.pk)
    assert e.value.code == "full" and "series of three" in e.value.message
