"""The registry of games by id (and engine version): ``get``, ``games``, ``register``.

Built-in games are found lazily by module path (``BUILTIN``): the first ``get`` of a
built-in id imports its definition module, which offers

* ``versions() -> list[str]`` — every engine version it can run (the current last);
* ``definition(version: str | None) -> GameDefinition`` — the current one for None;
  ``LookupError`` for a version it does not run.

so gamekit never imports a game package statically. ``register`` adds a definition
(tests register a fake game with ``registered(...)``, which removes it again).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

from .seam import GameDefinition

#: game id -> the module holding its definition (imported on first use)
BUILTIN: dict[str, str] = {"kolkhoz": "kolkhoz_core.definition",
                           "gongzhu": "gongzhu_core.definition",
                           "korova": "korova_core.definition",
                           "arne": "arne_core.definition"}

# game id -> version -> definition, for games added with ``register``
_registered: dict[str, dict[str, GameDefinition]] = {}
# game id -> the version ``get(id)`` returns, for registered games
_current: dict[str, str] = {}
# (game id, version or None) -> a built-in definition already loaded
_cache: dict[tuple[str, str | None], GameDefinition] = {}


class UnknownGame(LookupError):
    """No game of this id is registered. ``game_id``; ``available``: the known ids."""

    def __init__(self, game_id: object) -> None:
        self.game_id = str(game_id)
        self.available = ids()
        super().__init__(f"unknown game {self.game_id!r} (games: {', '.join(self.available)})")


class EngineUnavailable(LookupError):
    """The game is known but no engine of this version is installed here: the game is
    not at fault (never reported as tampering). ``game_id``, ``version``,
    ``available`` (the versions that are)."""

    def __init__(self, game_id: str, version: object, available: list[str]) -> None:
        self.game_id = game_id
        self.version = str(version)
        self.available = list(available)
        super().__init__(f"engine version {self.version!r} is not available (have "
                         f"{', '.join(self.available)})")


def _module(game_id: str) -> ModuleType:
    return importlib.import_module(BUILTIN[game_id])


def ids() -> list[str]:
    """Every game id, sorted (built-in and registered)."""
    return sorted(set(BUILTIN) | set(_registered))


def versions(game_id: str) -> list[str]:
    """Every engine version of ``game_id`` this installation runs (current last).
    Raises UnknownGame."""
    if game_id in _registered:
        current = _current[game_id]
        return [v for v in _registered[game_id] if v != current] + [current]
    if game_id in BUILTIN:
        return list(_module(game_id).versions())
    raise UnknownGame(game_id)


def get(game_id: str, version: str | None = None) -> GameDefinition:
    """The definition of ``game_id`` at engine ``version`` (None: the current one).

    Raises UnknownGame for an unknown id, EngineUnavailable for a version this
    installation does not run."""
    if game_id in _registered:
        by_version = _registered[game_id]
        key = _current[game_id] if version is None else version
        if key not in by_version:
            raise EngineUnavailable(game_id, version, versions(game_id))
        return by_version[key]
    if game_id not in BUILTIN:
        raise UnknownGame(game_id)
    cached = _cache.get((game_id, version))
    if cached is not None:
        return cached
    try:
        defn: GameDefinition = _module(game_id).definition(version)
    except LookupError:
        raise EngineUnavailable(game_id, version, versions(game_id)) from None
    _cache[(game_id, version)] = defn
    return defn


def games() -> list[GameDefinition]:
    """The current definition of every game, by id."""
    return [get(game_id) for game_id in ids()]


def loaded() -> list[GameDefinition]:
    """Every definition in use so far (registered, or built-in and already loaded)."""
    out = [d for by_version in _registered.values() for d in by_version.values()]
    return out + [d for d in _cache.values() if d not in out]


def register(defn: GameDefinition, *, current: bool = True) -> None:
    """Add ``defn`` under ``(defn.id, defn.engine_version)``; ``current``: ``get(id)``
    returns it. A registered id hides a built-in one of the same id."""
    _registered.setdefault(defn.id, {})[defn.engine_version] = defn
    if current or defn.id not in _current:
        _current[defn.id] = defn.engine_version


def unregister(game_id: str) -> None:
    """Remove every registered definition of ``game_id`` (built-ins stay)."""
    _registered.pop(game_id, None)
    _current.pop(game_id, None)


@contextmanager
def registered(*defns: GameDefinition) -> Iterator[None]:
    """Register ``defns`` for the duration of a ``with`` block (tests), then remove
    them — restoring whatever was registered under their ids before."""
    saved = {d.id: (dict(_registered.get(d.id, {})), _current.get(d.id)) for d in defns}
    for d in defns:
        register(d)
    try:
        yield
    finally:
        for game_id, (by_version, cur) in saved.items():
            unregister(game_id)
            if cur is not None:
                _registered[game_id] = by_version
                _current[game_id] = cur
