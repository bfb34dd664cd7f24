"""A season in two divisions played by bots, closed with promotion and relegation, and
the next season made from the moves; the services' refusals store nothing.

Given 8 random bots in a new league (all unrated) / when a season of two divisions of
four (promote 1, relegate 1) opens, every division's one-year Kolkhoz Swiss is played
and the season closes / then the top of Division 2 moves up, the bottom of Division 1
moves down (by the final standings, a shared rank by seed), each recorded as a Movement,
and the next season's divisions hold exactly the moved players, seeded by the ladder."""

from __future__ import annotations

import pytest

from seasons import services
from seasons.errors import SeasonError, SeasonStateError
from seasons.models import (
    Division,
    DivisionMember,
    Movement,
    SeasonPlan,
    SeasonStatus,
)
from tournaments import selectors
from tournaments import services as league_services
from tournaments.errors import LeagueError
from tournaments.models import Season, Tournament, TournamentStatus

from .helpers import FAST, bots, final_order, league, members, play_season

pytestmark = pytest.mark.django_db


def _stored() -> tuple[int, int, int, int, int, int]:
    return (Season.objects.count(), Tournament.objects.count(), Division.objects.count(),
            DivisionMember.objects.count(), Movement.objects.count(),
            SeasonPlan.objects.count())


def _division_order(season: Season, number: int) -> list[str]:
    division = Division.objects.get(season=season, number=number)
    seeds = {m.player.name: m.seed for m in division.members.select_related("player")}
    rows = league_services.standings_rows(tournament=division.tournament)
    return final_order(rows, seeds)


def test_two_divisions_promote_and_relegate_into_the_next_season():
    lg = league("two")
    players = bots("two", 8)
    season = services.season_open(league=lg, players=players, divisions=2, promote=1,
                                  relegate=1, **FAST)
    assert season.number == 1  # the league's first season was still empty
    names = [p.name for p in players]
    # nobody is rated yet: the order given, cut in two
    assert members(season) == [names[:4], names[4:]]
    plan = season.division_plan
    assert plan.status == SeasonStatus.OPEN and (plan.promote, plan.relegate) == (1, 1)
    divisions = list(season.divisions.order_by("number"))
    assert [d.tournament.status for d in divisions] == [TournamentStatus.RUNNING] * 2

    play_season(season)
    top_order, bottom_order = _division_order(season, 1), _division_order(season, 2)
    following = services.season_close(season=season)
    plan.refresh_from_db()
    assert plan.status == SeasonStatus.CLOSED and following is not None
    assert following.number == 2

    moves = {m.player.name: m for m in Movement.objects.filter(season=season)
             .select_related("player", "from_division")}
    assert len(moves) == 8
    relegated, promoted = top_order[-1], bottom_order[0]
    assert (moves[relegated].reason, moves[relegated].to_number) == ("relegated", 2)
    assert (moves[promoted].reason, moves[promoted].to_number) == ("promoted", 1)
    for name in top_order[:-1] + bottom_order[1:]:
        assert moves[name].reason == "stayed"
    assert moves[top_order[0]].to_number == 1 and moves[bottom_order[-1]].to_number == 2
    # the final rank recorded is the standings' rank
    rows = league_services.standings_rows(tournament=divisions[1].tournament)
    assert moves[promoted].final_rank == next(r["rank"] for r in rows
                                              if r["player"] == promoted)

    # the next season: exactly the moved players, each division seeded by the ladder
    groups = members(following)
    assert set(groups[0]) == set(top_order[:-1]) | {promoted}
    assert set(groups[1]) == set(bottom_order[1:]) | {relegated}
    ordinals = {r["player"]: r["ordinal"] for r in selectors.league_ladder(league=lg)}
    for group in groups:
        assert group == sorted(group, key=lambda n: (-ordinals[n], n))
    assert following.division_plan.previous_id == plan.pk
    assert set(Movement.objects.filter(season=season)
               .values_list("to_division__season", flat=True)) == {following.pk}

    # a retried close changes nothing and gives the same next season
    before = _stored()
    assert services.season_close(season=season) == following
    assert _stored() == before

    # the second season plays and closes without opening a third
    play_season(following)
    assert services.season_close(season=following, open_next=False) is None
    assert following.division_plan.__class__.objects.get(season=following).status == "closed"
    assert not Season.objects.filter(league=lg, number=3).exists()
    assert Movement.objects.filter(season=following).count() == 8


def test_withdrawals_and_newcomers_and_a_next_season_that_cannot_be_played():
    """A player who withdrew leaves; the division left short of a table refuses the next
    season (nothing stored), and a newcomer filling it lets the season close."""
    lg = league("wd")
    players = bots("wd", 8)
    season = services.season_open(league=lg, players=players, divisions=2, **FAST)
    play_season(season)
    gone = players[5]  # Division 2
    league_services.entry_withdraw(
        tournament=Division.objects.get(season=season, number=2).tournament, player=gone)
    before = _stored()
    with pytest.raises(SeasonError) as err:
        services.season_close(season=season)
    assert err.value.code == "division_too_small" and err.value.extra["division"] == 2
    assert _stored() == before
    assert SeasonPlan.objects.get(season=season).status == SeasonStatus.OPEN

    newcomer = bots("wd-new", 1)[0]
    following = services.season_close(season=season, joining=[newcomer])
    assert following is not None
    move = Movement.objects.get(season=season, player=gone)
    assert (move.reason, move.to_number) == ("withdrawn", None)
    joined = Movement.objects.get(season=season, player=newcomer)
    assert (joined.reason, joined.from_division, joined.to_number) == ("joined", None, 2)
    groups = members(following)
    assert gone.name not in groups[0] + groups[1]
    assert newcomer.name in groups[1] and len(groups[0]) == len(groups[1]) == 4
    # the top of Division 2 among those who stayed is promoted (the withdrawn one left)
    order = [n for n in _division_order(season, 2) if n != gone.name]
    assert Movement.objects.get(season=season, player__name=order[0]).reason == "promoted"


