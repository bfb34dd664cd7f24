"""The live stream under ASGI (``config.asgi``, uvicorn): the same view, answers and
redaction as under WSGI, but a waiting client holds no thread (``replays.live_async``:
one Redis subscription per event loop, the waiting as coroutines, the store read once per
viewer and position and shared).

The app is driven in-process through its ASGI interface (real PostgreSQL and Redis; the
pool's threads read the committed test database), and once through a real uvicorn."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from replays import engine, live_async, selectors, services
from replays.models import Game
from tests.replays.helpers import stored_bot_game

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def asgi(postgres, redis_url, settings):  # noqa: ARG001 - services needed
    settings.REDIS_URL = redis_url
    from config.asgi import application

    yield application
    live_async.close_pool_connections()  # the pool's threads hold the test database


def korova(seed: str, seats: int = 3) -> services.CreatedGame:
    """A live Korova table: its first decision is a secret simultaneous choice."""
    return services.game_create_from_engine(
        ruleset={"preset": "base"}, seats=[f"p{i}" for i in range(seats)], seed=seed,
        game="korova")


def move(game_id: Any) -> int:
    """One seat that may act makes its first legal choice; returns the new head."""
    game = Game.objects.get(pk=game_id)
    events = selectors.game_events(game=game)
    for seat in range(len(game.seats)):
        legal = engine.legal_for(events, seat, game=game.game)
        if legal.get("inputs"):
            services.game_submit_input(game=game, expected_seq=len(events),
                                       inp=legal["inputs"][0], seat=seat)
            return Game.objects.get(pk=game_id).head_seq
    raise AssertionError("no seat may act")


class Call:
    """One request to the ASGI app: ``body`` grows as it answers; ``hang_up`` sends
    ``http.disconnect``."""

    def __init__(self, app: Any, path: str, query: str = "",
                 headers: dict[str, str] | None = None) -> None:
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.inbox.put_nowait({"type": "http.request", "body": b"", "more_body": False})
        self.status = 0
        self.headers: dict[str, str] = {}
        self.body = b""
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
                 "query_string": query.encode(), "root_path": "",
                 "headers": [(k.lower().encode(), v.encode())
                             for k, v in {"host": "testserver", **(headers or {})}.items()],
                 "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 80)}
        self.task = asyncio.create_task(app(scope, self.inbox.get, self._send))

    async def _send(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
            self.headers = {k.decode().lower(): v.decode() for k, v in message["headers"]}
        else:
            self.body += message.get("body", b"")

    async def until(self, predicate: Any, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while not predicate(self):
            assert time.monotonic() < deadline, f"timed out; got {self.body[-300:]!r}"
            await asyncio.sleep(0.02)

    def hang_up(self) -> None:
        self.inbox.put_nowait({"type": "http.disconnect"})


def sse_events(body: bytes) -> dict[int, dict[str, Any]]:
    """seq -> event of a server-sent-events body."""
    out = {}
    for block in body.decode().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "id" in fields:
            out[int(fields["id"])] = json.loads(fields["data"])
    return out


def in_thread(fn: Any, *args: Any) -> Any:
    """``fn(*args)`` in a thread of the loop's default pool (its connection closed)."""
    from django.db import connection

    def run() -> Any:
        try:
            return fn(*args)
        finally:
            connection.close()

    return asyncio.get_running_loop().run_in_executor(None, run)


def test_a_finished_game_streams_the_same_bytes_as_under_wsgi_and_ends(asgi):
    game = stored_bot_game("kolkhoz", "asgi-same").game
    path = f"/api/games/{game.pk}/stream/"
    wsgi = APIClient().get(f"{path}?format=sse&wait=5")
    wsgi_body = b"".join(c if isinstance(c, bytes) else c.encode()
                         for c in wsgi.streaming_content)
    wsgi_poll = APIClient().get(f"{path}?after=40&wait=5")

    async def scenario() -> tuple[Call, Call]:
        sse = Call(asgi, path, "format=sse&wait=5")
        poll = Call(asgi, path, "after=40&wait=5")
        await asyncio.wait_for(asyncio.gather(sse.task, poll.task), 10)  # both end
        return sse, poll

    sse, poll = asyncio.run(scenario())
    assert sse.status == 200 and sse.headers["content-type"].startswith("text/event-stream")
    assert "content-encoding" not in sse.headers  # never gzip on a stream
    assert sse.body == wsgi_body and sse.body.endswith(
        f"event: end\ndata: {json.dumps({'head_seq': game.head_seq})}\n\n".encode())
    assert poll.body == wsgi_poll.content and poll.headers["x-head-seq"] == wsgi_poll["X-Head-Seq"]


