"""Browser tests: pytest-playwright driving the system's Chromium against the live server.

Playwright's own browser download does not work here; the tests launch
``/usr/bin/chromium`` (``KOLKHOZ_CHROMIUM`` to change it). Without it they skip with a
message, and under CI=true they fail (``.ci/run`` installs it with apt-get).

Playwright's sync API keeps an event loop running in the main thread, which trips
Django's async-safety check on database access; the browser tests therefore run
last in the session, with ``DJANGO_ALLOW_ASYNC_UNSAFE`` set only from then on.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import need_service

CHROMIUM = os.environ.get("KOLKHOZ_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


def pytest_collection_modifyitems(config, items):  # noqa: ARG001
    """Browser tests last: once Playwright's loop runs, it runs to the end of the session."""
    browser = [i for i in items if i.get_closest_marker("browser")]
    if browser:
        items[:] = [i for i in items if not i.get_closest_marker("browser")] + browser


def _playwright_available() -> bool:
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
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # see the module docstring
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "headless": True,
            "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def page(page, live_server):
    """The plugin's page, failing the test on any uncaught error in the page's scripts."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(10_000)
    page.errors = errors
    yield page
    assert not errors, f"JavaScript errors in the page: {errors}"


if not _playwright_available():  # pragma: no cover - dev deps missing
    @pytest.fixture
    def page():  # type: ignore[no-redef]
        need_service("Playwright", False, "pip install pytest-playwright (make setup does this)")
