"""The rulebooks and the API docs in a real browser, at desktop and phone widths.

Given this installation's rulebooks (Kolkhoz at /rules/, each further game's at
/rules/<game>/) and the API docs (/api/docs/, Swagger UI from drf-spectacular-sidecar) /
when they are opened at 1280 px and at 390 × 844 / then axe finds nothing serious, the
page never scrolls sideways (a wide table scrolls in its own region), no request fails
(the favicon included) — and the API docs list the operations with every request to
anywhere but this server blocked (offline)."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from .a11y import DESKTOP, PHONE, check_page
from .netlog import failures

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FITS = "document.documentElement.scrollWidth <= window.innerWidth"
RULEBOOKS = [("", "Kolkhoz"), ("gongzhu/", "Gong Zhu"), ("korova/", "Korova"),
             ("arne/", "Arne Total")]


def test_every_rulebook_fits_a_phone_and_passes_axe(page, live_server):
    failed = failures(page)
    for path, name in RULEBOOKS:
        page.set_viewport_size(DESKTOP)
        page.goto(f"{live_server.url}/rules/{path}")
        assert name in page.title()
        assert page.locator("link[rel=icon]").count() == 1
        slug = "rules-" + (path.rstrip("/") or "kolkhoz")
        check_page(page, slug)
        page.set_viewport_size(PHONE)
        check_page(page, slug)
        assert page.evaluate(FITS), f"{slug} scrolls sideways on a phone"
    assert failed == []


def test_the_api_docs_list_the_operations_offline(page, live_server):
    failed = failures(page)
    blocked: list[str] = []
    local = {"localhost", "127.0.0.1"}

    def only_this_server(route):
        if urlparse(route.request.url).hostname in local:
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    page.route("**/*", only_this_server)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/api/docs/")
    page.wait_for_selector(".opblock-summary")
    operations = page.locator(".opblock")
    assert operations.count() > 30
    frames = page.locator(".opblock-summary-path", has_text="/api/games/{game_id}/frames/")
    assert frames.count() == 1
    assert "Kolkhoz Platform API" in page.locator(".information-container").inner_text()
    check_page(page, "api-docs")
    page.set_viewport_size(PHONE)
    check_page(page, "api-docs")
    assert blocked == [] and failed == []
    # what a browser asks for on a page without an icon link: the site's SVG icon
    icon = page.request.get(f"{live_server.url}/favicon.ico")
    assert icon.status == 200 and icon.headers["content-type"] == "image/svg+xml"
    assert icon.url.endswith("/static/frontend/favicon.svg") and b"<svg" in icon.body()
