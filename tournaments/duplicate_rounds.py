"""Duplicate tournaments' rounds (docs/duplicate.md), the scheduling side: what is checked
when a duplicate tournament is created or started, the seats and boards of each round,
the one game seed a round's tables share, and which games are sealed until their round
is over (``replays.sealing``).

``tournaments.scheduling`` calls these; the figures a duplicate tournament adds to its
standings and rounds are ``tournaments.duplicate_scores``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence

from django.db.models import Q

from . import games, pairing
from . import seeds as table_seeds
from .errors import LeagueError
from .models import (
    Entry,
    Format,
    Player,
    PlayerKind,
    RoundStatus,
    TableSeat,
    Tournament,
)

Names = tuple[str, ...]


def tables_per_round(*, format: str, n: int, size: int, fill_policy: str) -> int:
    """How many tables a round of a duplicate tournament of ``n`` entries has at
    ``size``-seat tables (a duplicate round seats full tables only: a remainder gets
    byes or house bots by ``fill_policy``): 1 for a match series, ``n // size`` for a
    round-robin or a Swiss with byes, ``ceil(n / size)`` for a Swiss with house bots."""
    if format == Format.SERIES:
        return 1
    if format == Format.SWISS and fill_policy == "bots":
        return -(-n // size)
    return max(1, n // size)


def creation_check(*, game: str, format: str, players: Sequence[Player], size: int,
                   fill_policy: str) -> None:
    """Raise ``LeagueError`` unless a duplicate tournament of these can be played:
    ``duplicate_unsupported`` for a game that does not deal from its seed alone
    (``games.duplicate_check``); ``duplicate_people_single_table`` when its rounds would
    have a single table and a person is entered — such a round is played as boards, the
    same players holding the same deal at every board (docs/duplicate.md), which only
    bots may do (a person would see the deal again)."""
    games.duplicate_check(game)
    one = tables_per_round(format=format, n=len(players), size=size,
                           fill_policy=fill_policy) == 1
    people = sorted(p.name for p in players if p.kind != PlayerKind.BOT)
    if one and people:
        raise LeagueError(
            f"a duplicate round of a single table is played as {size} boards of the same "
            f"deal, the players rotating seats: only bots may play it, and "
            f"{', '.join(people)} {'is a person' if len(people) == 1 else 'are people'}: "
            "enter players for at least two tables a round, or play it plain",
            code="duplicate_people_single_table", people=people)


def round_seed(t: Tournament, number: int) -> str:
    """The game seed every table of round ``number`` of duplicate ``t`` shares
    (``tournaments.seeds.duplicate_seed``). Raises ``LeagueError`` (``no_secret``)."""
    if not t.secret:
        raise LeagueError("this tournament has no seed secret", code="no_secret")
    return table_seeds.duplicate_seed(t.seed, t.secret, number)


def _rng(t: Tournament, number: int) -> random.Random:
    digest = hashlib.sha256(f"{t.seed}/duplicate-seats/{number}".encode()).hexdigest()
    return random.Random(int(digest[:12], 16))


def held_counts(t: Tournament, before: int) -> dict[str, list[int]]:
    """How often each player held each seat's cards in the rounds of ``t`` before round
    ``before``: ``{name: [seat 0, seat 1, …]}`` (``pairing.seat_counts`` of those
    tables, boards included)."""
    tables: dict[int, list[tuple[int, str]]] = {}
    for table_id, seat, name in (TableSeat.objects
                                 .filter(table__round__tournament=t,
                                         table__round__number__lt=before)
                                 .values_list("table_id", "seat", "player__name")):
        tables.setdefault(table_id, []).append((seat, name))
    return pairing.seat_counts([name for _, name in sorted(seats)]
                               for _, seats in sorted(tables.items()))


def _house(t: Tournament, names: Sequence[str]) -> set[str]:
    entrants = set(Entry.objects.filter(tournament=t, house=False)
                   .values_list("player__name", flat=True))
    return {n for n in names if n not in entrants}


def swiss_table_cost(t: Tournament, number: int) -> Callable[[Names], int]:
    """The Swiss pairing's extra cost of a table in duplicate round ``number``
    (``pairing.swiss_round``'s ``table_cost``): ``pairing.DUPLICATE_W_SEAT_MISS`` for each
    of its players no seating can put in a seat whose cards they held least
    (``pairing.least_held_misses``; house bots take any seat). Memoised per set of
    players."""
    counts = held_counts(t, number)
    entrants = set(Entry.objects.filter(tournament=t, house=False)
                   .values_list("player__name", flat=True))
    memo: dict[frozenset[str], int] = {}

    def cost(names: Names) -> int:
        key = frozenset(names)
        if key not in memo:
            memo[key] = pairing.DUPLICATE_W_SEAT_MISS * pairing.least_held_misses(
                names, counts, indifferent={n for n in names if n not in entrants})
        return memo[key]
    return cost


def _all_bots(names: Sequence[str]) -> bool:
    people = Player.objects.filter(name__in=list(names)).exclude(kind=PlayerKind.BOT)
    return not people.exists()


def seat_round(t: Tournament, number: int, tables: Sequence[Names]
               ) -> tuple[list[Names], list[int | None]]:
    """The tables of duplicate round ``number`` in seat order, and each one's board
    number (None: not a board), from the pairing's ``tables`` (docs/duplicate.md):

    * a Swiss (whose pairing also weighed the seats: ``swiss_table_cost``) re-seats every
      table so its players hold the seats whose cards they held
      least (``pairing.duplicate_seat_table``, house bots indifferent), ties by the
      tournament's seed;
    * a round-robin keeps its equitable seats (each player in each seat ``floor(r/N)``
      or ``ceil(r/N)`` times over the schedule, ``pairing.assign_seats``), a match
      series its Latin-square order;
    * a round of a single table whose every seat is a bot becomes ``N`` boards, the
      players rotating one seat each board (``pairing.boards``); with a person at it
      (entries withdrawn since the start) it is played once, compared with nothing.
    """
    seated = [tuple(tb) for tb in tables]
    if t.format == Format.SWISS:
        counts = held_counts(t, number)
        rng = _rng(t, number)
        seated = [pairing.duplicate_seat_table(tb, counts, rng, indifferent=_house(t, tb))
                  for tb in seated]
    if len(seated) == 1 and _all_bots(seated[0]):
        return list(pairing.boards(seated[0])), list(range(1, len(seated[0]) + 1))
    return seated, [None] * len(seated)


def sealed_games() -> Q:
    """The games sealed now (registered with ``replays.sealing`` by the app): those of
    a duplicate tournament's round that is not finished — its tables share their deals,
    so each is served only to its own seats until every table of the round is over."""
    return Q(table__round__tournament__duplicate=True,
             table__round__status__in=[RoundStatus.PENDING, RoundStatus.RUNNING])
