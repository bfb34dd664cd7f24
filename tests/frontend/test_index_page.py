"""The index page in a real browser: paging and a filter, reflected in the page's URL.

Given 31 stored games (29 live Kolkhoz games, the known finished Kolkhoz game and a
finished Gong Zhu game of other players) / when a person opens the index, pages to the
next page and filters by part of a player's name / then each page shows its share of the
games with a page count, Prev/Next follow the URL, the filtered page (a link that can be
shared) lists that game alone with its winner from the game's end, and a live game shows
no winner; the page passes axe at desktop and phone widths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replays.services import game_import_record
from tests.replays.helpers import bot_log, store

from . import data
from .a11y import PHONE, check_page
from .netlog import failures

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
EXAMPLES = Path(__file__).resolve().parents[1] / "gongzhu" / "examples"
PAGE_SIZE = 25  # index.js


def rows(page) -> int:
    return page.locator("#games tr").count()


def test_paging_and_a_player_filter_in_the_url(page, live_server):
    opening = bot_log("kolkhoz", "index-live")[:3]
    for _ in range(29):
        store(opening, seed="index-live")
    data.known_game()
    record = json.loads((EXAMPLES / "pig_hunt.json").read_text(encoding="utf-8"))
    record["seats"] = ["Grusha", "Lev", "Masha", "Nina"]
    gongzhu = game_import_record(record=record).game
    end = gongzhu.events.order_by("-seq").first().payload
    winners = [n for n, p in zip(gongzhu.seats, end["places"], strict=True) if p == 1]

    failed = failures(page)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/")
    page.wait_for_selector("#games tr")
    assert rows(page) == PAGE_SIZE
    assert page.locator("#pages").inner_text() == "Page 1 of 2"
    assert "31 games" in page.locator("#summary").inner_text()
    assert page.locator("#prev").get_attribute("aria-disabled") == "true"
    live_row = page.locator("#games tr", has=page.get_by_text("Play", exact=True)).first
    assert live_row.locator("td").nth(3).inner_text().startswith("—")  # no winner while live
    check_page(page, "index")
    page.set_viewport_size(PHONE)
    check_page(page, "index")
    page.set_viewport_size({"width": 1280, "height": 900})

    page.get_by_role("link", name="Next").click()
    page.wait_for_url("**/?page=2")
    page.wait_for_function(f"document.querySelectorAll('#games tr').length === {31 - PAGE_SIZE}")
    assert page.locator("#pages").inner_text() == "Page 2 of 2"
    assert page.locator("#next").get_attribute("aria-disabled") == "true"
    page.get_by_role("link", name="Previous").click()
    page.wait_for_function(f"document.querySelectorAll('#games tr').length === {PAGE_SIZE}")

    page.get_by_role("searchbox", name="Player").fill("GRUS")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_url("**/?player=GRUS")
    page.wait_for_function("document.querySelectorAll('#games tr').length === 1")
    cells = page.locator("#games tr td").all_inner_texts()
    assert cells[0].startswith("Gong Zhu")
    assert cells[1] == "Grusha, Lev, Masha, Nina" and cells[2].startswith("finished")
    assert cells[3] == ", ".join(winners)
    assert page.locator("nav.pager").is_hidden()  # one page: no pager
    shared = page.url
    page.goto("about:blank")
    page.goto(shared)  # the filtered page, opened from its link
    page.wait_for_function("document.querySelectorAll('#games tr').length === 1")
    assert page.get_by_role("searchbox", name="Player").input_value() == "GRUS"
    assert page.evaluate(data.UNNAMED_CONTROLS) == []
    assert failed == []  # no failed request (the favicon included), no console error

    page.goto(f"{live_server.url}/?date_from=2026-13-40")  # a bad value: the API's message
    page.wait_for_selector("#message:not(:empty)")
    assert "date_from" in page.locator("#message").inner_text()
