"""``manage.py run_league``: create and run a whole bot league of one registered game
(``--game``, default ``kolkhoz``; ``--table-size`` from the game's seat range; plain or
``--duplicate``, docs/duplicate.md) through real Celery worker processes, with a progress
bar, then print the standings (with matchpoints when duplicate) and the ladder."""

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

from gamekit.bots import identity_label
from replays import engine
from tournaments import duplicate_rounds, games, pairing, selectors, services
from tournaments.bot_kinds import bot_kinds_check, player_name
from tournaments.errors import LeagueError
from tournaments.models import Format, Table, TableStatus, Tournament, TournamentStatus


class Command(BaseCommand):
    help = ("Create a league of bots and play a tournament through Celery workers "
            "(started here unless --no-worker), then print standings and ladder.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default=games.DEFAULT_GAME,
                            help="a registered game id (GET /api/catalog/; default kolkhoz)")
        parser.add_argument("--table-size", type=int, default=None,
                            help="seats at a full table: the game's fixed size, or one from "
                                 "its seat range (default 4 if the range holds it, else its "
                                 "maximum)")
        parser.add_argument("--preset", default=None,
                            help="a preset of the game (default its first: kolkhoz for "
                                 "Kolkhoz; also kolkhoznik, zone)")
        parser.add_argument("--bots", type=int, default=8, help="number of bot players")
        parser.add_argument("--bot-kinds", default="random",
                            help="comma-separated bots, assigned in turn, each "
                                 "NAME[:SETTING=VALUE]... (e.g. random,heuristic,"
                                 "ismcts:iterations=300); a player is named by its bot's "
                                 "name, version and settings (heuristic-v1-2), so versions "
                                 "are rated apart")
        parser.add_argument("--format", default="swiss",
                            choices=["swiss", "round-robin", "series"])
        parser.add_argument("--duplicate", action="store_true",
                            help="duplicate play: every table of a round is dealt the same "
                                 "cards, seats spread, matchpoints beside the points "
                                 "(docs/duplicate.md)")
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
        try:
            t, league = self._create(o)
        except LeagueError as e:
            raise CommandError(f"{e.code}: {e.message}") from e
        except Exception as e:
            if not engine.is_engine_error(e):
                raise
            raise CommandError(engine.error_info(e)["message"]) from e
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
        terms = games.terms(t.game, t.ruleset)  # the game's score (Kolkhoz: cellar), its tie-breaks
        figures = [(terms.score_name, 7), *((name, 6) for name in terms.tiebreaks)]
        self.stdout.write(f"\n{t.name}: {t.status}\n\nStandings\n")
        dup = t.duplicate  # matchpoints and their percentage beside the points
        self.stdout.write(f"{'#':>3} {'player':<16} {'pts':>6} "
                          + (f"{'mp':>6} {'mp%':>6} " if dup else "")
                          + "".join(f"{f:>{w}} " for f, w in figures) + f"{'opp':>6}\n")
        for r in standings:
            cells = [(r["tiebreaks"].get(f, r.get(f, 0)) if i else r["score"], w)
                     for i, (f, w) in enumerate(figures)]
            pct = "—" if r.get("matchpoint_pct") is None else f"{r['matchpoint_pct']:.1f}"
            self.stdout.write(f"{r['rank']:>3} {r['player']:<16} {r['points']:>6.2f} "
                              + (f"{r['matchpoints']:>6g} {pct:>6} " if dup else "")
                              + "".join(f"{c!s:>{w}} " for c, w in cells)
                              + f"{r['opponents_points']:>6.2f}\n")
        self.stdout.write("\nLadder (openskill Plackett–Luce; ordinal = mu − 3σ)\n")
        for r in ladder:
            flag = " (provisional)" if r["provisional"] else ""
            bot = f"  [{identity_label(r['bot'])}]" if r["bot"] else ""
            self.stdout.write(f"{r['rank']:>3} {r['player']:<16} {r['ordinal']:>7.2f} "
                              f"mu {r['mu']:.2f} σ {r['sigma']:.2f}{flag}{bot}\n")
        self.stdout.write(f"\nTournament id {t.pk}, league id {league.pk}\n")

    def _create(self, o: dict[str, Any]) -> tuple[Tournament, Any]:
        """The league, its bot players and the tournament the options describe (nothing
        is stored when the game, table size, preset or bots are refused)."""
        game = games.game_check(o["game"])
        size = games.table_size_check(game, o["table_size"])
        if o["bots"] < size:
            raise CommandError(f"a league of {game} at {size}-seat tables needs at least "
                               f"{size} bots")
        ruleset = {"preset": o["preset"]} if o["preset"] else games.default_ruleset(game)
        games.ruleset_check(game, ruleset)
        kinds = bot_kinds_check(game, o["bot_kinds"])
        label = str(ruleset.get("preset") or engine.definition(None, game).name)
        if game != engine.DEFAULT_GAME:  # name the game: "Gong Zhu standard league"
            label = f"{engine.definition(None, game).name} {label}"
        name = o["name"] or f"{label[:1].upper()}{label[1:]} league (seed {o['seed']})"
        league = services.league_create(
            name=name, slug=f"league-{int(time.time() * 1000)}", ruleset=ruleset, game=game)
        season = league.seasons.get()
        players = [services.player_bot_get_or_create(
            name=player_name(kinds[i % len(kinds)], i + 1), bot_name=kinds[i % len(kinds)].name,
            settings=kinds[i % len(kinds)].settings, game=game) for i in range(o["bots"])]
        t = services.tournament_create(season=season, name=f"{name} — {o['format']}",
                                       format=o["format"], rounds=o["rounds"], players=players,
                                       ruleset=ruleset, seed=o["seed"], secret=o["secret"],
                                       game=game, table_size=size, duplicate=o["duplicate"])
        return t, league

    def _start_worker(self, n: int) -> subprocess.Popen[bytes]:
        cmd = [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=WARNING",
               f"--concurrency={n}", "--pool=prefork", "--without-gossip", "--without-mingle",
               f"--hostname=run_league-{os.getpid()}@%h"]
        env = dict(os.environ)
        env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        # the worker's banner and log go to standard error: standard output is the
        # command's result (``--json``: one JSON object a caller parses)
        return subprocess.Popen(cmd, env=env, cwd=str(settings.BASE_DIR),
                                start_new_session=True, stdout=sys.stderr.fileno())

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
        total = self._tables_per_round(t) * t.rounds
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

    @staticmethod
    def _tables_per_round(t: Tournament) -> int:
        """Tables a round of ``t`` has (for the progress bar): smaller remainder tables
        when the game allows them, else byes or house bots by the fill policy; a
        duplicate round of one table is played as ``table_size`` boards."""
        n, size = t.entries.filter(house=False).count(), t.table_size
        if t.duplicate:
            k = duplicate_rounds.tables_per_round(format=t.format, n=n, size=size,
                                                  fill_policy=t.fill_policy)
            return size if k == 1 else k
        if t.format == Format.SERIES:
            return 1
        sizes = pairing.table_sizes(n, size, games.min_seats(t.game)) if n else None
        if sizes is not None:
            return len(sizes)
        return max(1, n // size if t.fill_policy == "bye" else -(-n // size))
