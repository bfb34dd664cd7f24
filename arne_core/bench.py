"""The engine benchmark: complete bot games per second (decide + apply with every
legality check and clause id, the seat views and legal inputs the bots are given).

Not a timed test: ``bench(games, seed, bot)`` returns the figures to read.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from .bots import get_bot
from .evaluate import resolve_ruleset, seat_names
from .ruleset import Ruleset
from .runner import play_game

try:  # peak resident memory is a POSIX measurement; elsewhere it is left out
    import resource
except ImportError:  # pragma: no cover - not POSIX
    resource = None  # type: ignore[assignment]


def peak_rss_mb() -> float | None:
    """This process's peak resident set size in MiB (None where unknown)."""
    if resource is None:
        return None
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return round(kb / 1024, 1)


def bench(games: int, seed: str = "bench", bot: str = "random",
          ruleset: Ruleset | Mapping[str, Any] | str | None = None,
          seats: int = 4) -> dict[str, Any]:
    """Play ``games`` complete games with ``bot`` in all ``seats`` seats (2–6; the
    dummy 2–5), seeds ``f"{seed}-{i}"``, under ``ruleset`` (None: ``normal``).

    Returns ``{"games", "bot", "seats", "ruleset", "events", "turns", "decisions",
    "seconds", "games_per_s", "events_per_s", "peak_rss_mb"}`` (``decisions``: the seats'
    inputs, chance left out; ``peak_rss_mb``: the process's peak RSS, None where
    unknown). Raises ValueError for ``games`` < 1, KeyError for an unknown bot, ArneError
    for a bad ruleset or seat count."""
    if type(games) is not int or games < 1:
        raise ValueError("games must be a positive integer")
    from .runner import DECISIONS

    rs = resolve_ruleset(ruleset)
    bots = [get_bot(bot) for _ in range(seats)]
    names = seat_names(seats)
    events = turns = decisions = 0
    t0 = time.perf_counter()
    for i in range(games):
        log = play_game(rs, names, bots, f"{seed}-{i}")
        events += len(log)
        turns += log[-1]["turns"]
        decisions += sum(1 for e in log if e["type"] in DECISIONS)
    seconds = time.perf_counter() - t0
    return {
        "games": games, "bot": bot, "seats": seats, "ruleset": rs.to_json(),
        "events": events, "turns": turns, "decisions": decisions,
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 2),
        "events_per_s": round(events / seconds),
        "peak_rss_mb": peak_rss_mb(),
    }
