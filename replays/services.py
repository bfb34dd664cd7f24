"""Writes to the event store. Every event goes in through ``game_append``.

Services are keyword-only and named ``<entity>_<action>`` (HackSoft style).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from . import chain, engine
from .errors import ConflictError, MalformedError, RuleError
from .models import Game, GameEvent, GameSeat, GameStatus

Event = dict[str, Any]


@dataclass
class CreatedGame:
    """A new game and its seat tokens (plain text, shown once, stored hashed)."""

    game: Game
    seat_tokens: list[str] = field(default_factory=list)


def token_hash(token: str) -> str:
    """How a seat token is stored: sha256 hex (tokens are 256-bit random)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


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
                reproducible: bool = False) -> int:
    """Append ``events`` to ``game``'s log at ``expected_seq`` (the number of events
    the writer has seen, i.e. the next seq to be written); returns the new head seq.

    ``reproducible=True`` (a batch of seeded bot moves that the table task can replay
    identically) lets PostgreSQL acknowledge the commit before its WAL reaches the disk
    (``synchronous_commit = off`` for this transaction only): a crash may lose the last
    fraction of a second of such batches, never corrupt or reorder anything, and the
    stalled-table sweep replays them to the identical events. People's inputs keep the
    default, fully durable commit.

    In one transaction: lock the Game row, check its head, chain-hash and insert the
    events, move the head. A writer that lost a race gets ``ConflictError``
    (HTTP 409, ``stale_seq``), never a gap or a duplicate: the head check under
    ``select_for_update`` serialises writers on PostgreSQL, and the
    ``UniqueConstraint(game, seq)`` catches anything else (mapped to the same error).
    Events are stored exactly as given (their ``seq`` field, if any, must match).
    """
    _check_events(events, expected_seq)
    try:
        with transaction.atomic():
            if reproducible and connection.vendor == "postgresql":
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
            for i, event in enumerate(events):
                h = chain.link(prev, event)
                rows.append((locked.pk, expected_seq + i, event["type"], event,
                             engine.event_visibility(event), engine.event_actor(event), now,
                             prev, h))
                prev = h
                if event["type"] == engine.END_TYPE:
                    finished = True
                    seed = event.get("seed")
            _insert_events(rows)
            locked.head_seq = expected_seq + len(rows)
            locked.head_hash = prev
            locked.status = GameStatus.FINISHED if finished else GameStatus.LIVE
            locked.seed_revealed = seed
            locked.save(update_fields=["head_seq", "head_hash", "status", "seed_revealed",
                                       "updated_at"])
    except IntegrityError as exc:
        raise ConflictError(f"seq {expected_seq} was taken by another writer") from exc
    game.head_seq, game.head_hash = locked.head_seq, locked.head_hash
    game.status, game.seed_revealed = locked.status, locked.seed_revealed
    game.updated_at = locked.updated_at
    return game.head_seq


_COPY_COLUMNS = ("game_id", "seq", "type", "payload", "visibility", "actor", "recorded_at",
                 "prev_hash", "hash")


def _insert_events(rows: list[tuple[Any, ...]]) -> None:
    """Insert event rows (tuples in ``_COPY_COLUMNS`` order): PostgreSQL's COPY (about
    twice as fast as Django's bulk INSERT for whole games), elsewhere ``bulk_create``.
    A duplicate seq raises IntegrityError either way (Django wraps the driver's
    UniqueViolation)."""
    connection = transaction.get_connection()
    if connection.vendor != "postgresql":
        GameEvent.objects.bulk_create(
            [GameEvent(**dict(zip(_COPY_COLUMNS, row, strict=True))) for row in rows],
            batch_size=2000,
        )
        return
    table = GameEvent._meta.db_table
    sql = f"COPY {table} ({', '.join(_COPY_COLUMNS)}) FROM STDIN"
    with connection.cursor() as cursor, connection.wrap_database_errors:
        with cursor.cursor.copy(sql) as copy:
            for row in rows:
                copy.write_row((*row[:3], _json_text(row[3]), *row[4:]))


def _json_text(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))


