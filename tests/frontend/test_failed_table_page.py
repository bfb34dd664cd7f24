"""A failed table on the tournament page (real browser).

Given a table whose task failed after its retries / when an organiser opens the
tournament page / then the table shows "failed" with its error and a Resume button, and
after the cause is fixed the button plays it to the end (eager Celery, in-process);
anyone else sees only "failed", never the error."""

from __future__ import annotations

import pytest

from tests.leagues.overlap_helpers import broken_series, organiser
from tournaments import services
from tournaments.models import Player, Table, TableStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("eager_celery")]


def test_an_organiser_sees_the_error_and_resumes_the_table(page, live_server, screenshots):
    t, bot = broken_series()
    services.tournament_start(tournament=t)
    table = Table.objects.get(round__tournament=t)
    assert table.status == TableStatus.FAILED
    url = f"{live_server.url}/tournaments/{t.pk}/"

    page.goto(url)  # anonymous: the status only
    page.wait_for_selector("#rounds table")
    status = page.locator("#rounds tbody tr td").nth(5)
    assert status.inner_text().strip() == "failed"
    assert "takes no settings" not in page.content()

    organiser("org-browser")  # password pw-long-enough-1
    page.goto(f"{live_server.url}/accounts/login/?next=/tournaments/{t.pk}/")
    page.fill("#id_username", "org-browser")
    page.fill("#id_password", "pw-long-enough-1")
    page.click("button[type=submit]")
    page.wait_for_url(f"**/tournaments/{t.pk}/")
    page.wait_for_selector("tr.failed code.error")
    assert "the random bot takes no settings" in page.locator("tr.failed code.error").inner_text()
    page.screenshot(path=str(screenshots / "tournament-failed-table.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(screenshots / "tournament-failed-table-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})

    Player.objects.filter(pk=bot.pk).update(bot_settings={})
    page.get_by_role("button", name="Resume round 1, table 1").click()
    page.wait_for_function("() => !document.querySelector('tr.failed')")
    assert page.locator("#rounds tbody tr td").nth(5).inner_text().strip() == "finished"
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
