"""Live streams at scale (not a test): 1,000 spectators and 10 seat holders on one live
table, served by uvicorn (``config.asgi``), woken through Redis pub/sub.

    REDIS_URL=redis://127.0.0.1:6379/13 .venv/bin/python benchmarks/stream_bench.py \\
        --spectators 1000 --duration 60 --rate 3
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/kolkhoz_bench  (default)

1. Stores a live Korova 006 table of 10 seats (the largest table of any game).
2. Starts one uvicorn worker on a free 127.0.0.1 port (``--threads``: the stream pool).
3. Opens ``--spectators`` server-sent-event streams without a token and one per seat
   with its seat token (asyncio streams, HTTP/1.1, raw: no client library), ramped up
   over a few seconds; each reconnects with ``Last-Event-ID`` when the server closes it
   (every ``wait``: 55 s), as EventSource does.
4. Once every client has the table's opening events, a writer process plays the table
   (the first legal input of a seat that may act, ``--rate`` moves per second, through
   ``services.game_submit_input`` — the same append and publish as the API) for
   ``--duration`` seconds, stopping early if the game ends.
5. Waits (at most ``--grace`` s) until every client has every event, then checks, for
   every client, that it got every event of the log exactly once and each
   byte-for-byte equal to the store's redaction for its viewer (a spectator: public only;
   a seat: its own hidden cards and no other's) — nothing missing, nothing it may not see.
6. Reports the latency of every delivered event from its append (``GameEvent.recorded_at``,
   stamped inside the appending transaction, to the client's receipt; same clock)
   p50/p95/p99/max, and the server's RSS and thread count sampled every second.

Target (issue 20): p95 <= 250 ms, every event delivered, none leaked, memory flat.
Loopback only; everything is bounded and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from store_bench import DB_URL, ensure_database, setup_django  # noqa: E402

SEATS = 10


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def digest(event: dict[str, Any]) -> int:
    """The CRC of an event's ``data:`` text as the stream writes it."""
    return zlib.crc32(json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode())


# --- the writer (a process of its own) ---------------------------------------------------

def writer(game_id: str, rate: float, duration: float) -> None:
    """Play ``game_id`` at ``rate`` moves/s for ``duration`` s; prints moves and head."""
    setup_django()
    from replays import engine, selectors, services
    from replays.models import Game

    game = Game.objects.get(pk=game_id)
    moves, start = 0, time.monotonic()
    while time.monotonic() - start < duration and game.status != "finished":
        events = selectors.game_events(game=game)
        for seat in range(SEATS):
            legal = engine.legal_for(events, seat, game=game.game)
            if legal.get("inputs"):
                services.game_submit_input(game=game, expected_seq=len(events),
                                           inp=legal["inputs"][0], seat=seat)
                moves += 1
                break
        else:
            raise SystemExit(f"no seat may act at seq {len(events)}")
        game.refresh_from_db()
        time.sleep(max(0.0, start + moves / rate - time.monotonic()))
    print(json.dumps({"moves": moves, "head_seq": game.head_seq, "status": game.status,
                      "seconds": round(time.monotonic() - start, 1)}), flush=True)


# --- the clients ---------------------------------------------------------------------------

class Client:
    """One EventSource-like reader: ``got`` maps seq -> (receipt wall time, data CRC)."""

    def __init__(self, port: int, game_id: str, token: str | None, wait: float) -> None:
        self.port, self.game_id, self.token, self.wait = port, game_id, token, wait
        self.got: dict[int, tuple[float, int]] = {}
        self.duplicates = 0
        self.connects = 0
        self.errors: list[str] = []
        self.last = -1

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                await self._one(stop)
            except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                self.errors.append(repr(exc))
                await asyncio.sleep(0.5)

    async def _one(self, stop: asyncio.Event) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port, limit=2**20)
        self.connects += 1
        auth = f"Authorization: Bearer {self.token}\r\n" if self.token else ""
        query = f"format=sse&wait={self.wait:g}"
        writer.write((f"GET /api/games/{self.game_id}/stream/?{query} HTTP/1.1\r\n"
                      f"Host: 127.0.0.1\r\nAccept: text/event-stream\r\n{auth}"
                      f"Last-Event-ID: {self.last}\r\nConnection: close\r\n\r\n").encode())
        await writer.drain()
        try:
            status = await reader.readline()
            if b" 200 " not in status:
                raise ValueError(f"status {status!r}")
            while (await reader.readline()) not in (b"\r\n", b""):
                pass  # headers (chunked transfer encoding: uvicorn's for a stream)
            buffer = b""
            while not stop.is_set():
                size_line = await reader.readline()
                if not size_line:
                    return
                size = int(size_line.strip() or b"0", 16)
                if size == 0:
                    return  # the server closed the stream (wait elapsed, or the end)
                buffer += await reader.readexactly(size)
                await reader.readexactly(2)  # the chunk's CRLF
                now = time.time()
                *blocks, buffer = buffer.split(b"\n\n")
                for block in blocks:
                    self._block(block, now)
        finally:
            writer.close()

    def _block(self, block: bytes, now: float) -> None:
        fields = dict(line.split(b": ", 1) for line in block.split(b"\n")
                      if b": " in line and not line.startswith(b":"))
        if b"id" not in fields:
            return
        seq = int(fields[b"id"])
        if seq in self.got:
            self.duplicates += 1
        self.got[seq] = (now, zlib.crc32(fields[b"data"]))
        self.last = max(self.last, seq)


