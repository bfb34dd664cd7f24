"""Equitable seats over a whole schedule (used by the round-robin).

An *equitable edge colouring* of the bipartite player–table incidence graph, one colour
per seat (de Werra 1971): every table gets one player per seat and every player sits in
each seat ``floor(r/s)`` or ``ceil(r/s)`` times at ``s``-seat tables, so the seat-0
(Kolkhoz: first-planner) counts of any two players differ by at most 1 (always possible,
hence always achieved).

* Four seats (Kolkhoz): two rounds of Euler-circuit splitting, exactly as it always was.
* Any other size: start from a seeded order at every table, then balance two seats at a
  time — the edges of seats ``a`` and ``b`` (one each at every table that has both) are
  re-split along Euler circuits, which gives every player's ``a`` and ``b`` counts within
  one of each other and never makes the sum of squared seat counts larger; repeated over
  every pair of seats until nothing improves.  Once no pair can improve, each player's
  counts in any two seats differ by at most one.  At tables of different sizes (a
  smaller remainder table) a seat a small table lacks is left out of the pairs that
  include it, so the counts are as even as that allows.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from .schedule import SEATS, Round, check_names, check_seats


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


def assign_seats(schedule: Sequence[Sequence[Iterable[str]]], seed: int = 0, *,
                 seats: int = SEATS, min_seats: int | None = None) -> list[Round]:
    """Order every table's players into seats, balanced over the whole schedule.

    ``schedule``: rounds of tables, each table ``seats`` distinct names (order
    ignored; from ``min_seats`` to ``seats`` when the game allows smaller tables).
    Returns the same tables as tuples in seat order such that every player sits in
    each seat ``floor(k/s)`` or ``ceil(k/s)`` times at ``s``-seat tables, where
    ``k`` is how many tables they play; in particular seat-0 (first-planner) counts
    differ by at most 1 among players with equal ``k``.  Method: an equitable edge
    colouring of the bipartite player–table graph (de Werra, 1971; module
    docstring); ``seed`` permutes which colour becomes which seat (four seats) or
    orders the tables before balancing (other sizes).  Deterministic given its
    inputs.  Raises ValueError for a table whose size is out of range or that
    names a player twice.
    """
    seats, lo = check_seats(seats, min_seats)
    tables: list[list[str]] = []
    for rnd in schedule:
        for t in rnd:
            members = list(t)
            if not lo <= len(members) <= seats:
                what = f"exactly {seats}" if lo == seats else f"{lo} to {seats}"
                raise ValueError(f"a table must have {what} seats, got {members!r}")
            check_names(members, what="table")
            tables.append(members)
    if seats != SEATS or any(len(t) != SEATS for t in tables):
        seated = _balanced(tables, random.Random(seed))
        return _regroup(schedule, seated)
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
    if any(p is None for t in seated for p in t):  # pragma: no cover - by the colouring
        raise AssertionError("seat colouring failed")
    return _regroup(schedule, [[str(p) for p in t] for t in seated])


def _regroup(schedule: Sequence[Sequence[Iterable[str]]], seated: list[list[str]]
             ) -> list[Round]:
    """The seated tables (flat, in schedule order) grouped into the schedule's rounds."""
    out: list[Round] = []
    k = 0
    for rnd in schedule:
        row: Round = []
        for _ in rnd:
            row.append(tuple(seated[k]))
            k += 1
        out.append(row)
    return out


def _square_sum(counts: dict[str, list[int]], players: Iterable[str], a: int, b: int) -> int:
    return sum(counts[p][a] ** 2 + counts[p][b] ** 2 for p in players)


def _balanced(tables: list[list[str]], rng: random.Random) -> list[list[str]]:
    """Seats for tables of any size (module docstring): a seeded order per table, then
    two seats at a time re-split along Euler circuits while that lowers the sum of
    squared seat counts."""
    seated = [list(t) for t in tables]
    for t in seated:
        rng.shuffle(t)
    width = max((len(t) for t in seated), default=0)
    counts: dict[str, list[int]] = {}
    for t in seated:
        for s, p in enumerate(t):
            counts.setdefault(p, [0] * width)[s] += 1
    names = sorted(counts)
    index = {p: i for i, p in enumerate(names)}
    for _ in range(64):  # each accepted step lowers a non-negative sum: it ends
        improved = False
        for a in range(width):
            for b in range(a + 1, width):
                both = [ti for ti, t in enumerate(seated) if len(t) > b]
                if not both:
                    continue
                edges = [(index[seated[ti][s]], k) for k, ti in enumerate(both) for s in (a, b)]
                colour = _euler_split(edges)
                players = {seated[ti][s] for ti in both for s in (a, b)}
                before = _square_sum(counts, players, a, b)
                trial = {p: list(counts[p]) for p in players}
                new = [list(seated[ti]) for ti in both]
                for (pi, k), c in zip(edges, colour, strict=True):
                    p = names[pi]
                    new[k][a if c == 0 else b] = p
                for k, ti in enumerate(both):
                    for s in (a, b):
                        trial[seated[ti][s]][s] -= 1
                        trial[new[k][s]][s] += 1
                if _square_sum(trial, players, a, b) < before:
                    for k, ti in enumerate(both):
                        seated[ti] = new[k]
                    counts.update(trial)
                    improved = True
        if not improved:
            break
    return seated
