"""A duplicate tournament's page in a real browser (desktop and phone): it says it is
duplicate, shows the matchpoints beside the points with a line on duplicate scoring, says
per round that all tables were dealt the same cards (and how far the deals agreed), keeps
a round still being played to itself (no replay links, no results), and shows a one-table
field's boards.

Given a duplicate Swiss of 8 bots (one-year Kolkhoz, random and heuristic) whose rounds 1
and 2 are over and round 3 is being played, and a duplicate Swiss of 4 bots played as
boards (played in this process, nothing enqueued) / when a person opens their pages, and
a game of round 3 by its address / then they read as above (the game's page says it is
not shown yet), pass axe at both sizes and never scroll sideways."""

from __future__ import annotations

import pytest

from tests.tournaments.duplicate_helpers import duplicate_league
from tournaments import selectors, services
from tournaments.models import Table, TableStatus

from . import data
from .a11y import PHONE, check_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FITS = "document.documentElement.scrollWidth <= window.innerWidth"
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def tournaments(monkeypatch):
    monkeypatch.setattr("tournaments.dispatch.tables_enqueue", lambda ids: None)  # inline
    # a fixed secret (bots only): the matchpoints differ after two rounds on these deals
    running = duplicate_league(n=8, rounds=3, seed="dup-page", play=False,
                               secret="dup-page-secret")
    for _ in range(20):  # play rounds 1 and 2; round 3 is left being played
        if running.round_set.filter(number=3).exists():
            break
        for table in Table.objects.filter(round__tournament=running).exclude(
                status=TableStatus.FINISHED):
            services.table_play(table_id=table.pk)
    boards = duplicate_league(n=4, rounds=1, seed="dup-page-boards")
    return running, boards


def column(page, table: str, index: int) -> list[str]:
    return page.locator(f"{table} tbody tr").evaluate_all(
        f"rows => rows.map(r => r.cells[{index}].textContent.trim())")


def both_sizes(page, name: str) -> None:
    page.set_viewport_size(DESKTOP)
    check_page(page, name)
    page.set_viewport_size(PHONE)
    check_page(page, name)
    assert page.evaluate(FITS), "the page scrolls sideways"
    page.set_viewport_size(DESKTOP)


def test_a_duplicate_tournaments_page(page, live_server, tournaments):
    running, boards = tournaments
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/tournaments/{running.pk}/")
    page.wait_for_selector("#standings tbody tr")
    assert "(duplicate)" in page.locator("#summary").text_content()
    note = page.locator("#duplicate-note")
    assert note.is_visible() and "Matchpoints compare each result" in note.text_content()
    headers = page.locator("#standings thead th").all_text_contents()
    headers = [h.replace("\u00a0", " ") for h in headers]  # "MP %" stays on one line
    at = headers.index("Points")
    assert headers[at + 1: at + 3] == ["Matchpoints", "MP %"]
    rows = selectors.tournament_standings(tournament=running)
    assert column(page, "#standings", 1) == [r["player"] for r in rows]
    shown = [float(x) for x in column(page, "#standings", at + 1)]
    assert shown == [r["matchpoints"] for r in rows] and max(shown) > min(shown)
    assert column(page, "#standings", at + 2) == [f"{r['matchpoint_pct']:.2f}".removesuffix(
        ".00") + "%" for r in rows]

    sections = page.locator("#rounds section.round")
    assert sections.count() == 3
    for number in (1, 2):
        line = sections.nth(number - 1).locator("p.duplicate-round").text_content()
        assert line == ("All 2 tables were dealt the same cards. Every deal and draw (one) "
                        "was the same at every table.")
    third = sections.nth(2)
    assert "shown once every table has finished" in third.locator(
        "p.duplicate-round").text_content()
    assert third.get_by_role("link", name="Replay of round").count() == 0
    assert third.get_by_text("after the round").count() == 2
    assert page.get_by_role("link", name="Replay of round").count() == 4  # rounds 1 and 2
    assert page.evaluate(data.UNNAMED_CONTROLS) == []
    both_sizes(page, "tournament-duplicate")

    # a visitor who opens a game of round 3 by its address is told when it will be shown
    sealed = Table.objects.filter(round__tournament=running, round__number=3).first()
    response = page.goto(f"{live_server.url}/games/{sealed.game_id}/")
    assert response.status == 403
    assert page.get_by_role("heading", name="Not shown yet").is_visible()
    sign_in = page.get_by_role("link", name="sign in", exact=True)
    assert sign_in.get_attribute("href") == f"/accounts/login/?next=/games/{sealed.game_id}/"
    assert page.get_by_role("link", name=running.name).get_attribute("href") == (
        f"/tournaments/{running.pk}/")
    both_sizes(page, "game-sealed")

    page.goto(f"{live_server.url}/tournaments/{boards.pk}/")
    page.wait_for_selector("#standings tbody tr")
    section = page.locator("#rounds section.round").first
    assert section.locator("thead th").first.text_content() == "Board"
    assert column(page, "#rounds section.round table", 0) == ["1", "2", "3", "4"]
    assert "played as 4 boards" in section.locator("p.duplicate-round").text_content()
    both_sizes(page, "tournament-duplicate-boards")
