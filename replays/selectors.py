"""Reads of the event store: games, redacted logs, records, verification (the replay
frames are ``replays.frames``).

What a viewer may see is decided by the engine's redaction for that viewer
(``replays.engine``), never by a stored column. A viewer is ``None`` (spectator)
or a seat number.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils.crypto import salted_hmac

from . import chain, engine, sealing
from .errors import ConflictError, NotFoundError
from .models import Game, GameEvent, GameSeat, GameStatus
from .seats import token_hash

Event = dict[str, Any]


def game_list() -> QuerySet[Game]:
    """All games, newest first, but those sealed now (a duplicate round still being
    played, ``replays.sealing``: not listed to anyone); filtering is done by
    ``replays.filters.GameFilter``."""
    return sealing.games_unsealed(Game.objects.all()).order_by("-created_at", "id")


def game_get(*, game_id: Any) -> Game:
    """The game with this id, or ``NotFoundError``."""
    try:
        return Game.objects.get(pk=game_id)
    except (Game.DoesNotExist, ValidationError, ValueError) as exc:  # also: not a UUID
        raise NotFoundError(f"no game {game_id}") from exc


def seat_for_token(*, token: str) -> GameSeat | None:
    """The seat a bearer token belongs to, or None."""
    return GameSeat.objects.filter(token_hash=token_hash(token)).first()


def viewer_for(*, game: Game, seat: GameSeat | None) -> int | None:
    """The viewer a request is for this game: its seat if the token is this game's."""
    if seat is not None and seat.game_id == game.pk:
        return seat.index
    return None


def game_events(*, game: Game, after: int | None = None) -> list[Event]:
    """The stored payloads in seq order (``after``: only seq > after)."""
    qs = GameEvent.objects.filter(game=game)
    if after is not None:
        qs = qs.filter(seq__gt=after)
    return list(qs.order_by("seq").values_list("payload", flat=True))


def game_events_for_viewer(*, game: Game, viewer: int | None,
                           after: int | None = None) -> list[Event]:
    """The log as ``viewer`` may see it (everything once the game is finished)."""
    events = game_events(game=game, after=after)
    finished = game.status == GameStatus.FINISHED
    return engine.redact(events, viewer, finished=finished,
                         engine_version=game.engine_version, game=game.game)


def head_hash_public(*, game: Game) -> str:
    """The ``head_hash`` the API may show anyone: the chain's head hash once the game is
    finished (everything is public then, and the chain can be checked); while it is
    live, an opaque tag of the head — ``live-`` and an HMAC of it under the server's key
    — that changes with every append but says nothing about the events.

    Why: the chain hash covers every event whole. Knowing the hash before and after a
    redacted event (a secret choice, a buried card, a pocketed card) a viewer could test
    each candidate for the hidden value against it — a few dozen guesses at most. So the
    real hash of a live game never leaves the server (docs/verify.md "Live games")."""
    if game.status == GameStatus.FINISHED:
        return game.head_hash
    tag = salted_hmac("replays.head_hash_public", f"{game.pk}:{game.head_hash}",
                      algorithm="sha256").hexdigest()
    return f"live-{tag[:59]}"


def game_etag(*, game: Game, viewer: int | None, as_played: bool = False) -> str:
    """The head's tag (``head_hash_public``); for a live game, per viewer (a finished
    game looks the same to all, unless replayed ``as_played`` by one viewer)."""
    who = "s" if viewer is None else viewer
    head = head_hash_public(game=game)
    if game.status == GameStatus.FINISHED:
        return f"{head}-as-{who}" if as_played else head
    return f"{head}-{who}"


def game_record(*, game: Game) -> dict[str, Any]:
    """The game as a ``kolkhoz-record/1`` document (only once it has ended), with an
    ``adjustments`` list (the events after ``game_end``) when an arbiter ruled."""
    if game.status != GameStatus.FINISHED:
        raise ConflictError("the record is available once the game has ended",
                            code="game_not_finished")
    events = game_events(game=game)
    played = played_events(events, game=game.game)
    record = engine.to_record(played, game=game.game)
    if len(events) > len(played):
        # an arbiter's compensating events: the original inputs stay as they were
        record["adjustments"] = events[len(played):]
    return record


