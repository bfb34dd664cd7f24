"""Reads for leagues: standings, the ladder, a player's rating history."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from replays.models import Game, GameStatus

from . import duplicate_scores, rating, scoring
from .models import League, Player, Rating, RatingChange, Table, Tournament, TournamentStatus
from .standings import standings_rows, tournament_terms


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
    """Rows best first: rank, player, games, points, the game's score (Kolkhoz:
    cellar) and tie-breaks (Kolkhoz: medals), opponents' points, place counts
    (tournaments.scoring; tie-breaks documented in docs/tournaments-core.md), and the
    duplicate score (matchpoints; null for a plain tournament: docs/duplicate.md)."""
    return standings_rows(tournament=tournament)


def tournament_csv_columns(*, tournament: Tournament) -> tuple[str, ...]:
    """The standings CSV's columns for the tournament's game and table size (Kolkhoz:
    rank … points, cellar, medals, opponents_points, firsts … fourths); a duplicate
    tournament's also ``matchpoints``, ``matchpoints_max`` and ``matchpoint_pct`` right
    after ``points`` (``duplicate_scores.csv_columns``)."""
    return duplicate_scores.csv_columns(
        tournament, scoring.csv_columns(tournament_terms(tournament), tournament.table_size))


def league_ladder(*, league: League) -> list[dict[str, Any]]:
    """The league's ladder, best first by ordinal (mu − 3σ), with a provisional flag;
    ``bot``: a bot player's identity ``{"name", "version", "settings"}`` (None for a
    person), so two versions of a bot are two rows."""
    rows = []
    for r in Rating.objects.filter(league=league).select_related("player"):
        bot = ({"name": r.player.bot_name, "version": r.player.bot_version,
                "settings": r.player.bot_settings} if r.player.is_bot else None)
        rows.append({"player": r.player.name, "player_id": r.player_id, "bot": bot,
                     "mu": r.mu,
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


def table_league_snapshot(*, game_id: Any) -> dict[str, Any]:
    """What an arbiter's ruling on ``game_id`` can change in its league, as plain JSON:
    ``{table: {id, places, scores}, standings: [rows of tournament_standings],
    ratings: {player: {mu, sigma, games}}, rating_changes: {"<game>:<player>": {game,
    player, order, place, mu_before, sigma_before, mu_after, sigma_after}}}``; ``{}`` for
    a game no tournament table played."""
    table = (Table.objects.filter(game_id=game_id)
             .select_related("round__tournament__season__league").first())
    if table is None:
        return {}
    t = table.round.tournament
    league = t.season.league
    ratings = {r.player.name: {"mu": r.mu, "sigma": r.sigma, "games": r.games}
               for r in Rating.objects.filter(league=league).select_related("player")}
    changes = {f"{c.game_id}:{c.player.name}": {
        "game": str(c.game_id), "player": c.player.name, "order": c.order,
        "place": c.inputs.get("place"), "mu_before": c.mu_before,
        "sigma_before": c.sigma_before, "mu_after": c.mu_after, "sigma_after": c.sigma_after}
        for c in RatingChange.objects.filter(league=league).select_related("player")}
    return {"table": {"id": table.pk, "places": list(table.places),
                      "scores": list(table.scores)},
            "standings": standings_rows(tournament=t), "ratings": ratings,
            "rating_changes": changes}