def test_bad_parameters_and_unknown_games_answer_as_under_wsgi(asgi):
    game = stored_bot_game("kolkhoz", "asgi-bad", upto=5).game

    async def scenario() -> list[Call]:
        calls = [Call(asgi, f"/api/games/{game.pk}/stream/", "wait=abc"),
                 Call(asgi, f"/api/games/{game.pk}/stream/", "after=-5&format=sse"),
                 Call(asgi, "/api/games/00000000-0000-0000-0000-000000000000/stream/")]
        await asyncio.wait_for(asyncio.gather(*(c.task for c in calls)), 10)
        return calls

    bad, bad_sse, unknown = asyncio.run(scenario())
    assert bad.status == 400 and json.loads(bad.body)["error"]["code"] == "malformed"
    assert bad_sse.status == 400 and bad_sse.body.startswith(b"event: error")
    assert unknown.status == 404


def test_live_streams_wake_on_a_move_each_viewer_with_its_own_redaction(asgi):
    created = korova("asgi-live")
    game, tokens = created.game, created.seat_tokens
    head = game.head_seq
    path = f"/api/games/{game.pk}/stream/"

    async def scenario() -> tuple[list[Call], Call, float]:
        viewers = [Call(asgi, path, "format=sse&wait=20", {"authorization": f"Bearer {t}"})
                   for t in tokens] + [Call(asgi, path, "format=sse&wait=20")]
        poll = Call(asgi, path, f"after={head - 1}&wait=20")
        for call in viewers:  # the opening events at once, then they wait
            await call.until(lambda c: head - 1 in sse_events(c.body))
        await asyncio.sleep(0.3)
        assert not poll.task.done()  # the long-poll waits too (no thread: see below)
        t0 = time.monotonic()
        new_head = await in_thread(move, game.pk)
        for call in viewers:
            await call.until(lambda c: new_head - 1 in sse_events(c.body))
        await asyncio.wait_for(poll.task, 5)
        elapsed = time.monotonic() - t0
        for call in viewers:
            call.hang_up()
        await asyncio.wait_for(asyncio.gather(*(c.task for c in viewers)), 5)
        return viewers, poll, elapsed

    viewers, poll, elapsed = asyncio.run(scenario())
    assert elapsed < 3
    game.refresh_from_db()
    for i, call in enumerate(viewers):
        seat = i if i < len(tokens) else None
        expected = {e["seq"]: e for e in selectors.game_events_for_viewer(
            game=game, viewer=seat, after=-1)}
        assert sse_events(call.body) == expected  # every event, exactly its viewer's
    choice = [sse_events(c.body)[head] for c in viewers]
    assert choice[0] != choice[-1] and choice[1] == choice[-1]  # seat 0's secret choice
    deal = next(s for s, e in sse_events(viewers[-1].body).items() if e["type"] == "deal")
    hands = [sse_events(c.body)[deal] for c in viewers]
    assert len({json.dumps(h, sort_keys=True) for h in hands}) == len(viewers)
    lines = [json.loads(x) for x in poll.body.decode().splitlines()]
    assert [e["seq"] for e in lines] == list(range(head, game.head_seq))
    assert lines[0] == sse_events(viewers[-1].body)[head]  # the spectator's view
    assert poll.headers["x-game-status"] == "live"