def played_events(events: list[Event], *, game: str = engine.DEFAULT_GAME) -> list[Event]:
    """The game as played: ``events`` (a stored log, in seq order) up to and including
    its end event (the game definition's end type), without the compensating events an
    arbiter appended after it; the whole list for a game that has not ended. Returns a
    list (a slice, or ``events`` itself)."""
    end = engine.end_type(game)
    for i, event in enumerate(events):
        if event.get("type") == end:
            return events[: i + 1]
    return events


def chain_check(*, game: Game) -> dict[str, Any]:
    """Recompute the hash chain over the stored payloads; the first bad seq, if any."""
    prev = chain.GENESIS
    expected_seq = 0
    rows = GameEvent.objects.filter(game=game).order_by("seq").values_list(
        "seq", "payload", "prev_hash", "hash")
    for seq, payload, prev_hash, stored_hash in rows.iterator():
        if seq != expected_seq:
            return {"ok": False, "first_bad_seq": expected_seq, "reason": "gap"}
        h = chain.link(prev, payload)
        if prev_hash != prev or stored_hash != h:
            return {"ok": False, "first_bad_seq": seq, "reason": "hash_mismatch"}
        if isinstance(payload, dict) and payload.get("seq", seq) != seq:
            return {"ok": False, "first_bad_seq": seq, "reason": "seq_mismatch"}
        prev = h
        expected_seq += 1
    if expected_seq != game.head_seq or prev != game.head_hash:
        return {"ok": False, "first_bad_seq": min(expected_seq, game.head_seq),
                "reason": "head_mismatch"}
    return {"ok": True, "first_bad_seq": None, "reason": None}


def readjudicate(events: list[Event], *, engine_version: str, seed: str | None = None,
                 finished: bool = True, game: str = engine.DEFAULT_GAME) -> dict[str, Any]:
    """Re-adjudicate the inputs of a log with the engine it was played under (the
    current engine or a frozen release, ``kolkhoz_core.releases``) and compare event by
    event; the first divergence, if any. A version no release provides is reported as
    ``error.code = "engine_unavailable"`` (never as a divergence: the game is not at
    fault).

    ``seed``: the game's seed (for a live game, kept server-side), so the re-derived
    ``game`` event carries the same commitment. A finished game must be reproduced
    exactly; a live game's log must be a prefix of what its inputs adjudicate to (the
    adjudicator may go on past the head, e.g. closing a year and asking for the next
    deal).

    ``first_divergence``: ``{seq, stored, adjudicated, note}`` — ``note`` is None, or
    (a game of engine 0.1.0/0.2.0 whose event lists the derived cards in another order)
    what ``engine.key_order_note`` says; it explains the mismatch, never excuses it. A
    log re-adjudication does not reproduce passes only if its release's live derivation
    re-derives it whole (``engine.stored_folds_report``: ``method: "stored_folds"`` and
    a ``note``; docs/verify.md "Key order").
    ``game``: the game id (``Game.game``)."""
    try:
        engine.require_version(engine_version, game)
    except engine.EngineUnavailable as exc:
        return {"ok": False, "engine_version": engine_version, "first_divergence": None,
                "error": {"code": "engine_unavailable", "message": str(exc)}}
    played = played_events(events, game=game)
    error = None
    try:
        fresh = engine.adjudicate(
            engine.to_record(played, seed=seed, engine_version=engine_version, game=game),
            engine_version=engine_version, game=game)
    except Exception as exc:
        if engine.is_engine_error(exc):
            error = engine.error_info(exc)
            fresh = list(getattr(exc, "events", None) or [])
        elif isinstance(exc, (KeyError, TypeError, ValueError, AttributeError, IndexError)):
            # A stored log so damaged that no record can be read from it.
            error = {"code": "unreadable_log", "message": repr(exc), "rule": None,
                     "input": None}
            fresh = []
        else:
            raise
    if not finished and len(fresh) >= len(played):
        fresh = fresh[: len(played)]  # what the adjudicator did past a live game's head
        error = None
    divergence = None
    for seq, stored in enumerate(played):
        adjudicated = fresh[seq] if seq < len(fresh) else None
        if adjudicated != stored:
            note = engine.key_order_note(engine_version, stored, adjudicated, game=game)
            divergence = {"seq": seq, "stored": stored, "adjudicated": adjudicated,
                          "note": note}
            break
    if divergence is None and len(fresh) > len(played):
        divergence = {"seq": len(played), "stored": None, "adjudicated": fresh[len(played)],
                      "note": None}
    if divergence is None and error is None:
        return {"ok": True, "engine_version": engine_version, "first_divergence": None,
                "error": None}
    return ((divergence and engine.stored_folds_report(
                played, seed=seed, engine_version=engine_version, game=game,
                stored=divergence["stored"], derived=divergence["adjudicated"]))
            or {"ok": False, "engine_version": engine_version,
                "first_divergence": divergence, "error": error})


