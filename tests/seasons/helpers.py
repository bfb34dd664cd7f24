"""Leagues, bots and whole seasons for the seasons tests: every game a real one-year
Kolkhoz game played by random bots in this process (``play_inline``, no broker)."""

from __future__ import annotations

import time
from typing import Any

from seasons.models import Division, DivisionMember
from tests.leagues.league_helpers import play_inline
from tournaments import services
from tournaments.models import League, Player, Season

ONE_YEAR = {"preset": "kolkhoz", "options": {"years": 1}}
#: a season's tournaments in the tests: two one-year Swiss rounds at one table each
FAST = {"format": "swiss", "rounds": 2}


def league(tag: str) -> League:
    return services.league_create(name=f"Season league {tag}",
                                  slug=f"season-{tag}-{time.time_ns()}", ruleset=ONE_YEAR)


def bots(tag: str, n: int, bot: str = "random") -> list[Player]:
    return [services.player_bot_get_or_create(name=f"{tag}-{i + 1}", bot_name=bot)
            for i in range(n)]


def play_season(season: Season) -> None:
    """Play every division's tournament of ``season`` to its end."""
    for division in Division.objects.filter(season=season).select_related("tournament"):
        play_inline(division.tournament)


def members(season: Season) -> list[list[str]]:
    """Each division's members (Division 1 first) in seed order."""
    out: dict[int, list[str]] = {}
    for m in (DivisionMember.objects.filter(season=season).select_related("division", "player")
              .order_by("division__number", "seed")):
        out.setdefault(m.division.number, []).append(m.player.name)
    return [out[k] for k in sorted(out)]


def final_order(rows: list[dict[str, Any]], seeds: dict[str, int]) -> list[str]:
    """A division's players in final order as the rules read it: the standings' rank,
    a shared rank broken by the seed (an oracle written from docs/seasons.md)."""
    return [r["player"] for r in sorted(rows, key=lambda r: (r["rank"], seeds[r["player"]]))]
