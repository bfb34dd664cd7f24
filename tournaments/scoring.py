"""Placement points and standings for tables of any size (pure Python, standard library
only, no Django).

Placement points (``tournaments.points``: the defaults for any table size, a smaller
table's points, ties splitting the places they cover) are summed here.

Standings
---------
Every figure is a sum over a player's tables:

* ``points`` — placement points;
* the game's score (``Terms.score_name``: Kolkhoz's ``cellar``, the cellar totals),
  higher better — lower for a game whose ``lower_score_wins``;
* the game's tie-break values (``Terms.tiebreaks``: Kolkhoz's ``medals``), each higher
  better, in the game's order;
* ``opponents_points`` — for every table played, the final ``points`` of the others
  at that table (a Buchholz-style strength of schedule; an opponent met twice counts
  twice); at a smaller remainder table of ``z`` seats that sum is scaled by
  ``(N-1)/(z-1)``, so that its fewer opponents weigh as much as a full table's.

Rows are ordered by the tie-breaks, in this order: points, score, each tie-break
value, opponents' points (all best first) — ``Terms.tiebreak_order`` names those after
points.  Players equal on all of them share a rank (competition ranking ``1, 2, 2, 4``)
and are listed by name.  Each row says what put it above the next one with equal points
(``separated_from_next``, ``tournaments.tiebreaks``), and carries the player's byes and
house-bot count (the house-bot seats at their tables), which the caller counts from the
paired rounds (they are no tie-break).  The game's figures come
from its definition's ``Outcome(places, scores, tiebreaks)``; every default here is the
first game's, Kolkhoz's (four seats, ``cellar``, ``medals``).
"""

from __future__ import annotations

import csv
import dataclasses
import io
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .csvsafe import safe_cell
from .points import (
    DEFAULT_PLACEMENT_POINTS,
    check_points,
    default_placement_points,
    placement_points,
    table_points,
)
from .results import SEATS, TableResult
from .tiebreaks import SHARED_RANK, Separation, separate

__all__ = [
    "ADDED_CSV_COLUMNS",
    "CSV_COLUMNS",
    "DEFAULT_PLACEMENT_POINTS",
    "DEFAULT_TERMS",
    "StandingRow",
    "TableResult",
    "Terms",
    "check_points",
    "csv_cells",
    "csv_columns",
    "default_placement_points",
    "place_column",
    "placement_points",
    "rerank",
    "standings",
    "table_points",
    "to_csv",
]

_ORDINALS = ("firsts", "seconds", "thirds", "fourths", "fifths", "sixths", "sevenths",
             "eighths", "ninths", "tenths")


#: the standings' own columns (``Standing.row`` / ``as_dict``), which a game's names
#: may not take (``score`` may be the game's own name: it is the same figure)
RESERVED_COLUMNS = frozenset({"rank", "player", "games", "points", "points_exact",
                              "tiebreaks", "opponents_points", "opponents_points_exact",
                              "places", "byes", "house_bots", "tiebreak_order",
                              "separated_from_next", "separation_value",
                              "next_separation_value", *_ORDINALS})


@dataclass(frozen=True)
class Terms:
    """What a game calls the figures the standings sum (its definition's
    ``score_name``, ``tiebreak_names``, ``lower_score_wins``; docs/seam.md):
    ``score_name`` names the summed game scores, ``tiebreaks`` the game's tie-break
    values in the order they break ties (each higher-better), ``lower_score_wins``
    ranks a lower score total higher (a penalty-point game)."""

    score_name: str = "cellar"
    tiebreaks: tuple[str, ...] = ("medals",)
    lower_score_wins: bool = False

    def __post_init__(self) -> None:
        """A game's names may not take a column the standings already have (a game whose
        score was called ``points`` overwrote the placement points). Raises ValueError."""
        taken = RESERVED_COLUMNS & {self.score_name, *self.tiebreaks}
        if taken:
            raise ValueError(f"a game's score or tie-break may not be named "
                             f"{', '.join(sorted(taken))}: the standings use that name")

    def tiebreak_order(self) -> tuple[str, ...]:
        """The criteria that order players equal on points, in order: the score
        (``score_name``), each tie-break, ``opponents_points`` (Kolkhoz: ``cellar``,
        ``medals``, ``opponents_points``)."""
        return (self.score_name, *self.tiebreaks, "opponents_points")


