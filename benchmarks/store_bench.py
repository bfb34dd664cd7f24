"""Benchmark of the event store (not a test): append throughput into PostgreSQL and
frames latency for a finished game served by gunicorn.

    make bench-store            # or: .venv/bin/python benchmarks/store_bench.py
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/kolkhoz_bench  (default)
    --games N (append: games stored, whole log per append)  --requests N (frames)

Targets (issue 3): >= 20,000 events/s appended; frames p95 <= 50 ms.
The database named in BENCH_DATABASE_URL is created if missing and migrated.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DB_URL = os.environ.get("BENCH_DATABASE_URL",
                        "postgres://postgres@127.0.0.1:5432/kolkhoz_bench")


def ensure_database(url: str) -> None:
    import psycopg

    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def setup_django() -> None:
    os.environ["DATABASE_URL"] = DB_URL
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def bench_append(games: int) -> dict[str, float]:
    from replays import engine
    from replays.services import game_create

    logs = [engine.play_bot_game(preset=p, seats=["A", "B", "C", "D"], seed=f"bench-{i}")
            for i, p in enumerate(["kolkhoz", "kolkhoznik", "zone"] * 4)]
    total = 0
    start = time.perf_counter()
    for i in range(games):
        log = logs[i % len(logs)]
        game_create(events=log)  # the game row, its seats, the whole log: one transaction
        total += len(log)
    elapsed = time.perf_counter() - start
    return {"games": games, "events": total, "seconds": elapsed,
            "events_per_s": total / elapsed, "events_per_game": total / games}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bench_frames(requests: int) -> dict[str, float]:
    from replays import engine
    from replays.services import game_create

    log = engine.play_bot_game(preset="kolkhoz", seats=["A", "B", "C", "D"], seed="bench-frames")
    game = game_create(events=log, seed="bench-frames").game
    port = free_port()
    env = dict(os.environ, DATABASE_URL=DB_URL)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind",
         f"127.0.0.1:{port}", "--workers", "2", "--log-level", "warning"],
        cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}/api/games/{game.pk}/frames/"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        t0 = time.perf_counter()
        body = urllib.request.urlopen(url, timeout=30).read()
        cold = (time.perf_counter() - t0) * 1000
        urllib.request.urlopen(url, timeout=30).read()  # warm the other worker too
        times = []
        for _ in range(requests):
            t0 = time.perf_counter()
            urllib.request.urlopen(url, timeout=30).read()
            times.append((time.perf_counter() - t0) * 1000)
    finally:
        server.terminate()
        server.wait(timeout=10)
    times.sort()
    return {"requests": requests, "events": len(log), "bytes": len(body),
            "cold_ms": cold, "p50_ms": statistics.median(times),
            "p95_ms": times[int(0.95 * (len(times) - 1))], "max_ms": times[-1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--requests", type=int, default=500)
    args = parser.parse_args()
    ensure_database(DB_URL)
    setup_django()
    a = bench_append(args.games)
    print(f"append: {a['events']} events in {a['games']} games "
          f"({a['events_per_game']:.0f} events/game, one append per game) in "
          f"{a['seconds']:.2f} s = {a['events_per_s']:,.0f} events/s (target >= 20,000)")
    f = bench_frames(args.requests)
    print(f"frames: finished game of {f['events']} events, {f['bytes']:,} bytes; "
          f"cold {f['cold_ms']:.1f} ms; over {f['requests']} requests "
          f"p50 {f['p50_ms']:.1f} ms, p95 {f['p95_ms']:.1f} ms, max {f['max_ms']:.1f} ms "
          f"(target p95 <= 50 ms)")


if __name__ == "__main__":
    main()
