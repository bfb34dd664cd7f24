"""The engine benchmark: complete random-bot games per second, and fold time
(``gamekit.bench``: the shared harness every game's ``bench`` uses).

Not a timed test: run ``python -m kolkhoz_core bench --games N`` and read the numbers.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

from gamekit.bench import run_bench as _run_bench

from .bots import get_bot
from .ruleset import build_ruleset
from .runner import play_game
from .state import fold


def run_bench(games: int, *, preset: str = "kolkhoz", progress: bool = True,
              err: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` complete games of ``preset`` with four random bots, seeds
    ``bench-{i}`` (decide + apply with legality checks and clause ids), then time
    folding the last game's decoded events (``gamekit.bench.time_fold``).

    Returns ``gamekit.bench.run_bench``'s figures (games/s wall and CPU, events/s,
    fold ms per game, peak RSS). Raises ValueError for ``games`` < 1."""
    ruleset = build_ruleset({"preset": preset})
    seats = ["A", "B", "C", "D"]
    bots = [get_bot("random") for _ in range(4)]
    return _run_bench(lambda i: play_game(ruleset, seats, bots, f"bench-{i}"), games, fold,
                      progress=(err or sys.stderr) if progress else None)
