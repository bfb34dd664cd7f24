"""Swiss rounds.

Players are ranked by the standings (best first).  The entries are cut into
tables of the table size (``seats``, 4 by default), top table first, and the
partition is chosen to minimise one cost, summed over tables (weights are the
module constants below):

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
5. a caller's ``table_cost`` of each table, when given (a duplicate round:
   ``DUPLICATE_W_SEAT_MISS`` = 10 per player no seating can put in a seat whose
   cards they held least, ``tournaments.pairing.duplicate_seats``).

Seats are then given table by table: seat 0 to whoever has been first
planner least often (ties: fewer total games in that seat, then the seeded
RNG), then seats 1, 2, … likewise, by exhaustive search of the orders (24 at
four seats; tables of more than ``SWISS_SEAT_EXHAUSTIVE_MAX`` (6) seats are seated
greedily, seat by seat).  This is greedy per round (tables are formed for
scores and repeats, not seats), so over a Swiss event first-planner counts
stay within 2 of each other in the tested fields rather than the exact ±1 of
a round-robin.

Remainders, when the entry count is not a multiple of the table size:

* smaller tables, when the game also plays with fewer seats (``min_seats`` <
  ``seats``) and the entries split into tables of ``min_seats`` to ``seats``
  (``tournaments.pairing.schedule.table_sizes``: the fewest tables, sizes within
  one seat of each other, full tables first — so the smaller tables are the
  bottom ones).  Nobody sits out and no bot is seated; the smaller tables'
  placement points are scaled to their size (``tournaments.scoring``).
* otherwise the fill policy (``fill``):

  * ``fill="bye"`` (default): ``n % seats`` players sit out.  They are the
    players with the fewest byes so far, lowest-ranked first.  Hence bye counts
    never differ by more than 1 and nobody gets a second bye before every player
    has had one.  A bye scores nothing here; the organiser's scoring decides.
  * ``fill="bots"``: ``(-n) % seats`` house bots (named by ``house_bots``,
    default ``house-bot-1``, ``house-bot-2``, …) join the bottom of the ranking
    and are spread at most ``ceil(bots/tables)`` per table.  Bots never receive
    byes and their repeat meetings do not count.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from .schedule import SEATS, Table, check_names, check_seats, pair_counts, seat_counts, table_sizes
from .swiss_seats import seat_table

SWISS_W_REPEAT_TABLE = 1_000_000
SWISS_W_BOT_CLUMP = 10_000
SWISS_W_REPEAT_PAIR = 3
SWISS_EXHAUSTIVE_MAX = 12
"""Swiss fields of at most this many entries are partitioned exhaustively."""

DEFAULT_HOUSE_BOTS: tuple[str, str, str] = ("house-bot-1", "house-bot-2", "house-bot-3")
"""The house bots of a 4-seat Swiss (``house-bot-{i}`` for larger tables)."""


def house_bot_names(k: int) -> list[str]:
    """The default names of ``k`` house bots: ``house-bot-1`` … ``house-bot-k``."""
    return [f"house-bot-{i}" for i in range(1, k + 1)]


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

    ``tables``: every table played so far (tuples in seat order);
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

    ``tables``: tuples in seat order, top table first.  ``byes``: players
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


def _partitions(items: list[int], sizes: Counter[int]) -> Iterable[list[list[int]]]:
    """All partitions of ``items`` into ordered-by-first-element groups whose sizes are
    the multiset ``sizes`` (the largest size tried first)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for z in sorted((z for z, c in sizes.items() if c > 0), reverse=True):
        sizes[z] -= 1
        for combo in itertools.combinations(rest, z - 1):
            chosen = set(combo)
            remaining = [x for x in rest if x not in chosen]
            for tail in _partitions(remaining, sizes):
                yield [[first, *combo], *tail]
        sizes[z] += 1


def _slots(part: list[list[int]], sizes: list[int]) -> list[list[int]]:
    """The groups in table order: each size's groups by their mean rank (then their
    members), into that size's places of ``sizes`` (largest tables first)."""
    if len(set(sizes)) == 1:
        part.sort(key=lambda g: (sum(g), g))
        return part
    by_size: dict[int, list[list[int]]] = {}
    for g in sorted(part, key=lambda g: (sum(g) / len(g), g)):
        by_size.setdefault(len(g), []).append(g)
    return [by_size[z].pop(0) for z in sizes]


class _SwissCost:
    def __init__(
        self,
        entries: list[str],
        points: list[float],
        bots: set[str],
        history: PairingHistory,
        sizes: list[int],
        extra: Callable[[tuple[str, ...]], int] | None = None,
    ) -> None:
        self.entries = entries
        self.extra = extra
        self.n = len(entries)
        self.sizes = sizes
        self.n_tables = len(sizes)
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
        table_of = [ti for ti, z in enumerate(sizes) for _ in range(z)]
        self.home: list[tuple[int, int]] = []
        i = 0
        while i < self.n:
            j = i
            while j + 1 < self.n and points[j + 1] == points[i]:
                j += 1
            for _ in range(i, j + 1):
                self.home.append((table_of[i], table_of[j]))
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
        if self.extra is not None:
            cost += self.extra(tuple(self.entries[m] for m in members))
        return cost

    def total(self, tables: Sequence[Sequence[int]]) -> int:
        return sum(self.table(i, t) for i, t in enumerate(tables))


