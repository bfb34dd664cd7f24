"""``manage.py verify_games``: verify every stored game (``selectors.game_verify``: chain,
deals against the seed, re-adjudication); one line per game, ``FAIL <id> {failure: {check,
seq}, ...}`` for a failure; non-zero exit on any failure. A game that re-derives only as
its live platform derived it (docs/verify.md "Key order") is ``ok`` and says so."""

import json

from django.core.management.base import BaseCommand, CommandError

from replays.models import Game
from replays.selectors import game_verify


class Command(BaseCommand):
    help = ("Check the hash chain, every deal against the seed, and re-adjudicate every "
            "stored game.")

    def handle(self, *args, **options):
        failed = 0
        total = 0
        folds = 0
        for game in Game.objects.order_by("created_at", "id").iterator():
            total += 1
            report = game_verify(game=game)
            if report["ok"]:
                how = ""
                if report["adjudication"].get("method") == "stored_folds":
                    folds += 1
                    how = "; re-derived as played live, docs/verify.md 'Key order'"
                self.stdout.write(f"ok   {game.pk} ({game.head_seq} events{how})")
            else:
                failed += 1
                failure = report["failure"]
                brief = {k: failure[k] for k in ("check", "seq", "note") if k in failure}
                detail = {"failure": brief,
                          "chain": report["chain"], "deals": report["deals"],
                          "adjudication": {k: v for k, v in report["adjudication"].items()
                                           if k != "first_divergence"}}
                divergence = report["adjudication"].get("first_divergence")
                if divergence:
                    detail["first_divergence_seq"] = divergence["seq"]
                self.stdout.write(f"FAIL {game.pk} {json.dumps(detail)}")
        self.stdout.write(f"{total - failed} of {total} games verified"
                          + (f" ({folds} re-derived as played live)" if folds else ""))
        if failed:
            raise CommandError(f"{failed} game(s) failed verification")
