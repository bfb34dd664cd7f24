"""``manage.py regress_games``: the regression check. Every stored finished game's
inputs are re-adjudicated with the INSTALLED engine (not the version it is pinned to)
and compared with its stored log. Exit 1 when any game's result (scores, medals,
places) would change — a rules change that alters old results must be a deliberate,
reviewed event. A game whose log changes but not its result (say, a new fact on an
event) is reported as ``log`` and fails only with ``--strict``.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from replays.audit import game_regress
from replays.models import Game, GameStatus


class Command(BaseCommand):
    help = "Re-adjudicate every finished game with the current engine; fail on a changed result."

    def add_arguments(self, parser):
        parser.add_argument("--strict", action="store_true",
                            help="also fail when a log changes but its result does not")

    def handle(self, *args, **options):
        changed = logs = total = 0
        for game in (Game.objects.filter(status=GameStatus.FINISHED)
                     .order_by("created_at", "id").iterator()):
            total += 1
            report = game_regress(game=game)
            if report["result_changed"]:
                changed += 1
                div = report.get("first_divergence") or {}
                self.stdout.write("RESULT " + json.dumps({
                    "game": report["game"], "pinned_engine": report["pinned_engine"],
                    "engine": report["engine"], "first_divergence_seq": div.get("seq"),
                    "scores": report["scores"], "places": report["places"],
                    "error": report["error"]}))
            elif not report["ok"]:
                logs += 1
                div = report.get("first_divergence") or {}
                self.stdout.write(f"log    {game.pk} first divergence at seq {div.get('seq')}")
        self.stdout.write(f"{total} finished games re-adjudicated with the current engine: "
                          f"{changed} result(s) changed, {logs} log(s) changed")
        if changed or (options["strict"] and logs):
            raise CommandError(f"{changed} game(s) would change result under the current "
                               f"engine" + (f", {logs} log(s) changed" if logs else ""))