def deals_check(*, events: list[Event], seed: str | None, finished: bool,
                game: str = engine.DEFAULT_GAME) -> dict[str, Any]:
    """Every chance outcome of a log (each year's deal, each random trump) against the
    seed that should give it — the evidence bundle's ``deals`` check
    (``engine.chance_mismatch``): ``{ok, checked, first_bad_seq, message}``.

    ``seed``: the revealed seed of a finished game, or the server-side secret of a live
    one (it never appears in the result). ``checked`` is False when no seed is known (a
    record imported without one states its deals itself). ``message`` names the event,
    its year and seq, never a card; for a finished game a log that does not fold adds
    the engine's own words. A game whose engine is not available here is not checked
    (``checked`` False; the re-adjudication reports ``engine_unavailable``), nor is a
    game that offers no chance checks (``checked`` False, ``message`` says so)."""
    if seed is None:
        return {"ok": True, "checked": False, "first_bad_seq": None, "message": None}
    try:
        bad = engine.chance_mismatch(events, seed, game=game)
    except (engine.EngineUnavailable, engine.NotSupported) as exc:
        return {"ok": True, "checked": False, "first_bad_seq": None, "message": str(exc)}
    if bad is None:
        return {"ok": True, "checked": True, "first_bad_seq": None, "message": None}
    message = engine.mismatch_message(bad)
    if finished and bad.get("error"):
        message = f"{message}: {bad['error']}"
    return {"ok": False, "checked": True, "first_bad_seq": bad["seq"], "message": message}


def _first_failure(chain_report: dict[str, Any], deals: dict[str, Any],
                   adjudication: dict[str, Any]) -> dict[str, Any] | None:
    """The verdict's reason, ``{check, seq, message}``: the first failing check in the
    order chain → deals → adjudication (a broken chain makes the rest moot; a deal the
    seed does not give is the root of any divergence after it)."""
    if not chain_report["ok"]:
        seq = chain_report["first_bad_seq"]
        return {"check": "chain", "seq": seq,
                "message": f"the hash chain breaks at seq {seq} ({chain_report['reason']})"}
    if not deals["ok"]:
        return {"check": "deals", "seq": deals["first_bad_seq"], "message": deals["message"]}
    if adjudication["ok"]:
        return None
    divergence = adjudication.get("first_divergence")
    if divergence:
        seq = divergence["seq"]
        message = f"seq {seq} is not what the engine derives from the inputs"
        note = divergence.get("note")
        if note:  # engine 0.1.0's key order (docs/verify.md "Key order"): still a failure
            return {"check": "adjudication", "seq": seq, "message": f"{message}: {note}",
                    "note": note}
        return {"check": "adjudication", "seq": seq, "message": message}
    error = adjudication.get("error") or {}
    if error.get("code") == "engine_unavailable":  # not the game's fault: no tampering
        return {"check": "engine_version", "seq": None, "message": error.get("message")}
    return {"check": "adjudication", "seq": None,
            "message": f"the inputs do not re-adjudicate ({error.get('code')})"}


