"""The search behind a Swiss round (``tournaments.pairing.swiss``): the cost of a
partition of the entries into tables, and the two searches that minimise it —
exhaustive up to ``SWISS_EXHAUSTIVE_MAX`` entries, iterated local search beyond.

A partition must also be *feasible*: with house bots, every table holds the number of
bots the round's :class:`~tournaments.pairing.swiss_fill.BotPlan` allows its players
(the fair spread of house bots is a hard rule, not a weight: both searches only ever
look at feasible partitions). House bots are interchangeable here: a table's key counts
them, their meetings do not count and they have no score group.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

from .swiss_fill import BotPlan

SWISS_W_REPEAT_TABLE = 1_000_000
SWISS_W_BOT_CLUMP = 10_000
"""No longer a weight: house bots are spread by a hard rule (``swiss_fill``); kept as a
public name."""
SWISS_W_REPEAT_PAIR = 3
SWISS_EXHAUSTIVE_MAX = 12
"""Swiss fields of at most this many entries are partitioned exhaustively."""


def table_key(names: Iterable[str], bots: set[str]) -> tuple[frozenset[str], int]:
    """What makes two tables the same table: the players at it (a set) and how many house
    bots (interchangeable) sit with them."""
    members = list(names)
    humans = frozenset(p for p in members if p not in bots)
    return humans, len(members) - len(humans)


class SwissCost:
    """The cost of tables for one round (module docstring of ``swiss``): ``entries`` (the
    ranked players, then this round's bots), their ``points`` (bots below everyone),
    ``bots`` (every house-bot name, earlier rounds' included), the history's tables,
    the round's table ``sizes``, the house bots' ``plan`` (None: no bots) and a caller's
    ``extra`` cost of a table given its members' names (None: none; a duplicate round's
    seats, ``duplicate_seats.least_held_misses``)."""

    def __init__(self, entries: list[str], points: list[float], bots: set[str],
                 history_tables: Sequence[Sequence[str]], sizes: list[int],
                 plan: BotPlan | None = None,
                 extra: Callable[[tuple[str, ...]], int] | None = None) -> None:
        self.entries = entries
        self.extra = extra
        self.n = len(entries)
        self.sizes = sizes
        self.n_tables = len(sizes)
        self.is_bot = [e in bots for e in entries]
        self.bots = set(bots)
        self.plan = plan
        idx = {e: i for i, e in enumerate(entries)}
        self.met = [[0] * self.n for _ in range(self.n)]
        self.prev_tables: set[tuple[frozenset[str], int]] = set()
        for t in history_tables:
            self.prev_tables.add(table_key(t, self.bots))
            for a, b in itertools.combinations(t, 2):
                if a in idx and b in idx and a not in self.bots and b not in self.bots:
                    self.met[idx[a]][idx[b]] += 1
                    self.met[idx[b]][idx[a]] += 1
        # home tables: span of the score group's ranks; d tables away costs d**2
        table_of = [ti for ti, z in enumerate(sizes) for _ in range(z)]
        self.disp: list[list[int]] = []
        i = 0
        while i < self.n:
            j = i
            while j + 1 < self.n and points[j + 1] == points[i]:
                j += 1
            lo, hi = table_of[i], table_of[j]
            for m in range(i, j + 1):
                self.disp.append([0 if self.is_bot[m] else
                                  (lo - ti if ti < lo else max(0, ti - hi)) ** 2
                                  for ti in range(self.n_tables)])
            i = j + 1
        self._base: dict[tuple[int, ...], int] = {}
        self._feasible: dict[tuple[int, ...], bool] = {}

    def feasible(self, members: Sequence[int]) -> bool:
        """Whether the plan lets these entries share a table (always, without bots)."""
        if self.plan is None:
            return True
        key = tuple(sorted(members))
        ok = self._feasible.get(key)
        if ok is None:
            humans = [self.entries[m] for m in key if not self.is_bot[m]]
            ok = bool(humans) and self.plan.fits(humans, len(key) - len(humans))
            self._feasible[key] = ok
        return ok

    def base(self, members: Sequence[int]) -> int:
        """The cost of a table that does not depend on where it sits: a repeated table,
        earlier meetings, the caller's ``extra`` (cached per set of members)."""
        key = tuple(sorted(members))
        cost = self._base.get(key)
        if cost is None:
            cost = 0
            if table_key((self.entries[m] for m in key), self.bots) in self.prev_tables:
                cost += SWISS_W_REPEAT_TABLE
            for a, b in itertools.combinations(key, 2):
                cost += SWISS_W_REPEAT_PAIR * self.met[a][b]
            if self.extra is not None:
                cost += self.extra(tuple(self.entries[m] for m in key))
            self._base[key] = cost
        return cost

    def table(self, ti: int, members: Sequence[int]) -> int:
        """The cost of these entries at table ``ti`` (0 = top)."""
        return self.base(members) + sum(self.disp[m][ti] for m in members)

    def total(self, tables: Sequence[Sequence[int]]) -> int:
        """The cost of a whole round, tables top first."""
        return sum(self.table(i, t) for i, t in enumerate(tables))

    def deviation(self, tables: Sequence[Sequence[int]]) -> int:
        """How many players sit at a heavier bot table (or not) against the plan's
        default (the fewest so far, lowest ranked first): the exhaustive search's
        tie-break between partitions of equal cost."""
        plan = self.plan
        if plan is None or not plan.heavy:
            return 0
        out = 0
        for t in tables:
            heavy = sum(self.is_bot[m] for m in t) > plan.light
            out += sum(1 for m in t if not self.is_bot[m]
                       and (self.entries[m] in plan.first) != heavy)
        return out

    def start(self) -> list[list[int]]:
        """A feasible first partition, tables top first: the entries in ranking order cut
        into tables; with bots, the plan's default heavier players in groups with
        ``q + 1`` bots and the others with ``q``, ordered by their players' mean rank."""
        if self.plan is None or not any(self.is_bot):
            out, first = [], 0
            for z in self.sizes:
                out.append(list(range(first, first + z)))
                first += z
            return out
        plan, seats = self.plan, self.sizes[0]
        bots = [m for m in range(self.n) if self.is_bot[m]]
        humans = [m for m in range(self.n) if not self.is_bot[m]]
        heavy = [m for m in humans if self.entries[m] in plan.first]
        light = [m for m in humans if self.entries[m] not in plan.first]
        groups = []
        for players, k in ((heavy, plan.light + 1), (light, plan.light)):
            for g in range(0, len(players), seats - k):
                groups.append(players[g:g + seats - k] + [bots.pop() for _ in range(k)])
        return slots(groups, self.sizes, self.is_bot)


def partitions(items: list[int], sizes: Counter[int],
               ok: Callable[[list[int]], bool], is_bot: Sequence[bool]
               ) -> Iterator[list[list[int]]]:
    """All partitions of ``items`` into groups ordered by their first element, whose sizes
    are the multiset ``sizes`` (the largest size tried first) and each of which is
    ``ok``; bots being interchangeable, a group takes the lowest-numbered bots left."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    bots_left = [x for x in rest if is_bot[x]]
    for z in sorted((z for z, c in sizes.items() if c > 0), reverse=True):
        sizes[z] -= 1
        for combo in itertools.combinations(rest, z - 1):
            mine = [x for x in combo if is_bot[x]]
            if mine != bots_left[:len(mine)]:
                continue
            group = [first, *combo]
            if not ok(group):
                continue
            chosen = set(combo)
            remaining = [x for x in rest if x not in chosen]
            for tail in partitions(remaining, sizes, ok, is_bot):
                yield [group, *tail]
        sizes[z] += 1


def slots(part: list[list[int]], sizes: list[int], is_bot: Sequence[bool]) -> list[list[int]]:
    """The groups in table order: each size's groups by their players' mean rank (bots
    left out, then their members), into that size's places of ``sizes`` (largest
    tables first)."""
    def key(g: list[int]) -> tuple[float, list[int]]:
        humans = [m for m in g if not is_bot[m]] or g
        return sum(humans) / len(humans), g

    by_size: dict[int, list[list[int]]] = {}
    for g in sorted(part, key=key):
        by_size.setdefault(len(g), []).append(g)
    return [by_size[z].pop(0) for z in sizes]


def best_exhaustive(cost: SwissCost) -> list[list[int]]:
    """The exact optimum over every feasible partition (ties: the smaller
    :meth:`SwissCost.deviation`, then the first found), tables top first."""
    best: list[list[int]] | None = None
    best_key = (0, 0)
    for part in partitions(list(range(cost.n)), Counter(cost.sizes), cost.feasible,
                           cost.is_bot):
        part = slots(part, cost.sizes, cost.is_bot)
        total = cost.total(part)
        if best is not None and total > best_key[0]:
            continue
        key = (total, cost.deviation(part))
        if best is None or key < best_key:
            best, best_key = part, key
    assert best is not None
    return best


def best_local(cost: SwissCost, rng: random.Random, restarts: int = 6) -> list[list[int]]:
    """Iterated local search from :meth:`SwissCost.start`: steepest swaps between tables
    that keep every table feasible, then random feasible kicks."""
    n_t = cost.n_tables
    current = cost.start()
    best = [list(t) for t in current]
    best_cost = cost.total(best)
    if best_cost == 0:  # every cost is >= 0: nothing can beat it (a first round)
        return best

    def swap(tables: list[list[int]], t1: int, i: int, t2: int, j: int) -> bool:
        """Swap two entries; undo it and say False if a table became infeasible."""
        a, b = tables[t1][i], tables[t2][j]
        if cost.is_bot[a] and cost.is_bot[b]:
            return False
        tables[t1][i], tables[t2][j] = b, a
        if cost.feasible(tables[t1]) and cost.feasible(tables[t2]):
            return True
        tables[t1][i], tables[t2][j] = a, b
        return False

    def descend(tables: list[list[int]]) -> int:
        tc = [cost.table(i, t) for i, t in enumerate(tables)]
        improved = True
        while improved:
            improved = False
            for t1 in range(n_t):
                for t2 in range(t1 + 1, n_t):
                    if tc[t1] + tc[t2] == 0:
                        continue  # costs are >= 0: no swap between them can improve
                    for i in range(len(tables[t1])):
                        for j in range(len(tables[t2])):
                            if not swap(tables, t1, i, t2, j):
                                continue
                            c1 = cost.table(t1, tables[t1])
                            c2 = cost.table(t2, tables[t2])
                            if c1 + c2 < tc[t1] + tc[t2]:
                                tc[t1], tc[t2] = c1, c2
                                improved = True
                            else:
                                tables[t1][i], tables[t2][j] = tables[t2][j], tables[t1][i]
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
            swap(current, t1, rng.randrange(len(current[t1])), t2,
                 rng.randrange(len(current[t2])))
    return best
