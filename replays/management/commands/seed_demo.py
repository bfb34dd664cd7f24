"""``manage.py seed_demo``: store finished bot games of every registered game and preset.

For each game of the registry (``gamekit.registry``: Kolkhoz, Gong Zhu, Korova, Arne…)
and each preset its definition lists, ``--games N`` finished games (default 1) played by
random bots from the seeds ``demo-<game>-<preset>-<n>``, four seats (Anya, Boris, Pyotr,
Vera) or the nearest count the game's seat range allows. Idempotent: a game already
stored under the same game, preset and seed is left alone, so a second run stores
nothing. Every game stored is verified (chain, deals, re-adjudication: docs/verify.md)
before the command says so; a failed check is an error (exit 1).

Output: one line per game (``stored`` or ``already stored``, with its id, its events and
its replay's address), then a summary line ``N stored, M already stored``.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from gamekit import registry
from replays import engine
from replays.models import Game, GameStatus
from replays.selectors import game_verify
from replays.services import game_create

NAMES = ["Anya", "Boris", "Pyotr", "Vera", "Galina", "Dmitri", "Olga", "Ivan", "Nina", "Lev"]
SEATS = 4  # a table of four wherever the game's seat range holds it


def demo_seed(game: str, preset: str, n: int) -> str:
    """The seed of the ``n``-th (from 1) demo game of ``game`` under ``preset``."""
    return f"demo-{game}-{preset}-{n}"


def demo_plan(games_per_preset: int = 1) -> list[tuple[str, str, str]]:
    """Every ``(game id, preset, seed)`` the demo stores, in the registry's order."""
    return [(defn.id, preset, demo_seed(defn.id, preset, n))
            for defn in registry.games() for preset in defn.presets()
            for n in range(1, games_per_preset + 1)]


def seat_names(game: str) -> list[str]:
    """The demo's seat names for ``game``: four, or the nearest its range allows."""
    low, high = engine.definition(None, game).seats
    return NAMES[:min(max(SEATS, low), high)]


class Command(BaseCommand):
    help = ("Store finished, verified bot games: --games per preset of every registered "
            "game (idempotent: games already stored under the same seed are kept).")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=1,
                            help="finished games per game and preset (default 1)")

    def handle(self, *args: Any, **options: Any) -> None:
        wanted = options["games"]
        if wanted < 0:
            raise CommandError("--games must be 0 or more")
        stored = kept = 0
        for game, preset, seed in demo_plan(wanted):
            name = engine.definition(None, game).name
            have = (Game.objects.filter(game=game, preset=preset, seed_secret=seed,
                                        status=GameStatus.FINISHED)
                    .values_list("pk", "head_seq").first())
            if have is not None:
                kept += 1
                self.stdout.write(f"already stored {have[0]}: {name}, preset {preset}, "
                                  f"seed {seed}, {have[1]} events")
                continue
            events = engine.play_bot_game(preset=preset, seats=seat_names(game), seed=seed,
                                          game=game)
            row = game_create(events=events, seed=seed, game=game).game
            report = game_verify(game=row)
            if row.status != GameStatus.FINISHED or not report["ok"]:
                raise CommandError(f"{name} {preset} (seed {seed}) did not store as a "
                                   f"finished, verified game: {report['failure']}")
            stored += 1
            self.stdout.write(f"stored {row.pk}: {name}, preset {preset}, seed {seed}, "
                              f"{len(events)} events, verified — /games/{row.pk}/")
        self.stdout.write(f"{stored} stored, {kept} already stored "
                          f"({wanted} per preset of {len(registry.ids())} games)")
