"""The replay API: one view per operation, small input/output serializers, one module per
resource — ``catalog`` (the registered games), ``games`` (the store: list, create,
import, inputs, record, verify),
``replay`` (events and frames), ``audits`` (explain, what-if, evidence), ``play``
(people at the table: commands, legal inputs, state, seat tokens) and ``stream`` (the
live stream, under WSGI and ASGI); what they
share is in ``common``. Every view, ``ERROR_SCHEMA`` / ``GameOutputSerializer`` and
``game_for`` (a game as a request may read it: sealed games only for their seats) are
re-exported here (``replays.urls``, ``tournaments`` and ``disputes`` use them).

Errors are raised as ``replays.errors`` and rendered by
``config.exception_handler``. A request's viewer is its seat if it carries this
game's seat token (``Authorization: Bearer …``), else a spectator.
"""

from .audits import GameEvidenceApi, GameExplainApi, GameWhatIfApi
from .catalog import CatalogApi
from .common import (
    ERROR_SCHEMA,
    CreatedGameSerializer,
    GameOutputSerializer,
    SeatViewMixin,
    game_for,
)
from .games import (
    GameDetailApi,
    GameImportApi,
    GameInputApi,
    GameListApi,
    GameRecordApi,
    GameVerifyApi,
)
from .play import (
    GameCommandApi,
    GameLegalApi,
    GameSeatTokenApi,
    GameStateApi,
)
from .replay import GameEventsApi, GameFramesApi
from .stream import GameStreamApi, SSERenderer

__all__ = [
    "CatalogApi", "ERROR_SCHEMA", "CreatedGameSerializer", "GameOutputSerializer", "SeatViewMixin",
    "SSERenderer", "GameListApi", "GameDetailApi", "GameImportApi", "GameInputApi",
    "GameRecordApi", "GameVerifyApi", "GameEventsApi", "GameFramesApi", "GameExplainApi",
    "GameWhatIfApi", "GameEvidenceApi", "GameCommandApi", "GameLegalApi", "GameStateApi",
    "GameStreamApi", "GameSeatTokenApi", "game_for",
]
