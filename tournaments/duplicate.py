"""The duplicate score (matchpoints) and how far the deals of a duplicate round agree
(docs/duplicate.md). Pure Python, standard library only: the league core.

Matchpoints
-----------
A *deal* is one round of a duplicate tournament: every table of the round (every board
of a one-table round) was dealt the same cards, seat for seat. For each deal and seat,
each result at that seat — the game's score for the seat (``Outcome.scores``) — is
compared with every other result at the same seat of the same deal: **1 matchpoint for
each result it beats, ½ for each it ties, 0 for each that beats it**, "beats" meaning a
higher score, or a lower one when the game's ``lower_wins`` says lower is better. So
``k`` results at one seat share ``k(k-1)/2`` matchpoints, and each can earn at most
``k - 1``. A player's duplicate score is the sum over their results (exact fractions),
also given as a percentage of the most they could have earned (``available``: the sum of
``k - 1`` over their results), so a bye, or a result with nothing to be compared with,
lowers nobody's percentage. House bots' results count as results to compare with (they held
the same cards), but the standings list only the entrants.

Identical deals
---------------
:func:`identical_prefix` counts the leading chance events (deals, draws: the events the
seed decided) that are identical in every log of a deal, each event compared without
its ``seq`` (a later deal comes at another position when the play before it was longer).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = ["Matchpoints", "SeatResult", "identical_prefix", "matchpoints"]


@dataclass(frozen=True)
class SeatResult:
    """One result at one seat of one deal: ``deal`` (any hashable key; the round
    number), ``seat`` (0-based: whose cards), ``player`` and ``score`` (the game's score
    for that seat, a number)."""

    deal: Hashable
    seat: int
    player: str
    score: int | float | Fraction


@dataclass(frozen=True)
class Matchpoints:
    """One player's duplicate score: ``earned`` (exact), ``available`` (the most they
    could have earned: for each of their results, how many others held the same seat of
    the same deal) and ``results`` (how many of their results were scored)."""

    player: str
    earned: Fraction
    available: int
    results: int

    @property
    def pct(self) -> Fraction | None:
        """``earned`` as a percentage of ``available`` (exact); None when there was
        nothing to compare with."""
        return Fraction(100) * self.earned / self.available if self.available else None

    def as_dict(self) -> dict[str, Any]:
        """The standings' fields: ``matchpoints`` (float), ``matchpoints_exact``
        (``"15/2"``), ``matchpoints_max`` and ``matchpoint_pct`` (float, 2 decimals; None
        when there was nothing to compare with)."""
        pct = self.pct
        return {"matchpoints": float(self.earned), "matchpoints_exact": str(self.earned),
                "matchpoints_max": self.available,
                "matchpoint_pct": None if pct is None else round(float(pct), 2)}


def _number(x: Any) -> bool:
    return not isinstance(x, bool) and isinstance(x, int | float | Fraction)


def matchpoints(results: Iterable[SeatResult], *, lower_wins: bool = False
                ) -> dict[str, Matchpoints]:
    """Every player's matchpoints over ``results`` (module docstring): compared within
    each (deal, seat), 1 per result beaten and ½ per result tied, higher scores better
    (lower when ``lower_wins``). Returns ``{player: Matchpoints}`` for every player named
    in ``results``. Raises ValueError for a score that is not a number or a seat that is
    not a non-negative int."""
    groups: dict[tuple[Hashable, int], list[SeatResult]] = defaultdict(list)
    for r in results:
        if not _number(r.score):
            raise ValueError(f"a score must be a number, got {r.score!r}")
        if isinstance(r.seat, bool) or not isinstance(r.seat, int) or r.seat < 0:
            raise ValueError(f"a seat must be a non-negative int, got {r.seat!r}")
        groups[(r.deal, r.seat)].append(r)
    earned: dict[str, Fraction] = defaultdict(Fraction)
    available: dict[str, int] = defaultdict(int)
    counted: dict[str, int] = defaultdict(int)
    half = Fraction(1, 2)
    sign = -1 if lower_wins else 1
    for group in groups.values():
        for r in group:
            mine = sign * Fraction(r.score)
            others = [sign * Fraction(o.score) for o in group if o is not r]
            earned[r.player] += (sum(1 for o in others if mine > o)
                                 + half * sum(1 for o in others if mine == o))
            available[r.player] += len(others)
            counted[r.player] += 1
    return {p: Matchpoints(player=p, earned=earned[p], available=available[p],
                           results=counted[p]) for p in counted}


def _without_seq(event: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in event.items() if k != "seq"}


def identical_prefix(logs: Sequence[Sequence[Mapping[str, Any]]]) -> int:
    """How many leading events are the same in every one of ``logs`` (each a list of
    one game's chance events in order), compared without ``seq``; 0 for no logs."""
    if not logs:
        return 0
    k = 0
    for column in zip(*logs, strict=False):
        first = _without_seq(column[0])
        if any(_without_seq(e) != first for e in column[1:]):
            break
        k += 1
    return k
