"""Swiss rounds.

Players are ranked by the standings (best first).  The entries are cut into
tables of the table size (``seats``, 4 by default), top table first, and the
partition is chosen to minimise one cost, summed over tables (weights are the
constants of ``swiss_search``), among the partitions that spread the house bots
fairly (below — a hard rule, not a weight):

1. ``SWISS_W_REPEAT_TABLE`` for a table whose players (house bots counted as
   interchangeable) already sat together at one table — a repeated table only
   happens when no alternative exists (tables of up to 12 entries are
   searched exhaustively; larger fields by iterated local search);
2. ``SWISS_W_REPEAT_PAIR`` for every earlier meeting of two players who sit
   together again (a pair that met twice costs twice);
3. score grouping: each player's *home* tables are those spanned by the
   ranks of their score group (all players on equal points); sitting ``d``
   tables away from home costs ``d**2``.  So one repeated pair is worth
   moving two players one table each, but not one player two tables.  House
   bots have no score group.
4. a caller's ``table_cost`` of each table, when given (a duplicate round:
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
* otherwise the fill policy (``fill``), fair by the rules of ``swiss_fill``:

  * ``fill="bye"`` (default): ``n % seats`` players sit out.  They are the
    players with the fewest byes so far, lowest-ranked first.  Hence bye counts
    never differ by more than 1 and nobody gets a second bye before every player
    has had one.  A bye scores nothing here; the organiser's scoring decides.
  * ``fill="bots"``: ``k = (-n) % seats`` house bots (named by ``house_bots``,
    default ``house-bot-1``, ``house-bot-2``, …) fill the tables, ``k // T`` at
    each of the ``T`` tables and one more at ``k % T`` of them; the seats with
    more bots go to the players who met the fewest house bots so far (the search
    chooses among equals; lowest ranked first when nothing else decides).  Hence a
    player's house-bot count (house-bot seats at their tables, summed over their
    rounds) never differs from another's by more than 1: nobody meets a second
    house bot before everyone has met one.  Bots never receive byes and their
    repeat meetings do not count.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .schedule import SEATS, Table, check_names, check_seats, pair_counts, seat_counts, table_sizes
from .swiss_fill import bot_plan, choose_byes, house_bot_counts
from .swiss_search import (
    SWISS_EXHAUSTIVE_MAX,
    SwissCost,
    best_exhaustive,
    best_local,
    table_key,
)
from .swiss_seats import seat_table

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
    ``byes``: one name per bye given (a player with two byes appears twice);
    ``bots``: the names in ``tables`` that are house bots (this round's house-bot
    names count as house bots too, so a history of ``house-bot-N`` bots may leave it
    empty).
    """

    tables: list[tuple[str, ...]] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)
    bots: set[str] = field(default_factory=set)

    def record(self, rnd: SwissRound) -> None:
        """Append a paired round's tables, byes and house bots to this history (in
        place)."""
        self.tables.extend(rnd.tables)
        self.byes.extend(rnd.byes)
        self.bots.update(rnd.bots)

    def bye_counts(self) -> Counter[str]:
        """``Counter({name: byes received})``."""
        return Counter(self.byes)

    def house_bot_counts(self, bots: Sequence[str] = ()) -> Counter[str]:
        """``Counter({name: house-bot count})``: the house-bot seats at each player's
        tables, summed (``swiss_fill``); ``bots``: more names to count as house bots."""
        return house_bot_counts(self.tables, self.bots | set(bots))


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
    byes, house bots); ``None`` means none.  ``seed``: drives tie-breaks and the local
    search.  ``fill``: ``"bye"`` or ``"bots"`` — the module docstring states
    both policies.  ``house_bots``: names of the (up to ``seats - 1``) bots used
    with ``fill="bots"`` (None: ``house-bot-1``, ``house-bot-2``, …).
    ``min_seats``: the fewest seats the game plays with (None: ``seats``, a fixed
    size); when smaller, a remainder sits at smaller tables (module docstring)
    instead of byes or bots. ``table_cost`` (optional): a further cost of a table, given
    its members' names (house bots included), added to the module docstring's (a
    duplicate round's seats: ``duplicate_seats.least_held_misses``).

    Returns a :class:`SwissRound`: tables top first, seats balanced on
    first-planner history.  Byes and house-bot seats go to the players with the
    fewest so far (``swiss_fill``: if the players' bye counts, or house-bot counts,
    differ by at most one before the round, they still do after it — a hard rule);
    within that, a table of players who already sat together is never produced
    when another partition avoids it (guaranteed exactly up to
    ``SWISS_EXHAUSTIVE_MAX`` entries, by local search beyond); repeated pairs and
    score-group displacement are minimised by the weighted cost in the module
    docstring.  Deterministic given its inputs.

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
    plan = None
    smaller = table_sizes(len(ranked), seats, lo) if lo < seats else None
    if smaller is not None:
        entries = list(ranked)
    elif fill == "bye":
        k = len(ranked) % seats
        byes = choose_byes(ranked, k, history.bye_counts())
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
        plan = bot_plan(ranked, k, seats, history.house_bot_counts(bots))
    bot_set = (history.bots | set(bots)) - set(ranked)
    low = min(points.values()) if points else 0.0
    entry_points = [points.get(e, low - 1) for e in entries]

    sizes = smaller if smaller is not None else [seats] * (len(entries) // seats)
    cost = SwissCost(entries, entry_points, bot_set, history.tables, sizes, plan,
                     table_cost)
    if len(entries) <= SWISS_EXHAUSTIVE_MAX:
        groups = best_exhaustive(cost)
    else:
        groups = best_local(cost, rng)

    counts = seat_counts(history.tables)
    tables = [seat_table([entries[m] for m in g], counts, rng) for g in groups]
    prev = {table_key(t, bot_set) for t in history.tables}
    repeated_tables = sum(1 for t in tables if table_key(t, bot_set) in prev)
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
