"""A tournament's standings (a read; the Swiss pairing of the next round needs it too):
placement points and the documented tie-breaks over its counted tables
(``tournaments.scoring``), house bots left out."""

from __future__ import annotations

from typing import Any

from . import scoring
from .ladder import counted_tables
from .models import Player, Table, TableStatus, Tournament


def entries_of(t: Tournament, *, withdrawn: bool = False) -> list[Player]:
    """The tournament's entered players (house bots left out) in entry order; withdrawn
    ones only when ``withdrawn``."""
    qs = t.entries.filter(house=False)
    if not withdrawn:
        qs = qs.filter(withdrawn=False)
    return [e.player for e in qs.select_related("player").order_by("id")]


def standings_rows(*, tournament: Tournament) -> list[dict[str, Any]]:
    """The tournament's standings as dicts (see tournaments.scoring.StandingRow.as_dict),
    house bots left out."""
    entries = entries_of(tournament, withdrawn=True)
    names = {p.name for p in entries}
    results = []
    for table in (counted_tables(Table.objects.filter(round__tournament=tournament,
                                                      status=TableStatus.FINISHED))
                  .prefetch_related("seats__player")):
        players = tuple(s.player.name for s in sorted(table.seats.all(), key=lambda s: s.seat))
        results.append(scoring.TableResult(players=players, places=tuple(table.places),
                                           scores=tuple(table.scores),
                                           medals=tuple(table.medals)))
    points = tournament.placement_points or [3, 2, 1, 0]
    rows = scoring.standings(results, points=points, players=sorted(names))
    out = [r.as_dict() for r in rows if r.player in names]
    # ranks again without the house bots
    for i, row in enumerate(out):
        if i and _key(out[i - 1]) == _key(row):
            row["rank"] = out[i - 1]["rank"]
        else:
            row["rank"] = i + 1
    return out


def _key(row: dict[str, Any]) -> tuple[Any, ...]:
    return (row["points_exact"], row["cellar"], row["medals"], row["opponents_points_exact"])