DEFAULT_TERMS = Terms()
"""Kolkhoz's terms: ``cellar`` (higher better), then ``medals``."""


def place_column(place: int) -> str:
    """The standings column counting finishes in ``place``: ``firsts`` … ``tenths``,
    then ``places_11``, …"""
    return _ORDINALS[place - 1] if 1 <= place <= len(_ORDINALS) else f"places_{place}"


@dataclass(frozen=True)
class StandingRow:
    """One player's line in the standings.

    ``rank``: 1 = best, shared on a full tie (competition ranking). ``points`` and
    ``opponents_points`` are exact Fractions (see module docstring); ``score`` sums
    the game scores, ``tiebreaks`` the tie-break values (``(name, sum)`` in the
    game's order); ``games`` counts tables played; ``places`` counts finishes per
    place ``[1st, 2nd, …]`` up to the table size (a tie at 2nd counts as a 2nd).
    ``terms``: the game's names for them — a row also answers to them
    (``row.cellar``, ``row.medals`` for Kolkhoz). ``byes``: rounds sat out;
    ``house_bots``: house-bot seats at the player's tables, summed (neither is a
    tie-break). ``separated_from_next``: what put it above the next row when their
    points are equal (``tournaments.tiebreaks.Separation``; None otherwise and on the
    last row) — :func:`rerank` sets it.
    """

    rank: int
    player: str
    games: int
    points: Fraction
    score: int | float
    tiebreaks: tuple[tuple[str, int | float], ...]
    opponents_points: Fraction
    places: tuple[int, ...] = field(default=(0, 0, 0, 0))
    terms: Terms = DEFAULT_TERMS
    byes: int = 0
    house_bots: int = 0
    separated_from_next: Separation | None = None

    def __getattr__(self, name: str) -> Any:
        """The game's own names: the score by ``terms.score_name``, each tie-break sum
        by its name."""
        terms = self.__dict__.get("terms", DEFAULT_TERMS)
        if name == terms.score_name:
            return self.__dict__["score"]
        for tb, value in self.__dict__.get("tiebreaks", ()):
            if tb == name:
                return value
        raise AttributeError(name)

    def sort_key(self) -> tuple[Any, ...]:
        """The tie-break key, larger is better: (points, score — negated when a lower
        score wins —, each tie-break value, opponents' points)."""
        score = -self.score if self.terms.lower_score_wins else self.score
        return (self.points, score, *(v for _, v in self.tiebreaks), self.opponents_points)

    def criteria(self) -> tuple[tuple[str, Any], ...]:
        """``(name, value)`` of every criterion after points, in ``terms.tiebreak_order``
        (values as summed: the score is not negated)."""
        return ((self.terms.score_name, self.score), *self.tiebreaks,
                ("opponents_points", self.opponents_points))

    def separation_from(self, other: StandingRow) -> Separation | None:
        """What puts this row above ``other`` (the next one): None when their points
        differ, else the first criterion that differs, else a shared rank."""
        lower = frozenset({self.terms.score_name} if self.terms.lower_score_wins else ())
        return separate((self.points, other.points), self.criteria(), other.criteria(), lower)

    def figures(self) -> dict[str, Any]:
        """The row's figures by column name (``csv_columns``), exact: points and
        opponents' points as Fractions."""
        out: dict[str, Any] = {"rank": self.rank, "player": self.player, "games": self.games,
                               "points": self.points, self.terms.score_name: self.score}
        out.update({name: v for name, v in self.tiebreaks if name not in out})
        out["opponents_points"] = self.opponents_points
        out.update({place_column(i + 1): c for i, c in enumerate(self.places)})
        return out

    def as_dict(self) -> dict[str, object]:
        """JSON-friendly dict; Fractions become floats (exact ones also as strings).
        The score appears under the game's name (``cellar``) and as ``score``, each
        tie-break under its name and in ``tiebreaks``, the place counts as ``firsts``,
        ``seconds``, … and as the list ``places``."""
        out: dict[str, object] = {
            "rank": self.rank,
            "player": self.player,
            "games": self.games,
            "points": float(self.points),
            "points_exact": str(self.points),
            self.terms.score_name: self.score,
        }
        out.setdefault("score", self.score)
        out.update({name: v for name, v in self.tiebreaks if name not in out})
        out["tiebreaks"] = dict(self.tiebreaks)
        out["opponents_points"] = float(self.opponents_points)
        out["opponents_points_exact"] = str(self.opponents_points)
        out.update({place_column(i + 1): c for i, c in enumerate(self.places)})
        out["places"] = list(self.places)
        out["byes"] = self.byes
        out["house_bots"] = self.house_bots
        out["tiebreak_order"] = list(self.terms.tiebreak_order())
        sep = self.separated_from_next
        out["separated_from_next"] = None if sep is None else sep.as_dict()
        return out


