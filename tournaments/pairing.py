"""Schedules for four-seat Kolkhoz tables: round-robin, Swiss and match series.

Pure Python (standard library only, no Django): the Django app turns these
schedules into ``Round`` and ``Table`` rows.  Every function is deterministic
given its inputs and its ``seed`` (all randomness comes from one
``random.Random(seed)``).

Shapes
------
A *table* is a 4-tuple of player names in seat order: ``table[0]`` is seat 0,
the **first planner** of the game, then seats 1, 2, 3.  A *round* is a list of
tables in which every scheduled player sits exactly once.  A *schedule* is a
list of rounds.

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
* Seats: an *equitable edge colouring* of the bipartite player–table
  incidence graph with 4 colours (de Werra 1971), built by two rounds of
  Euler-circuit splitting.  Every table gets one player per seat and every
  player sits in each seat ``floor(r/4)`` or ``ceil(r/4)`` times, so the
  first-planner counts of any two players differ by at most 1 (always
  possible, hence always achieved).

Swiss (:func:`swiss_round`)
---------------------------
Players are ranked by the standings (best first).  The entries are cut into
tables of 4, top table first, and the partition is chosen to minimise one
cost, summed over tables (weights are the module constants below):

1. ``SWISS_W_REPEAT_TABLE`` for a table whose players (house bots counted as
   interchangeable) already sat together at one table — a repeated table only
   happens when no alternative exists (tables of up to 12 entries are
   searched exhaustively; larger fields by iterated local search);
2. ``SWISS_W_BOT_CLUMP`` per house bot beyond an even spread of bots;
3. ``SWISS_W_REPEAT_PAIR`` for every earlier meeting of two players who sit
   together again (a pair that met twice costs twice);
4. score grouping: each player's *home* tables are those spanned by the
   ranks of their score group (all players on equal points); sitting ``d``
   tables away from home costs ``d**2``.  So one repeated pair is worth
   moving two players one table each, but not one player two tables.

Seats are then given table by table: seat 0 to whoever has been first
planner least often (ties: fewer total games in that seat, then the seeded
RNG), then seats 1–3 likewise, by exhaustive search of the 24 orders.  This
is greedy per round (tables are formed for scores and repeats, not seats),
so over a Swiss event first-planner counts stay within 2 of each other in
the tested fields rather than the exact ±1 of a round-robin.

Bye / fill policy (``fill``), when the entry count is not a multiple of 4:

* ``fill="bye"`` (default): ``n % 4`` players sit out.  They are the players
  with the fewest byes so far, lowest-ranked first.  Hence bye counts never
  differ by more than 1 and nobody gets a second bye before every player has
  had one.  A bye scores nothing here; the organiser's scoring decides.
* ``fill="bots"``: ``(-n) % 4`` house bots (named by ``house_bots``) join
  the bottom of the ranking and are spread at most ``ceil(bots/tables)`` per
  table.  Bots never receive byes and their repeat meetings do not count.

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
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

__all__ = [
    "SEATS",
    "Table",
    "Round",
    "PlayerStanding",
    "PairingHistory",
    "SwissRound",
    "round_robin",
    "swiss_round",
    "match_series",
    "assign_seats",
    "pair_counts",
    "repeat_count",
    "repeat_lower_bound",
    "spread_lower_bound",
    "seat_counts",
    "affine_plane_ag24",
    "SWISS_W_REPEAT_TABLE",
    "SWISS_W_BOT_CLUMP",
    "SWISS_W_REPEAT_PAIR",
    "SWISS_EXHAUSTIVE_MAX",
    "DEFAULT_HOUSE_BOTS",
]

SEATS = 4
"""Seats at every Kolkhoz table (seat 0 is the first planner)."""

Table = tuple[str, str, str, str]
Round = list[Table]

SWISS_W_REPEAT_TABLE = 1_000_000
SWISS_W_BOT_CLUMP = 10_000
SWISS_W_REPEAT_PAIR = 3
SWISS_EXHAUSTIVE_MAX = 12
"""Swiss fields of at most this many entries are partitioned exhaustively."""

DEFAULT_HOUSE_BOTS: tuple[str, str, str] = ("house-bot-1", "house-bot-2", "house-bot-3")


# --------------------------------------------------------------------------
# validation helpers


def _check_names(players: Iterable[str], *, what: str = "players") -> list[str]:
    names = list(players)
    for p in names:
        if not isinstance(p, str) or not p:
            raise ValueError(f"{what}: every name must be a non-empty string, got {p!r}")
    dupes = sorted(p for p, c in Counter(names).items() if c > 1)
    if dupes:
        raise ValueError(f"{what}: duplicate names {dupes}")
    return names


# --------------------------------------------------------------------------
# schedule statistics


def pair_counts(tables: Iterable[Sequence[str]]) -> Counter[frozenset[str]]:
    """Count how often each unordered pair of players shared a table.

    ``tables``: any iterable of tables (sequences of names), e.g. a flattened
    schedule.  Returns ``Counter({frozenset({a, b}): meetings})``.
    """
    counts: Counter[frozenset[str]] = Counter()
    for t in tables:
        for a, b in itertools.combinations(t, 2):
            counts[frozenset((a, b))] += 1
    return counts


def repeat_count(schedule: Iterable[Iterable[Sequence[str]]]) -> int:
    """Meetings that were not a pair's first: ``sum(max(0, c - 1))`` over pairs.

    ``schedule``: list of rounds of tables.  Returns a non-negative int; 0 means
    no two players ever met twice.
    """
    counts = pair_counts(t for rnd in schedule for t in rnd)
    return sum(c - 1 for c in counts.values() if c > 1)


def repeat_lower_bound(n_players: int, rounds: int) -> int:
    """Counting lower bound on :func:`repeat_count` for a 4-seat schedule.

    Each round holds ``n/4`` tables of 6 pairs, so ``r`` rounds hold
    ``3*n*r/2`` meetings among ``C(n, 2)`` pairs; every meeting beyond one
    per pair is a repeat.  Returns ``max(0, 3*n*r/2 - C(n, 2))``.
    Raises ValueError if ``n_players`` is not a positive multiple of 4.
    """
    if n_players <= 0 or n_players % SEATS:
        raise ValueError(f"n_players must be a positive multiple of 4, got {n_players}")
    meetings = 6 * (n_players // SEATS) * rounds
    return max(0, meetings - n_players * (n_players - 1) // 2)


def spread_lower_bound(n_players: int, rounds: int) -> int:
    """Lower bound on ``sum(C(c, 2))`` over pairs, ``c`` = meetings of the pair.

    ``sum(C(c, 2))`` counts, for every two rounds, the pairs that met in both.
    Two partitions into ``k = n/4`` tables share at least 4 pairs when
    ``k = 2`` (a 2x2 intersection matrix with line sums 4) and 3 when ``k = 3``
    (every row of a 3x3 one with sum 4 has an entry >= 2); the bound is that
    times ``C(r, 2)``, or the even-spread bound, whichever is larger.
    Raises ValueError if ``n_players`` is not a positive multiple of 4.
    """
    if n_players <= 0 or n_players % SEATS:
        raise ValueError(f"n_players must be a positive multiple of 4, got {n_players}")
    k = n_players // SEATS
    pairs = n_players * (n_players - 1) // 2
    meetings = 6 * k * rounds
    q, rem = divmod(meetings, pairs)
    even = rem * (q + 1) * q // 2 + (pairs - rem) * q * (q - 1) // 2
    per_two_rounds = {1: 6, 2: 4, 3: 3}.get(k, 0)
    return max(even, per_two_rounds * rounds * (rounds - 1) // 2)


def seat_counts(tables: Iterable[Sequence[str]]) -> dict[str, list[int]]:
    """Per player, how often they sat in each seat: ``{name: [s0, s1, s2, s3]}``.

    ``s0`` is the number of games as first planner.
    """
    out: dict[str, list[int]] = {}
    for t in tables:
        for seat, p in enumerate(t):
            out.setdefault(p, [0] * SEATS)[seat] += 1
    return out


# --------------------------------------------------------------------------
# AG(2,4)

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


# --------------------------------------------------------------------------
# equitable seat assignment (Euler splitting)


def _euler_split(edges: list[tuple[int, int]]) -> list[int]:
    """Colour bipartite multigraph edges 0/1 so each vertex is split evenly (±1).

    ``edges``: ``(left, right)`` vertex ids (left and right id spaces are
    separate).  Dummy vertices absorb odd degrees; alternating colours along
    Euler circuits of an even-degree bipartite graph gives each vertex equal
    counts of both colours, hence at most a difference of 1 on real edges.
    """
    # vertex keys: ("L", id) / ("R", id)
    all_edges: list[tuple[tuple[str, int], tuple[str, int]]] = [
        (("L", u), ("R", v)) for u, v in edges
    ]
    degree: Counter[tuple[str, int]] = Counter()
    for a, b in all_edges:
        degree[a] += 1
        degree[b] += 1
    dummy_l, dummy_r = ("L", -1), ("R", -1)
    for vtx in sorted(degree):
        if degree[vtx] % 2:
            all_edges.append((vtx, dummy_r) if vtx[0] == "L" else (dummy_l, vtx))
    dl = sum(1 for a, _ in all_edges if a == dummy_l)
    dr = sum(1 for _, b in all_edges if b == dummy_r)
    if dl % 2 and dr % 2:
        all_edges.append((dummy_l, dummy_r))
    adj: dict[tuple[str, int], list[int]] = {}
    for i, (a, b) in enumerate(all_edges):
        adj.setdefault(a, []).append(i)
        adj.setdefault(b, []).append(i)
    used = [False] * len(all_edges)
    ptr = dict.fromkeys(adj, 0)
    colour = [0] * len(all_edges)
    for start in sorted(adj):
        if ptr[start] >= len(adj[start]) or all(used[e] for e in adj[start]):
            continue
        stack: list[tuple[tuple[str, int], int]] = [(start, -1)]
        circuit: list[int] = []
        while stack:
            v, e_in = stack[-1]
            lst = adj[v]
            while ptr[v] < len(lst) and used[lst[ptr[v]]]:
                ptr[v] += 1
            if ptr[v] < len(lst):
                e = lst[ptr[v]]
                used[e] = True
                a, b = all_edges[e]
                stack.append((b if a == v else a, e))
            else:
                stack.pop()
                if e_in >= 0:
                    circuit.append(e_in)
        for k, e in enumerate(circuit):
            colour[e] = k % 2
    return colour[: len(edges)]


def assign_seats(schedule: Sequence[Sequence[Iterable[str]]], seed: int = 0) -> list[Round]:
    """Order every table's players into seats, balanced over the whole schedule.

    ``schedule``: rounds of tables, each table any 4 distinct names (order
    ignored).  Returns the same tables as 4-tuples in seat order such that
    every player sits in each seat ``floor(k/4)`` or ``ceil(k/4)`` times,
    where ``k`` is how many tables they play; in particular first-planner
    counts differ by at most 1 among players with equal ``k``.  Method: an
    equitable 4-edge-colouring of the bipartite player–table graph (de Werra,
    1971) by two levels of Euler-circuit splitting; ``seed`` permutes which
    colour becomes which seat.  Raises ValueError for a table that does not
    have exactly 4 distinct names.
    """
    tables: list[list[str]] = []
    for rnd in schedule:
        for t in rnd:
            members = list(t)
            if len(members) != SEATS:
                raise ValueError(f"a table must have exactly 4 seats, got {members!r}")
            _check_names(members, what="table")
            tables.append(members)
    names = sorted({p for t in tables for p in t})
    index = {p: i for i, p in enumerate(names)}
    edges = [(index[p], ti) for ti, t in enumerate(tables) for p in t]
    first = _euler_split(edges)
    seat_of = [0] * len(edges)
    for half in (0, 1):
        sub = [i for i in range(len(edges)) if first[i] == half]
        second = _euler_split([edges[i] for i in sub])
        for i, c in zip(sub, second, strict=True):
            seat_of[i] = 2 * half + c
    labels = list(range(SEATS))
    random.Random(seed).shuffle(labels)
    seated: list[list[str | None]] = [[None] * SEATS for _ in tables]
    for (pi, ti), s in zip(edges, seat_of, strict=True):
        seated[ti][labels[s]] = names[pi]
    out: list[Round] = []
    k = 0
    for rnd in schedule:
        row: Round = []
        for _ in rnd:
            seats = seated[k]
            if any(p is None for p in seats):  # pragma: no cover - guaranteed by the colouring
                raise AssertionError("seat colouring failed")
            row.append((str(seats[0]), str(seats[1]), str(seats[2]), str(seats[3])))
            k += 1
        out.append(row)
    return out


# --------------------------------------------------------------------------
# round-robin


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
    names = _check_names(players)
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


# --------------------------------------------------------------------------
# match series


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
    names = _check_names(players)
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


# --------------------------------------------------------------------------
# Swiss


@dataclass(frozen=True)
class PlayerStanding:
    """One entry of the standings fed to :func:`swiss_round`.

    ``player``: name.  ``points``: placement points so far (any real number;
    higher is better).  The list passed to :func:`swiss_round` is in ranking
    order, best first (ties already broken by the organiser's tie-breaks).
    """

    player: str
    points: float = 0.0


@dataclass
class PairingHistory:
    """What earlier rounds of a Swiss event did.

    ``tables``: every table played so far (4-tuples in seat order);
    ``byes``: one name per bye given (a player with two byes appears twice).
    """

    tables: list[tuple[str, ...]] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)

    def record(self, rnd: SwissRound) -> None:
        """Append a paired round's tables and byes to this history (in place)."""
        self.tables.extend(rnd.tables)
        self.byes.extend(rnd.byes)

    def bye_counts(self) -> Counter[str]:
        """``Counter({name: byes received})``."""
        return Counter(self.byes)


@dataclass(frozen=True)
class SwissRound:
    """The result of :func:`swiss_round`.

    ``tables``: 4-tuples in seat order, top table first.  ``byes``: players
    sitting out.  ``bots``: house bots seated.  ``repeated_tables`` and
    ``repeated_pairs``: how many tables repeat an earlier table, and how many
    earlier meetings are repeated at these tables (0 when avoidable).
    """

    tables: list[Table]
    byes: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)
    repeated_tables: int = 0
    repeated_pairs: int = 0


