"""Closing a season in divisions: its final standings decide who is promoted, relegated,
stays or leaves (``seasons.divisions.season_moves``), recorded as ``Movement`` rows, and
the next season is opened from them (``seasons.opening.season_next``) unless asked not
to. docs/seasons.md has the rules."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from tournaments import services
from tournaments.models import Player, Season, TournamentStatus

from . import divisions as rules
from .errors import SeasonError, SeasonStateError
from .models import Division, DivisionMember, Movement, SeasonPlan, SeasonStatus
from .opening import league_lock, season_next


def _finishes(division: Division) -> list[rules.Finish]:
    """A finished division's members as ``Finish`` es (their tournament's final rank,
    seed, withdrawal), their ``final_rank`` and ``final_points`` stored on the way."""
    t = division.tournament
    rows = {r["player"]: r for r in services.standings_rows(tournament=t)}
    withdrawn = set(t.entries.filter(withdrawn=True).values_list("player_id", flat=True))
    members = list(division.members.select_related("player"))
    out = []
    for m in members:
        row = rows.get(m.player.name)
        # every entry has a standings row (one without a game has zeros); the fallback
        # only keeps a hand-edited entry list from failing the close
        m.final_rank = int(row["rank"]) if row else len(members)
        m.final_points = float(row["points"]) if row else 0.0
        out.append(rules.Finish(m.player.name, m.final_rank, m.seed,
                                m.player_id in withdrawn))
    DivisionMember.objects.bulk_update(members, ["final_rank", "final_points"])
    return out


def season_close(*, season: Season, open_next: bool = True, joining: Sequence[Player] = (),
                 start: bool = True, secret: str | None = None) -> Season | None:
    """Close a season in divisions once every division's tournament is finished.

    In each division the members go in final-standings order (rank; a shared rank by
    seed, the higher rated at the opening first): withdrawn players leave the league,
    then the top ``promote`` move up a division (none from Division 1) and the bottom
    ``relegate`` down one (none from the last). Every member gets a ``Movement``
    (``promoted``, ``relegated``, ``stayed``, ``withdrawn``; with the final rank and
    ``by_seed`` when the seed settled a shared rank on the line) and their
    ``final_rank``/``final_points``. Then, with ``open_next``, the next season is opened
    from the moves (``season_next``, with ``joining``, ``start`` and ``secret``) in the
    same transaction. Returns the next season (None without ``open_next``).

    Idempotent: a closed season is left as it is and its next season (or None) returned,
    so a retried request changes nothing. Raises SeasonError (400 ``no_divisions``;
    ``season_next``'s errors), SeasonStateError (409 ``season_unfinished``, naming the
    ``divisions`` still playing). Nothing is stored then."""
    with transaction.atomic():
        league_lock(season.league_id)
        plan = SeasonPlan.objects.select_for_update().filter(season=season).first()
        if plan is None:
            raise SeasonError(f"season {season.number} is not played in divisions",
                              code="no_divisions")
        if plan.status == SeasonStatus.CLOSED:
            following = SeasonPlan.objects.filter(previous=plan).select_related("season").first()
            return following.season if following is not None else None
        divisions = list(season.divisions.select_related("tournament").order_by("number"))
        unfinished = [d.number for d in divisions
                      if d.tournament.status != TournamentStatus.FINISHED]
        if unfinished:
            raise SeasonStateError(
                f"season {season.number} cannot close: division "
                f"{', '.join(map(str, unfinished))} still playing", code="season_unfinished",
                divisions=unfinished)
        moves = rules.season_moves([_finishes(d) for d in divisions], plan.promote,
                                   plan.relegate)
        by_number = {d.number: d for d in divisions}
        players = {p.name: p for p in Player.objects.filter(name__in=[m.player for m in moves])}
        Movement.objects.bulk_create([
            Movement(season=season, player=players[m.player],
                     from_division=by_number[m.from_division], to_number=m.to_division,
                     reason=m.reason, final_rank=m.rank, by_seed=m.by_seed) for m in moves])
        plan.status = SeasonStatus.CLOSED
        plan.closed_at = timezone.now()
        plan.save(update_fields=["status", "closed_at"])
        if open_next:
            return season_next(season=season, joining=joining, start=start, secret=secret)
    return None
