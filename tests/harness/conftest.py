"""Fixtures for the harness: a Redis server of the test's own (to stop and restart), a
gunicorn on the loopback serving the test database, the test database's URL."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import need_service

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def database_url_of_test() -> str:
    """The URL of the database this test runs on (pytest-django's test_<name>)."""
    from django.db import connection

    db = connection.settings_dict
    return (f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/"
            f"{db['NAME']}")


class PrivateRedis:
    """A redis-server on a free loopback port that only this test uses: it may be
    stopped (SIGKILL: whatever it held in memory is gone) and started again on the same
    port. Never the shared server on 6379."""

    def __init__(self, *, persistent: bool) -> None:
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="kolkhoz-redis-")
        self.persistent = persistent
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        cmd = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
               "--save", "", "--dir", self.dir, "--logfile", os.path.join(self.dir, "log")]
        cmd += (["--appendonly", "yes", "--appendfsync", "always"] if self.persistent
                else ["--appendonly", "no"])
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"redis-server on port {self.port} did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)
        self.proc = None

    def close(self) -> None:
        self.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def private_redis_factory() -> Iterator[type[PrivateRedis]]:
    need_service("redis-server", shutil.which("redis-server") is not None,
                 "install the redis-server package (the fault tests start their own)")
    made: list[PrivateRedis] = []

    def make(*, persistent: bool) -> PrivateRedis:
        r = PrivateRedis(persistent=persistent)
        made.append(r)
        r.start()
        return r

    yield make  # type: ignore[misc]
    for r in made:
        r.close()


class Gunicorn:
    """gunicorn serving this project on a loopback port (SIGKILL and start again)."""

    def __init__(self, env: dict[str, str], workers: int = 2) -> None:
        self.port = free_port()
        self.env = env
        self.workers = workers
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ)
        env.update(self.env)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind",
             f"127.0.0.1:{self.port}", "--workers", str(self.workers), "--threads", "4",
             "--log-level", "warning"], cwd=str(ROOT), env=env, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{self.base}/api/games/?limit=1", timeout=2).read()
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("gunicorn did not start")

    def kill(self) -> None:
        """SIGKILL the whole server (master and workers): the abrupt end of a process."""
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(timeout=10)
        self.proc = None


@pytest.fixture
def gunicorn(postgres) -> Iterator[Gunicorn]:  # noqa: ARG001 - needs a shared database
    server = Gunicorn({"DATABASE_URL": database_url_of_test()})
    yield server
    server.kill()
