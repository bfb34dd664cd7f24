"""Ratings never lose an update: one well-defined order per league.

Given rounds of several tournaments finishing at the same moment (threads on
PostgreSQL) / then every rated game is on the ladder once, each player's changes chain
(the next change starts where the last ended), orders are unique and contiguous, and
``rebuild_ratings`` reproduces the stored ladder exactly. Given a game applied after a
later-played one / then inactivity is zero, never negative."""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from datetime import datetime

import pytest
from django.db import IntegrityError, close_old_connections, connection, transaction

from replays.services import game_append
from tournaments import dispatch, rating, services
from tournaments.models import Rating, RatingChange, Table, TableStatus

from .league_helpers import reference_log, stored_log
from .overlap_helpers import bots, ladder_snapshot

ONE_YEAR = {"preset": "kolkhoz", "options": {"years": 1}}


def test_a_game_rated_after_a_later_played_one_has_zero_idle_days():
    """Given game B (played on the 10th) rated before game A (played on the 5th) with the
    same players / when A is recorded after B / then its idle days are 0 (not -5), sigma
    is not inflated and the players' last game time stays the 10th."""
    ladder = rating.Ladder()
    players = ("a", "b", "c", "d")
    ladder.record(rating.RatedGame("B", players, (1, 2, 3, 4), datetime(2026, 1, 10), order=1))
    sigmas = {p: e.sigma for p, e in ladder.entries.items()}
    changes = ladder.record(rating.RatedGame("A", players, (4, 3, 2, 1),
                                             datetime(2026, 1, 5), order=2))
    assert [c.idle_days for c in changes] == [0, 0, 0, 0]
    assert [c.sigma_before for c in changes] == [sigmas[p] for p in players]
    assert {e.last_played for e in ladder.entries.values()} == {datetime(2026, 1, 10)}
    again = rating.rebuild([rating.RatedGame("A", players, (4, 3, 2, 1),
                                             datetime(2026, 1, 5), order=2),
                            rating.RatedGame("B", players, (1, 2, 3, 4),
                                             datetime(2026, 1, 10), order=1)])
    assert again.changes == ladder.changes


@pytest.mark.django_db
def test_a_league_has_one_rating_change_per_order():
    """The database refuses two rating changes at one position of a league's ladder."""
    from .league_helpers import make_tournament, play_inline

    t = make_tournament(n=4, fmt="series", rounds=1, seed="uniq", preset="kolkhoz")
    services.tournament_start(tournament=t)
    play_inline(t)
    c = RatingChange.objects.filter(league=t.season.league).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        other = services.player_bot_get_or_create(name="uniq-other", bot_name="random")
        RatingChange.objects.create(league=c.league, player=other, game=c.game,
                                    order=c.order, mu_before=1, sigma_before=1, mu_after=1,
                                    sigma_after=1)


def _ready_tables(monkeypatch, leagues, per_league, tag):
    """``per_league`` one-round series per league over overlapping bots, each table's game
    played to its end in the store but the table not finished (its round not rated)."""
    monkeypatch.setattr(dispatch, "tables_enqueue", lambda ids: None)  # no broker: threads play
    b = bots(f"race-{tag}", 6)
    lineups = [b[0:4], b[2:6], [b[0], b[1], b[4], b[5]], [b[1], b[2], b[3], b[4]]]
    tables = []
    for li in range(leagues):
        stamp = time.time_ns()
        league = services.league_create(name=f"Race {tag} {li} {stamp}",
                                        slug=f"race-{tag}-{li}-{stamp}", ruleset=ONE_YEAR)
        for k in range(per_league):
            t = services.tournament_create(season=league.seasons.get(), name=f"T{k}",
                                           format="series", rounds=1,
                                           players=lineups[k % len(lineups)],
                                           ruleset=ONE_YEAR, seed=f"race-{tag}-{li}-{k}")
            services.tournament_start(tournament=t)
            table = Table.objects.get(round__tournament=t)
            done = stored_log(table)
            full = reference_log(table)
            assert full[:len(done)] == done
            game_append(game=table.game, expected_seq=len(done), events=full[len(done):])
            tables.append(table)
    return tables


def _finish_concurrently(tables):
    barrier = threading.Barrier(len(tables))
    errors = []

    def finish(table_id):
        try:
            close_old_connections()
            barrier.wait(timeout=30)
            services.table_finish(table_id=table_id)
        except Exception as exc:  # reported below
            errors.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=finish, args=(t.pk,)) for t in tables]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    assert not errors, errors


def _assert_ladder_consistent(league, tables):
    changes = list(RatingChange.objects.filter(league=league).select_related("player")
                   .order_by("order"))
    assert len(changes) == 4 * len(tables)
    assert len({(c.player_id, c.game_id) for c in changes}) == len(changes)
    played = defaultdict(int)
    last = {}
    for c in changes:
        played[c.player.name] += 1
        if c.player.name in last:  # no lost update: each change starts where the last ended
            assert c.mu_before == last[c.player.name]
        last[c.player.name] = c.mu_after
    ratings = {r.player.name: r for r in Rating.objects.filter(league=league)
               .select_related("player")}
    assert {n: r.games for n, r in ratings.items()} == dict(played)
    assert {n: r.mu for n, r in ratings.items()} == last
    assert [c.order for c in changes] == list(range(1, len(changes) + 1))
    before = ladder_snapshot(league)
    services.ratings_rebuild(league=league)
    assert ladder_snapshot(league) == before


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("leagues, per_league", [(1, 6), (2, 3)],
                         ids=["one-league", "two-leagues"])
def test_rounds_finishing_at_once_lose_no_rating_update(postgres, monkeypatch, leagues,
                                                         per_league):
    """Given several tournaments' last tables ready to finish / when they finish at the
    same moment in threads / then no rating change is lost or duplicated in any league
    and each league's ladder rebuilds to the stored numbers."""
    tables = _ready_tables(monkeypatch, leagues, per_league, f"{leagues}x{per_league}")
    _finish_concurrently(tables)
    assert all(t.status == TableStatus.FINISHED for t in
               Table.objects.filter(pk__in=[t.pk for t in tables]))
    by_league = defaultdict(list)
    for t in Table.objects.filter(pk__in=[t.pk for t in tables]).select_related(
            "round__tournament__season__league"):
        by_league[t.round.tournament.season.league].append(t)
    assert len(by_league) == leagues
    for league, ts in by_league.items():
        _assert_ladder_consistent(league, ts)
