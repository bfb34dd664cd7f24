"""Browser tests: pytest-playwright driving the system's Chromium against the live server.

Playwright's own browser download does not work here; the tests launch
``/usr/bin/chromium`` (``KOLKHOZ_CHROMIUM`` to change it). Without it they skip with a
message, and under CI=true they fail (``.ci/run`` installs it with apt-get).

The Chromium launch settings and the browser-tests-last ordering are shared by every
browser test and live in ``tests/conftest.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import need_service, playwright_available

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


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


if not playwright_available():  # pragma: no cover - dev deps missing
    @pytest.fixture
    def page():  # type: ignore[no-redef]
        need_service("Playwright", False, "pip install pytest-playwright (make setup does this)")
