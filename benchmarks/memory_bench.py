"""Memory per worker (not a test): peak RSS of a Celery worker over a long league, and
its growth from game to game.

    make bench-memory
    # or: DATABASE_URL=postgres://postgres@127.0.0.1:5432/kolkhoz_bench \\
    #     CELERY_BROKER_URL=redis://127.0.0.1:6379/12 \\
    #     .venv/bin/python benchmarks/memory_bench.py --games 1000

One worker process (prefork, 1 child, ``--max-tasks-per-child`` unset, so one child
plays every game) plays a 4-bot match series of ``--games`` rounds — one table, one
complete game per round, rated after each — so games finish one after another. After
each game the RSS of the worker's main process and of its pool child is read from
/proc. Reports the peak of each, the child's RSS at a few points, and the slope of a
least-squares line through the child's RSS after the first ``--warmup`` games (kB per
game: ~0 means no growth from game to game), and the same slope over the second half
alone (growth that is settling shows there as ~0). ``--csv FILE`` keeps every sample.

Target (issue 9): peak RSS under 250 MB per worker, no growth from game to game.
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
os.environ.setdefault("CELERY_TASK_DEFAULT_QUEUE", f"bench-memory-{os.getpid()}")


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            out.extend(int(x) for x in task.read_text().split())
        except OSError:
            continue
    return out


def slope(xs: list[float], ys: list[float]) -> float:
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--warmup", type=int, default=50, help="games before the slope is fitted")
    p.add_argument("--preset", default="kolkhoz")
    p.add_argument("--timeout", type=float, default=1800, help="give up after this many s")
    p.add_argument("--csv", help="write game,seconds,main_kb,child_kb per game here")
    args = p.parse_args()

    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from store_bench import ensure_database

        ensure_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from tournaments import services
    from tournaments.models import Table, TableStatus, TournamentStatus

    stamp = time.time_ns()
    league = services.league_create(name=f"memory {stamp}", slug=f"memory-{stamp}",
                                    ruleset={"preset": args.preset})
    players = [services.player_bot_get_or_create(name=f"mem-{stamp}-{i}", bot_name="random")
               for i in range(4)]
    t = services.tournament_create(season=league.seasons.get(), name="memory", format="series",
                                   rounds=args.games, players=players, seed=str(stamp),
                                   ruleset={"preset": args.preset}, rated=True)
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=ERROR",
         "--concurrency=1", "--pool=prefork", "--without-gossip", "--without-mingle",
         f"--hostname=memory-{os.getpid()}@%h"],
        cwd=str(ROOT), start_new_session=True)
    time.sleep(4)
    samples: list[tuple[int, float, int, int]] = []
    child_pids: set[int] = set()
    try:
        t0 = time.perf_counter()
        services.tournament_start(tournament=t)
        done = 0
        deadline = time.monotonic() + args.timeout
        while time.monotonic() < deadline:
            finished = Table.objects.filter(round__tournament=t,
                                            status=TableStatus.FINISHED).count()
            if finished > done:
                kids = children(worker.pid)
                child_pids.update(kids)
                main_kb = rss_kb(worker.pid)
                child_kb = max((rss_kb(k) for k in kids), default=0)
                for g in range(done + 1, finished + 1):
                    samples.append((g, time.perf_counter() - t0, main_kb, child_kb))
                done = finished
            if done >= args.games:
                t.refresh_from_db()
                if t.status == TournamentStatus.FINISHED:
                    break
            time.sleep(0.02)
        elapsed = time.perf_counter() - t0
    finally:
        worker.terminate()
        worker.wait(timeout=30)
    if args.csv:
        with open(args.csv, "w") as fh:
            fh.write("game,seconds,main_kb,child_kb\n")
            fh.writelines(f"{g},{s:.3f},{m},{c}\n" for g, s, m, c in samples)
    after = [s for s in samples if s[0] > args.warmup]
    child_slope = slope([s[0] for s in after], [s[3] for s in after])
    main_slope = slope([s[0] for s in after], [s[2] for s in after])
    half = [s for s in samples if s[0] > len(samples) // 2]
    half_slope = slope([s[0] for s in half], [s[3] for s in half])

    def at(game: int) -> int | None:
        return next((s[3] for s in samples if s[0] >= game), None)

    print(json.dumps({
        "games": len(samples), "seconds": round(elapsed, 1),
        "games_per_s": round(len(samples) / elapsed, 2),
        "pool_children_seen": len(child_pids),
        "peak_child_mb": round(max((s[3] for s in samples), default=0) / 1024, 1),
        "peak_main_mb": round(max((s[2] for s in samples), default=0) / 1024, 1),
        "child_mb_at": {str(g): round((at(g) or 0) / 1024, 1)
                        for g in (1, 10, 100, 250, 500, 750, args.games)},
        "child_slope_kb_per_game": round(child_slope, 3),
        "child_slope_second_half_kb_per_game": round(half_slope, 3),
        "main_slope_kb_per_game": round(main_slope, 3),
        "warmup_games": args.warmup, "database": django.db.connection.vendor,
    }))


if __name__ == "__main__":
    main()
