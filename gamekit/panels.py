"""Fixed evaluation panels: the same seeded deals for every bot a game is measured with.

A *panel* is a versioned set of deal seeds — one fixed list per game and table size —
stored in the repository (``gamekit/panel-1.json`` for ``panel/1``). An evaluation
(``gamekit.evaluate``) plays the first ``n`` deals of the list once per seat rotation,
so two candidates measured on the same panel id and size met exactly the same deals in
exactly the same seats: their strength figures are comparable across bot versions (the
duplicate idea, docs/bots.md "The evaluation panel").

A list is never edited: a change of deals is a new panel id (``panel/2``), and
``tests/bots/test_panel.py`` pins every list's SHA-256 (``panel_digest``), so an
accidental edit fails a test.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["DEFAULT_PANEL", "PANEL_FILES", "PanelError", "panel_digest", "panel_info",
           "panel_seeds"]

#: The panel ``evaluate`` uses unless told otherwise.
DEFAULT_PANEL = "panel/1"
#: panel id -> its data file inside the gamekit package
PANEL_FILES = {"panel/1": "panel-1.json"}


class PanelError(ValueError):
    """A panel request that cannot be met: ``code`` (``unknown_panel``,
    ``no_panel_for_table``, ``panel_too_small``) and ``message``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@cache
def _load(panel_id: str) -> dict[str, Any]:
    try:
        name = PANEL_FILES[panel_id]
    except KeyError:
        raise PanelError("unknown_panel", f"unknown panel {panel_id!r} (panels: "
                         f"{', '.join(sorted(PANEL_FILES))})") from None
    doc: dict[str, Any] = json.loads(resources.files("gamekit").joinpath(name)
                                     .read_text(encoding="utf-8"))
    return doc


def panel_info(panel_id: str = DEFAULT_PANEL) -> dict[str, Any]:
    """``{"id", "deals", "tables": {game: [table sizes]}}``: what a panel holds
    (``deals``: the length of every list). Raises PanelError ``unknown_panel``."""
    doc = _load(panel_id)
    return {"id": doc["id"], "deals": doc["deals"],
            "tables": {g: sorted(int(k) for k in by_size)
                       for g, by_size in doc["seeds"].items()}}


def panel_seeds(game_id: str, seats: int, n: int | None = None,
                panel_id: str = DEFAULT_PANEL) -> list[str]:
    """The first ``n`` deal seeds (None: all) of ``panel_id`` for ``game_id`` at a
    ``seats``-seat table, in panel order — the same list for every candidate.

    Raises PanelError: ``unknown_panel``; ``no_panel_for_table`` when the panel holds
    no list for that game and size; ``panel_too_small`` when ``n`` is not 1 .. the
    list's length."""
    doc = _load(panel_id)
    seeds = doc["seeds"].get(game_id, {}).get(str(seats))
    if seeds is None:
        raise PanelError("no_panel_for_table", f"{panel_id} has no deals for {game_id} "
                         f"at {seats} seats")
    if n is None:
        return list(seeds)
    if type(n) is not int or not 1 <= n <= len(seeds):
        raise PanelError("panel_too_small", f"{panel_id} holds {len(seeds)} deals for "
                         f"{game_id} at {seats} seats: ask for 1 to {len(seeds)}, not {n}")
    return list(seeds[:n])


def panel_digest(game_id: str, seats: int, panel_id: str = DEFAULT_PANEL) -> str:
    """SHA-256 (hex) of the whole list of ``game_id`` at ``seats`` seats, its seeds
    joined by newlines: what pins a list against edits."""
    return hashlib.sha256("\n".join(panel_seeds(game_id, seats, None, panel_id))
                          .encode()).hexdigest()
