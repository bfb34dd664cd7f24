"""Seats at a duplicate table, and the boards of a one-table duplicate round
(docs/duplicate.md).

Every table of a duplicate round is dealt the same cards seat for seat, so a seat *is* a
hand: where a player sits decides whose cards they hold. The pairing (Swiss or
round-robin) decides who sits together; this module decides who holds which seat.

One table (:func:`duplicate_seat_table`)
----------------------------------------
Given how often each player already held each seat's cards (``counts``: the
``seat_counts`` of the earlier rounds' tables), the seating is the one that, in this
order of importance,

1. seats the most players in a seat whose cards they have held *least* so far (a
   *least-held* seat: held ``min(counts[p])`` times);
2. has the smallest sum, over the players, of the squared *excess* of the seat they get
   (times held minus their least);
3. leaves the counts most even (the smallest sum of the squared counts after the round);
4. is picked by the seeded RNG among the seatings still equal.

House bots (``indifferent``) cost nothing in any seat: they take the seats left over.
Every term is a sum over (player, seat) pairs, so the best seating is found exactly, for
any table size, by dynamic programming over the sets of seats already given (``2^N · N``
steps: 10 240 at ten seats).

Hall's condition: every player of a table can take a least-held seat exactly when, for
every group of ``k`` of its players, the seats least held by at least one of them number
at least ``k`` (Hall's marriage theorem on the graph joining each player to their
least-held seats); rule 1 then seats every player so. If that holds at every table of
rounds ``1 … m·N`` (``N`` seats), every player holds every seat's cards exactly ``m``
times in those rounds (each round raises one of their least counts by one). It can fail
in a Swiss: four players who each held seats 1, 2 and 3 once meet in round 4 and all
have seat 0 as their only least-held seat — one of them gets it, the other three hold a
seat a second time (rule 2 then spreads the excess, one each). Rule 1 still seats as
many players in a least-held seat as any seating could.

Who sits together (:func:`least_held_misses`)
---------------------------------------------
A Swiss pairing of a duplicate round also weighs each table by how many of its players
could *not* be seated in a least-held seat (``N`` minus the largest matching of players
to their least-held seats), ``DUPLICATE_W_SEAT_MISS`` (10) each
(``tournaments.pairing.swiss``'s ``table_cost``): more than a repeated pair (3) or moving
a player three tables from their score group (9), less than a repeated table (the house
bots' fair spread is a hard rule, never traded). Simulated Swiss fields at four seats,
random results: 8 to 20 entrants in full tables, 4, 6 and 8 rounds (60 runs), no player
ever missed a least-held seat with the weight (without it 90 to 184 misses per 20 runs),
for about 5 % more repeated pairs and score-group displacement; with house bots filling
(9, 10, 13 and 18 entrants, 4 and 8 rounds, 40 runs) the misses fell from 216 to 51 —
the bots' fair spread leaves fewer partitions to choose from.

Boards (:func:`boards`)
-----------------------
A round with a single table is played ``N`` times over the same deal, the players
rotating one seat each board: board ``b`` (0-based) gives seat ``s`` to the player listed
``(s + b) mod N``, so over the ``N`` boards each player holds each seat's cards exactly
once.

Pure Python, standard library only (the league core, docs/tournaments-core.md).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence

from .schedule import Table, check_names

Cost = tuple[int, int, int, float]

DUPLICATE_W_SEAT_MISS = 10
"""Swiss cost of one player who cannot hold a least-held seat at a table (module
docstring)."""


def _count(counts: Mapping[str, Sequence[int]], p: str, s: int) -> int:
    row = counts.get(p)
    return row[s] if row is not None and s < len(row) else 0


def seat_costs(members: Sequence[str], counts: Mapping[str, Sequence[int]], rng: random.Random,
               indifferent: Collection[str] = ()) -> list[list[Cost]]:
    """``cost[i][s]``: what seating ``members[i]`` in seat ``s`` adds to the objective of
    the module docstring — ``(not least-held, squared excess, squared count after, a
    seeded random tie-break)``; ``(0, 0, 0, r)`` for an ``indifferent`` player (a house
    bot). The random numbers are drawn player by player, seat by seat."""
    n = len(members)
    out: list[list[Cost]] = []
    for p in members:
        row = [_count(counts, p, s) for s in range(n)]
        least = min(row)
        costs: list[Cost] = []
        for s in range(n):
            tie = rng.random()
            if p in indifferent:
                costs.append((0, 0, 0, tie))
            else:
                excess = row[s] - least
                costs.append((1 if excess else 0, excess * excess, (row[s] + 1) ** 2, tie))
        out.append(costs)
    return out


def _add(a: Cost, b: Cost) -> Cost:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def duplicate_seat_table(members: Sequence[str], counts: Mapping[str, Sequence[int]],
                         rng: random.Random, *, indifferent: Collection[str] = ()) -> Table:
    """``members`` in seat order for a duplicate round (module docstring): the seating
    that seats the most players in a least-held seat, then has the smallest squared
    excess, then the most even counts, then the seeded ``rng``'s pick — exact, by dynamic
    programming over the seats already given. ``counts``: ``{name: [times held seat 0,
    seat 1, …]}`` (a player missing: never seated; a short row: zeros). ``indifferent``:
    names that cost nothing anywhere (house bots). Deterministic given ``rng``'s state.
    Raises ValueError for a name listed twice or an empty table."""
    names = check_names(members, what="table")
    n = len(names)
    if n == 0:
        raise ValueError("a table has at least one seat")
    cost = seat_costs(names, counts, rng, indifferent)
    zero: Cost = (0, 0, 0, 0.0)
    # best[mask]: (cost, previous mask, seat) with players 0 … popcount(mask)-1 seated in
    # the seats of ``mask``
    best: dict[int, tuple[Cost, int, int]] = {0: (zero, -1, -1)}
    for mask in sorted(range(1 << n), key=lambda m: (m.bit_count(), m)):
        if mask not in best:
            continue
        i = mask.bit_count()
        if i == n:
            continue
        here = best[mask][0]
        for s in range(n):
            if mask >> s & 1:
                continue
            nxt = mask | 1 << s
            total = _add(here, cost[i][s])
            if nxt not in best or total < best[nxt][0]:
                best[nxt] = (total, mask, s)
    seats: list[str | None] = [None] * n
    mask = (1 << n) - 1
    while mask:
        _, prev, s = best[mask]
        seats[s] = names[prev.bit_count()]
        mask = prev
    return tuple(str(p) for p in seats)


def least_held_misses(members: Sequence[str], counts: Mapping[str, Sequence[int]], *,
                      indifferent: Collection[str] = ()) -> int:
    """How many of ``members`` (in seats ``0 … N-1``, ``N = len(members)``) no seating can
    put in a least-held seat: ``N`` minus the largest matching of players to their
    least-held seats (Kuhn's augmenting paths); 0 exactly when Hall's condition holds
    (module docstring). ``indifferent`` players (house bots) may take any seat."""
    n = len(members)
    allowed: list[list[int]] = []
    for p in members:
        row = [_count(counts, p, s) for s in range(n)]
        least = min(row, default=0)
        allowed.append(list(range(n)) if p in indifferent
                       else [s for s in range(n) if row[s] == least])
    holder: list[int | None] = [None] * n

    def augment(i: int, seen: set[int]) -> bool:
        for s in allowed[i]:
            if s in seen:
                continue
            seen.add(s)
            other = holder[s]
            if other is None or augment(other, seen):
                holder[s] = i
                return True
        return False

    return n - sum(1 for i in range(n) if augment(i, set()))


def boards(members: Sequence[str]) -> list[Table]:
    """The boards of a one-table duplicate round: ``len(members)`` seatings of the same
    players, board ``b`` (0-based) giving seat ``s`` to ``members[(s + b) % N]`` — each
    player holds each seat exactly once over the boards (module docstring). Raises
    ValueError for a name listed twice."""
    names = check_names(members, what="table")
    n = len(names)
    return [tuple(names[(s + b) % n] for s in range(n)) for b in range(n)]