def _pids(root: int) -> list[int]:
    """``root`` and its children (uvicorn's worker processes with ``--workers`` > 1)."""
    pids = [root]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == root:
                pids.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return pids


def sample(root: int) -> tuple[float, int, float]:
    """RSS (MB), thread count and CPU seconds (user + system) of the server (``root``
    and its worker processes), from /proc."""
    rss, threads, cpu = 0.0, 0, 0.0
    for pid in _pids(root):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        values = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        rss += int(values["VmRSS"].split()[0]) / 1024
        threads += int(values["Threads"])
        cpu += (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")
    return rss, threads, cpu


async def drive(args: argparse.Namespace, port: int, server: subprocess.Popen[bytes],
                game_id: str, tokens: list[str], head0: int) -> dict[str, Any]:
    stop = asyncio.Event()
    clients = ([Client(port, game_id, None, args.wait) for _ in range(args.spectators)]
               + [Client(port, game_id, tokens[s], args.wait) for s in range(SEATS)])
    tasks = []
    ramp = time.monotonic()
    for i, client in enumerate(clients):
        tasks.append(asyncio.create_task(client.run(stop)))
        if i % 50 == 49:
            await asyncio.sleep(0.2)
    while any(len(c.got) < head0 for c in clients):
        if time.monotonic() - ramp > 60:
            raise SystemExit("clients did not all get the opening events in 60 s")
        await asyncio.sleep(0.2)
    ramp_s = time.monotonic() - ramp
    samples = [(0.0, *sample(server.pid))]
    t0 = time.monotonic()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--writer", game_id, "--rate", str(args.rate),
        "--duration", str(args.duration), stdout=asyncio.subprocess.PIPE)
    while proc.returncode is None:
        try:
            await asyncio.wait_for(proc.wait(), 1.0)
        except TimeoutError:
            pass
        samples.append((round(time.monotonic() - t0, 1), *sample(server.pid)))
    out = json.loads((await proc.stdout.read()).decode().strip().splitlines()[-1])  # type: ignore[union-attr]
    drained = time.monotonic()  # until every client has every event (at most --grace s)
    while (time.monotonic() - drained < args.grace
           and any(len(c.got) < out["head_seq"] for c in clients)):
        await asyncio.sleep(0.2)
    drain_s = time.monotonic() - drained
    samples.append((round(time.monotonic() - t0, 1), *sample(server.pid)))
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(0.5)  # let the transports' closes run before the loop ends
    return {"clients": clients, "writer": out, "samples": samples, "ramp_s": ramp_s,
            "drain_s": drain_s}


