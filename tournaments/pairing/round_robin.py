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
* Seats: equitable over the schedule (``tournaments.pairing.seats``).

Match series (:func:`match_series`)
-----------------------------------
The same four players over N games.  Games come in blocks of 4 that form a
Latin square (each player once in each seat per block); successive blocks
use the 6 different cyclic seating orders in turn, so who plays after whom
also rotates.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

from .schedule import SEATS, Round, Table, check_names, repeat_lower_bound, spread_lower_bound
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



def _default_rounds(n: int) -> int:
    return max(1, math.ceil((n - 1) / 3))


def _anneal(n: int, rounds: int, rng: random.Random, iterations: int) -> list[list[list[int]]]:
    """Simulated annealing over swaps within a round; returns best partitions."""
    tables_per_round = n // SEATS
    sched: list[list[list[int]]] = []
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        sched.append([order[i : i + SEATS] for i in range(0, n, SEATS)])
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

    floor_key = (repeat_lower_bound(n, rounds), spread_lower_bound(n, rounds))
    best_key = key()
    best = [[list(t) for t in rnd] for rnd in sched]
    if best_key == floor_key or tables_per_round < 2:
        return best
    t_hi, t_lo = 4.0, 0.05
    for it in range(iterations):
        temp = t_hi * (t_lo / t_hi) ** (it / iterations)
        r = rng.randrange(rounds)
        t1, t2 = rng.sample(range(tables_per_round), 2)
        i, j = rng.randrange(SEATS), rng.randrange(SEATS)
        T1, T2 = sched[r][t1], sched[r][t2]
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


def round_robin(players: list[str], rounds: int | None = None, seed: int = 0) -> list[Round]:
    """Schedule ``rounds`` rounds of 4-seat tables spreading opponents evenly.

    ``players``: distinct names, a multiple of 4, at least 4.  ``rounds``:
    rounds to schedule; ``None`` means ``ceil((n-1)/3)``, the fewest rounds
    in which everybody could meet everybody (5 for 16 players).  Returns
    ``rounds`` lists of ``n/4`` tables (4-tuples in seat order, seat 0 =
    first planner); every player plays once per round.

    * 16 players: the affine plane AG(2,4) (resolvable 2-(16,4,1) design),
      players placed on its points in an order shuffled by ``seed``; every
      pair meets exactly once in 5 rounds (cycled beyond 5).
    * other counts: simulated annealing (seeded) minimising repeated
      meetings, then the sum of C(c, 2) over pair meeting counts ``c``.
    * seats: equitable colouring (:func:`assign_seats`): seat counts of every
      player within 1 of each other, so first-planner counts differ by ≤ 1.

    Deterministic given ``(players, rounds, seed)``.  Raises ValueError for
    fewer than 4 players, a count not a multiple of 4, duplicate or empty
    names, or ``rounds < 1``.
    """
    names = check_names(players)
    n = len(names)
    if n < SEATS:
        raise ValueError(f"round_robin needs at least 4 players, got {n}")
    if n % SEATS:
        raise ValueError(
            f"round_robin needs a multiple of 4 players, got {n} "
            "(use swiss_round with fill='bye' or fill='bots' for other counts)"
        )
    if rounds is None:
        rounds = _default_rounds(n)
    if not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds must be a positive integer, got {rounds!r}")
    rng = random.Random(seed)
    order = list(names)
    rng.shuffle(order)
    sets: list[list[list[str]]]
    if n == 16:
        design = affine_plane_ag24()
        sets = [
            [[order[p] for p in line] for line in design[r % len(design)]] for r in range(rounds)
        ]
    elif n == SEATS:
        sets = [[list(order)] for _ in range(rounds)]
    else:
        iterations = min(400_000, 4000 * rounds * (n // SEATS))
        idx = _anneal(n, rounds, rng, iterations)
        sets = [[[order[p] for p in t] for t in rnd] for rnd in idx]
    return assign_seats(sets, seed=rng.randrange(2**32))



def match_series(players: Sequence[str], games: int) -> list[Table]:
    """The same four players over ``games`` games with rotating seats.

    ``players``: exactly 4 distinct names.  Returns ``games`` 4-tuples in seat
    order.  Games come in blocks of 4 forming a Latin square (within a block
    every player sits once in every seat); block ``k`` uses the ``k % 6``-th
    of the 6 cyclic seating orders, so neighbours rotate too.  Hence when
    ``games`` is a multiple of 4 every player is first planner exactly
    ``games/4`` times (and in every seat as often); otherwise the counts
    differ by at most 1.  Raises ValueError for not exactly 4 distinct names
    or ``games < 1``.
    """
    names = check_names(players)
    if len(names) != SEATS:
        raise ValueError(f"match_series needs exactly 4 players, got {len(names)}")
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    a, b, c, d = names
    cycles = [(a, b, c, d), (a, d, c, b), (a, c, b, d), (a, d, b, c), (a, b, d, c), (a, c, d, b)]
    out: list[Table] = []
    for g in range(games):
        base = cycles[(g // SEATS) % len(cycles)]
        k = g % SEATS
        out.append((base[k], base[(k + 1) % 4], base[(k + 2) % 4], base[(k + 3) % 4]))
    return out
