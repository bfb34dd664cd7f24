"""A tournament's standings (a read; the Swiss pairing of the next round needs it too):
placement points and the documented tie-breaks over its counted tables
(``tournaments.scoring``), in the terms of the tournament's game (its score and
tie-break names, ``tournaments.games.terms``), house bots left out; each row also
counts the player's byes and house bots met over the paired rounds, and, in a duplicate
tournament, the duplicate score (``tournaments.duplicate_scores``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import duplicate_scores, games, scoring
from .ladder import counted_tables
from .models import Bye, Player, RoundStatus, Table, TableSeat, TableStatus, Tournament


def entries_of(t: Tournament, *, withdrawn: bool = False) -> list[Player]:
    """The tournament's entered players (house bots left out) in entry order; withdrawn
    ones only when ``withdrawn``."""
    qs = t.entries.filter(house=False)
    if not withdrawn:
        qs = qs.filter(withdrawn=False)
    return [e.player for e in qs.select_related("player").order_by("id")]


def tournament_terms(tournament: Tournament) -> scoring.Terms:
    """The names and order the standings give the tournament's game's figures (a game
    this installation no longer hosts: plain ``score``, no tie-breaks)."""
    try:
        return games.terms(tournament.game, tournament.ruleset)
    except LookupError:
        return scoring.Terms(score_name="score", tiebreaks=())


def fill_counts(tournament: Tournament, entered: set[str]) -> tuple[Counter[str], Counter[str]]:
    """``(byes, house_bots)`` of every player over the tournament's paired rounds (a
    round counts once paired, its games finished or not, as the Swiss pairing counts
    it): the ``Bye`` rows, and for every table the seats held by a house bot — any
    player who is not one of ``entered`` (the tournament's entries: house bots fill
    tables, never enter) — added to each entry at it. Two queries."""
    byes = Counter(Bye.objects.filter(round__tournament=tournament)
                   .values_list("player__name", flat=True))
    tables: dict[int, list[str]] = {}
    # a duplicate round's boards are one table played again: counted once
    for table_id, name in (TableSeat.objects.filter(table__round__tournament=tournament)
                           .exclude(table__board__gt=1)
                           .values_list("table_id", "player__name")):
        tables.setdefault(table_id, []).append(name)
    bots: Counter[str] = Counter()
    for names in tables.values():
        k = sum(1 for n in names if n not in entered)
        if k:
            bots.update({n: k for n in names if n in entered})
    return byes, bots


def standings_rows(*, tournament: Tournament) -> list[dict[str, Any]]:
    """The tournament's standings as dicts (``tournaments.scoring.StandingRow.as_dict``:
    rank, player, games, points, the game's score under its name and as ``score``, each
    tie-break under its name and in ``tiebreaks``, opponents' points, finishes per
    place up to the table size, ``byes`` and ``house_bots`` (:func:`fill_counts`),
    ``tiebreak_order`` and ``separated_from_next``), best first, house bots left out;
    plus the duplicate score (``matchpoints``, ``matchpoints_exact``,
    ``matchpoints_max``, ``matchpoint_pct``: ``tournaments.duplicate_scores``; null for a
    plain tournament). A duplicate tournament counts its finished rounds only: a round's
    results are published together, once all its tables (dealt the same cards) are
    over."""
    entries = entries_of(tournament, withdrawn=True)
    names = {p.name for p in entries}
    byes, house_bots = fill_counts(tournament, names)
    counted = counted_tables(Table.objects.filter(round__tournament=tournament,
                                                  status=TableStatus.FINISHED))
    if tournament.duplicate:
        counted = counted.filter(round__status=RoundStatus.FINISHED)
    tables = list(counted.select_related("round").prefetch_related("seats__player"))
    results = []
    for table in tables:
        players = tuple(s.player.name for s in sorted(table.seats.all(), key=lambda s: s.seat))
        results.append(scoring.TableResult(players=players, places=tuple(table.places),
                                           scores=tuple(table.scores),
                                           tiebreaks=dict(table.tiebreaks or {}),
                                           seats=len(players)))
    points = tournament.placement_points or games.placement_points_check(
        None, tournament.table_size)
    terms = tournament_terms(tournament)
    rows = scoring.standings(results, points=points, players=sorted(names), terms=terms,
                             byes=byes, house_bots=house_bots)
    # ranks again without the house bots
    out = [r.as_dict() for r in scoring.rerank(r for r in rows if r.player in names)]
    return duplicate_scores.with_matchpoints(tournament, out, tables,
                                             lower_wins=terms.lower_score_wins)
