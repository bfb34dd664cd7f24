"""The play page in Chromium (Playwright): a person signs in and plays a whole one-year
game against three bots by clicking — trump, swap, play, assign — and the stored game
verifies. The page computes no rule: every clickable move came from the API.

Needs Chromium (/usr/bin/chromium, or KOLKHOZ_CHROMIUM): skipped locally without it,
failed under CI=true (tests/conftest.py ``need_service``)."""

from __future__ import annotations

import time

import pytest

from replays.models import GameEvent
from replays.selectors import game_verify
from tournaments import services
from tournaments.models import TableStatus

from .helpers import PASSWORD, make_mixed_tournament, make_person, person_seat, the_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("eager_celery")]

@pytest.fixture
def browser_page(browser):
    """A fresh page of the session's Chromium (tests/conftest.py launch settings)."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(20000)
    yield page
    context.close()
    # Queries made while Playwright's loop ran used connections of that context:
    # close them here, or the test database cannot be dropped at the end.
    from django.db import connections

    connections.close_all()
    time.sleep(0.5)  # let the live server's request threads close their DB connections


def _main_data(page):
    return page.evaluate("() => ({...document.getElementById('play').dataset})")


def test_a_person_plays_a_whole_one_year_game_against_three_bots(live_server, browser_page):
    page = browser_page
    person = make_person("anya")
    t = make_mixed_tournament(person=person, seed="browser-1")
    services.tournament_start(tournament=t)
    table = the_table(t)
    seat = person_seat(table, person)
    gid = table.game.pk

    page.goto(f"{live_server.url}/accounts/login/?next=/play/{gid}/")
    page.fill("#id_username", "anya")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**/play/{gid}/")
    ready = ("() => { const m = document.getElementById('play');"
             " return m.dataset.finished === 'true' || m.dataset.yours === 'true'; }")
    page.wait_for_function(ready)
    assert _main_data(page)["seat"] == str(seat)

    clicks = {"trump": 0, "swap": 0, "play": 0, "assign": 0}
    for _ in range(200):
        data = _main_data(page)
        if data["finished"] == "true":
            break
        kind = data["kind"]
        if kind == "trump":
            page.locator("button[data-action=trump]").first.click()
        elif kind == "swap":
            options = page.locator("button[data-action=swap]")
            options.nth(options.count() - 1).click()  # a real swap when there is one
        elif kind == "play":
            page.locator("#hand button.legal").first.click()
        elif kind == "assign":
            # choose the last offered field for the first card, then assign
            row = page.locator("[data-assign-card]").first
            fields = row.locator("button[data-field]")
            fields.nth(fields.count() - 1).click()
            page.locator("button[data-action=assign]").click()
        else:
            pytest.fail(f"unexpected decision {kind!r}")
        clicks[kind] += 1
        page.wait_for_function(
            "prev => document.getElementById('play').dataset.headSeq !== prev",
            arg=data["headSeq"])
        page.wait_for_function(ready)
        assert not page.locator("#status.error").count(), page.inner_text("#status")
    else:
        pytest.fail("the game did not finish")

    page.wait_for_selector("#result:not([hidden])")
    page.wait_for_selector("#play[data-stream=closed]")  # no request left in flight
    assert "Game over" in page.inner_text("#result")
    assert clicks["trump"] == 1 or clicks["play"] >= 1
    assert clicks["play"] >= 3
    game = table.game.__class__.objects.get(pk=gid)
    assert game.status == "finished" and game_verify(game=game)["ok"]
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    mine = GameEvent.objects.filter(game=game, actor=f"seat:{seat}")
    assert mine.count() == sum(clicks.values())
    assert all(e.time_used_ms is not None for e in mine)
