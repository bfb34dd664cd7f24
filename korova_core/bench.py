"""The engine benchmark: complete bot games per second (decide + apply with every
legality check and clause id, the seat views and choices the bots are given), events
per second and the fold time of a finished game (``gamekit.bench``, shared by every game).

Not a timed test: ``bench(games, seed, bot)`` returns the figures to read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamekit.bench import peak_rss_mb, run_bench

from .bots import get_bot
from .evaluate import resolve_ruleset, seat_names
from .game import fold
from .ruleset import Ruleset
from .runner import play_game

__all__ = ["bench", "peak_rss_mb"]


def bench(games: int, seed: str = "bench", bot: str = "random",
          ruleset: Ruleset | Mapping[str, Any] | str | None = None,
          seats: int = 4) -> dict[str, Any]:
    """Play ``games`` complete games with ``bot`` in all ``seats`` seats (2–10; the
    tactical variant 2–4), seeds ``f"{seed}-{i}"``, under ``ruleset`` (None: ``base``,
    to 66), then time the fold of the last game's decoded events.

    Returns ``gamekit.bench.run_bench``'s figures (games/s wall and CPU, events/s,
    fold ms per game, peak RSS: None where unknown) with ``{"bot", "seats", "ruleset",
    "rounds"}``. Raises ValueError for ``games`` < 1, KeyError for an unknown bot,
    KorovaError for a bad ruleset or seat count."""
    if type(games) is not int or games < 1:
        raise ValueError("games must be a positive integer")
    rs = resolve_ruleset(ruleset)
    bots = [get_bot(bot) for _ in range(seats)]
    names = seat_names(seats)
    rounds = 0

    def count(log: Sequence[Any]) -> None:
        nonlocal rounds
        rounds += log[-1]["rounds"]

    r = run_bench(lambda i: play_game(rs, names, bots, f"{seed}-{i}"), games, fold,
                  on_game=count)
    return {"games": games, "bot": bot, "seats": seats, "ruleset": rs.to_json(),
            "rounds": rounds, **r}
