"""Fixed schedules: the round-robin and the match series.

Round-robin (:func:`round_robin`)
---------------------------------
* 16 players: the affine plane AG(2,4) over GF(4), a resolvable 2-(16,4,1)
  design: 5 parallel classes (rounds) of 4 lines (tables) of 4 points
  (players); every pair of players meets exactly once in 5 rounds.  More than
  5 rounds repeat the design cycle, so every pair meets ``floor(r/5)`` or
  ``ceil(r/5)`` times.
* 4 players: the one table every round (seats balanced as below).
* Other multiples of 4: random start + simulated annealing over swaps of two
  players between two tables of one round, minimising lexicographically
  (repeats, sum of C(c, 2)) where ``c`` is how often a pair meets and
  ``repeats = sum(max(0, c - 1))`` counts the meetings that were not a pair's
  first.  The counting lower bound ``repeats >= 3*n*r/2 - C(n, 2)`` (each
  round gives every player 3 opponents) is reported by
  :func:`repeat_lower_bound`; the search stops early when it reaches it
  (with :func:`spread_lower_bound`).  Known optima it reaches: 8 players in
  3 rounds, 8 repeats (= the counting bound); 12 players in 4 rounds,
  13 repeats and spread 18 (both proven minimal, see the tests).
* Any other table size ``s`` (``seats``): the same annealing over rounds of
  ``n/s`` tables (``n`` a multiple of ``s``), or — when the game also plays
  with fewer seats (``min_seats``) — over rounds of the tables
  :func:`~tournaments.pairing.schedule.table_sizes` gives (the same sizes every
  round, e.g. 4, 3, 3, 3 for 13 players); default rounds
  ``ceil((n-1)/(s-1))``.  ``n == s``: the one table every round.
* Seats: equitable over the schedule (``tournaments.pairing.seats``).

Match series (:func:`match_series`)
-----------------------------------
The same four players (``s`` players at an ``s``-seat game) over N games.
Games come in blocks of ``s`` that form a Latin square (each player once in each
seat per block); successive blocks use the different cyclic seating orders in
turn (6 for four players, ``(s-1)!`` for ``s``), so who plays after whom also
rotates.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

from .schedule import (
    SEATS,
    Round,
    Table,
    check_names,
    check_seats,
    repeat_lower_bound,
    spread_lower_bound,
    table_sizes,
)
from .seats import assign_seats

# GF(4) = {0, 1, a, a+1} encoded 0, 1, 2, 3; addition is XOR, a^2 = a + 1.
_GF4_MUL = (
    (0, 0, 0, 0),
    (0, 1, 2, 3),
    (0, 2, 3, 1),
    (0, 3, 1, 2),
)


def affine_plane_ag24() -> list[list[tuple[int, int, int, int]]]:
    """The affine plane AG(2,4) as 5 parallel classes of 4 lines of 4 points.

    Points are ``(x, y)`` in GF(4)^2, numbered ``4*x + y`` (0..15).  Class
    ``m`` for slope ``m`` in GF(4) holds the lines ``y = m*x + b``; the fifth
    class holds the vertical lines ``x = c``.  Every pair of points lies on
    exactly one line: a resolvable 2-(16,4,1) design.  Returns
    ``classes[k][line] = (p0, p1, p2, p3)`` with points ascending.
    """
    classes: list[list[tuple[int, int, int, int]]] = []
    for m in range(4):
        lines = []
        for b in range(4):
            pts = sorted(4 * x + (_GF4_MUL[m][x] ^ b) for x in range(4))
            lines.append((pts[0], pts[1], pts[2], pts[3]))
        classes.append(lines)
    classes.append([(4 * c, 4 * c + 1, 4 * c + 2, 4 * c + 3) for c in range(4)])
    return classes



def _default_rounds(n: int, seats: int = SEATS) -> int:
    return max(1, math.ceil((n - 1) / (seats - 1)))


def _slices(order: list[int], sizes: list[int]) -> list[list[int]]:
    out, i = [], 0
    for z in sizes:
        out.append(order[i : i + z])
        i += z
    return out


def _anneal(n: int, rounds: int, rng: random.Random, iterations: int,
            sizes: list[int], seats: int, min_seats: int | None
            ) -> list[list[list[int]]]:
    """Simulated annealing over swaps within a round; returns best partitions."""
    tables_per_round = len(sizes)
    sched: list[list[list[int]]] = []
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        sched.append(_slices(order, sizes))
    cnt = [[0] * n for _ in range(n)]
    for rnd in sched:
        for t in rnd:
            for a, b in itertools.combinations(t, 2):
                cnt[a][b] += 1
                cnt[b][a] += 1

    def inc(c: int) -> int:  # weighted cost of a pair going from c to c + 1 meetings
        return (12 if c >= 1 else 0) + c

    def key() -> tuple[int, int]:
        rep = sq = 0
        for a in range(n):
            for b in range(a + 1, n):
                c = cnt[a][b]
                if c > 1:
                    rep += c - 1
                    sq += c * (c - 1) // 2
        return rep, sq

    floor_key = (repeat_lower_bound(n, rounds, seats, min_seats),
                 spread_lower_bound(n, rounds, seats, min_seats))
    best_key = key()
    best = [[list(t) for t in rnd] for rnd in sched]
    if best_key == floor_key or tables_per_round < 2:
        return best
    t_hi, t_lo = 4.0, 0.05
    for it in range(iterations):
        temp = t_hi * (t_lo / t_hi) ** (it / iterations)
        r = rng.randrange(rounds)
        t1, t2 = rng.sample(range(tables_per_round), 2)
        T1, T2 = sched[r][t1], sched[r][t2]
        i, j = rng.randrange(len(T1)), rng.randrange(len(T2))
        a, b = T1[i], T2[j]
        delta = 0
        for x in T1:
            if x != a:
                delta += inc(cnt[b][x]) - inc(cnt[a][x] - 1)
        for y in T2:
            if y != b:
                delta += inc(cnt[a][y]) - inc(cnt[b][y] - 1)
        if delta <= 0 or rng.random() < math.exp(-delta / temp):
            for x in T1:
                if x != a:
                    cnt[a][x] -= 1
                    cnt[x][a] -= 1
                    cnt[b][x] += 1
                    cnt[x][b] += 1
            for y in T2:
                if y != b:
                    cnt[b][y] -= 1
                    cnt[y][b] -= 1
                    cnt[a][y] += 1
                    cnt[y][a] += 1
            T1[i], T2[j] = b, a
            if delta < 0:
                k = key()
                if k < best_key:
                    best_key = k
                    best = [[list(t) for t in rnd] for rnd in sched]
                    if best_key == floor_key:
                        break
    return best


def round_robin(players: list[str], rounds: int | None = None, seed: int = 0, *,
                seats: int = SEATS, min_seats: int | None = None) -> list[Round]:
    """Schedule ``rounds`` rounds of ``seats``-seat tables (default 4) spreading
    opponents evenly.

    ``players``: distinct names, a multiple of ``seats``, at least ``seats`` — or,
    when the game also plays at smaller tables (``min_seats`` < ``seats``), any
    count that :func:`~tournaments.pairing.schedule.table_sizes` splits (the same
    sizes every round).  ``rounds``: rounds to schedule; ``None`` means
    ``ceil((n-1)/(seats-1))``, the fewest rounds in which everybody could meet
    everybody (5 for 16 players at 4 seats).  Returns ``rounds`` lists of tables
    (tuples in seat order, seat 0 = first planner, the largest tables first); every
    player plays once per round.

    * 16 players: the affine plane AG(2,4) (resolvable 2-(16,4,1) design),
      players placed on its points in an order shuffled by ``seed``; every
      pair meets exactly once in 5 rounds (cycled beyond 5).
    * other counts: simulated annealing (seeded) minimising repeated
      meetings, then the sum of C(c, 2) over pair meeting counts ``c``.
    * seats: equitable colouring (:func:`assign_seats`): seat counts of every
      player within 1 of each other, so first-planner counts differ by ≤ 1.

    Deterministic given ``(players, rounds, seed, seats, min_seats)``.  Raises
    ValueError for fewer than ``seats`` players, a count that does not split into
    tables (for a fixed size: not a multiple of ``seats``), duplicate or empty
    names, or ``rounds < 1``.
    """
    names = check_names(players)
    seats, lo = check_seats(seats, min_seats)
    n = len(names)
    if n < seats:
        raise ValueError(f"round_robin needs at least {seats} players, got {n}")
    sizes = table_sizes(n, seats, lo)
    if sizes is None:
        what = (f"a multiple of {seats} players" if lo == seats else
                f"players that split into tables of {lo} to {seats} seats")
        raise ValueError(
            f"round_robin needs {what}, got {n} "
            "(use swiss_round with fill='bye' or fill='bots' for other counts)"
        )
    if rounds is None:
        rounds = _default_rounds(n, seats)
    if not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds must be a positive integer, got {rounds!r}")
    rng = random.Random(seed)
    order = list(names)
    rng.shuffle(order)
    sets: list[list[list[str]]]
    if n == 16 and seats == SEATS:
        design = affine_plane_ag24()
        sets = [
            [[order[p] for p in line] for line in design[r % len(design)]] for r in range(rounds)
        ]
    elif n == seats:
        sets = [[list(order)] for _ in range(rounds)]
    else:
        iterations = min(400_000, 4000 * rounds * len(sizes))
        idx = _anneal(n, rounds, rng, iterations, sizes, seats, lo)
        sets = [[[order[p] for p in t] for t in rnd] for rnd in idx]
    return assign_seats(sets, seed=rng.randrange(2**32), seats=seats, min_seats=lo)



def _nth_order(rest: Sequence[str], k: int) -> tuple[str, ...]:
    """The ``k``-th permutation of ``rest`` in lexicographic index order."""
    pool, out = list(rest), []
    for i in range(len(pool), 0, -1):
        q, k = divmod(k, math.factorial(i - 1))
        out.append(pool.pop(q))
    return tuple(out)


def match_series(players: Sequence[str], games: int, *, seats: int = SEATS) -> list[Table]:
    """The same ``seats`` players (default 4) over ``games`` games with rotating seats.

    ``players``: exactly ``seats`` distinct names.  Returns ``games`` tuples in seat
    order.  Games come in blocks of ``seats`` forming a Latin square (within a block
    every player sits once in every seat); block ``k`` uses the ``k``-th of the
    cyclic seating orders in turn (6 for four players, in the order they always had;
    ``(seats-1)!`` for others), so neighbours rotate too.  Hence when ``games`` is a
    multiple of ``seats`` every player is in seat 0 (first planner) exactly
    ``games/seats`` times (and in every seat as often); otherwise the counts differ
    by at most 1.  Raises ValueError for not exactly ``seats`` distinct names or
    ``games < 1``.
    """
    names = check_names(players)
    seats, _ = check_seats(seats)
    if len(names) != seats:
        raise ValueError(f"match_series needs exactly {seats} players, got {len(names)}")
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    if seats == SEATS:
        a, b, c, d = names
        cycles = [(a, b, c, d), (a, d, c, b), (a, c, b, d), (a, d, b, c), (a, b, d, c),
                  (a, c, d, b)]
    out: list[Table] = []
    for g in range(games):
        block = g // seats
        if seats == SEATS:
            base = cycles[block % len(cycles)]
        else:
            base = (names[0], *_nth_order(names[1:], block % math.factorial(seats - 1)))
        k = g % seats
        out.append(tuple(base[(k + i) % seats] for i in range(seats)))
    return out