@transaction.atomic
def game_create(*, events: Sequence[Event], seed: str | None = None) -> CreatedGame:
    """Create a game from its opening events (``events[0]`` is the ``game`` event)
    and append them; one secret seat token per seat.
    """
    if not events or not isinstance(events[0], dict) or events[0].get("type") != "game":
        raise MalformedError("a game's log must begin with a 'game' event")
    setup = engine.game_setup(events[0])
    ruleset = setup["ruleset"] if isinstance(setup["ruleset"], dict) else {}
    game = Game.objects.create(
        ruleset=ruleset,
        preset=str(ruleset.get("preset") or ""),
        seats=setup["seats"],
        seed_commitment=setup["seed_commitment"] or "",
        seed_secret=seed or "",
        engine_version=setup["engine_version"],
        rules_version=setup["rules_version"],
    )
    tokens = [secrets.token_urlsafe(32) for _ in setup["seats"]]
    GameSeat.objects.bulk_create(
        GameSeat(game=game, index=index, name=str(name), token_hash=token_hash(token))
        for index, (name, token) in enumerate(zip(setup["seats"], tokens, strict=True))
    )
    game_append(game=game, expected_seq=0, events=events)
    return CreatedGame(game=game, seat_tokens=tokens)


def _engine_call(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Call the engine, turning its typed errors into ``RuleError`` / ``MalformedError``."""
    try:
        return fn(*args, **kwargs)
    except Exception as exc:
        if not engine.is_engine_error(exc):
            raise
        info = engine.error_info(exc)
        cls = RuleError if info["rule"] else MalformedError
        raise cls(info["message"], code=info["code"], rule=info["rule"],
                  input=info["input"]) from exc


def game_create_from_engine(
    *, ruleset: dict[str, Any] | None, seats: Sequence[str], first_planner: int | None = None,
    seed: str | None = None,
) -> CreatedGame:
    """Start a new live game with the engine's ``new_game`` and store its opening events;
    if a seed is given, also store the chance outcome (the first deal) it yields."""
    events = _engine_call(engine.new_game, ruleset=ruleset, seats=seats,
                          first_planner=first_planner, seed=seed)
    created = game_create(events=events, seed=seed)
    if seed:
        game_advance_chance(game=created.game)
    return created


def _stored_events(game: Game) -> list[Event]:
    return list(GameEvent.objects.filter(game=game).order_by("seq")
                .values_list("payload", flat=True))


def game_advance_chance(*, game: Game) -> int:
    """Append every chance outcome (deal, random trump) the seed gives at the head.

    Returns the number of events appended.
    """
    if not game.seed_secret:
        return 0
    added = 0
    events = _stored_events(game)
    while True:
        inp = engine.chance_input(events, game.seed_secret)
        if inp is None:
            return added
        new = _engine_call(engine.decide, events, inp, seed=game.seed_secret)
        game_append(game=game, expected_seq=len(events), events=new)
        events.extend(new)
        added += len(new)


def game_submit_input(*, game: Game, expected_seq: int, inp: dict[str, Any],
                      seat: int | None) -> list[Event]:
    """Validate a player's input with the engine at ``expected_seq`` and append its events.

    ``seat`` is the authenticated seat (the input must be that seat's). Raises
    ``ConflictError`` on a stale seq, ``RuleError`` against the rules,
    ``MalformedError`` on a malformed input.
    """
    if not isinstance(inp, dict):
        raise MalformedError("input must be an object")
    if inp.get("seat") != seat:
        from .errors import ForbiddenError

        raise ForbiddenError("a seat token may only submit that seat's inputs")
    if game.status == GameStatus.FINISHED:
        raise ConflictError("the game is over", code="game_finished")
    events = _stored_events(game)
    if len(events) != expected_seq:
        raise ConflictError(
            f"expected seq {expected_seq} but the log is at {len(events)}",
            expected_seq=expected_seq, head_seq=len(events),
        )
    new = _engine_call(engine.decide, events, inp, seed=game.seed_secret)
    game_append(game=game, expected_seq=expected_seq, events=new)
    game_advance_chance(game=game)
    return new


def game_import_record(*, record: Any) -> CreatedGame:
    """Import a ``kolkhoz-record/1`` document: adjudicate it with the engine and store
    the full log. A bad record raises (400 malformed / 422 against the rules) and
    nothing is stored."""
    if not isinstance(record, dict):
        raise MalformedError("a record must be a JSON object")
    events = _engine_call(engine.adjudicate, record)
    seed = record.get("seed") if isinstance(record.get("seed"), str) else None
    with transaction.atomic():
        return game_create(events=events, seed=seed)
