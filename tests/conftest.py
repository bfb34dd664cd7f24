"""Shared test plumbing: service checks (skip locally, fail under CI) and game helpers."""

from __future__ import annotations

import os
import socket
from urllib.parse import urlparse

import pytest

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def need_service(what: str, available: bool, how: str) -> None:
    """Skip (locally) or fail (under CI=true) when a service the test needs is absent."""
    if available:
        return
    message = f"{what} is not available: {how}"
    if IN_CI:
        pytest.fail(f"CI requires {message}", pytrace=False)
    pytest.skip(message)


@pytest.fixture
def postgres(django_db_blocker):  # noqa: ARG001 - only needs the DB set up
    """Require the test database to be PostgreSQL."""
    from django.db import connection

    need_service("PostgreSQL", connection.vendor == "postgresql",
                 "set DATABASE_URL=postgres://postgres@127.0.0.1:5432/kolkhoz "
                 "(.ci/run does this)")


def _redis_answers(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379),
                                      timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@pytest.fixture
def redis_url() -> str:
    """Require a reachable Redis (REDIS_URL)."""
    url = os.environ.get("REDIS_URL", "")
    need_service("Redis", bool(url) and _redis_answers(url),
                 "set REDIS_URL=redis://127.0.0.1:6379/0 (.ci/run does this)")
    return url


@pytest.fixture
def api():
    from rest_framework.test import APIClient

    return APIClient()
