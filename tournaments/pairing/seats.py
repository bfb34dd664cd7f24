"""Equitable seats over a whole schedule (used by the round-robin).

An *equitable edge colouring* of the bipartite player–table incidence graph with 4 colours
(de Werra 1971), built by two rounds of Euler-circuit splitting: every table gets one
player per seat and every player sits in each seat ``floor(r/4)`` or ``ceil(r/4)`` times,
so the first-planner counts of any two players differ by at most 1 (always possible, hence
always achieved).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from .schedule import SEATS, Round, check_names


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
            check_names(members, what="table")
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
