"""Who won: the names in first place of finished games, for the game list.

Read from the stored log's end event (every registered game's end event states its
``places``, seat order; ``GameDefinition.outcome`` is read from it), overridden by an
arbiter's latest ``result_adjusted`` and cleared by ``game_voided``
(``replays.compensating``). A game whose end event names no places falls back to the
game's own ``engine.outcome`` over its whole log.

A live game has no winner (``None``): nothing of a live game's log is read here, so
nothing hidden can leak through this field."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from uuid import UUID

from . import engine
from .models import Game, GameEvent, GameStatus

_COMPENSATING = ("result_adjusted", "game_voided")


def _end_type(game: str) -> str:
    try:
        return engine.end_type(game)
    except engine.UnknownGame:
        return engine.END_TYPE


def _first_places(places: Sequence[Any] | None, seats: Sequence[str]) -> list[str] | None:
    if not places or len(places) != len(seats):
        return None
    return [name for name, place in zip(seats, places, strict=True) if place == 1]


def _from_outcome(game: Game) -> list[Any] | None:
    """The places by the game's own engine over the whole log (the slow path)."""
    events = list(GameEvent.objects.filter(game=game).order_by("seq")
                  .values_list("payload", flat=True))
    try:
        result = engine.outcome(events, game=game.game)
    except (LookupError, engine.EngineUnavailable):
        return None
    return list(result.places) if result is not None else None


def winners(games: Iterable[Game]) -> dict[UUID, list[str] | None]:
    """``{game id: [names in first place] | None}`` for ``games``: None for a live or
    voided game (or one whose result cannot be read); several names for a shared first
    place. One query for every finished game given."""
    finished = {g.pk: g for g in games if g.status == GameStatus.FINISHED}
    out: dict[UUID, list[str] | None] = {g: None for g in finished}
    if not finished:
        return out
    types = {_end_type(g.game) for g in finished.values()} | set(_COMPENSATING)
    places: dict[UUID, list[Any] | None] = {}
    voided: set[UUID] = set()
    rows = (GameEvent.objects.filter(game_id__in=list(finished), type__in=types)
            .order_by("game_id", "seq").values_list("game_id", "type", "payload"))
    for game_id, type_, payload in rows:
        game = finished[game_id]
        if type_ == _end_type(game.game):
            places[game_id] = payload.get("places")
        elif type_ == "result_adjusted" and payload.get("places"):
            places[game_id] = payload["places"]
        elif type_ == "game_voided":
            voided.add(game_id)
    for game_id, game in finished.items():
        if game_id in voided:
            continue
        found = places.get(game_id)
        if found is None:
            found = _from_outcome(game)
        out[game_id] = _first_places(found, game.seats)
    return out
