"""``manage.py regress_games``: the regression check. Every stored finished game's
inputs are re-adjudicated with the engine it is pinned to (the current engine or a
frozen release, ``kolkhoz_core.releases``) and compared with its stored log, so a
release that stopped reproducing its own games — or a game whose engine is not
available here — fails. ``--current`` re-adjudicates with the CURRENT engine instead:
what a rules change would do to history (a game pinned to an older release then shows
at least its ``game`` event's versions as a log change).

Exit 1 when any game's result (scores, medals, places) would change or its engine is
unavailable — a rules change that alters old results must come with a new engine
version. A game whose log changes but not its result (say, a new fact on an event) is
reported as ``log`` and fails only with ``--strict``. A game whose log its pinned release
re-derives only as its live platform derived it (docs/verify.md "Key order") is unchanged.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from replays.audit import game_regress
from replays.models import Game, GameStatus


class Command(BaseCommand):
    help = ("Re-adjudicate every finished game with its pinned engine (or the current one); "
            "fail on a changed result.")

    def add_arguments(self, parser):
        parser.add_argument("--strict", action="store_true",
                            help="also fail when a log changes but its result does not")
        parser.add_argument("--current", action="store_true",
                            help="use the current engine, not each game's pinned one")

    def handle(self, *args, **options):
        changed = logs = missing = total = folds = 0
        for game in (Game.objects.filter(status=GameStatus.FINISHED)
                     .order_by("created_at", "id").iterator()):
            total += 1
            report = game_regress(game=game, current=options["current"])
            error = report.get("error") or {}
            if error.get("code") == "engine_unavailable":
                missing += 1
                self.stdout.write(f"ENGINE {game.pk} {error['message']}")
            elif report["result_changed"]:
                changed += 1
                div = report.get("first_divergence") or {}
                self.stdout.write("RESULT " + json.dumps({
                    "game": report["game"], "pinned_engine": report["pinned_engine"],
                    "engine": report["engine"], "first_divergence_seq": div.get("seq"),
                    "scores": report["scores"], "places": report["places"],
                    "error": report["error"]}))
            elif report.get("method") == "stored_folds":
                folds += 1
            elif not report["ok"]:
                logs += 1
                div = report.get("first_divergence") or {}
                self.stdout.write(f"log    {game.pk} first divergence at seq {div.get('seq')}")
        which = "the current engine" if options["current"] else "their pinned engines"
        self.stdout.write(f"{total} finished games re-adjudicated with {which}: "
                          f"{changed} result(s) changed, {logs} log(s) changed"
                          + (f", {missing} engine(s) unavailable" if missing else "")
                          + (f" ({folds} re-derived as played live, docs/verify.md "
                             "'Key order')" if folds else ""))
        if changed or missing or (options["strict"] and logs):
            raise CommandError(f"{changed} game(s) would change result"
                               + (f", {missing} game(s) pinned to an unavailable engine"
                                  if missing else "")
                               + (f", {logs} log(s) changed" if logs else ""))
