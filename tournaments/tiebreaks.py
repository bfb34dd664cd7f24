"""Why one standings row is above the next (pure Python, standard library only).

The standings (``tournaments.scoring``) order players by points, then by the tie-break
order — the game's score total (lower first when the game's lower score wins), each of
its tie-break values, opponents' points — and, when all of those are equal, list them
by player name (ascending) with a shared rank: the name order is the final order but
never a tie-break. For two adjacent rows equal on points, :func:`separate` names the
first criterion of that order on which they differ, with both values
(:class:`Separation`), or says that none did.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

SHARED_RANK = "shared_rank"
"""The CSV's ``separated_from_next`` for two rows equal on every criterion."""


def json_number(x: Any) -> Any:
    """A figure for JSON: a Fraction as a float, anything else as it is."""
    return float(x) if isinstance(x, Fraction) else x


@dataclass(frozen=True)
class Separation:
    """What put a row above the next one with equal points. ``tiebreak``: the first
    criterion of the tie-break order on which they differ (the game's name for it, or
    ``opponents_points``); None when they are equal on every one — they share a rank
    and are listed by name. ``values``: this row's and the next row's value of it
    (sums, exact). ``lower_wins``: the smaller value ranks higher (the score of a game
    whose lower score wins)."""

    tiebreak: str | None
    values: tuple[Any, Any] | None = None
    lower_wins: bool = False

    @property
    def shared_rank(self) -> bool:
        """Whether nothing separated them (equal on every criterion: one rank)."""
        return self.tiebreak is None

    def as_dict(self) -> dict[str, Any]:
        """``{tiebreak: name | null, values: [this, next] | null (Fractions as floats),
        values_exact: ["17/2", "8"] | null, lower_wins: bool, shared_rank: bool}``."""
        values = None if self.values is None else [json_number(v) for v in self.values]
        texts = None if self.values is None else [str(v) for v in self.values]
        return {"tiebreak": self.tiebreak, "values": values, "values_exact": texts,
                "lower_wins": self.lower_wins, "shared_rank": self.shared_rank}


def separate(points: tuple[Any, Any], mine: Sequence[tuple[str, Any]],
             theirs: Sequence[tuple[str, Any]], lower: frozenset[str] = frozenset()
             ) -> Separation | None:
    """Why a row with ``points[0]`` and the tie-break values ``mine`` (``(name, value)``
    in the tie-break order) is above the next, with ``points[1]`` and ``theirs`` (the
    same names): None when the points differ (the points decide), else the first
    criterion whose values differ, else a shared rank. ``lower``: the criteria where
    the smaller value is better."""
    if points[0] != points[1]:
        return None
    for (name, a), (_, b) in zip(mine, theirs, strict=True):
        if a != b:
            return Separation(name, (a, b), name in lower)
    return Separation(None)
