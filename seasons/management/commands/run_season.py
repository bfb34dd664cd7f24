"""``manage.py run_season``: a league of bots played season after season in divisions
through real Celery worker processes (``run_league``'s, started here unless
``--no-worker``): each season opens by rating (the first) or from the previous season's
moves, its divisions' tournaments are played, and it closes with promotion and
relegation; then each season's divisions, final ranks and movements are printed."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.db import transaction
from tqdm import tqdm

from replays import engine
from seasons import selectors, services
from seasons.models import Division
from tournaments import games
from tournaments import services as league_services
from tournaments.bot_kinds import bot_kinds_check, player_name
from tournaments.errors import LeagueError
from tournaments.management.commands.run_league import Command as LeagueCommand
from tournaments.models import Season, Table, TableStatus, Tournament, TournamentStatus

ARROWS = {"promoted": "▲ promoted to", "relegated": "▼ relegated to", "stayed": "stays in",
          "withdrawn": "withdrawn", "joined": "joined"}


class Command(LeagueCommand):
    help = ("Create a league of bots and play --seasons seasons in divisions (promotion and "
            "relegation between them) through Celery workers, then print every season.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default=games.DEFAULT_GAME)
        parser.add_argument("--table-size", type=int, default=None)
        parser.add_argument("--preset", default=None, help="a preset of the game")
        parser.add_argument("--ruleset", default=None,
                            help='a ruleset as JSON (e.g. \'{"preset": "kolkhoz", "options": '
                                 '{"years": 1}}\'); overrides --preset')
        parser.add_argument("--bots", type=int, default=8)
        parser.add_argument("--bot-kinds", default="random",
                            help="comma-separated bot names, assigned in turn")
        split = parser.add_mutually_exclusive_group()
        split.add_argument("--divisions", type=int, default=None,
                           help="number of divisions (default 2)")
        split.add_argument("--division-size", type=int, default=None,
                           help="players per division instead: n // size divisions")
        parser.add_argument("--promote", type=int, default=1)
        parser.add_argument("--relegate", type=int, default=1)
        parser.add_argument("--seasons", type=int, default=2, help="seasons to play")
        parser.add_argument("--format", default="swiss",
                            choices=["swiss", "round-robin", "series"])
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument("--seed", default="1")
        parser.add_argument("--secret", default=None,
                            help="an explicit seed secret for a reproducible bot-only run")
        parser.add_argument("--name", default=None, help="league name")
        parser.add_argument("--workers", type=int, default=1)
        parser.add_argument("--no-worker", action="store_true",
                            help="use workers that are already running")
        parser.add_argument("--timeout", type=float, default=1800.0,
                            help="seconds to wait for each season")
        parser.add_argument("--json", action="store_true",
                            help="print the seasons as one JSON object")

    def handle(self, *args: Any, **o: Any) -> None:
        if o["seasons"] < 1:
            raise CommandError("--seasons must be at least 1")
        with transaction.atomic():  # a refused game, ruleset, bot or season stores nothing
            league, players, ruleset = self._call(self._setup, o=o)
            season: Season | None = self._call(
                services.season_open, league=league, players=players,
                divisions=None if o["division_size"] else o["divisions"] or 2,
                division_size=o["division_size"],
                promote=o["promote"], relegate=o["relegate"], format=o["format"],
                rounds=o["rounds"], ruleset=ruleset, table_size=o["table_size"],
                seed=o["seed"], secret=o["secret"])
        # the first season's tables are enqueued now that it is committed
        worker = None if o["no_worker"] else self._start_worker(o["workers"])
        played: list[Season] = []
        try:
            for i in range(o["seasons"]):
                assert season is not None
                self._wait_season(season, o["timeout"], quiet=o["json"])
                played.append(season)
                season = self._call(services.season_close, season=season,
                                    open_next=i < o["seasons"] - 1, secret=o["secret"])
        finally:
            if worker is not None:
                self._stop_worker(worker)
        summaries = [selectors.season_summary(
            plan=selectors.season_plan(league=league, number=s.number)) for s in played]
        if o["json"]:
            self.stdout.write(json.dumps({"league": league.pk, "seasons": summaries},
                                         default=str))
            return
        for s in summaries:
            self._print_season(s)
        self.stdout.write(f"League id {league.pk}: /leagues/{league.pk}/seasons/1/\n")

    def _call(self, service: Any, **kwargs: Any) -> Any:
        """``service(**kwargs)``; its refusal becomes the command's error."""
        try:
            return service(**kwargs)
        except LeagueError as e:
            raise CommandError(f"{e.code}: {e.message}") from e
        except Exception as e:
            if not engine.is_engine_error(e):
                raise
            raise CommandError(engine.error_info(e)["message"]) from e

    def _setup(self, o: dict[str, Any]) -> tuple[Any, list[Any], dict[str, Any]]:
        """The league, its bots and the ruleset (nothing stored for a refused game,
        ruleset or bot)."""
        game = games.game_check(o["game"])
        if o["ruleset"]:
            try:
                ruleset = json.loads(o["ruleset"])
            except ValueError as e:
                raise CommandError(f"--ruleset is not JSON: {e}") from e
            if not isinstance(ruleset, dict):
                raise CommandError("--ruleset must be a JSON object")
        else:
            ruleset = {"preset": o["preset"]} if o["preset"] else games.default_ruleset(game)
        ruleset = games.ruleset_check(game, ruleset)
        kinds = bot_kinds_check(game, o["bot_kinds"])
        name = o["name"] or f"Seasons of {engine.definition(None, game).name} (seed {o['seed']})"
        league = league_services.league_create(
            name=name, slug=f"seasons-{int(time.time() * 1000)}", ruleset=ruleset, game=game)
        players = [league_services.player_bot_get_or_create(
            name=player_name(kinds[i % len(kinds)], i + 1), bot_name=kinds[i % len(kinds)].name,
            settings=kinds[i % len(kinds)].settings, game=game) for i in range(o["bots"])]
        return league, players, ruleset

    def _wait_season(self, season: Season, timeout: float, quiet: bool) -> None:
        tournaments = [d.tournament for d in Division.objects.filter(season=season)
                       .select_related("tournament")]
        total = sum(self._tables_per_round(t) * t.rounds for t in tournaments)
        bar = tqdm(total=total, unit="table", desc=f"season {season.number}", file=sys.stderr,
                   disable=None if not quiet else True)
        deadline, done = time.monotonic() + timeout, 0
        while True:
            now_done = Table.objects.filter(round__tournament__in=tournaments,
                                            status=TableStatus.FINISHED).count()
            bar.update(max(0, now_done - done))
            done = max(done, now_done)
            if not Tournament.objects.filter(pk__in=[t.pk for t in tournaments]).exclude(
                    status=TournamentStatus.FINISHED).exists():
                break
            if time.monotonic() > deadline:
                bar.close()
                raise CommandError(f"season {season.number} did not finish in {timeout:.0f}s "
                                   f"({done}/{total} tables); are workers running?")
            time.sleep(0.2)
        bar.close()

    def _print_season(self, s: dict[str, Any]) -> None:
        self.stdout.write(f"\nSeason {s['number']} ({s['status']}): promote {s['promote']}, "
                          f"relegate {s['relegate']}\n")
        for d in s["divisions"]:
            self.stdout.write(f"  {d['name']} — {d['tournament']['name']}\n")
            for m in sorted(d["members"], key=lambda m: (m["rank"] or 0, m["seed"])):
                move = m["movement"] or {}
                words = ARROWS.get(move.get("reason", ""), "")
                target = (f" Division {move['to_division']}"
                          if move.get("to_division") and move.get("reason") != "withdrawn"
                          else "")
                self.stdout.write(f"    {m['rank'] or '-':>3} {m['player']:<16} "
                                  f"{m['points'] or 0:>6.2f}  {words}{target}\n")
