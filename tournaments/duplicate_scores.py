"""What a duplicate tournament adds to its standings and rounds (docs/duplicate.md): each
player's matchpoints (``tournaments.duplicate.matchpoints`` over the finished rounds'
tables), how far a round's deals were identical at every table (read from the stored
chance events), and whether a table's game and result are still sealed.

Reads only; the scheduling side is ``tournaments.duplicate_rounds``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from replays.models import GameEvent

from .duplicate import SeatResult, identical_prefix, matchpoints
from .models import Round, RoundStatus, Table, Tournament

#: the standings' duplicate fields (null for a plain tournament); ``matchpoints`` and
#: ``matchpoint_pct`` are also columns of a duplicate tournament's CSV, beside ``points``
FIELDS = ("matchpoints", "matchpoints_exact", "matchpoints_max", "matchpoint_pct")
CSV_FIELDS = ("matchpoints", "matchpoints_max", "matchpoint_pct")


def with_matchpoints(tournament: Tournament, rows: list[dict[str, Any]],
                     tables: Iterable[Table], *, lower_wins: bool) -> list[dict[str, Any]]:
    """``rows`` (standings dicts) with the duplicate fields added in place and returned:
    ``matchpoints`` (float), ``matchpoints_exact`` (``"15/2"``), ``matchpoints_max`` (the
    most the player could have earned) and ``matchpoint_pct`` (float, 2 decimals; null
    with nothing to compare) — over ``tables`` (the counted finished tables of finished
    rounds, seats prefetched), each round one deal, scores compared per seat (lower
    better when ``lower_wins``). All four null for a plain tournament."""
    if not tournament.duplicate:
        for row in rows:
            row.update(dict.fromkeys(FIELDS))
        return rows
    results = [SeatResult(deal=table.round.number, seat=s.seat, player=s.player.name,
                          score=table.scores[s.seat])
               for table in tables for s in table.seats.all()
               if s.seat < len(table.scores)]
    scored = matchpoints(results, lower_wins=lower_wins)
    for row in rows:
        mp = scored.get(row["player"])
        row.update(mp.as_dict() if mp is not None else
                   {"matchpoints": 0.0, "matchpoints_exact": "0", "matchpoints_max": 0,
                    "matchpoint_pct": None})
    return rows


def csv_columns(tournament: Tournament, columns: Iterable[str]) -> tuple[str, ...]:
    """The standings CSV's ``columns`` with, for a duplicate tournament, ``CSV_FIELDS``
    right after ``points`` (at the end if there is no ``points``)."""
    cols = list(columns)
    if tournament.duplicate:
        at = cols.index("points") + 1 if "points" in cols else len(cols)
        cols[at:at] = CSV_FIELDS
    return tuple(cols)


def round_sealed(rnd: Round) -> bool:
    """Whether the round's games and results are still sealed: a duplicate tournament's
    round that is not finished (``duplicate_rounds.sealed_games``)."""
    return bool(rnd.tournament.duplicate) and rnd.status != RoundStatus.FINISHED


def round_deals(rnd: Round) -> dict[str, int] | None:
    """For a finished round of a duplicate tournament: ``{identical, most}`` — how many
    leading chance events (deals, draws: what the seed decided) are identical at every
    table of the round (``duplicate.identical_prefix``, compared without ``seq``), and
    the most any of its tables had. None for a plain tournament or a round not finished
    (its games are sealed)."""
    if round_sealed(rnd) or not rnd.tournament.duplicate:
        return None
    logs: dict[Any, list[dict[str, Any]]] = {}
    for game_id in rnd.tables.exclude(game=None).values_list("game_id", flat=True):
        logs[game_id] = []
    for game_id, payload in (GameEvent.objects.filter(game_id__in=list(logs), actor="chance")
                             .order_by("game_id", "seq").values_list("game_id", "payload")):
        logs[game_id].append(payload)
    chance = list(logs.values())
    return {"identical": identical_prefix(chance), "most": max(map(len, chance), default=0)}
