"""Replay API under concurrent load (not a test): frames and events latency p50/p95/p99
and throughput against gunicorn on the loopback, driven by wrk.

    make bench-load
    # or: .venv/bin/python benchmarks/load_bench.py --connections 8 --duration 10
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/kolkhoz_bench  (default)
    REDIS_URL=redis://127.0.0.1:6379/13   frames cache in Redis (default: worker memory)

It stores a finished bot game and a live one (cut mid-year, read with a seat token),
starts gunicorn (``--workers``, default 2 sync workers) on a free 127.0.0.1 port and
runs one bounded wrk session per scenario (``--duration`` seconds each, ``--connections``
concurrent connections, 2 threads); a Lua ``done`` hook prints the percentiles as JSON.
Traffic goes to 127.0.0.1 only; every run stops by itself. Without wrk on the PATH
(``apt-get install wrk``) a bounded Python client (threads, keep-alive) stands in.

Target (issue 3): frames p95 <= 50 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

WRK_REPORT = r"""
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"bytes":%d,"socket_errors":%d,"non_2xx_3xx":%d,' ..
    '"p50_ms":%.2f,"p95_ms":%.2f,"p99_ms":%.2f,"max_ms":%.2f,"mean_ms":%.2f}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, latency.mean / 1000))
end
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def prepare_games() -> dict[str, str]:
    """A finished bot game and a live one (with seat 0's token); returns ids/tokens."""
    from replays import engine
    from replays.services import game_create

    log = engine.play_bot_game(preset="kolkhoz", seats=["A", "B", "C", "D"],
                               seed="bench-load")
    finished = game_create(events=log, seed="bench-load").game
    cut = next(i for i, e in enumerate(log) if e["type"] == "trick") + 3
    live = game_create(events=log[:cut], seed="bench-load")
    return {"finished": str(finished.pk), "finished_events": str(len(log)),
            "live": str(live.game.pk), "live_token": live.seat_tokens[0],
            "live_events": str(cut)}


def scenarios(g: dict[str, str]) -> list[dict[str, object]]:
    half = int(g["finished_events"]) // 2
    auth = {"Authorization": f"Bearer {g['live_token']}"}
    return [
        {"name": "frames, finished game", "path": f"/api/games/{g['finished']}/frames/"},
        {"name": "events, finished game", "path": f"/api/games/{g['finished']}/events/"},
        {"name": "events ?after= (a client resuming)",
         "path": f"/api/games/{g['finished']}/events/?after={half}"},
        {"name": "frames, live game, seat token", "path": f"/api/games/{g['live']}/frames/",
         "headers": auth},
        {"name": "events, live game, seat token", "path": f"/api/games/{g['live']}/events/",
         "headers": auth},
    ]


def run_wrk(base: str, sc: dict[str, object], connections: int, duration: int) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as fh:
        fh.write(WRK_REPORT)
        script = fh.name
    cmd = ["wrk", "-t", "2", "-c", str(connections), "-d", f"{duration}s", "--timeout", "10s",
           "-s", script]
    for k, v in dict(sc.get("headers") or {}).items():
        cmd += ["-H", f"{k}: {v}"]
    cmd.append(base + str(sc["path"]))
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=duration + 30,
                             check=True).stdout
    finally:
        os.unlink(script)
    result = json.loads(out.strip().splitlines()[-1])
    result["rps"] = result["requests"] / (result["duration_us"] / 1e6)
    return result


def run_python(base: str, sc: dict[str, object], connections: int, duration: int) -> dict:
    """The stand-in for wrk: ``connections`` threads, keep-alive, for ``duration`` s."""
    host, port = base.removeprefix("http://").split(":")
    times: list[float] = []
    errors = [0]
    lock = threading.Lock()
    deadline = time.monotonic() + duration

    def client() -> None:
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        mine = []
        while time.monotonic() < deadline:
            t0 = time.perf_counter()
            try:
                conn.request("GET", str(sc["path"]), headers=dict(sc.get("headers") or {}))
                resp = conn.getresponse()
                resp.read()
                ok = resp.status < 400
            except OSError:
                ok = False
                conn.close()
                conn = http.client.HTTPConnection(host, int(port), timeout=10)
            mine.append((time.perf_counter() - t0) * 1000)
            if not ok:
                with lock:
                    errors[0] += 1
        with lock:
            times.extend(mine)

    threads = [threading.Thread(target=client) for _ in range(connections)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    times.sort()

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p / 100 * len(times)))]

    return {"requests": len(times), "non_2xx_3xx": errors[0], "socket_errors": 0,
            "p50_ms": pct(50), "p95_ms": pct(95), "p99_ms": pct(99), "max_ms": times[-1],
            "mean_ms": statistics.fmean(times), "rps": len(times) / elapsed}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--connections", type=int, default=8)
    p.add_argument("--duration", type=int, default=10, help="seconds per scenario (max 60)")
    p.add_argument("--workers", type=int, default=2, help="gunicorn sync workers")
    p.add_argument("--tool", choices=["auto", "wrk", "python"], default="auto")
    p.add_argument("--json", action="store_true", help="one JSON line per scenario")
    args = p.parse_args()
    duration = max(1, min(args.duration, 60))
    connections = max(1, min(args.connections, 64))

    from store_bench import DB_URL, ensure_database, setup_django

    ensure_database(DB_URL)
    setup_django()
    games = prepare_games()
    tool = args.tool
    if tool == "auto":
        tool = "wrk" if shutil.which("wrk") else "python"
    runner = run_wrk if tool == "wrk" else run_python

    port = free_port()
    env = dict(os.environ, DATABASE_URL=DB_URL)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind",
         f"127.0.0.1:{port}", "--workers", str(args.workers), "--log-level", "warning"],
        cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(f"{base}/api/games/?limit=1", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        results = []
        for sc in scenarios(games):
            # warm every worker's cache (frames are cached per game, head hash and viewer)
            for _ in range(2 * args.workers):
                req = urllib.request.Request(base + str(sc["path"]),
                                             headers=dict(sc.get("headers") or {}))
                urllib.request.urlopen(req, timeout=30).read()
            r = runner(base, sc, connections, duration)
            r.update({"scenario": sc["name"], "connections": connections,
                      "seconds": duration, "tool": tool, "gunicorn_workers": args.workers,
                      "cache": "redis" if os.environ.get("REDIS_URL") else "worker memory"})
            results.append(r)
            if args.json:
                print(json.dumps(r), flush=True)
            else:
                print(f"{sc['name']:<38} {r['rps']:7.1f} req/s  p50 {r['p50_ms']:6.1f} ms  "
                      f"p95 {r['p95_ms']:6.1f} ms  p99 {r['p99_ms']:6.1f} ms  "
                      f"max {r['max_ms']:6.1f} ms  errors {r['socket_errors']}+"
                      f"{r['non_2xx_3xx']}", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=15)
    if not args.json:
        print(f"({tool}, {connections} connections, {duration} s per scenario, gunicorn "
              f"{args.workers} sync workers; finished game {games['finished_events']} events; "
              f"target: frames p95 <= 50 ms)")


if __name__ == "__main__":
    main()