def test_rated_players_first_by_ordinal_then_the_unrated_in_the_order_given():
    lg = league("rated")
    veterans = bots("rated", 4)
    first = services.season_open(league=lg, players=veterans, divisions=1, promote=0,
                                 relegate=0, **FAST)
    play_season(first)
    services.season_close(season=first, open_next=False)
    ladder = [r["player"] for r in selectors.league_ladder(league=lg)]
    newcomers = bots("rated-new", 4)
    given = [newcomers[2], veterans[0], newcomers[0], veterans[3], newcomers[3],
             veterans[1], newcomers[1], veterans[2]]
    season = services.season_open(league=lg, players=given, divisions=2, **FAST)
    assert season.number == 2
    assert members(season) == [ladder, [newcomers[i].name for i in (2, 0, 3, 1)]]
    ordinals = dict(DivisionMember.objects.filter(season=season)
                    .values_list("player__name", "ordinal"))
    assert all(ordinals[n] is not None for n in ladder)
    assert all(ordinals[p.name] is None for p in newcomers)


@pytest.mark.parametrize("kwargs, code", [
    ({"divisions": 2, "players_n": 7}, "division_too_small"),       # 4 + 3 at 4 seats
    ({"division_size": 4, "players_n": 3}, "division_too_small"),
    ({"divisions": 2, "promote": 3, "relegate": 2}, "bad_movement"),
    ({"divisions": 2, "promote": -1}, "bad_movement"),
    ({"divisions": 2, "division_size": 4}, "bad_divisions"),
    ({}, "bad_divisions"),
    ({"divisions": 0}, "bad_divisions"),
    ({"divisions": 2, "format": "knockout"}, "bad_format"),
    ({"divisions": 2, "rounds": 0}, "bad_format"),
    ({"divisions": 2, "table_size": 5}, "bad_table_size"),
    ({"divisions": 2, "format": "series", "players_n": 10}, "bad_entries"),
    ({"divisions": 2, "seed": "s" * 60}, "bad_seed"),
])
def test_bad_openings_are_refused_with_a_code_and_store_nothing(kwargs, code):
    lg = league(f"bad-{code}")
    n = kwargs.pop("players_n", 8)
    players = bots(f"bad-{code}", n)
    before = _stored()
    with pytest.raises(LeagueError) as err:  # SeasonError, or the league's own check
        services.season_open(league=lg, players=players, **kwargs)
    assert err.value.code == code, err.value.message
    assert _stored() == before


def test_a_division_that_cannot_play_names_the_division():
    """5 + 5 players cannot play a series of 4: Division 1's tournament is refused."""
    lg = league("series")
    with pytest.raises(SeasonError) as err:
        services.season_open(league=lg, players=bots("series", 10), divisions=2,
                             format="series")
    assert err.value.extra["division"] == 1 and "division 1" in err.value.message


def test_state_conflicts():
    lg = league("state")
    players = bots("state", 8)
    season = services.season_open(league=lg, players=players, divisions=2, start=False,
                                  **FAST)
    assert {d.tournament.status for d in season.divisions.all()} == {"draft"}
    before = _stored()
    with pytest.raises(SeasonStateError) as err:
        services.season_open(league=lg, players=bots("state-2", 8), divisions=2)
    assert err.value.code == "season_in_progress" and err.value.status == 409
    with pytest.raises(SeasonStateError) as err:
        services.season_close(season=season)
    assert err.value.code == "season_unfinished" and err.value.extra["divisions"] == [1, 2]
    with pytest.raises(SeasonStateError) as err:
        services.season_next(season=season)
    assert err.value.code == "season_not_closed"
    plain = Season.objects.create(league=lg, number=7)
    with pytest.raises(SeasonError) as err:
        services.season_close(season=plain)
    assert err.value.code == "no_divisions"
    assert _stored()[1:] == before[1:]


def test_season_numbers():
    lg = league("numbers")
    league_services.tournament_create(season=lg.seasons.get(), name="plain", format="swiss",
                                      rounds=1, players=bots("num", 4))
    with pytest.raises(SeasonStateError) as err:  # season 1 has a tournament of its own
        services.season_open(league=lg, players=bots("numbers", 8), divisions=2, number=1)
    assert err.value.code == "season_taken"
    season = services.season_open(league=lg, players=bots("numbers", 8), divisions=2,
                                  start=False)
    assert season.number == 2  # the latest season was taken: the next one
    SeasonPlan.objects.filter(season=season).update(status=SeasonStatus.CLOSED)
    with pytest.raises(SeasonError) as err:
        services.season_open(league=lg, players=bots("numbers-b", 8), divisions=2, number=2)
    assert err.value.code == "bad_season_number"
    later = services.season_open(league=lg, players=bots("numbers-b", 8), divisions=2,
                                 number=5, start=False)
    assert later.number == 5


def test_a_later_division_refused_rolls_back_the_started_ones():
    """15 players in a round-robin: Division 1 (8) is created and started — its round 1
    games stored — before Division 2 (7) is refused; nothing of either stays."""
    from replays.models import Game

    lg = league("rollback")
    players = bots("rollback", 15)
    before, games = _stored(), Game.objects.count()
    with pytest.raises(SeasonError) as err:
        services.season_open(league=lg, players=players, divisions=2, format="round-robin",
                             rounds=1)
    assert (err.value.code, err.value.extra["division"]) == ("bad_entries", 2)
    assert _stored() == before and Game.objects.count() == games
