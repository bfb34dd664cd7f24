"""Shared test plumbing: service checks (skip locally, fail under CI) and game helpers."""

from __future__ import annotations

import os
import socket
from pathlib import Path
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


# -- browser tests (pytest-playwright on the system's Chromium) ------------------------
# Playwright's sync API keeps an event loop running in the main thread, which trips
# Django's async-safety check on database access; the browser tests therefore run last
# in the session (per xdist worker), with DJANGO_ALLOW_ASYNC_UNSAFE set only from then
# on. Every browser test uses the plugin's session ``browser`` (one Playwright per
# process: a second ``sync_playwright()`` inside its loop fails).

CHROMIUM = os.environ.get("KOLKHOZ_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


#: the pure game engines' test folders: what runs there touches no database, cache or
#: broker, so the embedded-default leg of CI skips it (marker ``engine``)
ENGINE_DIRS = ("core", "gongzhu", "korova", "arne")


def pytest_collection_modifyitems(config, items):  # noqa: ARG001
    """Browser tests last: once Playwright's loop runs, it runs to the end of the session.
    Tests of the pure engines (``ENGINE_DIRS``) that use no database are marked ``engine``."""
    for item in items:
        parts = item.path.parts
        if ("tests" in parts and parts[parts.index("tests") + 1] in ENGINE_DIRS
                and not item.get_closest_marker("django_db")
                and not {"db", "transactional_db", "api", "client", "live_server"}
                & set(getattr(item, "fixturenames", ()))):
            item.add_marker(pytest.mark.engine)
    browser = [i for i in items if i.get_closest_marker("browser")]
    if browser:
        items[:] = [i for i in items if not i.get_closest_marker("browser")] + browser


def playwright_available() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Launch the system's Chromium (skip locally / fail under CI when it is absent)."""
    need_service("Chromium", Path(CHROMIUM).exists(),
                 f"{CHROMIUM} not found: apt-get install -y chromium (.ci/run does this in CI)")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # see the comment above
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "headless": True,
            "args": CHROMIUM_ARGS}


@pytest.fixture
def eager_celery():
    """Run Celery tasks in-process, at once (the bots move inside the request's
    on-commit hook), restoring the app's setting afterwards."""
    from config.celery import app as celery_app

    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = before
