"""People at tournament tables: seating them in their games, letting the bots at a mixed
table move, and move deadlines with their timeout policy (the autopilot).

Reproducibility: every bot and autopilot decision for seat ``s`` at log position ``n``
draws from ``gamekit.bots.bot_rng(game, seed, s, n)`` — the platform's one scheme, the
same as at an all-bot table (``replays.advance``): given the game's seed and the
people's inputs, every other move is determined.

Deadlines: a person's turn starts when they join the seats that may act (the event
before it is recorded then; for a simultaneous choice, the phase's start); when
``move_time_limit_s`` (the table's, else its tournament's) has passed, the beat task
``enforce_move_deadlines`` applies the timeout policy (``TimeoutPolicy``): the table's
``autopilot_bot`` plays that move, stored with ``actor="autopilot"``; the miss is
recorded (``MoveTimeout``, ``TableSeat.timeouts``, ``Player.timeouts``), and under
``autopilot-then-seat`` the autopilot keeps the seat after ``max_timeouts`` misses.

Response windows (a game whose ``window_open(state)`` is true now: Arne's before- and
after-windows and final turns): the limit is ``window_time_limit_s`` instead (the
table's, else its tournament's, else ``DEFAULT_WINDOW_LIMIT_S`` but never above the
move limit), and the autopilot submits the game's ``timeout_input`` (Arne: a pass)
rather than asking the autopilot bot; the miss is recorded and the policy applies
like any other.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import F, OuterRef, Subquery
from django.utils import timezone

from gamekit.seam import has_windows
from replays import engine
from replays.advance import SeatBot, stored_events
from replays.errors import ConflictError
from replays.models import Game, GameEvent, GameStatus
from replays.services import game_seats_assign, game_submit_input

from . import dispatch
from .models import (
    MoveTimeout,
    Player,
    Table,
    TableSeat,
    TableStatus,
    TimeoutPolicy,
    TournamentStatus,
)

AUTOPILOT = "autopilot"
#: The time limit of one offer in a response window when neither the table nor its
#: tournament sets one (seconds; at most the move limit when there is one): an offer is
#: nearly always passed, and every seat is offered in every window.
DEFAULT_WINDOW_LIMIT_S = 20
log = logging.getLogger(__name__)


def table_seat_people(*, game: Game, players: Sequence[Player]) -> None:
    """Give each person's account the seat they hold in ``game`` (web sessions then act
    for it; ``POST /api/games/{id}/seat-token/`` gives them an API token)."""
    users = [p.user if (not p.is_bot and p.user_id) else None for p in players]
    if any(users):
        game_seats_assign(game=game, users=users)


def table_bots(*, table: Table, seats: Sequence[TableSeat]) -> dict[int, SeatBot]:
    """Who plays each seat no person plays now (``replays.advance.SeatBot``): a bot
    player's bot (actor ``bot:<name>``), and the table's ``autopilot_bot`` for a seat
    whose person lost it to the timeout policy (actor ``autopilot``)."""
    out: dict[int, SeatBot] = {}
    game = table.game
    assert game is not None
    for s in seats:
        if s.autopilot:
            out[s.seat] = SeatBot(engine.bot(table.autopilot_bot, game=game.game), AUTOPILOT)
        elif s.player.is_bot:
            out[s.seat] = SeatBot(engine.bot(s.player.bot_name, game=game.game,
                                             **s.player.bot_settings),
                                  f"bot:{s.player.bot_name}")
    return out


@dataclass(frozen=True)
class Limits:
    """A table's effective deadlines: ``move`` (seconds, None: no limit), ``window``
    (one offer in a response window; None for a game without windows) and ``policy``."""

    move: int | None
    window: int | None
    policy: str

    def shortest(self) -> int | None:
        """The shortest limit that applies at the table (None: no deadline at all)."""
        limits = [x for x in (self.move, self.window) if x]
        return min(limits) if limits else None


def table_limits(table: Table) -> Limits:
    """The table's effective limits: each the table's, else its tournament's; the
    window limit of a game with response windows (``gamekit.seam.has_windows``) falls
    back to ``DEFAULT_WINDOW_LIMIT_S``, never above the move limit."""
    t = table.round.tournament
    move = table.move_time_limit_s or t.move_time_limit_s
    window = None
    if has_windows(engine.definition(None, t.game)):
        window = (table.window_time_limit_s or t.window_time_limit_s
                  or min(DEFAULT_WINDOW_LIMIT_S, move or DEFAULT_WINDOW_LIMIT_S))
    policy = table.timeout_policy or t.timeout_policy or TimeoutPolicy.AUTOPILOT
    return Limits(move, window, policy)


def table_limit(table: Table) -> tuple[int | None, str]:
    """The table's effective ``(move_time_limit_s, timeout_policy)``."""
    limits = table_limits(table)
    return limits.move, limits.policy


