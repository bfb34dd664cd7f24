"""The one way a game moves forward without a person: chance and bots.

``game_advance`` applies every chance outcome the game's secret seed gives and every
decision of a seat played by a bot (or held by the autopilot) until a person must act or
the game is over. Tournament tables (``tournaments.services.table_play``), stand-alone
games with bot seats (``replays.tasks.play_bot_seats``) and a person's own command
(``replays.services.game_submit_input``: the chance after it) all come through here.

One seeding scheme: the bot deciding for seat ``s`` whose turn began at log position
``n`` draws from ``gamekit.bots.bot_rng(game, seed, s, n)`` (the game's ``play_bots``;
``gamekit.seam.turn_start``: a turn-based decision's own position, a simultaneous
choice's phase start), so a game gives the same moves whether it runs in one task or is
resumed after a crash, whether its moves are appended a stretch at a time or one by
one, whoever sits at the other seats, and in whatever order simultaneous choices
arrive.

Appends: an all-bot table plays a stretch at a time (the game's checkpoint — Kolkhoz:
a year) and stores what it played in one transaction once ``KOLKHOZ_BOT_FLUSH_MS``
(250 ms) have passed since its last append, at its end, or when a person must act —
so a league of cheap bots commits each game once, while a slow search bot still
checkpoints every quarter second and a killed worker loses at most that much play; a
table people watch (``live=True``) appends each decision on its own so they see every
move as it happens. The log is folded once per
call (or not at all when the caller passes the position it already holds).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from . import engine
from .errors import ConflictError
from .models import Game, GameEvent, GameSeat, GameStatus
from .store import game_append

Event = dict[str, Any]


@dataclass(frozen=True)
class SeatBot:
    """Who plays a seat that no person plays now: a ``bot`` (the game's bot protocol)
    and the ``actor`` its decisions are stored under (``bot:<name>``, ``autopilot``)."""

    bot: Any
    actor: str


@dataclass(frozen=True)
class Advanced:
    """What ``game_advance`` did: ``finished`` (the game is over), ``waiting`` (the
    seats that may act now — people, as no bot may), ``decisions`` (bot decisions
    made), ``appended`` (events appended), ``outcome`` (the game's, once finished)."""

    finished: bool
    waiting: frozenset[int] = field(default_factory=frozenset)
    decisions: int = 0
    appended: int = 0
    outcome: engine.Outcome | None = None


def _flush_s() -> float:
    """How long an unwatched all-bot table may play before it stores what it played
    (``settings.KOLKHOZ_BOT_FLUSH_MS``, default 250 ms): cheap bots' stretches go
    into one transaction, a slow search bot still checkpoints every quarter second."""
    return max(0.0, float(getattr(settings, "KOLKHOZ_BOT_FLUSH_MS", 250))) / 1000.0


def stored_events(game: Game) -> list[Event]:
    """The payloads of ``game``'s stored events, in seq order."""
    return list(GameEvent.objects.filter(game=game).order_by("seq")
                .values_list("payload", flat=True))


def game_advance(*, game: Game, bots: Mapping[int, SeatBot] | None = None,
                 live: bool = False, pause_s: float = 0.0, durable: bool = False,
                 folded: tuple[list[Event], engine.Folded] | None = None) -> Advanced:
    """Apply chance and the decisions of ``bots`` (seat → ``SeatBot``; the other seats
    are people) to ``game`` until a person must act or the game ends.

    ``live``: append each bot decision on its own (people are watching); otherwise
    stretches (the game's ``play_bots`` checkpoints) are stored together, one
    transaction per ``KOLKHOZ_BOT_FLUSH_MS`` of play. ``pause_s``: append every stretch
    on its own and sleep after it (tests use it to interrupt a table mid-game).
    ``folded``: the stored log and its ``engine.fold_log`` if the caller already holds
    them (not folded again).
    ``durable``: commit with full durability even though every appended event is
    reproducible (the caller's transaction also holds a person's input); by default
    these appends let PostgreSQL acknowledge before the WAL flush
    (``game_append(reproducible=True)``).

    Idempotent and reproducible: it continues from what is stored; a writer that lost a
    race (``ConflictError``) re-reads the log and goes on, so a redelivered task adds
    nothing and an interrupted one continues identically. A game without a secret seed
    (an imported one) cannot draw chance or bots: nothing is done. Returns ``Advanced``.
    Raises the game's typed error only for a bot's illegal input (a bug in the bot).
    """
    bots = dict(bots or {})
    seed = game.seed_secret
    if folded is None:
        events = stored_events(game)
        pos = engine.fold_log(events, game=game.game)
    else:
        events, pos = list(folded[0]), folded[1]
    defn, state = pos.defn, pos.state
    players: Sequence[Any] = [bots[s].bot if s in bots else None
                              for s in range(len(game.seats))]
    actors = {f"seat:{s}": b.actor for s, b in bots.items()}
    decisions = appended = 0
    turns = pos.turns()  # where each seat's current turn began (its bot's seed)
    flush_s = _flush_s() if not (live or pause_s) else 0.0
    pending: list[Event] = []  # played, not yet stored (one stretch or several)
    since = time.monotonic()
    while seed:
        new: list[Event] = []
        if not defn.finished(state):
            state, new = defn.play_bots(state, players, seed,
                                        max_decisions=1 if live else None, turns=turns)
            pending.extend(new)
        more = bool(new) and not defn.finished(state)
        if more and time.monotonic() - since < flush_s:
            continue  # cheap stretches are stored together (``KOLKHOZ_BOT_FLUSH_MS``)
        if pending:
            try:
                game_append(game=game, expected_seq=len(events), events=pending,
                            actors=actors, reproducible=not durable)  # replayable
            except ConflictError:
                events = stored_events(game)  # another writer got there first: re-read
                pos = engine.fold_log(events, game=game.game)
                state, turns, pending = pos.state, pos.turns(), []
                since = time.monotonic()
                continue
            events.extend(pending)
            appended += len(pending)
            decisions += sum(1 for e in pending if defn.actor(e).startswith("seat:"))
            pending, since = [], time.monotonic()
            if pause_s:
                time.sleep(pause_s)
        if not more:
            break
    done = defn.finished(state)
    return Advanced(finished=done, waiting=frozenset() if done else defn.may_act(state),
                    decisions=decisions, appended=appended,
                    outcome=defn.outcome(state) if done else None)


def game_bots_play(*, game_id: Any) -> int:
    """Move every bot seat (``GameSeat.bot``) of a game outside a tournament until a
    person must act or the game ends (``game_advance``; one decision per append while a
    person holds a seat, a stretch at a time when only bots play). Returns the number of
    bot decisions made. Reproducible from the seed, the seat and the position."""
    game = Game.objects.get(pk=game_id)
    if game.status == GameStatus.FINISHED:
        return 0
    seats = list(GameSeat.objects.filter(game=game).order_by("index"))
    bots = {s.index: SeatBot(engine.bot(s.bot, game=game.game), f"bot:{s.bot}")
            for s in seats if s.bot}
    if not bots:
        return 0
    people = any(not s.bot for s in seats)
    return game_advance(game=game, bots=bots, live=people).decisions
