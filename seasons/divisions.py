"""The rules of a season in divisions, pure (no Django): ordering players by rating,
splitting them into divisions, and promotion and relegation from the final standings
(docs/seasons.md is the reference; the Django app stores what these return).

* **Order** (``rating_order``): rated players first, by the league ladder's ordinal
  (``mu − 3σ``, highest first; equal ordinals by name), then the unrated players in the
  order given (the organiser's, or the previous season's for the next one).
* **Sizes** (``division_sizes``): ``k`` divisions of sizes as equal as possible, the
  larger ones on top (10 players in 3 divisions: 4, 3, 3); a ``division_size`` ``s``
  gives ``max(1, n // s)`` divisions the same way (10 players by 4: 5, 5).
* **Moves** (``season_moves``): in each division, players in final-standings order
  (rank, a shared rank broken by the season's seed: the higher rated at the opening
  first); withdrawn players leave; of the rest the top ``promote`` move up (none from
  Division 1) and the bottom ``relegate`` move down (none from the last division), the
  promoted first when a withdrawal leaves fewer players than both need.
* **Next season** (``next_groups``): each division gets those who stay, those relegated
  from above and those promoted from below, then the newcomers join the last division.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["PROMOTED", "RELEGATED", "STAYED", "WITHDRAWN", "JOINED", "Finish", "Move",
           "rating_order", "division_sizes", "split", "season_moves", "next_groups"]

PROMOTED, RELEGATED, STAYED, WITHDRAWN, JOINED = (
    "promoted", "relegated", "stayed", "withdrawn", "joined")


def rating_order(players: Sequence[str], ratings: Mapping[str, float]) -> list[str]:
    """``players`` strongest first: those with a rating (``ratings``: name → ladder
    ordinal) by ordinal descending, equal ordinals by name; then the unrated ones in the
    order given. Raises ValueError when a name is given twice."""
    if len(set(players)) != len(players):
        raise ValueError("a player is given twice")
    rated = sorted((p for p in players if p in ratings), key=lambda p: (-ratings[p], p))
    return rated + [p for p in players if p not in ratings]


def division_sizes(n: int, *, divisions: int | None = None,
                   division_size: int | None = None) -> list[int]:
    """The sizes of the divisions of ``n`` players, Division 1 first: ``divisions``
    divisions, or ``max(1, n // division_size)`` (exactly one of the two is given), their
    sizes within one of each other, the larger on top. A division may be empty when
    there are more divisions than players (the caller refuses it). Raises ValueError for
    a bad count."""
    if (divisions is None) == (division_size is None):
        raise ValueError("give either divisions or division_size")
    if n < 0 or (divisions is not None and divisions < 1) or \
            (division_size is not None and division_size < 1):
        raise ValueError("counts must be positive")
    k = divisions if divisions is not None else max(1, n // (division_size or 1))
    base, extra = divmod(n, k)
    return [base + 1 if i < extra else base for i in range(k)]


def split(order: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """``order`` cut into consecutive groups of ``sizes`` (Division 1 the first).
    Raises ValueError when the sizes do not add up to the players."""
    if sum(sizes) != len(order):
        raise ValueError(f"sizes {list(sizes)} do not add up to {len(order)} players")
    out, at = [], 0
    for size in sizes:
        out.append(list(order[at:at + size]))
        at += size
    return out


@dataclass(frozen=True)
class Finish:
    """A member's end of season in their division: final standings ``rank`` (1 = best,
    shared by full ties), ``seed`` (their place in the division's rating order at the
    opening, 1 = highest rated) and whether they withdrew."""

    player: str
    rank: int
    seed: int
    withdrawn: bool = False


@dataclass(frozen=True)
class Move:
    """Where a member goes: ``from_division`` (1 = top) → ``to_division`` (None: leaves
    the league), ``reason`` (``promoted``, ``relegated``, ``stayed``, ``withdrawn``),
    their final ``rank`` and ``seed``, and ``by_seed``: True when their rank was shared
    across the promotion or relegation line and the seed decided the side."""

    player: str
    from_division: int
    to_division: int | None
    reason: str
    rank: int
    seed: int
    by_seed: bool = False


def _line_tie(ordered: Sequence[Finish], cut: int) -> int | None:
    """The rank shared across the cut between ``ordered[cut-1]`` and ``ordered[cut]``."""
    if 0 < cut < len(ordered) and ordered[cut - 1].rank == ordered[cut].rank:
        return ordered[cut].rank
    return None


def season_moves(divisions: Sequence[Sequence[Finish]], promote: int,
                 relegate: int) -> list[Move]:
    """Every member's move at the end of a season: ``divisions[0]`` is Division 1.
    Raises ValueError for a negative ``promote``/``relegate``."""
    if promote < 0 or relegate < 0:
        raise ValueError("promote and relegate are counts (0 or more)")
    count = len(divisions)
    moves: list[Move] = []
    for k, finishes in enumerate(divisions, start=1):
        ordered = sorted(finishes, key=lambda f: (f.rank, f.seed))
        moves += [Move(f.player, k, None, WITHDRAWN, f.rank, f.seed)
                  for f in ordered if f.withdrawn]
        staying = [f for f in ordered if not f.withdrawn]
        m = len(staying)
        up = min(promote if k > 1 else 0, m)
        down = min(relegate if k < count else 0, m - up)
        ties = {_line_tie(staying, up) if up else None,
                _line_tie(staying, m - down) if down else None} - {None}
        for i, f in enumerate(staying):
            if i < up:
                to, reason = k - 1, PROMOTED
            elif i >= m - down:
                to, reason = k + 1, RELEGATED
            else:
                to, reason = k, STAYED
            moves.append(Move(f.player, k, to, reason, f.rank, f.seed, f.rank in ties))
    return moves


def next_groups(moves: Sequence[Move], divisions: int,
                joining: Sequence[str] = ()) -> list[list[str]]:
    """The next season's divisions (``divisions`` of them, Division 1 first) from
    ``moves``: in each, the players relegated from above, then those who stayed, then
    those promoted from below, each in final order (rank, seed) — the order unrated
    players keep when the division is seeded by rating — and in the last division the
    newcomers ``joining`` after them. Raises ValueError for a move outside
    ``1..divisions`` or a newcomer who is already in."""
    groups: list[list[str]] = [[] for _ in range(divisions)]
    going = sorted((m for m in moves if m.to_division is not None),
                   key=lambda m: (m.from_division, m.rank, m.seed, m.player))
    for m in going:
        assert m.to_division is not None
        if not 1 <= m.to_division <= divisions:
            raise ValueError(f"{m.player} moves to division {m.to_division} of {divisions}")
        groups[m.to_division - 1].append(m.player)
    inside = {p for g in groups for p in g}
    for p in joining:
        if p in inside:
            raise ValueError(f"{p} is already in a division")
        inside.add(p)
        groups[-1].append(p)
    return groups
