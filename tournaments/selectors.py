"""Reads for leagues: standings, the ladder, a player's rating history."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from replays.models import Game, GameStatus

from . import rating
from .models import League, Player, Rating, RatingChange, Tournament, TournamentStatus
from .services import standings_rows


def seed_material_public(tournament: Tournament) -> bool:
    """Whether a tournament's seed and secret may be served (docs/shuffle.md): it is
    finished and none of its tables' games is still live — a status set by hand (the
    admin) while a person still plays a table reveals nothing."""
    return (tournament.status == TournamentStatus.FINISHED
            and not Game.objects.filter(table__round__tournament=tournament,
                                        status=GameStatus.LIVE).exists())


def user_is_organiser(user: Any) -> bool:
    """Whether ``user`` may run leagues: signed in, and staff or in ``organisers``."""
    return bool(user and user.is_authenticated and
                (user.is_staff or user.groups.filter(name="organisers").exists()))


def tournament_standings(*, tournament: Tournament) -> list[dict[str, Any]]:
    """Rows best first: rank, player, games, points, cellar, medals, opponents' points,
    place counts (tournaments.scoring; tie-breaks documented in the README)."""
    return standings_rows(tournament=tournament)


def league_ladder(*, league: League) -> list[dict[str, Any]]:
    """The league's ladder, best first by ordinal (mu − 3σ), with a provisional flag."""
    rows = []
    for r in Rating.objects.filter(league=league).select_related("player"):
        rows.append({"player": r.player.name, "player_id": r.player_id, "mu": r.mu,
                     "sigma": r.sigma, "ordinal": rating.ordinal(r.mu, r.sigma),
                     "games": r.games, "provisional": rating.provisional(r.sigma),
                     "last_played_at": r.last_played_at})
    rows.sort(key=lambda x: (-x["ordinal"], x["player"]))
    for i, row in enumerate(rows, start=1):
        row["rank"] = i
    return rows


def player_rating_history(*, player: Player, league: League | None = None
                          ) -> QuerySet[RatingChange]:
    """Every rating change of a player, in ladder order (optionally in one league)."""
    qs = RatingChange.objects.filter(player=player).select_related("league", "game")
    if league is not None:
        qs = qs.filter(league=league)
    return qs.order_by("league_id", "order")
