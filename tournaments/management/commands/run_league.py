"""``manage.py run_league``: create and run a whole bot league through real Celery
worker processes, with a progress bar, then print the standings and the ladder."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone
from tqdm import tqdm

from tournaments import selectors, services
from tournaments.models import Table, TableStatus, Tournament, TournamentStatus


class Command(BaseCommand):
    help = ("Create a league of bots and play a tournament through Celery workers "
            "(started here unless --no-worker), then print standings and ladder.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--preset", default="kolkhoz",
                            choices=["kolkhoz", "kolkhoznik", "zone"])
        parser.add_argument("--bots", type=int, default=8, help="number of bot players")
        parser.add_argument("--bot-kinds", default="random",
                            help="comma-separated bot names, assigned in turn (e.g. "
                                 "random,heuristic)")
        parser.add_argument("--format", default="swiss",
                            choices=["swiss", "round-robin", "series"])
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument("--seed", default="1",
                            help="the organiser's seed (selects the deals with the secret)")
        parser.add_argument("--secret", default=None,
                            help="a bot-only run's explicit seed secret, for a reproducible "
                                 "benchmark or demo (default: 128 random bits, revealed "
                                 "when the tournament ends; docs/shuffle.md)")
        parser.add_argument("--name", default=None, help="league name")
        parser.add_argument("--workers", type=int, default=1,
                            help="worker processes to start (prefork concurrency)")
        parser.add_argument("--no-worker", action="store_true",
                            help="use workers that are already running")
        parser.add_argument("--timeout", type=float, default=1800.0, help="seconds to wait")
        parser.add_argument("--json", action="store_true",
                            help="print standings and ladder as one JSON object")

    def handle(self, *args: Any, **o: Any) -> None:
        if o["bots"] < 4:
            raise CommandError("a league needs at least 4 bots")
        kinds = [k.strip() for k in o["bot_kinds"].split(",") if k.strip()]
        name = o["name"] or f"{o['preset'].capitalize()} league (seed {o['seed']})"
        league = services.league_create(
            name=name, slug=f"league-{int(time.time() * 1000)}", ruleset={"preset": o["preset"]})
        season = league.seasons.get()
        players = [services.player_bot_get_or_create(name=f"{kinds[i % len(kinds)]}-{i + 1}",
                                                     bot_name=kinds[i % len(kinds)])
                   for i in range(o["bots"])]
        t = services.tournament_create(season=season, name=f"{name} — {o['format']}",
                                       format=o["format"], rounds=o["rounds"], players=players,
                                       ruleset={"preset": o["preset"]}, seed=o["seed"],
                                       secret=o["secret"])
        worker = None if o["no_worker"] else self._start_worker(o["workers"])
        try:
            services.tournament_start(tournament=t)
            self._wait(t, o["timeout"], quiet=o["json"])
        finally:
            if worker is not None:
                self._stop_worker(worker)
        t.refresh_from_db()
        standings = selectors.tournament_standings(tournament=t)
        ladder = selectors.league_ladder(league=league)
        if o["json"]:
            self.stdout.write(json.dumps({
                "league": league.pk, "tournament": t.pk, "status": t.status,
                "standings": standings,
                "ladder": [{**r, "last_played_at": str(r["last_played_at"])} for r in ladder],
            }, default=str))
            return
        self.stdout.write(f"\n{t.name}: {t.status}\n\nStandings\n")
        self.stdout.write(f"{'#':>3} {'player':<16} {'pts':>6} {'cellar':>7} {'medals':>6} "
                          f"{'opp':>6}\n")
        for r in standings:
            self.stdout.write(f"{r['rank']:>3} {r['player']:<16} {r['points']:>6.2f} "
                              f"{r['cellar']:>7} {r['medals']:>6} {r['opponents_points']:>6.2f}\n")
        self.stdout.write("\nLadder (openskill Plackett–Luce; ordinal = mu − 3σ)\n")
        for r in ladder:
            flag = " (provisional)" if r["provisional"] else ""
            self.stdout.write(f"{r['rank']:>3} {r['player']:<16} {r['ordinal']:>7.2f} "
                              f"mu {r['mu']:.2f} σ {r['sigma']:.2f}{flag}\n")
        self.stdout.write(f"\nTournament id {t.pk}, league id {league.pk}\n")

    def _start_worker(self, n: int) -> subprocess.Popen[bytes]:
        cmd = [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=WARNING",
               f"--concurrency={n}", "--pool=prefork", "--without-gossip", "--without-mingle",
               f"--hostname=run_league-{os.getpid()}@%h"]
        env = dict(os.environ)
        env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        return subprocess.Popen(cmd, env=env, cwd=str(settings.BASE_DIR),
                                start_new_session=True)

    def _stop_worker(self, proc: subprocess.Popen[bytes]) -> None:
        try:
            proc.terminate()  # warm shutdown: the main process stops its pool children
            proc.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def _wait(self, t: Tournament, timeout: float, quiet: bool) -> None:
        per_round = max(1, -(-t.entries.filter(house=False).count() // 4))
        if t.fill_policy == "bye":
            per_round = max(1, t.entries.filter(house=False).count() // 4)
        total = per_round * t.rounds
        bar = tqdm(total=total, unit="table", desc="tables", file=sys.stderr,
                   disable=None if not quiet else True)
        deadline = time.monotonic() + timeout
        done = 0
        while True:
            t.refresh_from_db()
            now_done = Table.objects.filter(round__tournament=t,
                                            status=TableStatus.FINISHED).count()
            if now_done > done:
                bar.update(now_done - done)
                done = now_done
            if t.status == TournamentStatus.FINISHED:
                break
            if time.monotonic() > deadline:
                bar.close()
                raise CommandError(f"the league did not finish in {timeout:.0f}s "
                                   f"({done}/{total} tables at {timezone.now():%H:%M:%S}); "
                                   "are workers running?")
            time.sleep(0.2)
        bar.close()