def check(game_id: str, clients: list[Client], head0: int,
          spectators: int) -> dict[str, Any]:
    """Compare every client's events with the store's redaction for its viewer; the
    latency of every event appended during the run."""
    from replays import selectors
    from replays.models import Game, GameEvent

    game = Game.objects.get(pk=game_id)
    expected = {v: {e["seq"]: digest(e) for e in
                    selectors.game_events_for_viewer(game=game, viewer=v, after=-1)}
                for v in [None, *range(SEATS)]}
    differs = sum(expected[None][q] != expected[s][q] for s in range(SEATS)
                  for q in expected[None])
    appended = {seq: at.timestamp() for seq, at in GameEvent.objects.filter(
        game=game).values_list("seq", "recorded_at")}
    missing = wrong = extra = duplicates = 0
    latencies: list[float] = []
    windows: dict[int, list[float]] = {}  # 10-second windows of append time
    for i, client in enumerate(clients):
        want = expected[None if i < spectators else i - spectators]
        missing += sum(1 for q in want if q not in client.got)
        extra += sum(1 for q in client.got if q not in want)
        wrong += sum(1 for q, (_, crc) in client.got.items() if q in want and crc != want[q])
        duplicates += client.duplicates
        for q, (t, _) in client.got.items():
            if q >= head0 and q in appended:
                latencies.append((t - appended[q]) * 1000)
                windows.setdefault(int((appended[q] - appended[head0]) // 10), []).append(
                    latencies[-1])
    latencies.sort()

    def pct(p: float) -> float:
        return round(latencies[min(len(latencies) - 1, int(p * len(latencies)))], 1)

    return {"head_seq": game.head_seq, "status": game.status, "events_appended":
            game.head_seq - head0, "deliveries": len(latencies), "missing": missing,
            "appends": GameEvent.objects.filter(game=game, seq__gte=head0).values(
                "recorded_at").distinct().count(),
            "extra": extra, "wrong_payload": wrong, "duplicates": duplicates,
            "seat_vs_spectator_differing_events": differs,
            "latency_ms": {"p50": pct(0.50), "p95": pct(0.95), "p99": pct(0.99),
                           "max": round(latencies[-1], 1),
                           "mean": round(statistics.fmean(latencies), 1)}
            if latencies else None,
            "p50_p95_ms_per_10s_window": [
                (10 * w, round(statistics.median(v), 1),
                 round(sorted(v)[int(0.95 * len(v))], 1)) for w, v in sorted(windows.items())]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--duration", type=float, default=60.0, help="writer seconds")
    parser.add_argument("--rate", type=float, default=3.0, help="moves per second")
    parser.add_argument("--threads", type=int, default=8, help="the server's stream pool")
    parser.add_argument("--grace", type=float, default=30.0,
                        help="at most this many seconds after the last move for every client "
                             "to have every event (reconnections included)")
    parser.add_argument("--wait", type=float, default=55.0,
                        help="each stream's wait= (the server closes it then; it reconnects)")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn worker processes")
    parser.add_argument("--loop", default="auto", help="uvicorn --loop (auto: uvloop)")
    parser.add_argument("--http", default="auto", help="uvicorn --http (auto: httptools)")
    parser.add_argument("--seed", default=None)
    parser.add_argument("--writer", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.writer:
        writer(args.writer, args.rate, args.duration)
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * args.spectators + 256)),
                                                hard))
    ensure_database(DB_URL)
    setup_django()
    from replays.services import game_create_from_engine

    created = game_create_from_engine(
        ruleset={"preset": "base"}, seats=[f"seat-{i}" for i in range(SEATS)],
        seed=args.seed or f"stream-bench-{time.time_ns()}", game="korova")
    game_id, head0 = str(created.game.pk), created.game.head_seq
    port = free_port()
    env = dict(os.environ, DATABASE_URL=DB_URL, STREAM_THREADS=str(args.threads),
               PYTHONPATH=str(ROOT))
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--log-level", "warning", "--no-access-log",
         "--backlog", "4096", "--loop", args.loop, "--http", args.http,
         "--workers", str(args.workers), "--timeout-graceful-shutdown", "5"],
        cwd=ROOT, env=env, start_new_session=True)
    try:
        for _ in range(150):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        load = Path("/proc/loadavg").read_text().split()[:3]
        run = asyncio.run(drive(args, port, server, game_id, created.seat_tokens, head0))
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:  # the whole group: master and workers
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(10)
    clients: list[Client] = run["clients"]
    result = check(game_id, clients, head0, args.spectators)
    rss = [s[1] for s in run["samples"]]
    report = {
        "clients": {"spectators": args.spectators, "seats": SEATS,
                    "connects": sum(c.connects for c in clients),
                    "client_errors": sum(len(c.errors) for c in clients),
                    "ramp_s": round(run["ramp_s"], 1),
                    "drain_s_after_last_move": round(run["drain_s"], 1)},
        "writer": run["writer"], "rate_moves_s": args.rate, "threads": args.threads,
        "uvicorn": {"loop": args.loop, "http": args.http, "workers": args.workers},
        **result,
        "server": {"rss_mb_start": round(rss[0], 1), "rss_mb_end": round(rss[-1], 1),
                   "rss_mb_max": round(max(rss), 1),
                   "threads_max": max(s[2] for s in run["samples"]),
                   "cpu_s_during_moves": round(run["samples"][-1][3] - run["samples"][0][3], 1),
                   "samples_t_rss_threads": [(t, round(r, 1), n)
                                             for t, r, n, _ in run["samples"][::10]]},
        "loadavg_before": load, "loadavg_after": Path("/proc/loadavg").read_text().split()[:3],
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
