"""The league ladder in the database: rating a finished round's games, rebuilding the
whole ladder from the games (``rebuild_ratings``).

One well-defined order per league. Every write to a league's ratings happens in a
transaction holding that league's row lock (``select_for_update``), so rounds of
several tournaments of one league finishing at the same moment are rated one after
the other, each reading what the previous one wrote — no update is lost. The order
is the order in which rounds are rated: each rated round gets the next
``Round.rating_seq`` of its league; inside a round, games go by table number. Each
player's ``RatingChange`` has its own ``order`` (unique per league: a database
constraint), a game's four changes consecutive in seat order. Inactivity is measured
between the rounds' start times and never goes negative (``tournaments.rating``): a
round that started before a player's latest rated game but is rated after it counts
0 idle days. ``ratings_rebuild`` replays the games in that same order, so it
reproduces the stored ladder bit for bit.
"""

from __future__ import annotations

from datetime import UTC
from typing import Any

from django.db import transaction
from django.db.models import Max

from . import rating
from .models import League, Player, Rating, RatingChange, Round, RoundStatus, Table, TableStatus

VOIDED_EVENT = "game_voided"


def counted_tables(tables: Any) -> Any:
    """``tables`` less those whose game an arbiter voided (a ``game_voided`` event after
    ``game_end``, appended by ``disputes``): a voided game counts for neither standings
    nor ratings. An adjusted result needs nothing here: the ruling rewrites the
    table's ``places`` (its effective result) and the ladder is rebuilt."""
    return tables.exclude(game__events__type=VOIDED_EVENT)


def rated_game_of(table: Table) -> rating.RatedGame:
    """A finished table as the ladder rates it: ordered by its round's ``rating_seq``
    (0 before the round is rated), then the round's start time (``played_at``, used for
    inactivity), then (tournament, round, table) — shared by incremental and rebuild."""
    rnd = table.round
    key = f"t{rnd.tournament_id:08d}-r{rnd.number:04d}-k{table.number:04d}"
    players = tuple(s.player.name for s in table.seats.select_related("player").order_by("seat"))
    return rating.RatedGame(game_id=key, players=players, places=tuple(table.places),
                            played_at=rnd.starts_at, order=rnd.rating_seq or 0)


def _ladder_from_db(league: League) -> rating.Ladder:
    ladder = rating.Ladder()
    for r in Rating.objects.filter(league=league).select_related("player"):
        ladder.entries[r.player.name] = rating.LadderEntry(
            player=r.player.name, mu=r.mu, sigma=r.sigma, games=r.games,
            last_played=r.last_played_at.replace(tzinfo=None) if r.last_played_at else None)
    return ladder


def _store_changes(league: League, changes: list[rating.RatingChange],
                   tables: dict[str, Table], order_start: int) -> None:
    """Insert ``changes`` numbered ``order_start + 1, …`` (one order per change)."""
    by_name = {p.name: p for p in Player.objects.filter(name__in={c.player for c in changes})}
    rows = []
    for order, c in enumerate(changes, start=order_start + 1):
        table = tables[str(c.game_id)]
        rows.append(RatingChange(
            league=league, player=by_name[c.player], game_id=table.game_id, order=order,
            mu_before=c.mu_before, sigma_before=c.sigma_before, mu_after=c.mu_after,
            sigma_after=c.sigma_after,
            inputs={"players": list(c.players), "places": list(c.places), "place": c.place,
                    "sigma_stored": c.sigma_stored, "idle_days": c.idle_days,
                    "table": table.pk, "key": c.game_id}))
    RatingChange.objects.bulk_create(rows)


def _save_ladder(league: League, ladder: rating.Ladder) -> None:
    """Upsert every ladder entry's Rating in one statement."""
    players = {p.name: p for p in Player.objects.filter(name__in=list(ladder.entries))}
    rows = [Rating(league=league, player=players[name], mu=e.mu, sigma=e.sigma, games=e.games,
                   last_played_at=e.last_played.replace(tzinfo=UTC) if e.last_played else None)
            for name, e in ladder.entries.items()]
    Rating.objects.bulk_create(rows, update_conflicts=True, unique_fields=["league", "player"],
                               update_fields=["mu", "sigma", "games", "last_played_at"])


def _lock_league(league_id: int) -> League:
    """Take the league's row lock for the rest of the transaction (one rating writer per
    league at a time; a no-op on SQLite, whose writers are serialised anyway)."""
    return League.objects.select_for_update().get(pk=league_id)


@transaction.atomic
def ratings_apply_round(*, round_: Round) -> list[rating.RatingChange]:
    """Rate a finished round's games (in table order: each player sits at one table per
    round, so the order inside a round changes nobody's numbers), under the league's
    lock: the round gets the league's next ``rating_seq`` and its changes the next
    ``order`` values. Returns the changes, in order. Idempotent: a round already rated
    (``rating_seq`` set) is left as it is and ``[]`` returned."""
    league = _lock_league(round_.tournament.season.league_id)
    rnd = Round.objects.select_for_update().get(pk=round_.pk)
    if rnd.rating_seq is not None:
        return []
    last_seq = (Round.objects.filter(tournament__season__league=league)
                .aggregate(m=Max("rating_seq"))["m"] or 0)
    rnd.rating_seq = last_seq + 1
    rnd.save(update_fields=["rating_seq"])
    round_.rating_seq = rnd.rating_seq
    ladder = _ladder_from_db(league)
    tables = list(counted_tables(rnd.tables.filter(status=TableStatus.FINISHED))
                  .select_related("round").order_by("number"))
    by_key: dict[str, Table] = {}
    changes: list[rating.RatingChange] = []
    for table in tables:
        g = rated_game_of(table)
        by_key[g.game_id] = table
        changes.extend(ladder.record(g))
    last = RatingChange.objects.filter(league=league).aggregate(m=Max("order"))["m"] or 0
    _store_changes(league, changes, by_key, last)
    _save_ladder(league, ladder)
    return changes


def ratings_rebuild(*, league: League) -> rating.Ladder:
    """Recompute the league's whole ladder from its finished rated games, in the
    league's rating order (replacing every Rating and RatingChange, under the league's
    lock); the numbers equal the incremental ones."""
    with transaction.atomic():
        _lock_league(league.pk)
        # only rounds already rated (a finished round): a running round's finished tables
        # are rated when it finishes (ratings_apply_round), so a rebuild mid-tournament
        # (after an arbiter's ruling) never counts them twice
        tables = list(counted_tables(Table.objects.filter(
            round__tournament__season__league=league, round__tournament__rated=True,
            round__status=RoundStatus.FINISHED, status=TableStatus.FINISHED))
            .select_related("round"))
        games = [rated_game_of(t) for t in tables]
        by_key = {g.game_id: t for g, t in zip(games, tables, strict=True)}
        ladder = rating.rebuild(games)
        RatingChange.objects.filter(league=league).delete()
        Rating.objects.filter(league=league).delete()
        _store_changes(league, ladder.changes, by_key, 0)
        _save_ladder(league, ladder)
    return ladder