def deadlines_enforce(*, now: Any = None) -> list[tuple[int, int]]:
    """Beat task body: apply the timeout policy at every live table whose person let the
    move deadline pass. Returns ``(table id, seq of the autopilot's input)`` pairs. A
    table that raises is logged and skipped (the others still get their deadlines)."""
    now = now or timezone.now()
    done = []
    # Every seat's turn began at or after the game's last event that was not a seat's
    # decision (a consequence or chance: the current phase's start) — in a simultaneous
    # choice the others' choices do not restart anyone's clock — so a table whose phase
    # began within its shortest limit (the window limit, where the game has windows)
    # cannot have anyone overdue and is not folded.
    phase_start = (GameEvent.objects.filter(game_id=OuterRef("game_id"),
                                            actor__in=["engine", "chance"])
                   .order_by("-seq").values("recorded_at")[:1])
    tables = (Table.objects.filter(status__in=[TableStatus.PENDING, TableStatus.PLAYING],
                                   game__status=GameStatus.LIVE,
                                   round__tournament__status=TournamentStatus.RUNNING)
              .select_related("round__tournament", "game")
              .annotate(phase_start=Subquery(phase_start)))
    for table in tables:
        try:
            limit = table_limits(table).shortest()
        except Exception:  # noqa: BLE001 - a game no longer installed: skip the table
            log.exception("the limits of table %s could not be read", table.pk)
            continue
        if not limit or table.game is None:
            continue
        started = getattr(table, "phase_start", None)
        if started is not None and started > now - timedelta(seconds=limit):
            continue  # the phase began within the limit: nobody can be overdue
        try:
            seqs = table_timeout_apply(table=table, now=now)
        except Exception:  # noqa: BLE001 - one table must not stop every other deadline
            log.exception("the move deadline of table %s could not be enforced", table.pk)
            continue
        done.extend((table.pk, seq) for seq in seqs)
    return done


