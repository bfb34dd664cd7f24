"""Writes to the event store. Every event goes in through ``game_append``.

Services are keyword-only and named ``<entity>_<action>`` (HackSoft style).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from . import catalog, chain, dispatch, engine, live, seeds
from .errors import ConflictError, ForbiddenError, MalformedError, RuleError, SeedMismatchError
from .models import Game, GameEvent, GameSeat, GameStatus
from .seats import game_seat_token_issue, game_seats_assign, token_hash  # noqa: F401 - re-exported
from .signals import input_accepted

Event = dict[str, Any]


@dataclass
class CreatedGame:
    """A new game and its seat tokens (plain text, shown once, stored hashed)."""

    game: Game
    seat_tokens: list[str] = field(default_factory=list)


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
                time_used_ms: int | None = None) -> int:
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

    ``actor`` / ``time_used_ms`` (optional) are stored with the first event — the
    decision that caused the batch — in the event's own columns, never in its payload
    (e.g. ``actor="autopilot"`` for a move made when a deadline passed). Once the
    transaction commits, listeners of the live stream are notified (``replays.live``).
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
            end_type = engine.end_type(locked.game)
            for i, event in enumerate(events):
                h = chain.link(prev, event)
                who = (actor if (i == 0 and actor)
                       else engine.event_actor(event, game=locked.game))
                rows.append((locked.pk, expected_seq + i, event["type"], event,
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
def game_create(*, events: Sequence[Event], seed: str | None = None,
                game: str = engine.DEFAULT_GAME) -> CreatedGame:
    """Create a game of ``game`` (a registered game id, stored as ``Game.game``) from its
    opening events (``events[0]`` is the ``game`` event) and append them; one secret
    seat token per seat. Raises ``MalformedError`` (``unknown_game``) for an id that is
    not registered, nothing stored.
    """
    catalog.game_require(game)
    if not events or not isinstance(events[0], dict) or events[0].get("type") != "game":
        raise MalformedError("a game's log must begin with a 'game' event")
    setup = engine.game_setup(events[0], game=game)
    limit = GameSeat._meta.get_field("name").max_length
    if any(len(str(name)) > limit for name in setup["seats"]):
        raise MalformedError(f"a seat's name is at most {limit} characters",
                             code="seat_name_too_long")
    ruleset = setup["ruleset"] if isinstance(setup["ruleset"], dict) else {}
    game_row = Game.objects.create(
        game=game,
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
        GameSeat(game=game_row, index=index, name=str(name), token_hash=token_hash(token))
        for index, (name, token) in enumerate(zip(setup["seats"], tokens, strict=True))
    )
    game_append(game=game_row, expected_seq=0, events=events)
    return CreatedGame(game=game_row, seat_tokens=tokens)


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
    seed: str | None = None, secret: str | None = None, game: str = engine.DEFAULT_GAME,
) -> CreatedGame:
    """Start a new live game with the engine's ``new_game``, store its opening events and
    the chance outcome (the first deal) its seed yields.

    The engine seed is ``replays.seeds.mix(seed, secret)``: the caller's chosen ``seed``
    (optional; it still selects the deals) with the server's ``secret`` — 128 fresh
    random bits unless a caller that derives its own secret seeds (a tournament table)
    passes one — so that the seed can never be recovered from the published
    commitment while the game is live (docs/shuffle.md). ``game``: a registered game
    id. Raises ``RuleError`` / ``MalformedError`` for a bad ruleset or seats,
    ``MalformedError`` (``unknown_game``) for an unknown game."""
    catalog.game_require(game)
    engine_seed = seeds.mix(seed, secret or seeds.new_secret())
    events = _engine_call(engine.new_game, ruleset=ruleset, seats=seats,
                          first_planner=first_planner, seed=engine_seed, game=game)
    created = game_create(events=events, seed=engine_seed, game=game)
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
        inp = engine.chance_input(events, game.seed_secret, game=game.game)
        if inp is None:
            return added
        new = _engine_call(engine.decide, events, inp, seed=game.seed_secret,
                          game=game.game)
        game_append(game=game, expected_seq=len(events), events=new)
        events.extend(new)
        added += len(new)


def game_submit_input(*, game: Game, expected_seq: int, inp: dict[str, Any],
                      seat: int | None, actor: str | None = None) -> list[Event]:
    """Validate a player's input with the engine at ``expected_seq`` and append its events.

    ``seat`` is the authenticated seat (the input must be that seat's). Raises
    ``ConflictError`` on a stale seq, ``RuleError`` against the rules,
    ``MalformedError`` on a malformed input.

    The decision is stamped with its time used (``GameEvent.time_used_ms``: from the
    previous event's ``recorded_at`` — when the seat's turn began — to now) and its
    ``actor`` (default ``seat:N``; ``autopilot`` for a move made on a seat's behalf).
    Once committed, ``replays.signals.input_accepted`` is sent, so the seats played by
    bots can move (``tournaments`` enqueues its table; ``replays.tasks`` plays the
    bot seats of a game outside a tournament).
    """
    if not isinstance(inp, dict):
        raise MalformedError("input must be an object")
    if inp.get("seat") != seat:
        raise ForbiddenError("a seat token may only submit that seat's inputs")
    if game.status == GameStatus.FINISHED:
        raise ConflictError("the game is over", code="game_finished")
    events = _stored_events(game)
    if len(events) != expected_seq:
        raise ConflictError(
            f"expected seq {expected_seq} but the log is at {len(events)}",
            expected_seq=expected_seq, head_seq=len(events),
        )
    new = _engine_call(engine.decide, events, inp, seed=game.seed_secret,
                          game=game.game)
    game_append(game=game, expected_seq=expected_seq, events=new, actor=actor,
                time_used_ms=_time_used_ms(game, expected_seq))
    game_advance_chance(game=game)
    _send_input_accepted(game=game, seat=seat, actor=actor or f"seat:{seat}")
    return new


def _time_used_ms(game: Game, expected_seq: int) -> int | None:
    """Milliseconds since the event before ``expected_seq`` was recorded (the moment the
    deciding seat's turn began); None for an empty log."""
    if expected_seq < 1:
        return None
    started = (GameEvent.objects.filter(game=game, seq=expected_seq - 1)
               .values_list("recorded_at", flat=True).first())
    if started is None:
        return None
    return max(0, int((timezone.now() - started).total_seconds() * 1000))


def _send_input_accepted(*, game: Game, seat: int | None, actor: str) -> None:
    game_id = game.pk
    transaction.on_commit(lambda: input_accepted.send(sender=Game, game_id=game_id,
                                                      seat=seat, actor=actor))


def game_create_with_bots(*, bots: Sequence[str], seats: Sequence[str], seed: str | None = None,
                          **kwargs: Any) -> CreatedGame:
    """A live game outside a tournament where ``bots[i]`` (a registered bot name, or
    ``""`` for a person) plays seat i. Bots draw from the game's secret seed (the
    chosen ``seed``, optional, mixed with server randomness as in
    ``game_create_from_engine``). The bot seats move through Celery
    (``replays.tasks.play_bot_seats``) once the game is stored, and again after each
    person's input. Raises ``MalformedError`` (``bad_bots``) for a wrong length or an
    unknown bot, (``unknown_game``) for an unknown ``game``."""
    game = catalog.game_require(kwargs.get("game", engine.DEFAULT_GAME))
    if len(bots) != len(seats):
        raise MalformedError("bots must name one entry per seat", code="bad_bots")
    for name in bots:
        if name:
            try:
                engine.bot(name, game=game)
            except (KeyError, TypeError, ValueError) as exc:
                raise MalformedError(str(exc), code="bad_bots") from exc
    with transaction.atomic():
        created = game_create_from_engine(seats=seats, seed=seed, **kwargs)
        game_seats_assign(game=created.game, bots=bots)
        game_id = created.game.pk
        transaction.on_commit(lambda: dispatch.bot_seats_enqueue(game_id))
    return created


def game_bots_play(*, game_id: Any) -> int:
    """Move every bot seat (``GameSeat.bot``) of a game outside a tournament until a
    person must act or the game ends; returns the number of decisions made.

    Reproducible from the seed and the seq: the bot deciding at seq ``n`` for seat
    ``s`` draws from ``random.Random(f"kolkhoz-bot/seq:{seed}:{s}:{n}")``
    (``engine.seq_rng``), so a re-run (a redelivered task) makes the same moves, and a
    lost race (``ConflictError``) just re-reads the log."""
    game = Game.objects.get(pk=game_id)
    bots = {s.index: s.bot for s in GameSeat.objects.filter(game=game).exclude(bot="")}
    if not bots:
        return 0
    made = 0
    for _ in range(10000):
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            return made
        events = _stored_events(game)
        inp = engine.bot_decision(events, bots, seed=game.seed_secret, game=game.game)
        if inp is None:
            return made
        new = _engine_call(engine.decide, events, inp, seed=game.seed_secret,
                          game=game.game)
        try:
            game_append(game=game, expected_seq=len(events), events=new,
                        actor=f"bot:{bots[inp['seat']]}")
        except ConflictError:
            continue
        made += 1
        game_advance_chance(game=game)
    return made


def game_import_record(*, record: Any) -> CreatedGame:
    """Import a game's record (e.g. ``kolkhoz-record/1``): its ``format`` names the game
    (``catalog.game_of_record``); adjudicate it with that game's engine and store the
    full log. Refused, nothing stored: 400 ``unknown_format`` for a format no
    registered game reads, 400 malformed / 422 against the rules (the engine's code and
    clause), or 422 ``seed_mismatch`` (``seq``, ``check: "deals"``) when the record's
    seed does not give a deal or random trump it states — reported first, as every
    ruling after a false deal follows from it (docs/verify.md)."""
    if not isinstance(record, dict):
        raise MalformedError("a record must be a JSON object")
    game = catalog.game_of_record(record)
    seed = record.get("seed") if isinstance(record.get("seed"), str) else None
    try:
        events = _engine_call(engine.adjudicate, record, game=game)
    except (MalformedError, RuleError) as exc:
        _refuse_seed_mismatch(getattr(exc.__cause__, "events", None) or [], seed, game=game)
        raise
    _refuse_seed_mismatch(events, seed, game=game)
    with transaction.atomic():
        return game_create(events=events, seed=seed, game=game)


def _refuse_seed_mismatch(events: Sequence[Event], seed: str | None, *,
                         game: str = engine.DEFAULT_GAME) -> None:
    # "" is a seed like any other (the game commits to sha256("")): only None is none
    try:
        bad = (engine.chance_mismatch(events, seed, game=game)
               if seed is not None and events else None)
    except engine.NotSupported:  # a game without chance checks: its verify says so
        return
    if bad is not None and bad["reason"] == "mismatch":
        raise SeedMismatchError(bad["message"], seq=bad["seq"], check="deals")
