"""Reads for seasons in divisions: a league's seasons and one season's summary (its
divisions with their members and standings, and its movements) as plain JSON-ready dicts
for the API and the pages. The organiser's seed is never shown (with the secret it
selects the deals; a division's tournament shows it once finished)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from tournaments import services as league_services
from tournaments.models import League, Tournament

from . import divisions as rules
from .models import Division, Movement, MovementReason, SeasonPlan, SeasonStatus

PUBLIC_SETTINGS = ("format", "rounds", "ruleset", "table_size", "fill_policy",
                   "placement_points", "rated")


def season_plans(*, league: League) -> QuerySet[SeasonPlan]:
    """The league's seasons in divisions, newest first."""
    return (SeasonPlan.objects.filter(season__league=league).select_related("season")
            .order_by("-season__number"))


def season_plan(*, league: League, number: int) -> SeasonPlan | None:
    """Season ``number`` of ``league`` if it is played in divisions, else None."""
    return (SeasonPlan.objects.filter(season__league=league, season__number=number)
            .select_related("season", "previous__season").first())


def division_of(*, tournament: Tournament) -> Division | None:
    """The division ``tournament`` is played for (with its season), or None."""
    return (Division.objects.filter(tournament=tournament)
            .select_related("season__league").first())


def _movement(m: Movement) -> dict[str, Any]:
    return {"player": m.player.name, "player_id": m.player_id, "reason": m.reason,
            "from_division": m.from_division.number if m.from_division else None,
            "to_division": m.to_number, "final_rank": m.final_rank, "by_seed": m.by_seed}


def _division_rows(division: Division) -> tuple[dict[str, dict[str, Any]], set[int]]:
    """The division's current standings by player name, and its withdrawn player ids."""
    t = division.tournament
    rows = {r["player"]: r for r in league_services.standings_rows(tournament=t)}
    withdrawn = set(t.entries.filter(withdrawn=True).values_list("player_id", flat=True))
    return rows, withdrawn


def _projected(plan: SeasonPlan, divisions: list[Division],
               standings: list[tuple[dict[str, dict[str, Any]], set[int]]]
               ) -> dict[str, rules.Move]:
    """While a season is open: the moves its current standings would give (a division
    where nobody has played yet projects nothing)."""
    finishes = []
    for division, (rows, withdrawn) in zip(divisions, standings, strict=True):
        members = list(division.members.all())
        finishes.append([rules.Finish(m.player.name, int(rows.get(m.player.name, {})
                                                         .get("rank", len(members))),
                                      m.seed, m.player_id in withdrawn) for m in members])
    moves = rules.season_moves(finishes, plan.promote, plan.relegate)
    played = {d.number for d, (rows, _) in zip(divisions, standings, strict=True)
              if any(r["games"] for r in rows.values())}
    return {m.player: m for m in moves if m.from_division in played}


def season_summary(*, plan: SeasonPlan) -> dict[str, Any]:
    """One season in divisions: ``{id, league, number, name, status (open|closed),
    promote, relegate, settings: {format, rounds, ruleset, table_size, fill_policy,
    placement_points, rated}, opened_at, closed_at, previous, next (season numbers or
    null), divisions: [{number, name, size, tournament: {id, name, status},
    members: [{player, player_id, seed, ordinal (at the opening; null: unrated), rank,
    points (final once closed, else current), games, withdrawn, movement: {reason,
    to_division, by_seed, projected} | null}]}], movements: [{player, player_id, reason,
    from_division, to_division, final_rank, by_seed}]}`` — members in seed order,
    movements (recorded when the season closed; joined newcomers last) in division and
    final order. While open, ``movement`` is the projection from the current standings
    (``projected`` true)."""
    season = plan.season
    divisions = list(Division.objects.filter(season=season).select_related("tournament")
                     .prefetch_related("members__player").order_by("number"))
    standings = [_division_rows(d) for d in divisions]
    movements = list(Movement.objects.filter(season=season)
                     .select_related("player", "from_division"))
    movements.sort(key=lambda m: (m.reason == MovementReason.JOINED,
                                  m.from_division.number if m.from_division else 0,
                                  m.final_rank or 0, m.player.name))
    closed = plan.status == SeasonStatus.CLOSED
    recorded = {m.player.name: m for m in movements if m.from_division is not None}
    projected = {} if closed else _projected(plan, divisions, standings)
    following = SeasonPlan.objects.filter(previous=plan).select_related("season").first()
    out_divisions = []
    for division, (rows, withdrawn) in zip(divisions, standings, strict=True):
        members = []
        for m in sorted(division.members.all(), key=lambda m: m.seed):
            row = rows.get(m.player.name, {})
            move: dict[str, Any] | None = None
            if m.player.name in recorded:
                r = recorded[m.player.name]
                move = {"reason": r.reason, "to_division": r.to_number, "by_seed": r.by_seed,
                        "projected": False}
            elif m.player.name in projected:
                p = projected[m.player.name]
                move = {"reason": p.reason, "to_division": p.to_division,
                        "by_seed": p.by_seed, "projected": True}
            members.append({
                "player": m.player.name, "player_id": m.player_id, "seed": m.seed,
                "ordinal": m.ordinal,
                "rank": m.final_rank if closed else row.get("rank"),
                "points": m.final_points if closed else row.get("points"),
                "games": row.get("games", 0), "withdrawn": m.player_id in withdrawn,
                "movement": move})
        t = division.tournament
        out_divisions.append({"number": division.number, "name": division.name,
                              "size": len(members),
                              "tournament": {"id": t.pk, "name": t.name, "status": t.status},
                              "members": members})
    return {
        "id": season.pk, "league": season.league_id, "number": season.number,
        "name": season.name, "status": plan.status, "promote": plan.promote,
        "relegate": plan.relegate,
        "settings": {k: plan.settings.get(k) for k in PUBLIC_SETTINGS},
        "opened_at": plan.opened_at, "closed_at": plan.closed_at,
        "previous": plan.previous.season.number if plan.previous else None,
        "next": following.season.number if following else None,
        "divisions": out_divisions, "movements": [_movement(m) for m in movements]}
