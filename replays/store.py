"""The one write path of the event store: ``game_append`` (optimistic concurrency under
the game-row lock, hash chain, COPY on PostgreSQL). Every event of every game goes in
through it; ``replays.services`` (people's inputs, new games, imports) and
``replays.advance`` (chance and bots) call it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from . import chain, engine, live
from .errors import ConflictError, MalformedError
from .models import Game, GameEvent, GameStatus

Event = dict[str, Any]


def _check_events(events: Sequence[Event], expected_seq: int) -> None:
    if not isinstance(events, (list, tuple)) or not events:
        raise MalformedError("events must be a non-empty list")
    for i, event in enumerate(events):
        if not isinstance(event, dict):
            raise MalformedError(f"event {i} is not an object")
        if not isinstance(event.get("type"), str) or not event["type"]:
            raise MalformedError(f"event {i} has no type")
        if "seq" in event and event["seq"] != expected_seq + i:
            raise MalformedError(
                f"event {i} carries seq {event['seq']!r}, expected {expected_seq + i}",
                code="bad_seq",
            )


def game_append(*, game: Game, expected_seq: int, events: Sequence[Event],
                reproducible: bool = False, actor: str | None = None,
                time_used_ms: int | None = None,
                actors: Mapping[str, str] | None = None) -> int:
    """Append ``events`` to ``game``'s log at ``expected_seq`` (the number of events
    the writer has seen, i.e. the next seq to be written); returns the new head seq.

    ``reproducible=True`` (a batch of seeded bot moves that the table task can replay
    identically) lets PostgreSQL acknowledge the commit before its WAL reaches the disk
    (``synchronous_commit = off`` for this transaction only): a crash may lose the last
    fraction of a second of such batches, never corrupt or reorder anything, and the
    stalled-table sweep replays them to the identical events. People's inputs keep the
    default, fully durable commit. It takes effect only when the append is its own
    transaction: inside a caller's transaction ``SET LOCAL`` would last until the
    caller's commit, making whatever else it holds (a person's input, a new game and
    the seat tokens shown to its creator) asynchronous too — so there it is ignored.

    In one transaction: lock the Game row, check its head, chain-hash and insert the
    events, move the head. A writer that lost a race gets ``ConflictError``
    (HTTP 409, ``stale_seq``), never a gap or a duplicate: the head check under
    ``select_for_update`` serialises writers on PostgreSQL, and the
    ``UniqueConstraint(game, seq)`` catches anything else (mapped to the same error).
    Events are stored exactly as given (their ``seq`` field, if any, must match).

    ``actor`` / ``time_used_ms`` (optional) are stored with the first event — the
    decision that caused the batch — in the event's own columns, never in its payload
    (e.g. ``actor="autopilot"`` for a move made when a deadline passed). ``actors``
    (optional) renames the game's own actor of any event in the batch, e.g.
    ``{"seat:2": "bot:heuristic"}`` for a batch of bot moves (``replays.advance``). Once the
    transaction commits, listeners of the live stream are notified (``replays.live``).
    """
    _check_events(events, expected_seq)
    # SET LOCAL in a savepoint outlives it: only a transaction of our own may go async
    relaxed = reproducible and not transaction.get_connection().in_atomic_block
    try:
        with transaction.atomic():
            if relaxed and connection.vendor == "postgresql":
                with connection.cursor() as cur:
                    cur.execute("SET LOCAL synchronous_commit TO OFF")
            locked = Game.objects.select_for_update().get(pk=game.pk)
            if locked.head_seq != expected_seq:
                raise ConflictError(
                    f"expected seq {expected_seq} but the log is at {locked.head_seq}",
                    expected_seq=expected_seq,
                    head_seq=locked.head_seq,
                )
            prev = locked.head_hash
            now = timezone.now()
            rows = []
            finished = locked.status == GameStatus.FINISHED
            seed = locked.seed_revealed
            end_type = engine.end_type(locked.game)
            for i, event in enumerate(events):
                text = chain.canonical_json(event)  # hashed, and stored as it is
                h = hashlib.sha256((prev + text).encode("utf-8")).hexdigest()
                who = (actor if (i == 0 and actor)
                       else engine.event_actor(event, game=locked.game))
                who = actors.get(who, who) if actors else who
                rows.append((locked.pk, expected_seq + i, event["type"], (event, text),
                             engine.event_visibility(event, game=locked.game), who, now,
                             prev, h, time_used_ms if i == 0 else None))
                prev = h
                if event["type"] == end_type:
                    finished = True
                    seed = event.get("seed")
            _insert_events(rows)
            locked.head_seq = expected_seq + len(rows)
            locked.head_hash = prev
            locked.status = GameStatus.FINISHED if finished else GameStatus.LIVE
            locked.seed_revealed = seed
            locked.save(update_fields=["head_seq", "head_hash", "status", "seed_revealed",
                                       "updated_at"])
            head_seq = locked.head_seq
            transaction.on_commit(lambda: live.publish(game_id=locked.pk, head_seq=head_seq))
    except IntegrityError as exc:
        raise ConflictError(f"seq {expected_seq} was taken by another writer") from exc
    game.head_seq, game.head_hash = locked.head_seq, locked.head_hash
    game.status, game.seed_revealed = locked.status, locked.seed_revealed
    game.updated_at = locked.updated_at
    return game.head_seq


_COPY_COLUMNS = ("game_id", "seq", "type", "payload", "visibility", "actor", "recorded_at",
                 "prev_hash", "hash", "time_used_ms")


def _insert_events(rows: list[tuple[Any, ...]]) -> None:
    """Insert event rows (tuples in ``_COPY_COLUMNS`` order, the payload given as
    ``(event, its canonical JSON text)``): PostgreSQL's COPY of the text already hashed
    (about twice as fast as Django's bulk INSERT for whole games; ``jsonb`` keeps no key
    order, so the stored value is the event as given), elsewhere ``bulk_create``. A
    duplicate seq raises IntegrityError either way (Django wraps the driver's
    UniqueViolation)."""
    connection = transaction.get_connection()
    if connection.vendor != "postgresql":
        GameEvent.objects.bulk_create(
            [GameEvent(**dict(zip(_COPY_COLUMNS, (*row[:3], row[3][0], *row[4:]),
                                  strict=True))) for row in rows],
            batch_size=2000,
        )
        return
    table = GameEvent._meta.db_table
    sql = f"COPY {table} ({', '.join(_COPY_COLUMNS)}) FROM STDIN"
    with connection.cursor() as cursor, connection.wrap_database_errors:
        with cursor.cursor.copy(sql) as copy:
            for row in rows:
                copy.write_row(_copy_row(row))


def _copy_row(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """One event row as COPY writes it: the payload as its canonical JSON text."""
    return (*row[:3], row[3][1], *row[4:])
