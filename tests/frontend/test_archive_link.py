"""The tournament page's "Download archive" link (issue 18, Archives; docs/archives.md).

Given a finished Swiss of 8 bots / when a person opens its page / then a "Download
archive" link is there, and what it downloads verifies offline (every game OK); on the
page of a tournament still being played there is no such link (its archive would carry
the secret)."""

from __future__ import annotations

import pytest

from gamekit.archive import verify_archive
from tests.leagues.league_helpers import make_tournament
from tournaments import services

from . import data
from .a11y import PHONE, check_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def played_inline(monkeypatch):
    monkeypatch.setattr("tournaments.dispatch.tables_enqueue", lambda ids: None)


def test_a_finished_tournament_offers_its_archive(page, live_server, played_inline, tmp_path,
                                                  screenshots):
    t = data.league_with_tournament()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/tournaments/{t.pk}/")
    page.wait_for_selector("#standings tbody tr")
    link = page.get_by_role("link", name="Download archive")
    link.wait_for(state="visible")
    assert link.get_attribute("href") == f"/api/tournaments/{t.pk}/archive/"
    assert "README.txt says how to check it all offline" in page.locator("#archive").inner_text()
    check_page(page, "tournament-archive")
    page.set_viewport_size(PHONE)
    check_page(page, "tournament-archive")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    with page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename == f"tournament-{t.pk}.zip"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    report = verify_archive(str(path))
    assert report["ok"] and len(report["games"]) == 4, report


def test_a_tournament_being_played_has_no_archive_link(page, live_server, played_inline):
    t = make_tournament(n=8, fmt="swiss", rounds=2, seed="browser-live")
    services.tournament_start(tournament=t)  # its tables wait (nothing is enqueued)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/tournaments/{t.pk}/")
    page.wait_for_selector("#rounds section.round")
    assert page.locator("#archive").is_hidden()
    assert page.get_by_role("link", name="Download archive").count() == 0