def _choose_byes(ranked: list[str], k: int, byes: Counter[str]) -> list[str]:
    # fewest byes first, then lowest-ranked first
    pos = {p: i for i, p in enumerate(ranked)}
    order = sorted(ranked, key=lambda p: (byes[p], -pos[p]))
    return order[:k]


def _partitions(items: list[int]) -> Iterable[list[list[int]]]:
    """All partitions of ``items`` into ordered-by-first-element groups of 4."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for combo in itertools.combinations(rest, SEATS - 1):
        chosen = set(combo)
        remaining = [x for x in rest if x not in chosen]
        for tail in _partitions(remaining):
            yield [[first, *combo], *tail]


class _SwissCost:
    def __init__(
        self,
        entries: list[str],
        points: list[float],
        bots: set[str],
        history: PairingHistory,
    ) -> None:
        self.entries = entries
        self.n = len(entries)
        self.n_tables = self.n // SEATS
        self.is_bot = [e in bots for e in entries]
        self.bots = set(bots)
        n_bots = sum(self.is_bot)
        self.bot_cap = math.ceil(n_bots / self.n_tables) if n_bots else 0
        idx = {e: i for i, e in enumerate(entries)}
        self.met = [[0] * self.n for _ in range(self.n)]
        self.prev_tables: set[tuple[frozenset[str], int]] = set()
        for t in history.tables:
            self.prev_tables.add(self._key_names(t, bots))
            for a, b in itertools.combinations(t, 2):
                if a in idx and b in idx and a not in bots and b not in bots:
                    self.met[idx[a]][idx[b]] += 1
                    self.met[idx[b]][idx[a]] += 1
        # home tables: span of the score group's ranks
        self.home: list[tuple[int, int]] = []
        i = 0
        while i < self.n:
            j = i
            while j + 1 < self.n and points[j + 1] == points[i]:
                j += 1
            for _ in range(i, j + 1):
                self.home.append((i // SEATS, j // SEATS))
            i = j + 1

    @staticmethod
    def _key_names(t: Iterable[str], bots: set[str]) -> tuple[frozenset[str], int]:
        members = list(t)
        humans = frozenset(p for p in members if p not in bots)
        return humans, len(members) - len(humans)

    def table(self, ti: int, members: Sequence[int]) -> int:
        cost = 0
        key = self._key_names((self.entries[m] for m in members), self.bots)
        if key in self.prev_tables:
            cost += SWISS_W_REPEAT_TABLE
        nb = sum(1 for m in members if self.is_bot[m])
        if nb > self.bot_cap:
            cost += SWISS_W_BOT_CLUMP * (nb - self.bot_cap)
        for a, b in itertools.combinations(members, 2):
            cost += SWISS_W_REPEAT_PAIR * self.met[a][b]
        for m in members:
            lo, hi = self.home[m]
            d = lo - ti if ti < lo else (ti - hi if ti > hi else 0)
            cost += d * d
        return cost

    def total(self, tables: Sequence[Sequence[int]]) -> int:
        return sum(self.table(i, t) for i, t in enumerate(tables))


def _best_exhaustive(cost: _SwissCost) -> list[list[int]]:
    """Exact optimum over all partitions; table order by best assignment to indices."""
    best: list[list[int]] | None = None
    best_cost = 0
    for part in _partitions(list(range(cost.n))):
        # order groups top-down by the mean rank of their members (keeps stability)
        part.sort(key=lambda g: (sum(g), g))
        c = cost.total(part)
        if best is None or c < best_cost:
            best, best_cost = part, c
    assert best is not None
    return best


def _best_local(cost: _SwissCost, rng: random.Random, restarts: int = 6) -> list[list[int]]:
    """Iterated local search: steepest swaps between tables, then random kicks."""
    n_t = cost.n_tables
    current = [list(range(i, i + SEATS)) for i in range(0, cost.n, SEATS)]
    best = [list(t) for t in current]
    best_cost = cost.total(best)

    def descend(tables: list[list[int]]) -> int:
        tc = [cost.table(i, t) for i, t in enumerate(tables)]
        improved = True
        while improved:
            improved = False
            for t1 in range(n_t):
                for t2 in range(t1 + 1, n_t):
                    for i in range(SEATS):
                        for j in range(SEATS):
                            a, b = tables[t1][i], tables[t2][j]
                            tables[t1][i], tables[t2][j] = b, a
                            c1 = cost.table(t1, tables[t1])
                            c2 = cost.table(t2, tables[t2])
                            if c1 + c2 < tc[t1] + tc[t2]:
                                tc[t1], tc[t2] = c1, c2
                                improved = True
                            else:
                                tables[t1][i], tables[t2][j] = a, b
        return sum(tc)

    for attempt in range(restarts + 1):
        c = descend(current)
        if c < best_cost:
            best, best_cost = [list(t) for t in current], c
        if best_cost == 0 or attempt == restarts:
            break
        current = [list(t) for t in best]
        for _ in range(max(2, n_t)):
            t1, t2 = rng.sample(range(n_t), 2)
            i, j = rng.randrange(SEATS), rng.randrange(SEATS)
            current[t1][i], current[t2][j] = current[t2][j], current[t1][i]
    return best


def _seat_table(members: list[str], counts: dict[str, list[int]], rng: random.Random) -> Table:
    best: tuple[tuple[int, int, int, float], Table] | None = None
    for perm in itertools.permutations(members):
        fp_after = [
            counts.get(p, [0] * SEATS)[0] + (1 if s == 0 else 0) for s, p in enumerate(perm)
        ]
        all_sq = sum((counts.get(p, [0] * SEATS)[s] + 1) ** 2 for s, p in enumerate(perm))
        key = (max(fp_after), sum(x * x for x in fp_after), all_sq, rng.random())
        if best is None or key < best[0]:
            best = (key, (perm[0], perm[1], perm[2], perm[3]))
    assert best is not None
    return best[1]


def swiss_round(
    standings: list[PlayerStanding],
    history: PairingHistory | None = None,
    seed: int = 0,
    *,
    fill: str = "bye",
    house_bots: Sequence[str] = DEFAULT_HOUSE_BOTS,
) -> SwissRound:
    """Pair one Swiss round of 4-seat tables.

    ``standings``: every active player, best first (see
    :class:`PlayerStanding`); if the points are not non-increasing the list
    is stably re-sorted by points.  ``history``: earlier rounds (tables and
    byes); ``None`` means none.  ``seed``: drives tie-breaks and the local
    search.  ``fill``: ``"bye"`` or ``"bots"`` — the module docstring states
    both policies.  ``house_bots``: names of the (up to 3) bots used with
    ``fill="bots"``.

    Returns a :class:`SwissRound`: tables top first, seats balanced on
    first-planner history; a table of players who already sat together is
    never produced when another partition avoids it (guaranteed exactly up
    to ``SWISS_EXHAUSTIVE_MAX`` entries, by local search beyond); repeated
    pairs and score-group displacement are minimised by the weighted cost in
    the module docstring.  Deterministic given its inputs.

    Raises ValueError: fewer than 4 players, duplicate names, unknown
    ``fill``, not enough ``house_bots`` or a bot name clashing with a player.
    """
    if fill not in ("bye", "bots"):
        raise ValueError(f"fill must be 'bye' or 'bots', got {fill!r}")
    history = history if history is not None else PairingHistory()
    names = _check_names([s.player for s in standings], what="standings")
    if len(names) < SEATS:
        raise ValueError(f"swiss_round needs at least 4 players, got {len(names)}")
    ordered = sorted(standings, key=lambda s: -s.points)  # stable: keeps tie order
    ranked = [s.player for s in ordered]
    points = {s.player: s.points for s in ordered}
    rng = random.Random(seed)

    byes: list[str] = []
    bots: list[str] = []
    if fill == "bye":
        k = len(ranked) % SEATS
        byes = _choose_byes(ranked, k, history.bye_counts())
        entries = [p for p in ranked if p not in set(byes)]
    else:
        k = (-len(ranked)) % SEATS
        bot_names = _check_names(house_bots, what="house_bots")
        if len(bot_names) < k:
            raise ValueError(f"fill='bots' needs {k} house bots, only {len(bot_names)} named")
        clash = sorted(set(bot_names) & set(ranked))
        if clash:
            raise ValueError(f"house bot names clash with players: {clash}")
        bots = bot_names[:k]
        entries = ranked + bots
    bot_set = set(bots)
    low = min(points.values()) if points else 0.0
    entry_points = [points.get(e, low - 1) for e in entries]

    cost = _SwissCost(entries, entry_points, bot_set, history)
    if len(entries) <= SWISS_EXHAUSTIVE_MAX:
        groups = _best_exhaustive(cost)
    else:
        groups = _best_local(cost, rng)

    counts = seat_counts(history.tables)
    tables = [_seat_table([entries[m] for m in g], counts, rng) for g in groups]
    prev = {cost._key_names(t, bot_set) for t in history.tables}
    repeated_tables = sum(1 for t in tables if cost._key_names(t, bot_set) in prev)
    met = pair_counts(t for t in history.tables)
    repeated_pairs = sum(
        met[frozenset((a, b))]
        for t in tables
        for a, b in itertools.combinations(t, 2)
        if a not in bot_set and b not in bot_set
    )
    return SwissRound(
        tables=tables,
        byes=byes,
        bots=bots,
        repeated_tables=repeated_tables,
        repeated_pairs=repeated_pairs,
    )
