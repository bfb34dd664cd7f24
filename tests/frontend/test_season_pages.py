"""The season page in a real browser, at desktop and phone size: a league's season in
divisions with each division's members (rank, points, seed) and their movement said in
words (the arrows are decoration), the season's movements and the league's history; the
leagues page and a division's tournament page link to it.

Given a league whose first season of two divisions (8 bots, one-year Kolkhoz) was played
and closed, and whose second was played but not closed (tables played in this process,
nothing enqueued) / when a person opens the pages / then they show what the API says."""

from __future__ import annotations

import pytest

from seasons import services
from seasons.models import Movement
from tests.seasons.helpers import FAST, bots, league, play_season

from .a11y import DESKTOP, PHONE, check_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FITS = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def seasons(monkeypatch):
    monkeypatch.setattr("tournaments.dispatch.tables_enqueue", lambda ids: None)  # inline
    lg = league("page")
    first = services.season_open(league=lg, players=bots("page", 8), divisions=2, **FAST)
    play_season(first)
    second = services.season_close(season=first)
    assert second is not None
    play_season(second)
    return lg, first, second


TIED_WORDS = " (tied rank: decided by seed)"


def tied(move: Movement) -> str:
    """The words the page adds when a movement's rank was shared and decided by seed."""
    return TIED_WORDS if move.by_seed else ""


def texts(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("cells => cells.map(c => c.textContent.trim())")


def test_season_pages(page, live_server, seasons):
    lg, first, second = seasons
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/leagues/")
    page.wait_for_selector("#leagues p.seasons a")
    seasons_line = page.locator(f"#leagues li[data-league='{lg.pk}'] p.seasons")
    assert seasons_line.inner_text() == ("Seasons in divisions: Season 2 (2 divisions, open) · "
                                         "Season 1 (2 divisions, closed)")
    check_page(page, "leagues-with-seasons")
    page.set_viewport_size(PHONE)
    check_page(page, "leagues-with-seasons")
    assert page.evaluate(FITS)
    page.set_viewport_size(DESKTOP)
    page.locator("#leagues p.seasons").get_by_role("link", name="Season 1").click()
    page.wait_for_url(f"**/leagues/{lg.pk}/seasons/1/")
    page.wait_for_selector("section.division tbody tr")
    summary = page.locator("#summary").text_content()
    assert summary.startswith("Closed") and "each plays a Swiss of 2 rounds" in summary
    assert "the top player of every division but Division 1 moves up" in summary
    assert page.locator("section.division").count() == 2

    moves = {m.player.name: m for m in Movement.objects.filter(season=first)
             .select_related("player")}
    up = next(n for n, m in moves.items() if m.reason == "promoted")
    down = next(n for n, m in moves.items() if m.reason == "relegated")
    row = page.locator(f"section.division tr[data-player='{up}']")
    # the tables' seeds are secret and random, so a tied rank on the line can happen
    assert row.locator("td").last.inner_text() == "▲ Promoted to Division 1" + tied(moves[up])
    # the arrow is hidden from screen readers: the words carry the meaning
    assert row.locator("[aria-hidden='true']").inner_text().strip() == "▲"
    row = page.locator(f"section.division tr[data-player='{down}']")
    assert row.locator("td").last.inner_text() == "▼ Relegated to Division 2" + tied(moves[down])
    # each division lists its members by final rank, as recorded
    for division in first.divisions.order_by("number"):
        ranks = sorted(division.members.values_list("final_rank", flat=True))
        section = page.locator("section.division").nth(division.number - 1)
        assert [int(x) for x in texts(section, "tbody td:first-child")] == ranks
    assert sorted(texts(page, "table.movements tbody td:first-child")) == sorted([up, down])
    history = page.locator("table.history tbody tr")
    assert history.count() == 2
    assert page.locator("table.history").get_by_role("link", name="Season 2").count() == 1
    assert page.get_by_role("link", name="Next season (2)").count() == 1
    check_page(page, "season-closed")
    page.set_viewport_size(PHONE)
    check_page(page, "season-closed")
    assert page.evaluate(FITS)

    # the open season: projected places from its current (final) standings
    page.set_viewport_size(DESKTOP)
    page.get_by_role("link", name="Next season (2)").click()
    page.wait_for_url(f"**/leagues/{lg.pk}/seasons/2/")
    page.wait_for_selector("section.division tbody tr")
    summary = page.locator("#summary").text_content()
    assert summary.startswith("Open") and "Every division has finished" in summary
    words = [w.removesuffix(TIED_WORDS)
             for w in texts(page, "section.division tbody td:last-child")]
    assert sum(w.endswith("In a promotion place (to Division 1)") for w in words) == 1
    assert sum(w.endswith("In a relegation place (to Division 2)") for w in words) == 1
    assert "Recorded when the season closes" in page.locator("#movements").text_content()
    check_page(page, "season-open")
    page.set_viewport_size(PHONE)
    check_page(page, "season-open")
    assert page.evaluate(FITS)

    # a division's tournament links back to its season
    page.set_viewport_size(DESKTOP)
    page.locator("section.division").first.get_by_role("link").first.click()
    page.wait_for_selector("#standings tbody tr")
    assert page.get_by_text("Division 1 of").count() == 1
    check_page(page, "division-tournament")
    page.set_viewport_size(PHONE)
    check_page(page, "division-tournament")
    page.set_viewport_size(DESKTOP)
    page.get_by_role("link", name="season 2 in divisions").click()
    page.wait_for_url(f"**/leagues/{lg.pk}/seasons/2/")

    missing = page.goto(f"{live_server.url}/leagues/{lg.pk}/seasons/9/")
    assert missing.status == 404
