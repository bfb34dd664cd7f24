"""Which games this installation hosts (``gamekit.registry``; docs/seam.md): the catalog
that ``GET /api/catalog/`` serves, the check that a game id is registered, and the game a
record's ``format`` names. Built from the registry and the game definitions only — no
game is named here.
"""

from __future__ import annotations

from typing import Any

from gamekit import registry
from gamekit.seam import GameDefinition

from .errors import MalformedError


def game_require(game: Any) -> str:
    """``game`` if it is a registered game id; raises ``MalformedError``
    (``unknown_game``, 400) naming the registered ids otherwise."""
    ids = registry.ids()
    if not isinstance(game, str) or game not in ids:
        raise MalformedError(f"unknown game {game!r}: this installation hosts "
                             f"{', '.join(ids)}", code="unknown_game", games=ids)
    return game


def seats_require(game: str, count: int) -> None:
    """Refuse a table of ``count`` seats outside the registered game's seat range
    (``GameDefinition.seats = (min, max)``, what the catalog publishes): raises
    ``MalformedError`` (``bad_seats``, 400, with ``min`` and ``max``). The store checks
    it itself rather than trusting every game's ``start`` to refuse."""
    lo, hi = registry.get(game).seats
    if not lo <= count <= hi:
        size = str(lo) if lo == hi else f"{lo} to {hi}"
        raise MalformedError(f"a game of {game} has {size} seats, not {count}",
                             code="bad_seats", min=lo, max=hi)


def game_of_record(record: dict[str, Any]) -> str:
    """The id of the game whose record format ``record["format"]`` names (e.g.
    ``kolkhoz-record/1`` → ``kolkhoz``); raises ``MalformedError`` (``unknown_format``,
    400) listing the formats this installation reads."""
    fmt = record.get("format")
    by_format = {defn.record_format: defn.id for defn in registry.games()}
    if not isinstance(fmt, str) or fmt not in by_format:
        known = sorted(by_format)
        raise MalformedError(f"unknown record format {fmt!r}: this installation reads "
                             f"{', '.join(known)}", code="unknown_format", formats=known)
    return by_format[fmt]


def _entry(defn: GameDefinition) -> dict[str, Any]:
    """One game's catalog entry (its current definition)."""
    return {
        "id": defn.id,
        "name": defn.name,
        "seats": {"min": defn.seats[0], "max": defn.seats[1]},
        "record_format": defn.record_format,
        "engine_version": defn.engine_version,
        "rules_version": defn.rules_version,
        "engine_versions": registry.versions(defn.id),
        "presets": defn.presets(),
        "options": [{"name": o.name, "values": list(o.values), "default": o.default}
                    for o in defn.options()],
        "bots": list(defn.bot_names()),
    }


def catalog() -> list[dict[str, Any]]:
    """Every registered game, by id: ``{id, name, seats: {min, max}, record_format,
    engine_version, rules_version, engine_versions (every version this installation
    runs, current last), presets (name -> the options it sets), options ([{name,
    values, default}]), bots (names)}``. Cheap: definitions are loaded once and
    cached by the registry."""
    return [_entry(defn) for defn in registry.games()]
