"""Which game definition runs a log (``replays.engine``, docs/seam.md): the game id
(``DEFAULT_GAME``: ``kolkhoz``), the engine version a stored log is pinned to (the
``engine_version`` of its opening event), and the game's own events of a stored log
(the platform's compensating events left out, ``replays.compensating``).

Shared by ``engine`` and its audit functions (``engine_audits``); the apps keep calling
``engine.X``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit import registry
from gamekit.seam import GameDefinition

from . import compensating

Event = dict[str, Any]
Viewer = int | None

DEFAULT_GAME = "kolkhoz"


def definition(version: str | None = None, game: str = DEFAULT_GAME) -> GameDefinition:
    """The definition of ``game`` at engine ``version`` (None: the current one). Raises
    ``EngineUnavailable`` for a version this installation does not run, ``UnknownGame``
    for an unknown id."""
    return registry.get(game, version)



def pinned(events: Sequence[Event], version: str | None = None,
           game: str = DEFAULT_GAME) -> GameDefinition:
    """The definition of a log: ``version`` if given, else its opening event's pin (if
    the log starts with it: ``seq`` 0), else the current one. Raises what
    ``definition`` raises (``EngineUnavailable``, ``UnknownGame``)."""
    first = events[0] if events else None
    if version is None and isinstance(first, dict) and first.get("seq") == 0:
        version = first.get("engine_version")
    return definition(version, game)


def own_events(events: Sequence[Event]) -> list[Event]:
    """The game's own events of a stored log, in order (the platform's compensating
    ones after the end left out)."""
    return compensating.split(events)[0]
