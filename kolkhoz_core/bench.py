"""The engine benchmark: complete random-bot games per second, and fold time.

Not a timed test: run ``python -m kolkhoz_core bench --games N`` and read the numbers.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any, TextIO

from .bots import get_bot
from .ruleset import build_ruleset
from .runner import play_game
from .state import fold


def run_bench(games: int, *, preset: str = "kolkhoz", progress: bool = True,
              err: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` complete games of ``preset`` (decide + evolve with legality checks
    and clause ids), then time folding one finished game's decoded events.

    Returns ``{"games", "games_per_s", "events_per_game", "fold_ms_per_game",
    "fold_events_per_s"}``."""
    err = err or sys.stderr
    ruleset = build_ruleset({"preset": preset})
    seats = ["A", "B", "C", "D"]
    bots = [get_bot("random") for _ in range(4)]
    n_events = 0
    last: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    step = max(1, games // 50)
    for i in range(games):
        last = play_game(ruleset, seats, bots, f"bench-{i}")
        n_events += len(last)
        if progress and (i + 1) % step == 0:
            done = (i + 1) / games
            bar = "#" * int(30 * done)
            err.write(f"\r[{bar:<30}] {i + 1}/{games} games")
            err.flush()
    elapsed = time.perf_counter() - t0
    if progress:
        err.write("\n")
    decoded = json.loads(json.dumps(last))
    reps = 200
    t1 = time.perf_counter()
    for _ in range(reps):
        fold(decoded)
    fold_s = (time.perf_counter() - t1) / reps
    return {
        "games": games,
        "games_per_s": round(games / elapsed, 1),
        "events_per_game": round(n_events / max(games, 1), 1),
        "fold_ms_per_game": round(fold_s * 1000, 3),
        "fold_events_per_s": round(len(decoded) / fold_s),
    }
