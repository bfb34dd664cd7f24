"""``manage.py export_record GAME_ID``: print a finished game's kolkhoz-record/1 document."""

import json

from django.core.management.base import BaseCommand, CommandError

from replays.errors import ApplicationError
from replays.selectors import game_get, game_record


class Command(BaseCommand):
    help = "Print a finished game as a kolkhoz-record/1 document (JSON)."

    def add_arguments(self, parser):
        parser.add_argument("game_id")

    def handle(self, *args, **options):
        try:
            record = game_record(game=game_get(game_id=options["game_id"]))
        except ApplicationError as exc:
            raise CommandError(f"{exc.code}: {exc.message}") from exc
        self.stdout.write(json.dumps(record, indent=1, ensure_ascii=False))
