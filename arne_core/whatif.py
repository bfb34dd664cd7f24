"""What-if (a record's inputs under another ruleset) and regression (this engine against
a stored log): ``gamekit.whatif`` with Arne's engine; results:
``{"illegal": {...}}``, ``{"divergence": {...}, "scores", "places"}`` or
``{"same": true}``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamekit import whatif as _w

from .errors import ArneError
from .record import adjudicate
from .ruleset import OPTIONS, PRESETS, build_ruleset

Event = dict[str, Any]


def whatif(record: Mapping[str, Any], *, options: Mapping[str, Any] | None = None,
           preset: str | None = None) -> dict[str, Any]:
    """Replay ``record``'s inputs under the original ruleset with ``options`` overriding
    (or under ``preset`` + ``options``). Raises ArneError (``malformed`` for a record
    that does not adjudicate, ``invalid_ruleset``)."""
    return _w.whatif(record, adjudicate=adjudicate, error=ArneError, options_table=OPTIONS,
                     presets=PRESETS, build_ruleset=build_ruleset, options=options,
                     preset=preset)


def regress(stored: Sequence[Event], record: Mapping[str, Any]) -> dict[str, Any]:
    """Re-adjudicate and compare with ``stored`` from seq 0."""
    return _w.regress(stored, record, adjudicate=adjudicate, error=ArneError)
