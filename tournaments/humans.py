"""People at tournament tables: seating them in their games, letting the bots at a mixed
table move, and move deadlines with their timeout policy (the autopilot).

Reproducibility at a mixed table: a person's move can come at any moment, so the bots
cannot draw a year at a time as at an all-bot table (``kolkhoz_core.runner.bot_rng``).
Each bot decision at seq ``n`` for seat ``s`` draws from
``random.Random(f"kolkhoz-bot/seq:{seed}:{s}:{n}")`` and each autopilot move from
``random.Random(f"kolkhoz-autopilot/seq:{seed}:{s}:{n}")`` (``replays.engine.seq_rng``):
given the game's seed and the people's inputs, every other move is determined.

Deadlines: a person's turn starts when the event before it is recorded; when
``move_time_limit_s`` (the table's, else its tournament's) has passed, the beat task
``enforce_move_deadlines`` applies the timeout policy (``TimeoutPolicy``): the table's
``autopilot_bot`` plays that move, stored with ``actor="autopilot"``; the miss is
recorded (``MoveTimeout``, ``TableSeat.timeouts``, ``Player.timeouts``), and under
``autopilot-then-seat`` the autopilot keeps the seat after ``max_timeouts`` misses.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from replays import engine
from replays.errors import ConflictError
from replays.models import Game, GameEvent, GameStatus
from replays.services import (
    game_advance_chance,
    game_append,
    game_seats_assign,
    game_submit_input,
)

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
log = logging.getLogger(__name__)


def table_seat_people(*, game: Game, players: Sequence[Player]) -> None:
    """Give each person's account the seat they hold in ``game`` (web sessions then act
    for it; ``POST /api/games/{id}/seat-token/`` gives them an API token)."""
    users = [p.user if (not p.is_bot and p.user_id) else None for p in players]
    if any(users):
        game_seats_assign(game=game, users=users)


def _stored(game: Game) -> list[dict[str, Any]]:
    return list(GameEvent.objects.filter(game=game).order_by("seq")
                .values_list("payload", flat=True))


def table_step_bots(*, table: Table, seats: Sequence[TableSeat], bots: Sequence[Any]) -> bool:
    """At a table with people: play the bot (and autopilot-held) seats one decision at a
    time, each appended on its own (so people see every move live), until a person
    must move (returns False) or the game is over (True). Idempotent: it folds the
    stored log first; a lost race re-reads it."""
    game = table.game
    assert game is not None
    seed = game.seed_secret
    players: dict[int, tuple[Any, str, str]] = {}
    for s, b in zip(seats, bots, strict=True):
        if s.autopilot:
            players[s.seat] = (engine.bot(table.autopilot_bot), AUTOPILOT, AUTOPILOT)
        elif b is not None:
            players[s.seat] = (b, "bot", f"bot:{s.player.bot_name}")
    for _ in range(100000):
        game_advance_chance(game=game)
        events = _stored(game)
        if engine.finished(events):
            return True
        mover = engine.to_move(events)
        if mover is None or mover not in players:
            return False
        bot, purpose, actor = players[mover]
        inp = engine.bot_choose(events, mover, bot, seed=seed, purpose=purpose)
        assert inp is not None
        new = engine.decide(events, inp, seed=seed)
        try:
            game_append(game=game, expected_seq=len(events), events=new, actor=actor,
                        reproducible=True)  # replayable from the seed and the seq
        except ConflictError:
            continue
    raise RuntimeError("table_step_bots made no progress")  # pragma: no cover


def table_limit(table: Table) -> tuple[int | None, str]:
    """The table's effective ``(move_time_limit_s, timeout_policy)``."""
    t = table.round.tournament
    limit = table.move_time_limit_s or t.move_time_limit_s
    return limit, (table.timeout_policy or t.timeout_policy or TimeoutPolicy.AUTOPILOT)


def deadlines_enforce(*, now: Any = None) -> list[tuple[int, int]]:
    """Beat task body: apply the timeout policy at every live table whose person let the
    move deadline pass. Returns ``(table id, seq of the autopilot's input)`` pairs. A
    table that raises is logged and skipped (the others still get their deadlines)."""
    now = now or timezone.now()
    done = []
    tables = (Table.objects.filter(status__in=[TableStatus.PENDING, TableStatus.PLAYING],
                                   game__status=GameStatus.LIVE,
                                   round__tournament__status=TournamentStatus.RUNNING)
              .select_related("round__tournament", "game"))
    for table in tables:
        limit, _ = table_limit(table)
        if not limit or table.game is None:
            continue
        if table.game.updated_at > now - timedelta(seconds=limit):
            continue  # something happened within the limit
        try:
            seq = table_timeout_apply(table=table, now=now)
        except Exception:  # noqa: BLE001 - one table must not stop every other deadline
            log.exception("the move deadline of table %s could not be enforced", table.pk)
            continue
        if seq is not None:
            done.append((table.pk, seq))
    return done


def table_timeout_apply(*, table: Table, now: Any = None) -> int | None:
    """If the person to move at ``table`` let the deadline pass, apply the policy: the
    autopilot's input is submitted for the seat (``actor="autopilot"``, the time used
    stamped as for any decision) and the miss recorded, in one transaction. Returns the
    seq of that input, or None (no deadline passed, a bot's turn, or the person moved
    just in time — a ``ConflictError`` on the seq)."""
    now = now or timezone.now()
    limit, policy = table_limit(table)
    game = table.game
    if not limit or game is None:
        return None
    events = _stored(game)
    mover = engine.to_move(events)
    if mover is None or not events:
        return None
    seat = table.seats.select_related("player").get(seat=mover)
    if seat.player.is_bot or seat.autopilot:
        return None
    started = GameEvent.objects.get(game=game, seq=len(events) - 1).recorded_at
    if now < started + timedelta(seconds=limit):
        return None
    inp = engine.bot_choose(events, mover, engine.bot(table.autopilot_bot),
                            seed=game.seed_secret, purpose=AUTOPILOT)
    if inp is None:
        return None
    seq = len(events)
    try:
        with transaction.atomic():
            game_submit_input(game=game, expected_seq=seq, inp=inp, seat=mover,
                              actor=AUTOPILOT)
            MoveTimeout.objects.create(table=table, seat=mover, player=seat.player, seq=seq,
                                       turn_started_at=started, limit_s=limit, policy=policy)
            TableSeat.objects.filter(pk=seat.pk).update(timeouts=F("timeouts") + 1)
            Player.objects.filter(pk=seat.player_id).update(timeouts=F("timeouts") + 1)
            if (policy == TimeoutPolicy.AUTOPILOT_THEN_SEAT
                    and seat.timeouts + 1 >= table.max_timeouts):
                TableSeat.objects.filter(pk=seat.pk).update(autopilot=True)
    except ConflictError:
        return None
    return seq


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
