"""The engine benchmark every game shares: complete bot games per second (each game's
own ``play_game``: decide + apply with every legality check and clause id), events per
second, and the fold time of one finished game.

**Fold** means what the platform does with a stored game: the events of the last game
played, decoded from JSON (as the store hands them back), applied in order to a fresh
state by the game's ``fold`` — timed over ``fold_reps`` repetitions and reported per
game (``fold_ms_per_game``) and per event (``fold_events_per_s``).

Not a timed test: each game's ``bench`` calls ``run_bench`` and returns the figures to
read; ``python -m <game>_core bench`` prints them as one JSON line.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TextIO

try:  # peak resident memory is a POSIX measurement; elsewhere it is left out
    import resource
except ImportError:  # pragma: no cover - not POSIX
    resource = None  # type: ignore[assignment]

Event = Mapping[str, Any]

FOLD_REPS = 200


def peak_rss_mb() -> float | None:
    """This process's peak resident set size in MiB (None where unknown)."""
    if resource is None:
        return None
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return round(kb / 1024, 1)


def time_fold(fold: Callable[[Iterable[Any]], Any], events: Sequence[Event],
              reps: int = FOLD_REPS) -> dict[str, Any]:
    """Time ``fold`` over ``events`` decoded from their JSON (``reps`` folds, ≥ 1).

    Returns ``{"fold_events", "fold_ms_per_game", "fold_events_per_s"}`` (milliseconds
    per fold of the whole game; events per second). Raises ValueError for an empty log
    or ``reps`` < 1."""
    if not events or reps < 1:
        raise ValueError("time_fold needs a non-empty log and reps >= 1")
    decoded = json.loads(json.dumps(list(events)))
    t0 = time.perf_counter()
    for _ in range(reps):
        fold(decoded)
    per_fold = (time.perf_counter() - t0) / reps
    return {
        "fold_events": len(decoded),
        "fold_ms_per_game": round(per_fold * 1000, 3),
        "fold_events_per_s": round(len(decoded) / per_fold),
    }


def run_bench(play: Callable[[int], Sequence[Event]], games: int,
              fold: Callable[[Iterable[Any]], Any], *,
              on_game: Callable[[Sequence[Event]], None] | None = None,
              progress: TextIO | None = None, fold_reps: int = FOLD_REPS) -> dict[str, Any]:
    """Play ``games`` complete games (``play(i)``: game ``i``'s whole log), then time
    ``fold`` over the last one (``time_fold``). ``on_game`` sees every log (for a game's
    own counts, e.g. rounds); ``progress``, when given, gets a progress bar.

    Returns ``{"games", "events", "seconds", "games_per_s", "cpu_seconds",
    "games_per_cpu_s", "events_per_s", "events_per_game", "fold_events",
    "fold_ms_per_game", "fold_events_per_s", "peak_rss_mb"}`` (``seconds`` wall time;
    ``cpu_seconds`` this process's CPU time over the same games — on a shared machine
    ``games_per_cpu_s`` is the closer reading of one core's speed). Raises ValueError
    for ``games`` < 1 (or not an int)."""
    if type(games) is not int or games < 1:
        raise ValueError("games must be a positive integer")
    events = 0
    log: Sequence[Event] = []
    step = max(1, games // 50)
    t0 = time.perf_counter()
    c0 = time.process_time()
    for i in range(games):
        log = play(i)
        events += len(log)
        if on_game is not None:
            on_game(log)
        if progress is not None and (i + 1) % step == 0:
            bar = "#" * int(30 * (i + 1) / games)
            progress.write(f"\r[{bar:<30}] {i + 1}/{games} games")
            progress.flush()
    seconds = time.perf_counter() - t0
    cpu_seconds = time.process_time() - c0
    if progress is not None:
        progress.write("\n")
    return {
        "games": games, "events": events, "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 2),
        "cpu_seconds": round(cpu_seconds, 3),
        "games_per_cpu_s": round(games / cpu_seconds, 2) if cpu_seconds > 0 else None,
        "events_per_s": round(events / seconds),
        "events_per_game": round(events / games, 1),
        **time_fold(fold, log, fold_reps),
        "peak_rss_mb": peak_rss_mb(),
    }
