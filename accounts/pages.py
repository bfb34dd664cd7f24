"""Reads for the account pages (server-rendered): "My games" — every seat the person
holds, whose turn it is and the deadline of their turn — and the tournaments open to
enter. Nothing here reads a hand or any other hidden fact: only names, the seats that may
act (public) and the tables' results."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Count, Q
from django.utils import timezone

from replays import engine
from replays.advance import stored_events
from replays.models import GameSeat, GameStatus
from tournaments.clock import game_clock
from tournaments.models import Entry, Format, Table, Tournament, TournamentStatus

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def _ordinal(n: int) -> str:
    return ORDINALS.get(n, f"{n}th")


def _game_name(game_id: str) -> str:
    try:
        return engine.definition(None, game_id).name
    except LookupError:
        return game_id


def _turn(game: Any, seat: int, table: Table | None, now: datetime) -> dict[str, Any]:
    """Who may act in a live game (seat indexes, public) and, when ``seat`` may act at a
    table with a time limit, the moment its turn ends: ``tournaments.clock.game_clock``'s
    ``due_at`` for the seat — the reckoning the play page counts down and the timeout
    policy applies (none for a seat the autopilot plays, or a table no longer playing)."""
    try:
        pos = engine.fold_log(stored_events(game), game=game.game)
    except LookupError:  # a game this installation no longer hosts: no turn to show
        return {"movers": [], "deadline": None}
    movers = sorted(pos.movers.get(pos.head, frozenset()))
    deadline: datetime | None = None
    if seat in movers and table is not None:
        turns = game_clock(game=game, now=now, pos=pos)["turns"]
        due = next((t["due_at"] for t in turns if t["seat"] == seat), None)
        deadline = datetime.fromisoformat(due) if due else None
    return {"movers": movers, "deadline": deadline}


def _left(deadline: datetime | None, now: datetime) -> str:
    """Time left in words ("4 min 10 s", "overdue")."""
    if deadline is None:
        return ""
    seconds = int((deadline - now).total_seconds())
    if seconds <= 0:
        return "overdue — the autopilot moves for you"
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60} min"
    if seconds >= 60:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds} s"


def my_seats(*, user: Any, limit: int = 100) -> list[dict[str, Any]]:
    """The account's seats for "My games": live games first (the ones awaiting this
    person first of those), then finished ones, newest first. Each row: ``game`` (id),
    ``game_name``, ``status``, ``seat``, ``you`` (the seat's name), ``opponents``
    (names), ``your_turn``, ``waiting_for`` (names of the seats that may act),
    ``deadline`` (datetime or None) and ``time_left`` (words), ``tournament`` (``{id,
    name, round, table}`` or None), ``place`` ("1st" … once the table's result is in),
    ``play_url`` (live games only) and ``replay_url``."""
    now = timezone.now()
    seats = (GameSeat.objects.filter(user=user).select_related("game")
             .order_by("-game__created_at")[:limit])
    tables = {t.game_id: t for t in Table.objects.filter(game__in=[s.game for s in seats])
              .select_related("round__tournament")}
    rows = []
    for s in seats:
        game = s.game
        table = tables.get(game.pk)
        names = list(game.seats)
        live = game.status == GameStatus.LIVE
        turn = _turn(game, s.index, table, now) if live else {"movers": [], "deadline": None}
        place = ""
        if table is not None and table.places and s.index < len(table.places):
            place = _ordinal(int(table.places[s.index]))
        rows.append({
            "game": str(game.pk), "game_name": _game_name(game.game), "status": game.status,
            "seat": s.index, "you": names[s.index] if s.index < len(names) else s.name,
            "opponents": [n for i, n in enumerate(names) if i != s.index],
            "your_turn": s.index in turn["movers"],
            "waiting_for": [names[i] for i in turn["movers"] if i != s.index and i < len(names)],
            "deadline": turn["deadline"], "time_left": _left(turn["deadline"], now),
            "tournament": ({"id": table.round.tournament_id, "name": table.round.tournament.name,
                            "round": table.round.number, "table": table.number}
                           if table is not None else None),
            "place": place, "play_url": f"/play/{game.pk}/" if live else "",
            "replay_url": f"/games/{game.pk}/", "created_at": game.created_at})
    rows.sort(key=lambda r: (r["status"] != GameStatus.LIVE, not r["your_turn"]))
    return rows


def open_tournaments(*, user: Any) -> list[dict[str, Any]]:
    """Tournaments that have not started and take people (not a bot-only run with an
    explicit secret), soonest first: ``{id, name, league, game_name, format, rounds,
    table_size, entries, starts_at, entered, full}`` (``entered``: this account's player
    is an active entry; ``full``: a match series that already has its players)."""
    player = getattr(user, "kolkhoz_player", None)
    mine = set()
    if player is not None:
        mine = set(Entry.objects.filter(player=player, withdrawn=False)
                   .values_list("tournament_id", flat=True))
    qs = (Tournament.objects
          .filter(status__in=[TournamentStatus.DRAFT, TournamentStatus.SCHEDULED],
                  secret_explicit=False)
          .select_related("season__league")
          .annotate(n=Count("entries", filter=Q(entries__withdrawn=False)))
          .order_by("starts_at", "pk"))
    out = []
    for t in qs[:50]:
        entered = t.pk in mine
        out.append({"id": t.pk, "name": t.name, "league": t.season.league.name,
                    "game_name": _game_name(t.game), "format": t.get_format_display(),
                    "rounds": t.rounds, "table_size": t.table_size, "entries": t.n,
                    "starts_at": t.starts_at, "entered": entered,
                    "full": (not entered and t.format == Format.SERIES
                             and t.n >= t.table_size)})
    return out
