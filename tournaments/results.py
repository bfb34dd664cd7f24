"""One finished table's result, as the standings (``tournaments.scoring``) read it:
pure Python, standard library only."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .points import check_places

SEATS = 4
"""Kolkhoz's table size, the default."""


def _number(x: Any) -> bool:
    return not isinstance(x, bool) and isinstance(x, int | float | Fraction)


@dataclass(frozen=True)
class TableResult:
    """One finished table, in seat order: ``players`` (distinct names), ``places``
    (1 = best, ties in competition ranking ``1, 2, 2, 4``), ``scores`` (each player's
    game score: numbers), ``tiebreaks`` (name -> one value per seat, the game's
    ``Outcome.tiebreaks``) and ``medals`` (Kolkhoz's tie-break, non-negative ints: the
    same as ``tiebreaks={"medals": …}``). ``seats``: the table's number of seats
    (default 4); every sequence has one entry per seat. Raises ValueError on
    construction if any of these does not hold."""

    players: tuple[str, ...]
    places: tuple[int, ...]
    scores: tuple[int | float, ...]
    medals: tuple[int, ...] | None = None
    tiebreaks: Any = ()
    seats: int = SEATS

    def __post_init__(self) -> None:
        n = self.seats
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"TableResult.seats must be a positive integer, got {n!r}")
        for name in ("players", "places", "scores", "medals"):
            value = getattr(self, name)
            if value is None:
                continue
            if len(value) != n:
                raise ValueError(f"TableResult.{name} must have {n} entries, got {len(value)}")
            object.__setattr__(self, name, tuple(value))
        for p in self.players:
            if not isinstance(p, str) or not p:
                raise ValueError(f"TableResult.players must be non-empty strings, got {p!r}")
        dupes = sorted(p for p, c in Counter(self.players).items() if c > 1)
        if dupes:
            raise ValueError(f"TableResult.players has duplicate names {dupes}")
        check_places(self.places, n)
        if not all(_number(s) for s in self.scores):
            raise ValueError(f"TableResult.scores must be numbers, got {self.scores!r}")
        pairs = dict(self.tiebreaks.items() if isinstance(self.tiebreaks, Mapping)
                     else self.tiebreaks)
        if self.medals is not None:
            for m in self.medals:
                if isinstance(m, bool) or not isinstance(m, int) or m < 0:
                    raise ValueError(
                        f"TableResult.medals must be non-negative ints, got {self.medals!r}")
            if "medals" in pairs and tuple(pairs["medals"]) != self.medals:
                raise ValueError("TableResult: medals and tiebreaks['medals'] differ")
            pairs = {"medals": self.medals, **pairs}
        for name, values in pairs.items():
            if not isinstance(name, str) or not name:
                raise ValueError(f"TableResult.tiebreaks: names must be strings, got {name!r}")
            if len(values) != n or not all(_number(v) for v in values):
                raise ValueError(f"TableResult.tiebreaks[{name!r}] must be {n} numbers, "
                                 f"got {values!r}")
        object.__setattr__(self, "tiebreaks",
                           tuple((name, tuple(values)) for name, values in pairs.items()))
