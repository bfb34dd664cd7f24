"""Helpers for tournaments of games other than Kolkhoz: the fake games registered for one
test, leagues of them, and two ways to play a round's tables.

``table_play`` is the real table task's body (``tournaments.services.table_play``);
``store`` makes the same bots' decisions through the event store's public write path
(``replays.services.game_submit_input``) and then records the result with
``tournaments.services.table_finish`` — what ``table_play`` ends with. Both must give
the same standings, as ``table_play`` goes through the same advance loop
(``replays.advance``) with the same bot seeding.
"""

from __future__ import annotations

import time
from typing import Any

from replays import engine
from replays import services as store
from replays.selectors import game_events
from tournaments import services
from tournaments.models import Table, TableStatus, Tournament, TournamentStatus

DRIVERS = ["store", "table_play"]


def league_of(game: str, *, n: int, bots: tuple[str, ...] = ("random", "heuristic"),
              tag: str = "") -> tuple[Any, list[Any]]:
    """A league of ``game`` and ``n`` bot players of it (bots assigned in turn)."""
    stamp = f"{game}-{tag}-{time.time_ns()}"
    league = services.league_create(name=f"L {stamp}", slug=f"l-{stamp}"[:120], game=game)
    players = [services.player_bot_get_or_create(name=f"{game}-{tag}-{bots[i % len(bots)]}-{i}",
                                                 bot_name=bots[i % len(bots)], game=game)
               for i in range(n)]
    return league, players


def tournament_of(game: str, *, n: int, fmt: str = "swiss", rounds: int = 3, tag: str = "",
                  **kw: Any) -> Tournament:
    league, players = league_of(game, n=n, tag=tag or fmt)
    return services.tournament_create(season=league.seasons.get(), name="T", format=fmt,
                                      rounds=rounds, players=players, seed=tag or "1", **kw)


def _play_by_store(table: Table) -> None:
    game = table.game
    assert game is not None
    bots = {s.seat: s.player.bot_name for s in table.seats.select_related("player")}
    for _ in range(1000):
        store.game_advance_chance(game=game)
        events = game_events(game=game)
        if engine.finished(events, game=game.game):
            break
        inp = engine.bot_decision(events, bots, seed=game.seed_secret, game=game.game)
        assert inp is not None, "only bots sit here"
        store.game_submit_input(game=game, expected_seq=len(events), inp=inp,
                                seat=inp["seat"], actor=f"bot:{bots[inp['seat']]}")
    services.table_finish(table_id=table.pk)


def play(t: Tournament, driver: str) -> None:
    """Play every table of a started tournament in this process until it is finished."""
    for _ in range(200):
        t.refresh_from_db()
        if t.status == TournamentStatus.FINISHED:
            return
        for table in (Table.objects.filter(round__tournament=t)
                      .exclude(status=TableStatus.FINISHED).order_by("round__number", "number")):
            if driver == "table_play":
                services.table_play(table_id=table.pk)
            else:
                _play_by_store(table)
    raise AssertionError("tournament did not finish")


def seated(t: Tournament) -> list[list[tuple[str, ...]]]:
    """Each round's tables as tuples of player names in seat order."""
    out = []
    for rnd in t.round_set.order_by("number"):
        out.append([tuple(s.player.name for s in table.seats.select_related("player")
                          .order_by("seat")) for table in rnd.tables.order_by("number")])
    return out