def game_verify(*, game: Game) -> dict[str, Any]:
    """Chain check, every deal against the seed, and re-adjudication with the pinned
    engine version: ``{game, ok, head_seq, head_hash, failure, chain, deals,
    adjudication}``. ``failure`` is None or ``{check: "chain"|"deals"|"adjudication",
    seq, message}`` (see ``_first_failure``). The deals are checked against the revealed
    seed, or a live game's server-side secret; nothing in the report shows that secret
    or a card the caller may not see (a live game's divergence says where, not what)."""
    chain_report = chain_check(game=game)
    finished = game.status == GameStatus.FINISHED
    events = game_events(game=game)
    # the revealed seed ("" is one), else a live game's secret ("" there: none kept)
    seed = game.seed_revealed if game.seed_revealed is not None else game.seed_secret or None
    deals = deals_check(events=events, seed=seed, finished=finished, game=game.game)
    adjudication = readjudicate(events, engine_version=game.engine_version,
                                seed=game.seed_secret or None, finished=finished,
                                game=game.game)
    divergence = adjudication.get("first_divergence")
    if divergence and not finished:
        # A live game's events may hold hidden cards: report where, not what.
        for key in ("stored", "adjudicated"):
            event = divergence[key]
            divergence[key] = None if event is None else {"type": event.get("type")}
    error = adjudication.get("error")
    if error and not finished and error.get("code") != "engine_unavailable":
        # the engine's message and input may name a hidden card: the code and clause only
        adjudication["error"] = {k: error.get(k) for k in ("code", "rule")}
    return {
        "game": str(game.pk),
        "ok": bool(chain_report["ok"] and deals["ok"] and adjudication["ok"]),
        "head_seq": game.head_seq,
        "head_hash": head_hash_public(game=game),
        "failure": _first_failure(chain_report, deals, adjudication),
        "chain": chain_report,
        "deals": deals,
        "adjudication": adjudication,
    }


# -- live play ------------------------------------------------------------------------


def seat_of_user(*, game: Game, user: Any) -> int | None:
    """The seat a signed-in account holds in ``game`` (``GameSeat.user``), or None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return (GameSeat.objects.filter(game=game, user=user).order_by("index")
            .values_list("index", flat=True).first())


def game_legal(*, game: Game, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may do at the head of the log (``engine.legal_for``), with the head
    it was computed at: ``{game, head_seq, finished, seat, kind, to_move, yours,
    options, inputs}``. Submit with ``expected_seq = head_seq``."""
    events = game_events(game=game)
    legal = engine.legal_for(events, seat, game=game.game)
    return {"game": str(game.pk), "head_seq": len(events),
            "finished": game.status == GameStatus.FINISHED, "seat": seat, **legal}


def game_live_state(*, game: Game, viewer: int | None) -> dict[str, Any]:
    """The current position as ``viewer`` may see it, plus what that seat may do:
    ``{game, head_seq, head_hash, finished, viewer, seats, state, legal}`` (``state`` is
    ``seat_view`` / ``spectator_view`` — everything once finished; ``legal`` as
    ``game_legal``). The play page renders this and nothing else."""
    events = game_events(game=game)
    finished = game.status == GameStatus.FINISHED
    state = engine.position(events, game=game.game) if events else None
    legal = engine.legal_for(events, viewer, game=game.game)
    return {"game": str(game.pk), "head_seq": len(events),
            "head_hash": head_hash_public(game=game),
            "finished": finished, "viewer": viewer, "seats": list(game.seats),
            "state": (engine.view(state, viewer, finished=finished, game=game.game)
                      if state else None),
            "legal": legal}