def _best_exhaustive(cost: _SwissCost) -> list[list[int]]:
    """Exact optimum over all partitions; table order by best assignment to indices."""
    best: list[list[int]] | None = None
    best_cost = 0
    for part in _partitions(list(range(cost.n)), Counter(cost.sizes)):
        # order groups top-down by the mean rank of their members (keeps stability)
        part = _slots(part, cost.sizes)
        c = cost.total(part)
        if best is None or c < best_cost:
            best, best_cost = part, c
    assert best is not None
    return best


def _best_local(cost: _SwissCost, rng: random.Random, restarts: int = 6) -> list[list[int]]:
    """Iterated local search: steepest swaps between tables, then random kicks."""
    n_t = cost.n_tables
    current, start = [], 0
    for z in cost.sizes:
        current.append(list(range(start, start + z)))
        start += z
    best = [list(t) for t in current]
    best_cost = cost.total(best)

    def descend(tables: list[list[int]]) -> int:
        tc = [cost.table(i, t) for i, t in enumerate(tables)]
        improved = True
        while improved:
            improved = False
            for t1 in range(n_t):
                for t2 in range(t1 + 1, n_t):
                    for i in range(len(tables[t1])):
                        for j in range(len(tables[t2])):
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
            i, j = rng.randrange(len(current[t1])), rng.randrange(len(current[t2]))
            current[t1][i], current[t2][j] = current[t2][j], current[t1][i]
    return best


def swiss_round(
    standings: list[PlayerStanding],
    history: PairingHistory | None = None,
    seed: int = 0,
    *,
    fill: str = "bye",
    house_bots: Sequence[str] | None = None,
    seats: int = SEATS,
    min_seats: int | None = None,
    table_cost: Callable[[tuple[str, ...]], int] | None = None,
) -> SwissRound:
    """Pair one Swiss round of ``seats``-seat tables (default 4).

    ``standings``: every active player, best first (see
    :class:`PlayerStanding`); if the points are not non-increasing the list
    is stably re-sorted by points.  ``history``: earlier rounds (tables and
    byes); ``None`` means none.  ``seed``: drives tie-breaks and the local
    search.  ``fill``: ``"bye"`` or ``"bots"`` — the module docstring states
    both policies.  ``house_bots``: names of the (up to ``seats - 1``) bots used
    with ``fill="bots"`` (None: ``house-bot-1``, ``house-bot-2``, …).
    ``min_seats``: the fewest seats the game plays with (None: ``seats``, a fixed
    size); when smaller, a remainder sits at smaller tables (module docstring)
    instead of byes or bots. ``table_cost`` (optional): a further cost of a table, given
    its members' names (house bots included), added to the module docstring's (a
    duplicate round's seats: ``duplicate_seats.least_held_misses``).

    Returns a :class:`SwissRound`: tables top first, seats balanced on
    first-planner history; a table of players who already sat together is
    never produced when another partition avoids it (guaranteed exactly up
    to ``SWISS_EXHAUSTIVE_MAX`` entries, by local search beyond); repeated
    pairs and score-group displacement are minimised by the weighted cost in
    the module docstring.  Deterministic given its inputs.

    Raises ValueError: fewer than ``seats`` players, duplicate names, unknown
    ``fill``, not enough ``house_bots`` or a bot name clashing with a player, bad
    ``seats``/``min_seats``.
    """
    if fill not in ("bye", "bots"):
        raise ValueError(f"fill must be 'bye' or 'bots', got {fill!r}")
    seats, lo = check_seats(seats, min_seats)
    history = history if history is not None else PairingHistory()
    names = check_names([s.player for s in standings], what="standings")
    if len(names) < seats:
        raise ValueError(f"swiss_round needs at least {seats} players, got {len(names)}")
    ordered = sorted(standings, key=lambda s: -s.points)  # stable: keeps tie order
    ranked = [s.player for s in ordered]
    points = {s.player: s.points for s in ordered}
    rng = random.Random(seed)

    byes: list[str] = []
    bots: list[str] = []
    smaller = table_sizes(len(ranked), seats, lo) if lo < seats else None
    if smaller is not None:
        entries = list(ranked)
    elif fill == "bye":
        k = len(ranked) % seats
        byes = _choose_byes(ranked, k, history.bye_counts())
        entries = [p for p in ranked if p not in set(byes)]
    else:
        k = (-len(ranked)) % seats
        named = house_bot_names(k) if house_bots is None else house_bots
        bot_names = check_names(named, what="house_bots")
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

    sizes = smaller if smaller is not None else [seats] * (len(entries) // seats)
    cost = _SwissCost(entries, entry_points, bot_set, history, sizes, table_cost)
    if len(entries) <= SWISS_EXHAUSTIVE_MAX:
        groups = _best_exhaustive(cost)
    else:
        groups = _best_local(cost, rng)

    counts = seat_counts(history.tables)
    tables = [seat_table([entries[m] for m in g], counts, rng) for g in groups]
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