def test_many_waiting_clients_hold_no_thread_and_hanging_up_leaves_nothing(asgi):
    created = korova("asgi-threads")
    path = f"/api/games/{created.game.pk}/stream/"
    head = created.game.head_seq

    async def scenario() -> tuple[int, int, int, int, int]:
        before = threading.active_count()
        calls = [Call(asgi, path, "format=sse&wait=30") for _ in range(40)]
        calls += [Call(asgi, path, f"after={head - 1}&wait=30") for _ in range(10)]
        for call in calls[:40]:
            await call.until(lambda c: head - 1 in sse_events(c.body))
        await asyncio.sleep(0.3)
        hub = live_async.hub()
        waiting = hub.watches[str(created.game.pk)].users
        during = threading.active_count()
        for call in calls:
            call.hang_up()
        await asyncio.wait_for(asyncio.gather(*(c.task for c in calls)), 5)
        await asyncio.sleep(0.05)
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()
                  and t.get_name() != "live-hub"]
        return before, during, waiting, len(hub.watches), len(others)

    before, during, waiting, watches_left, tasks_left = asyncio.run(scenario())
    assert waiting == 50  # all fifty wait on the one watch of the game
    # Django's default ASGI handling gives each request a thread until it ends (50 more)
    pools = live_async.EXECUTOR._max_workers + live_async.FANOUT._max_workers
    assert during - before <= pools + 2
    assert watches_left == 0 and tasks_left == 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def read_sse(port: int, path: str, token: str | None, want: int) -> dict[int, Any]:
    """A raw HTTP/1.1 server-sent-events client: reads until it has seq ``want``."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    writer.write(f"GET {path}?format=sse&wait=20 HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}"
                 f"Connection: close\r\n\r\n".encode())
    try:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        assert b" 200 " in head.split(b"\r\n")[0]
        assert b"transfer-encoding: chunked" in head.lower()
        text = b""
        while want not in sse_events(text):
            size = int(await asyncio.wait_for(reader.readline(), 10), 16)
            assert size, "the server ended the stream"
            text += await reader.readexactly(size)
            await reader.readexactly(2)
    finally:
        writer.close()
    return sse_events(text)


def test_a_real_uvicorn_serves_the_stream(asgi, redis_url):  # noqa: ARG001
    from django.db import connection

    db = connection.settings_dict
    created = korova("asgi-uvicorn")
    game = created.game
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), REDIS_URL=redis_url,
               DJANGO_SETTINGS_MODULE="config.settings_test",
               DATABASE_URL=f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:"
                            f"{db['PORT'] or 5432}/{db['NAME']}")
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, \
                    server.stderr.read().decode() if server.stderr else "no server"
                time.sleep(0.1)

        async def scenario() -> list[dict[int, Any]]:
            path = f"/api/games/{game.pk}/stream/"
            readers = [asyncio.create_task(read_sse(port, path, token, game.head_seq))
                       for token in (None, created.seat_tokens[0])]
            await asyncio.sleep(0.5)  # both connected and waiting
            await in_thread(move, game.pk)
            return list(await asyncio.wait_for(asyncio.gather(*readers), 10))

        spectator, seat0 = asyncio.run(scenario())
    finally:
        server.terminate()
        server.wait(10)
    game.refresh_from_db()
    for got, viewer in ((spectator, None), (seat0, 0)):
        expected = {e["seq"]: e for e in selectors.game_events_for_viewer(
            game=game, viewer=viewer, after=-1)}
        assert got == {s: expected[s] for s in got} and game.head_seq - 1 in got


def test_a_finished_shared_read_is_never_handed_out_again(asgi):  # noqa: ARG001
    """A read that finished before a listener asked may predate the append it was woken
    for: handing it out again let a stream loop without yielding and froze a worker
    (benchmarks/RESULTS.md, "Live streams at scale")."""

    async def scenario() -> tuple[str, str]:
        hub = live_async.hub()
        stale = asyncio.get_running_loop().create_future()
        stale.set_result("before the append")
        hub.flights[("k",)] = stale  # finished, its clean-up not yet run
        fresh = await hub.shared(("k",), lambda: "after the append")
        again = await hub.shared(("k",), lambda: "read again")
        return fresh, again

    assert asyncio.run(scenario()) == ("after the append", "read again")