def rerank(rows: Iterable[StandingRow]) -> list[StandingRow]:
    """``rows`` ordered by the tie-breaks, best first, with ranks given again
    (competition ranking; full ties share a rank and are listed by name) and each
    row's ``separated_from_next`` set — e.g. after leaving some players (house bots)
    out."""
    ordered = sorted(rows, key=lambda row: row.player)
    ordered.sort(key=StandingRow.sort_key, reverse=True)  # stable: names stay ascending
    out: list[StandingRow] = []
    for i, row in enumerate(ordered):
        sep = row.separation_from(ordered[i + 1]) if i + 1 < len(ordered) else None
        above = out[-1].separated_from_next if out else None
        rank = out[-1].rank if above is not None and above.shared_rank else i + 1
        out.append(dataclasses.replace(row, rank=rank, separated_from_next=sep))
    return out


def standings(
    results: Iterable[TableResult],
    points: Sequence[float] = DEFAULT_PLACEMENT_POINTS,
    players: Iterable[str] = (),
    *,
    terms: Terms = DEFAULT_TERMS,
    byes: Mapping[str, int] | None = None,
    house_bots: Mapping[str, int] | None = None,
) -> list[StandingRow]:
    """Standings over finished tables, ordered by the documented tie-breaks.

    ``results``: finished :class:`TableResult` s (any order).  ``points``: the
    placement points of the tournament's full tables, one per seat (default
    3/2/1/0); a smaller table's are scaled from them (:func:`table_points`).
    ``players``: extra names to list even without a game (e.g. a player who only
    had byes); they get zero everywhere.  ``terms``: the game's names and order
    for its figures (default Kolkhoz's).  ``byes``, ``house_bots``: each player's byes
    and house-bot count (missing: 0), carried into the rows.  Returns one :class:`StandingRow` per
    player, best first: by points, then score total, then each tie-break value,
    then opponents' points (sum over each table of the final points of the
    others, scaled up at a smaller table); full ties share a rank and are listed by
    name. Raises ValueError for invalid places or points, a table larger than
    ``points`` has places for, or an entry of ``results`` that is not a
    ``TableResult``.
    """
    results = list(results)
    width = len(points)
    pts: dict[str, Fraction] = {}
    score: dict[str, int | float] = {}
    tbs: dict[str, dict[str, int | float]] = {}
    names = list(terms.tiebreaks)
    games: Counter[str] = Counter()
    place_counts: dict[str, list[int]] = {}
    for p in players:
        pts.setdefault(p, Fraction(0))
        place_counts.setdefault(p, [0] * width)
    for r in results:
        if not isinstance(r, TableResult):
            raise ValueError(f"standings expects TableResult items, got {type(r).__name__}")
        shares = placement_points(r.places, table_points(points, len(r.players)))
        names.extend(name for name, _ in r.tiebreaks if name not in names)
        values = dict(r.tiebreaks)
        for i, (p, share, place) in enumerate(zip(r.players, shares, r.places, strict=True)):
            pts[p] = pts.get(p, Fraction(0)) + share
            score[p] = score.get(p, 0) + r.scores[i]
            for name, seat_values in values.items():
                mine = tbs.setdefault(p, {})
                mine[name] = mine.get(name, 0) + seat_values[i]
            games[p] += 1
            place_counts.setdefault(p, [0] * width)[place - 1] += 1
    opp: dict[str, Fraction] = dict.fromkeys(pts, Fraction(0))
    for r in results:
        total = sum((pts[p] for p in r.players), Fraction(0))
        # a smaller table's opponents count as many as a full table's
        scale = Fraction(width - 1, len(r.players) - 1) if len(r.players) > 1 else Fraction(0)
        for p in r.players:
            opp[p] += (total - pts[p]) * scale
    terms = Terms(terms.score_name, tuple(names), terms.lower_score_wins)
    byes, house_bots = byes or {}, house_bots or {}
    return rerank(
        StandingRow(rank=0, player=p, games=games[p], points=pts[p], score=score.get(p, 0),
                    tiebreaks=tuple((n, tbs.get(p, {}).get(n, 0)) for n in names),
                    opponents_points=opp[p], places=tuple(place_counts[p]), terms=terms,
                    byes=byes.get(p, 0), house_bots=house_bots.get(p, 0))
        for p in pts
    )


