"""Writes to the event store. Every event goes in through ``game_append`` (``replays.store``).

Services are keyword-only and named ``<entity>_<action>`` (HackSoft style).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone

from . import advance, catalog, dispatch, engine, seeds
from .advance import game_bots_play  # noqa: F401 - re-exported
from .errors import ConflictError, ForbiddenError, MalformedError, RuleError, SeedMismatchError
from .models import Game, GameEvent, GameSeat, GameStatus
from .seats import game_seat_token_issue, game_seats_assign, token_hash  # noqa: F401 - re-exported
from .signals import input_accepted
from .store import game_append  # noqa: F401 - re-exported

Event = dict[str, Any]


@dataclass
class CreatedGame:
    """A new game and its seat tokens (plain text, shown once, stored hashed)."""

    game: Game
    seat_tokens: list[str] = field(default_factory=list)


@transaction.atomic
def game_create(*, events: Sequence[Event], seed: str | None = None,
                game: str = engine.DEFAULT_GAME) -> CreatedGame:
    """Create a game of ``game`` (a registered game id, stored as ``Game.game``) from its
    opening events (``events[0]`` is the ``game`` event) and append them; one secret
    seat token per seat. Raises ``MalformedError`` (``unknown_game``) for an id that is
    not registered, (``bad_seats``) for a seat count outside the game's range; nothing
    stored.
    """
    catalog.game_require(game)
    if not events or not isinstance(events[0], dict) or events[0].get("type") != "game":
        raise MalformedError("a game's log must begin with a 'game' event")
    setup = engine.game_setup(events[0], game=game)
    catalog.seats_require(game, len(setup["seats"]))
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
    setup: dict[str, Any] | None = None,
) -> CreatedGame:
    """Start a new live game with the engine's ``new_game``, store its opening events and
    the chance outcome (the first deal) its seed yields.

    The engine seed is ``replays.seeds.mix(seed, secret)``: the caller's chosen ``seed``
    (optional; it still selects the deals) with the server's ``secret`` — 128 fresh
    random bits unless a caller that derives its own secret seeds (a tournament table)
    passes one — so that the seed can never be recovered from the published
    commitment while the game is live (docs/shuffle.md). ``game``: a registered game
    id. ``setup``: the game's own choices fixed at creation (an object; Arne:
    ``colours``, ``first_player``, ``dummy_colour``). Raises ``RuleError`` /
    ``MalformedError`` for a bad ruleset, seats or setup (the engine's code, e.g. Arne's
    ``invalid_setup``), ``MalformedError`` (``unknown_game``) for an unknown game."""
    catalog.game_require(game)
    if setup is not None and not isinstance(setup, dict):
        raise MalformedError("setup must be an object")
    engine_seed = seeds.mix(seed, secret or seeds.new_secret())
    events = _engine_call(engine.new_game, ruleset=ruleset, seats=seats,
                          first_planner=first_planner, seed=engine_seed, game=game,
                          setup=setup)
    created = game_create(events=events, seed=engine_seed, game=game)
    game_advance_chance(game=created.game)
    return created


def game_advance_chance(*, game: Game) -> int:
    """Append every chance outcome (deal, random trump) the seed gives at the head
    (``replays.advance.game_advance`` with no bots). Returns the number of events
    appended."""
    return advance.game_advance(game=game).appended


def game_submit_input(*, game: Game, expected_seq: int, inp: dict[str, Any],
                      seat: int | None, actor: str | None = None) -> list[Event]:
    """Validate a seat's input and append its events, then the chance that follows.

    Under the game-row lock the latest log is folded once (``engine.fold_log``) and the
    input judged against the head: ``seat`` (the authenticated seat; the input must be
    that seat's) must be among the seats that may act there (GAMES.md "who may act is
    a set"). ``expected_seq`` is the head the client decided at:

    - equal to the head: judged there;
    - behind it, in a simultaneous choice (several seats could act at
      ``expected_seq``, this one among them, and every event since is another seat's
      decision of the same phase): still judged at the head — two seats choosing at
      the same moment are both accepted, never a spurious conflict;
    - otherwise ``ConflictError`` 409 ``stale_seq`` (``expected_seq``, ``head_seq``),
      or 409 ``already_decided`` (``decided_seq``) when this seat has already made its
      choice in the current simultaneous phase.

    Raises ``MalformedError`` (an input whose ``seat`` is not an integer — ``1.0`` and
    ``true`` are not seat 1), ``ForbiddenError`` (another seat's input), ``ConflictError``
    (``game_finished``), ``RuleError`` against the rules (the game's code and clause),
    ``MalformedError`` on a malformed input; nothing is appended then.

    The decision is stamped with its time used (``GameEvent.time_used_ms``: from the
    moment the seat's turn began — for a simultaneous choice, the phase's start — to
    now) and its ``actor`` (default ``seat:N``; ``autopilot`` for a move made on a
    seat's behalf). Once committed, ``replays.signals.input_accepted`` is sent, so the
    seats played by bots can move (``tournaments`` enqueues its table;
    ``replays.tasks`` plays the bot seats of a game outside a tournament).
    """
    if not isinstance(inp, dict):
        raise MalformedError("input must be an object")
    claimed = inp.get("seat")
    if claimed is not None and type(claimed) is not int:
        # 1.0 and true compare equal to seat 1: never let them pass for its number
        raise MalformedError("the input's seat must be a seat number (an integer)")
    if claimed != seat:
        raise ForbiddenError("a seat token may only submit that seat's inputs")
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.status == GameStatus.FINISHED:
            raise ConflictError("the game is over", code="game_finished")
        events = advance.stored_events(locked)
        pos = engine.fold_log(events, game=locked.game)
        head = len(events)
        if expected_seq != head:
            _judge_stale(pos, expected_seq, head, seat)
        elif seat is not None and (done := pos.decided_in_phase(seat)) is not None:
            raise ConflictError(f"seat {seat} has already chosen at seq {done}; the others "
                                "are still choosing", code="already_decided",
                                expected_seq=expected_seq, head_seq=head,
                                decided_seq=done)
        new = _engine_call(pos.defn.decide, pos.state, inp, seed=locked.seed_secret or None)
        if seat is not None and seat not in pos.movers.get(head, frozenset()):
            # the game should have refused it (its decide checks who may act); the store
            # never appends a decision of a seat that may not act, whatever the game does
            raise ConflictError(f"seat {seat} may not act now", code="not_your_turn",
                                head_seq=head)
        used = _time_used_ms(locked, pos.turn_started(seat) if seat is not None else None)
        game_append(game=locked, expected_seq=head, events=new, actor=actor,
                    time_used_ms=used)
        state = pos.state
        for e in new:
            state = pos.defn.evolve(state, e)
        after = engine.Folded(pos.defn, state, head + len(new), {}, {})
        advance.game_advance(game=locked, folded=(events + new, after), durable=True)
        _send_input_accepted(game=locked, seat=seat, actor=actor or f"seat:{seat}")
    game.head_seq, game.head_hash = locked.head_seq, locked.head_hash
    game.status, game.seed_revealed = locked.status, locked.seed_revealed
    game.updated_at = locked.updated_at
    return new


def _judge_stale(pos: engine.Folded, expected_seq: int, head: int, seat: int | None) -> None:
    """Raise unless a decision taken at ``expected_seq`` (behind the head) is still good:
    409 ``already_decided`` if ``seat`` chose since, else 409 ``stale_seq`` unless it is
    a simultaneous choice overtaken only by the other seats' choices."""
    if seat is not None and 0 <= expected_seq < head:
        done = pos.decided_in_phase(seat)
        if done is not None:  # whenever its client read the log: a second choice
            raise ConflictError(f"seat {seat} has already chosen at seq {done}",
                                code="already_decided", expected_seq=expected_seq,
                                head_seq=head, decided_seq=done)
        if pos.simultaneous_since(expected_seq, seat):
            return
    raise ConflictError(f"expected seq {expected_seq} but the log is at {head}",
                        expected_seq=expected_seq, head_seq=head)


def _time_used_ms(game: Game, turn_start: int | None) -> int | None:
    """Milliseconds since the event before position ``turn_start`` was recorded (the
    moment the deciding seat's turn began); None when unknown (an empty log)."""
    if not turn_start:
        return None
    started = (GameEvent.objects.filter(game=game, seq=turn_start - 1)
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
    # Kolkhoz's shape has a reason and its own message; the other games' is {seq, type,
    # rule, expected, got}: any such entry is a mismatch, worded without its cards
    if bad is not None and bad.get("reason", "mismatch") == "mismatch":
        raise SeedMismatchError(engine.mismatch_message(bad), seq=bad["seq"], check="deals")
