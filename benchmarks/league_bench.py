"""League throughput, end to end: complete games stored per second and events per second,
with N Celery worker processes on the configured database and broker.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kolkhoz_bench \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/12 \\
    .venv/bin/python benchmarks/league_bench.py --workers 2 --bots 160 --rounds 3

It migrates the database, creates a Swiss tournament of random bots, starts the workers,
times from the first round's scheduling to the tournament's end, and prints one JSON line.
Not a test: run it and read the numbers (README, benchmarks/RESULTS.md).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# a queue of its own, so no other worker on the same broker takes these tables
os.environ.setdefault("CELERY_TASK_DEFAULT_QUEUE", f"bench-league-{os.getpid()}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--workers", type=int, default=2, help="worker processes (1 child each)")
    p.add_argument("--bots", type=int, default=160)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--game", default="kolkhoz",
                   help="a registered game id: kolkhoz, gongzhu, korova, arne")
    p.add_argument("--preset", default=None, help="a preset of the game (default its own)")
    p.add_argument("--table-size", type=int, default=None,
                   help="seats per table (default the game's own)")
    args = p.parse_args()

    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from store_bench import ensure_database

        ensure_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from replays.models import GameEvent
    from tournaments import games, services
    from tournaments.models import Table, TableStatus, TournamentStatus

    stamp = time.time_ns()
    ruleset = ({"preset": args.preset} if args.preset
               else games.default_ruleset(games.game_check(args.game)))
    league = services.league_create(name=f"bench {stamp}", slug=f"bench-{stamp}",
                                    ruleset=ruleset, game=args.game)
    players = [services.player_bot_get_or_create(name=f"bench-{stamp}-{i}", bot_name="random",
                                                 game=args.game)
               for i in range(args.bots)]
    t = services.tournament_create(season=league.seasons.get(), name="bench", format="swiss",
                                   rounds=args.rounds, players=players, seed=str(stamp),
                                   ruleset=ruleset, rated=True, game=args.game,
                                   table_size=args.table_size)
    procs = []
    for w in range(args.workers):
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=ERROR",
             "--concurrency=1", "--pool=prefork", "--without-gossip", "--without-mingle",
             f"--hostname=bench{w}-{os.getpid()}@%h"],
            cwd=str(ROOT), start_new_session=True))
    time.sleep(4)  # let the workers connect before timing
    try:
        t0 = time.perf_counter()
        services.tournament_start(tournament=t)
        while True:
            t.refresh_from_db()
            if t.status == TournamentStatus.FINISHED:
                break
            time.sleep(0.05)
        elapsed = time.perf_counter() - t0
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=30)
    finished = Table.objects.filter(round__tournament=t, status=TableStatus.FINISHED).count()
    events = GameEvent.objects.filter(game__table__round__tournament=t).count()
    print(json.dumps({
        "game": args.game, "workers": args.workers, "games": finished, "events": events,
        "seconds": round(elapsed, 2), "games_per_s": round(finished / elapsed, 1),
        "events_per_s": round(events / elapsed), "rounds": args.rounds, "bots": args.bots,
        "database": django.db.connection.vendor,
    }))


if __name__ == "__main__":
    main()
