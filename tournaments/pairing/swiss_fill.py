"""Who sits out and who sits with the house bots in a Swiss round
(``tournaments.pairing.swiss``): the fill policies' fairness rules.

Both rules give the larger share of this round's burden to the players who have had the
least of it so far, so the counts of the players paired stay within one of each other.

* **Byes** (``fill="bye"``): :func:`choose_byes` — ``k`` players sit out, the fewest
  byes first, the lowest ranked first among equals. A bye count is a number of rounds.
* **House bots** (``fill="bots"``): a player's **house-bot count** is the number of
  house-bot seats at the tables they sat at, summed over their rounds (a table with two
  house bots adds two) — :func:`house_bot_counts`. The round's ``k`` bots are spread as
  evenly as possible over its ``T`` tables: ``q = k // T`` bots at every table and one
  more at ``r = k % T`` of them (:func:`bot_plan`). The players at those ``r`` heavier
  tables get ``q + 1``, the others ``q``: the heavier seats go to the players with the
  lowest counts. Players with the same count are interchangeable here, so the Swiss's
  cost (scores, repeats) chooses among them; with nothing to choose between, the lowest
  ranked get them (the search starts there).

Why the counts stay within one: every player of a round gets ``a`` or ``a + 1`` (a bye:
0 or 1; bots: ``q`` or ``q + 1``), and the ``a + 1`` go to the lowest counts — so the
spread of the counts never grows, and as everyone starts at 0 it is at most 1 after
every round: nobody gets a second bye, or meets a second house bot, before everyone
has had one. When every table has at most one house bot (``k <= T``: at four seats
every field but 5) the house-bot count is also the number of rounds the player shared
a table with a house bot. Nine players at four seats get one house bot at each of the
three tables, so all nine meet one every round — equal counts, the most even spread
there is (clumping the three bots at one table would hand one player a game against
three bots).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass


def choose_byes(ranked: Sequence[str], k: int, byes: Mapping[str, int]) -> list[str]:
    """The ``k`` players of ``ranked`` (best first) who sit out: the fewest ``byes`` so
    far first (a name missing from ``byes`` has none), then the lowest ranked first."""
    pos = {p: i for i, p in enumerate(ranked)}
    order = sorted(ranked, key=lambda p: (byes.get(p, 0), -pos[p]))
    return order[:k]


def house_bot_counts(tables: Iterable[Sequence[str]], bots: set[str]) -> Counter[str]:
    """Each player's house-bot count over ``tables`` (names in seat order): for every
    table, the number of its seats held by a name in ``bots``, added to every other
    player at it. Players who never met a house bot are absent (count 0)."""
    counts: Counter[str] = Counter()
    for table in tables:
        k = sum(1 for p in table if p in bots)
        if k:
            for p in table:
                if p not in bots:
                    counts[p] += k
    return counts


@dataclass(frozen=True)
class BotPlan:
    """How a round's house bots sit. ``light``: bots at every table (``q``); ``heavy``:
    how many tables get ``q + 1``. ``allowed``: each player's allowed bot counts at their
    table — ``{q + 1}`` (must sit at a heavier table), ``{q}``, or both (equal counts:
    the Swiss's cost chooses). ``first``: the players who take the heavier seats when
    nothing else decides (the fewest so far, then the lowest ranked)."""

    light: int
    heavy: int
    allowed: dict[str, frozenset[int]]
    first: frozenset[str]

    def fits(self, humans: Sequence[str], bots_here: int) -> bool:
        """Whether ``humans`` may share a table with ``bots_here`` house bots: the count is
        ``q`` or ``q + 1`` and allowed to each of them."""
        if bots_here not in (self.light, self.light + 1):
            return False
        return all(bots_here in self.allowed[p] for p in humans)


def bot_plan(ranked: Sequence[str], k: int, seats: int, counts: Mapping[str, int]) -> BotPlan:
    """The :class:`BotPlan` of ``k`` house bots for the players ``ranked`` (best first) at
    ``seats``-seat tables, given their house-bot ``counts`` so far (missing: 0). Raises
    ValueError unless ``len(ranked) + k`` fills whole tables and ``0 <= k < seats``."""
    n = len(ranked)
    if not 0 <= k < seats or (n + k) % seats or n + k == 0:
        raise ValueError(f"{k} house bots do not fill {n} players' tables of {seats}")
    tables = (n + k) // seats
    q, r = divmod(k, tables)
    n_heavy = r * (seats - q - 1)  # players at the tables with q + 1 bots
    pos = {p: i for i, p in enumerate(ranked)}
    order = sorted(ranked, key=lambda p: (counts.get(p, 0), -pos[p]))
    first = frozenset(order[:n_heavy])
    if n_heavy == 0:
        return BotPlan(q, 0, {p: frozenset({q}) for p in ranked}, first)
    lo, hi = counts.get(order[n_heavy - 1], 0), counts.get(order[n_heavy], 0)
    allowed: dict[str, frozenset[int]] = {}
    for p in ranked:
        c = counts.get(p, 0)
        if c < lo or (c == lo and lo < hi):
            allowed[p] = frozenset({q + 1})
        elif c == lo:  # lo == hi: more players on this count than heavier seats
            allowed[p] = frozenset({q, q + 1})
        else:
            allowed[p] = frozenset({q})
    return BotPlan(q, r, allowed, first)
