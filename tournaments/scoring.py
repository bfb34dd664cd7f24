"""Placement points and standings for 4-seat Kolkhoz tables.

Pure Python (standard library only, no Django).

Placement points
----------------
A finished table ranks its four players by *place* (1 = best) in standard
competition ranking: tied players share the best place they cover and the
next place is skipped (``1, 2, 2, 4``).  The placement points (default
``3/2/1/0`` for places 1–4) of the places a tie covers are split evenly
among the tied players, exactly (``fractions.Fraction``): two players tied
for 2nd get ``(2 + 1) / 2 = 3/2`` each; four players tied get ``6/4``.

Standings
---------
Every figure is a sum over a player's tables:

* ``points`` — placement points;
* ``cellar`` — game scores (the cellar totals of the games), higher better;
* ``medals`` — medals, higher better;
* ``opponents_points`` — for every table played, the final ``points`` of the
  three others at that table (a Buchholz-style strength of schedule; an
  opponent met twice counts twice).

Rows are ordered by the tie-breaks, in this order: points, cellar, medals,
opponents' points (all descending).  Players equal on all four share a rank
(competition ranking ``1, 2, 2, 4``) and are listed by name.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

__all__ = [
    "DEFAULT_PLACEMENT_POINTS",
    "TableResult",
    "StandingRow",
    "placement_points",
    "standings",
    "to_csv",
    "CSV_COLUMNS",
]

DEFAULT_PLACEMENT_POINTS: tuple[int, int, int, int] = (3, 2, 1, 0)
"""Points for places 1, 2, 3 and 4."""

SEATS = 4


def _check_places(places: Sequence[int]) -> None:
    if len(places) != SEATS:
        raise ValueError(f"places must have 4 entries, got {len(places)}")
    for p in places:
        if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= SEATS:
            raise ValueError(f"places must be integers 1..4, got {list(places)!r}")
    counts = Counter(places)
    for place, n in counts.items():
        better = sum(1 for q in places if q < place)
        if better != place - 1:
            raise ValueError(
                f"places {list(places)!r} are not in competition ranking: place {place} "
                f"is shared by {n} but {better} players are ahead (expected {place - 1}); "
                "tied players share the best place and the next places are skipped, e.g. 1,2,2,4"
            )


def placement_points(
    places: Sequence[int], points: Sequence[float] = DEFAULT_PLACEMENT_POINTS
) -> list[Fraction]:
    """Placement points for one table, ties splitting the places they cover.

    ``places``: 4 ints in seat order, 1 = best, competition ranking for ties
    (``[1, 2, 2, 4]``).  ``points``: the points of places 1..4 (ints, floats
    or Fractions; floats are taken at their exact decimal value, e.g. 0.5).
    Returns 4 exact ``Fraction`` values in seat order; a group of ``k`` players
    tied at place ``p`` each gets ``sum(points[p-1 : p-1+k]) / k``.
    Raises ValueError for anything but 4 places forming a competition
    ranking, or ``points`` not of length 4.
    """
    _check_places(places)
    if len(points) != SEATS:
        raise ValueError(f"points must give 4 values (places 1..4), got {len(points)}")
    table = [Fraction(str(x)) if isinstance(x, float) else Fraction(x) for x in points]
    counts = Counter(places)
    return [sum(table[p - 1 : p - 1 + counts[p]], Fraction(0)) / counts[p] for p in places]


@dataclass(frozen=True)
class TableResult:
    """One finished table: players, places, game scores and medals in seat order.

    ``players``: 4 distinct names.  ``places``: 4 ints, 1 = best, ties in
    competition ranking (``1, 2, 2, 4``).  ``scores``: 4 ints, each player's
    game score (cellar total).  ``medals``: 4 non-negative ints.  Raises
    ValueError on construction if any of these does not hold.
    """

    players: tuple[str, str, str, str]
    places: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]
    medals: tuple[int, int, int, int] = (0, 0, 0, 0)

    def __post_init__(self) -> None:
        for name in ("players", "places", "scores", "medals"):
            value = getattr(self, name)
            if len(value) != SEATS:
                raise ValueError(f"TableResult.{name} must have 4 entries, got {len(value)}")
            object.__setattr__(self, name, tuple(value))
        for p in self.players:
            if not isinstance(p, str) or not p:
                raise ValueError(f"TableResult.players must be non-empty strings, got {p!r}")
        dupes = sorted(p for p, c in Counter(self.players).items() if c > 1)
        if dupes:
            raise ValueError(f"TableResult.players has duplicate names {dupes}")
        _check_places(self.places)
        for s in self.scores:
            if isinstance(s, bool) or not isinstance(s, int):
                raise ValueError(f"TableResult.scores must be ints, got {self.scores!r}")
        for m in self.medals:
            if isinstance(m, bool) or not isinstance(m, int) or m < 0:
                raise ValueError(
                    f"TableResult.medals must be non-negative ints, got {self.medals!r}"
                )


@dataclass(frozen=True)
class StandingRow:
    """One player's line in the standings.

    ``rank``: 1 = best, shared on a full tie (competition ranking).
    ``points`` and ``opponents_points`` are exact Fractions (see module
    docstring); ``cellar`` and ``medals`` are int sums; ``games`` counts
    tables played; ``places`` counts finishes per place ``[1st, 2nd, 3rd, 4th]``
    (a tie at 2nd counts as a 2nd).
    """

    rank: int
    player: str
    games: int
    points: Fraction
    cellar: int
    medals: int
    opponents_points: Fraction
    places: tuple[int, int, int, int] = field(default=(0, 0, 0, 0))

    def sort_key(self) -> tuple[Fraction, int, int, Fraction]:
        """The tie-break key, larger is better: (points, cellar, medals, opp. points)."""
        return (self.points, self.cellar, self.medals, self.opponents_points)

    def as_dict(self) -> dict[str, object]:
        """JSON-friendly dict; Fractions become floats (exact ones also as strings)."""
        return {
            "rank": self.rank,
            "player": self.player,
            "games": self.games,
            "points": float(self.points),
            "points_exact": str(self.points),
            "cellar": self.cellar,
            "medals": self.medals,
            "opponents_points": float(self.opponents_points),
            "opponents_points_exact": str(self.opponents_points),
            "firsts": self.places[0],
            "seconds": self.places[1],
            "thirds": self.places[2],
            "fourths": self.places[3],
        }


def standings(
    results: Iterable[TableResult],
    points: Sequence[float] = DEFAULT_PLACEMENT_POINTS,
    players: Iterable[str] = (),
) -> list[StandingRow]:
    """Standings over finished tables, ordered by the documented tie-breaks.

    ``results``: finished :class:`TableResult` s (any order).  ``points``:
    placement points for places 1..4 (default 3/2/1/0).  ``players``: extra
    names to list even without a game (e.g. a player who only had byes);
    they get zero everywhere.  Returns one :class:`StandingRow` per player,
    best first: by points, then cellar total, then medals, then opponents'
    points (sum over each table of the final points of the other three),
    all descending; full ties share a rank and are listed by name.
    Raises ValueError from :func:`placement_points` for invalid places or
    points, or if an entry of ``results`` is not a ``TableResult``.
    """
    results = list(results)
    pts: dict[str, Fraction] = {}
    cellar: Counter[str] = Counter()
    medals: Counter[str] = Counter()
    games: Counter[str] = Counter()
    place_counts: dict[str, list[int]] = {}
    for p in players:
        pts.setdefault(p, Fraction(0))
        place_counts.setdefault(p, [0, 0, 0, 0])
    for r in results:
        if not isinstance(r, TableResult):
            raise ValueError(f"standings expects TableResult items, got {type(r).__name__}")
        for p, share, place, score, medal in zip(
            r.players,
            placement_points(r.places, points),
            r.places,
            r.scores,
            r.medals,
            strict=True,
        ):
            pts[p] = pts.get(p, Fraction(0)) + share
            cellar[p] += score
            medals[p] += medal
            games[p] += 1
            place_counts.setdefault(p, [0, 0, 0, 0])[place - 1] += 1
    opp: dict[str, Fraction] = dict.fromkeys(pts, Fraction(0))
    for r in results:
        total = sum((pts[p] for p in r.players), Fraction(0))
        for p in r.players:
            opp[p] += total - pts[p]

    unranked = [
        StandingRow(
            rank=0,
            player=p,
            games=games[p],
            points=pts[p],
            cellar=cellar[p],
            medals=medals[p],
            opponents_points=opp[p],
            places=(place_counts[p][0], place_counts[p][1], place_counts[p][2], place_counts[p][3]),
        )
        for p in pts
    ]
    unranked.sort(key=lambda row: row.player)
    unranked.sort(key=StandingRow.sort_key, reverse=True)  # stable: names stay ascending
    rows: list[StandingRow] = []
    for i, row in enumerate(unranked):
        if i and row.sort_key() == unranked[i - 1].sort_key():
            rank = rows[-1].rank
        else:
            rank = i + 1
        rows.append(
            StandingRow(
                rank=rank,
                player=row.player,
                games=row.games,
                points=row.points,
                cellar=row.cellar,
                medals=row.medals,
                opponents_points=row.opponents_points,
                places=row.places,
            )
        )
    return rows


CSV_COLUMNS = (
    "rank",
    "player",
    "games",
    "points",
    "cellar",
    "medals",
    "opponents_points",
    "firsts",
    "seconds",
    "thirds",
    "fourths",
)


def _fmt(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    text = f"{float(x):.6f}".rstrip("0")
    return text


def to_csv(rows: Iterable[StandingRow]) -> str:
    """Render standings as CSV text (RFC 4180, ``\\r\\n`` line ends) with a header.

    Columns: ``CSV_COLUMNS``.  Integral Fractions print as integers, others
    as decimals with up to 6 places (``1.5``, ``1.666667``).
    """
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(CSV_COLUMNS)
    for r in rows:
        writer.writerow(
            [
                r.rank,
                r.player,
                r.games,
                _fmt(r.points),
                r.cellar,
                r.medals,
                _fmt(r.opponents_points),
                *r.places,
            ]
        )
    return buf.getvalue()
