"""``manage.py import_record FILE``: import a kolkhoz-record/1 file; prints the game id."""

import json

from django.core.management.base import BaseCommand, CommandError

from replays.errors import ApplicationError
from replays.services import game_import_record


class Command(BaseCommand):
    help = "Import a kolkhoz-record/1 document and print the new game's id."

    def add_arguments(self, parser):
        parser.add_argument("file", help="path to the record (JSON); '-' for stdin")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path == "-":
                import sys

                record = json.load(sys.stdin)
            else:
                with open(path, encoding="utf-8") as fh:
                    record = json.load(fh)
        except (OSError, json.JSONDecodeError) as exc:
            raise CommandError(f"cannot read {path}: {exc}") from exc
        try:
            created = game_import_record(record=record)
        except ApplicationError as exc:
            raise CommandError(json.dumps(
                {"error": {"code": exc.code, "message": exc.message, **exc.extra}})) from exc
        self.stdout.write(str(created.game.pk))
