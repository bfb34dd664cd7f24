"""``manage.py seed_demo``: store a handful of bot games (one per preset and seed)."""

from django.core.management.base import BaseCommand

from replays import engine
from replays.models import Game
from replays.services import game_create

SEATS = ["Anya", "Boris", "Pyotr", "Vera"]


class Command(BaseCommand):
    help = "Play and store a handful of seeded bot games (idempotent by count)."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=6)

    def handle(self, *args, **options):
        wanted = options["games"]
        have = Game.objects.count()
        presets = list(engine.definition().presets())  # the game's own presets, in order
        for i in range(have, wanted):
            preset = presets[i % len(presets)]
            seed = f"demo-{i}"
            events = engine.play_bot_game(preset=preset, seats=SEATS, seed=seed)
            created = game_create(events=events, seed=seed)
            self.stdout.write(f"stored {created.game.pk}: {preset}, seed {seed}, "
                              f"{len(events)} events")
        self.stdout.write(f"{Game.objects.count()} games stored")
