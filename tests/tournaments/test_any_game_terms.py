"""Every built-in game names its standings figures in a way the standings can hold: its
``score_name`` and tie-break names build ``tournaments.scoring.Terms`` under each of its
presets — a name the standings already use (``points``, ``rank``, …) is refused there,
and before this test Arne's ``points`` made every Arne standings read raise.
"""

from __future__ import annotations

import pytest

from gamekit import registry
from tournaments import games
from tournaments.scoring import RESERVED_COLUMNS


@pytest.mark.parametrize("game", sorted(registry.BUILTIN))
def test_the_standings_can_name_each_games_figures(game: str) -> None:
    defn = registry.get(game)
    for preset in [None, *defn.presets()]:
        terms = games.terms(game, {"preset": preset} if preset else None)
        assert terms.score_name == defn.score_name
        assert not RESERVED_COLUMNS & {terms.score_name, *terms.tiebreaks}