def table_timeout_apply(*, table: Table, now: Any = None) -> list[int]:
    """Apply the timeout policy to every person at ``table`` who may act and let the
    deadline pass (a simultaneous choice can have several): for each, lowest seat
    first, the autopilot's input is submitted for the seat (``actor="autopilot"``, the
    time used stamped as for any decision) and the miss recorded, in one transaction.
    A seat's turn begins when it joins the seats that may act (``Folded.turn_started``:
    for a simultaneous choice, the phase's start). In a response window
    (``window_open``) the limit is the window limit and the input the game's
    ``timeout_input`` (Arne: a pass); elsewhere the move limit and the autopilot bot's
    move. Returns the seqs of those inputs (``[]``: no deadline passed, only bots may
    act, or the person moved just in time — a ``ConflictError``)."""
    now = now or timezone.now()
    limits = table_limits(table)
    policy = limits.policy
    game = table.game
    if not limits.shortest() or game is None or not game.seed_secret:
        return []
    autopilot = engine.bot(table.autopilot_bot, game=game.game)
    applied: list[int] = []
    pos = engine.fold_log(stored_events(game), game=game.game)
    window = pos.defn.window_open(pos.state)
    limit = limits.window if window else limits.move
    if not limit:
        return []
    # the turns overdue now; each is re-checked (same turn still open) before it is played
    for seat, start, started in _overdue(table, game, pos, now, limit):
        if applied:
            pos = engine.fold_log(stored_events(game), game=game.game)
            if pos.turn_started(seat.seat) != start:
                continue  # the person moved meanwhile (or the game went on)
        inp = _timeout_input(pos, seat.seat, autopilot, game.seed_secret)
        if inp is None:
            continue
        try:
            with transaction.atomic():
                game_submit_input(game=game, expected_seq=pos.head, inp=inp, seat=seat.seat,
                                  actor=AUTOPILOT)
                MoveTimeout.objects.create(table=table, seat=seat.seat, player=seat.player,
                                           seq=pos.head, turn_started_at=started,
                                           limit_s=limit, policy=policy)
                TableSeat.objects.filter(pk=seat.pk).update(timeouts=F("timeouts") + 1)
                Player.objects.filter(pk=seat.player_id).update(timeouts=F("timeouts") + 1)
                if (policy == TimeoutPolicy.AUTOPILOT_THEN_SEAT
                        and seat.timeouts + 1 >= table.max_timeouts):
                    TableSeat.objects.filter(pk=seat.pk).update(autopilot=True)
        except ConflictError:
            continue
        applied.append(pos.head)
    return applied


def _timeout_input(pos: engine.Folded, seat: int, autopilot: Any,
                   seed: str) -> dict[str, Any] | None:
    """What the autopilot submits for ``seat`` at the head of ``pos``: in a response
    window the game's ``timeout_input`` (Arne: ``pass_window``), else — or when the game
    names none — the autopilot bot's move (``Folded.bot_input``)."""
    if pos.defn.window_open(pos.state):
        inp = pos.defn.timeout_input(pos.state, seat)
        if inp is not None:
            return dict(inp)
    return pos.bot_input(seat, autopilot, seed)


def people_turns(table: Table, game: Game,
                 pos: engine.Folded) -> list[tuple[TableSeat, int, Any]]:
    """The seats held by a person (not a bot, not the autopilot) that may act now,
    lowest first: ``(seat, position the turn began at, the moment it began)`` — the
    turn's start the timeout policy and the clock (``tournaments.clock``) both count from."""
    movers = sorted(pos.movers.get(pos.head, frozenset()))
    if not movers:
        return []
    seats = {s.seat: s for s in table.seats.select_related("player").filter(seat__in=movers)}
    out = []
    for mover in movers:
        seat = seats.get(mover)
        start = pos.turn_started(mover)
        if seat is None or seat.player.is_bot or seat.autopilot or not start:
            continue
        out.append((seat, start, GameEvent.objects.get(game=game, seq=start - 1).recorded_at))
    return out


def _overdue(table: Table, game: Game, pos: engine.Folded, now: Any,
             limit: int) -> list[tuple[TableSeat, int, Any]]:
    """``people_turns`` whose turn began more than ``limit`` seconds before ``now``."""
    return [(seat, start, started) for seat, start, started in people_turns(table, game, pos)
            if now >= started + timedelta(seconds=limit)]


def table_enqueue_for_game(*, game_id: Any) -> None:
    """Receiver of ``replays.signals.input_accepted``: a game at a table → enqueue the
    table's task (idempotent: it plays the bots and stops at the next person). A
    ``failed`` table is left parked until an organiser resumes it."""
    table_id = (Table.objects.filter(game_id=game_id,
                                     status__in=[TableStatus.PENDING, TableStatus.PLAYING])
                .values_list("id", flat=True).first())
    if table_id is not None:
        dispatch.tables_enqueue([table_id])


def on_input_accepted(sender: Any, *, game_id: Any, **kwargs: Any) -> None:
    table_enqueue_for_game(game_id=game_id)