ADDED_CSV_COLUMNS = ("points_exact", "opponents_points_exact", "byes", "house_bots",
                     "tiebreak_order", "separated_from_next", "separation_value",
                     "next_separation_value")
"""The columns the CSV gained after its first ones (issue 18), always last: the exact
fractions, the byes and house-bot count, and the tie-break explanation
(:func:`csv_cells`)."""


def csv_columns(terms: Terms = DEFAULT_TERMS, seats: int = SEATS) -> tuple[str, ...]:
    """The standings CSV's columns for a game's ``terms`` and table size: rank,
    player, games, points, the score, each tie-break, opponents' points, the
    finishes per place (``firsts`` … up to the table size), then
    ``ADDED_CSV_COLUMNS``."""
    return ("rank", "player", "games", "points", terms.score_name, *terms.tiebreaks,
            "opponents_points", *(place_column(i) for i in range(1, seats + 1)),
            *ADDED_CSV_COLUMNS)


CSV_COLUMNS = csv_columns()
"""Kolkhoz's columns: rank … points, cellar, medals, opponents_points, firsts … fourths,
then ``ADDED_CSV_COLUMNS``."""


def _fmt(x: Any) -> Any:
    if not isinstance(x, Fraction):
        return x
    if x.denominator == 1:
        return str(x.numerator)
    text = f"{float(x):.6f}".rstrip("0")
    return text


def csv_cells(row: Mapping[str, Any]) -> dict[str, Any]:
    """The ``ADDED_CSV_COLUMNS`` cells of a row in its JSON form
    (:meth:`StandingRow.as_dict`): the exact fractions and counts as they are,
    ``tiebreak_order`` joined by ``", "``, ``separated_from_next`` the separating
    criterion's name (``shared_rank`` when nothing separated the rows, empty when
    their points differ or on the last row) and the two rows' values of it (decimals
    like the figures', empty unless a criterion separated them)."""
    sep = row.get("separated_from_next")
    name = "" if sep is None else (SHARED_RANK if sep["shared_rank"] else sep["tiebreak"])
    texts = (sep or {}).get("values_exact") or ("", "")
    mine, theirs = (_fmt(Fraction(t)) if t else "" for t in texts)
    return {"points_exact": row.get("points_exact"),
            "opponents_points_exact": row.get("opponents_points_exact"),
            "byes": row.get("byes", 0), "house_bots": row.get("house_bots", 0),
            "tiebreak_order": ", ".join(row.get("tiebreak_order", ())),
            "separated_from_next": name, "separation_value": mine,
            "next_separation_value": theirs}


def to_csv(rows: Iterable[StandingRow]) -> str:
    """Render standings as CSV text (RFC 4180, ``\\r\\n`` line ends) with a header.

    Columns: :func:`csv_columns` of the rows' terms and table size (``CSV_COLUMNS``
    for Kolkhoz, and when there are no rows).  Integral Fractions print as
    integers, others as decimals with up to 6 places (``1.5``, ``1.666667``); the
    added columns as :func:`csv_cells` gives them; a text a spreadsheet would read as a
    formula (a player called ``=1+1``) gets a leading ``'`` (``tournaments.csvsafe``).
    """
    rows = list(rows)
    columns = csv_columns(rows[0].terms, len(rows[0].places)) if rows else CSV_COLUMNS
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(columns)
    for r in rows:
        figures = {**r.figures(), **csv_cells(r.as_dict())}
        writer.writerow([safe_cell(_fmt(figures.get(c, 0))) for c in columns])
    return buf.getvalue()
