"""``manage.py rebuild_ratings [--league ID]``: recompute ladders from the games."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments import services
from tournaments.models import League


class Command(BaseCommand):
    help = "Recompute every rating change and the ladder of each league from its games."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--league", type=int, default=None)

    def handle(self, *args: Any, **o: Any) -> None:
        leagues = League.objects.all()
        if o["league"] is not None:
            leagues = leagues.filter(pk=o["league"])
        for league in leagues:
            ladder = services.ratings_rebuild(league=league)
            self.stdout.write(f"{league.slug}: {len(ladder.changes)} rating changes, "
                              f"{len(ladder.entries)} players\n")
