"""League pages in a real browser: leagues, a tournament's rounds and standings, the
rating ladder with each player's history charted.

Given a finished 2-round Swiss of 8 bots (played in this process, nothing enqueued) /
when a person opens the leagues, the tournament and the ladder / then the rounds link
to replays, the standings sort and download as CSV, and every player on the ladder has
a rating chart."""

from __future__ import annotations

import csv
import io
import urllib.request

import pytest

from tournaments import selectors

from . import data
from .a11y import PHONE, check_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# the page itself never scrolls sideways (a wide table scrolls in its own region)
FITS = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def tournament(monkeypatch):
    monkeypatch.setattr("tournaments.dispatch.tables_enqueue", lambda ids: None)  # played inline
    return data.league_with_tournament()


def column(page, table: str, index: int) -> list[str]:
    return page.locator(f"{table} tbody tr").evaluate_all(
        f"rows => rows.map(r => r.cells[{index}].textContent.trim())")


def test_tournament_standings_rounds_and_csv(page, live_server, tournament, screenshots):
    league = tournament.season.league
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/")
    page.wait_for_selector("#games a")
    assert page.get_by_role("link", name="Replay game").count() == 4  # 2 rounds of 2 tables
    # the tournament's games on the index: its column links to it
    assert page.locator("#games").get_by_role("link", name=tournament.name).count() == 4
    page.goto(f"{live_server.url}/leagues/")
    page.wait_for_selector("#leagues h2")
    check_page(page, "leagues")
    page.set_viewport_size(PHONE)
    check_page(page, "leagues")
    assert page.evaluate(FITS)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.locator("#leagues").get_by_role("link", name=tournament.name, exact=True).click()
    page.wait_for_url(f"**/tournaments/{tournament.pk}/")
    page.wait_for_selector("#standings tbody tr")

    rows = selectors.tournament_standings(tournament=tournament)
    assert column(page, "#standings", 1) == [r["player"] for r in rows]
    assert column(page, "#standings", 0) == [str(r["rank"]) for r in rows]
    # under the table, in words, what split each pair level on points: 8 players on 7
    # possible totals (0 … 6) — at least one pair is level
    words = page.locator("#separations li").all_text_contents()
    assert words == data.separation_words(rows) and len(words) >= 1
    assert page.get_by_role("region", name="How ties on points were broken").is_visible()

    page.get_by_role("button", name="Sort by Player").click()
    header = page.locator("#standings th", has=page.get_by_role("button", name="Sort by Player"))
    assert header.get_attribute("aria-sort") == "ascending"
    assert column(page, "#standings", 1) == sorted(r["player"] for r in rows)
    page.get_by_role("button", name="Sort by Cellar").click()  # the first click: most first
    cellars = [int(x) for x in column(page, "#standings", 4)]
    assert cellars == sorted(cellars, reverse=True)
    page.get_by_role("button", name="Sort by Points").click()
    points_button = page.get_by_role("button", name="Sort by Points")
    points_header = page.locator("#standings th", has=points_button)
    assert points_header.get_attribute("aria-sort") == "descending"
    points = [float(x) for x in column(page, "#standings", 3)]
    assert points == sorted(points, reverse=True) and points[0] > points[-1]
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Sort by Points"
    page.keyboard.press("Enter")  # the focus stayed on it: a second press reverses
    assert points_header.get_attribute("aria-sort") == "ascending"
    assert [float(x) for x in column(page, "#standings", 3)] == sorted(points)

    tables = page.locator("#rounds section.round")
    assert tables.count() == 2
    replay_links = page.get_by_role("link", name="Replay of round")
    assert replay_links.count() == 4  # 8 players, 2 tables a round
    assert page.evaluate(data.UNNAMED_CONTROLS) == []
    check_page(page, "tournament")
    page.set_viewport_size(PHONE)
    check_page(page, "tournament")
    # every table fits the phone or scrolls inside its own named region, with a hint
    assert page.evaluate(FITS), "the page scrolls sideways"
    region = page.get_by_role("region", name="Standings, scrolls sideways")
    assert region.get_attribute("tabindex") == "0"
    assert page.locator(".scroll-hint:visible").count() >= 1
    page.set_viewport_size({"width": 1280, "height": 900})

    csv_link = page.get_by_role("link", name="Download CSV")
    with urllib.request.urlopen(live_server.url + csv_link.get_attribute("href")) as response:
        assert response.headers["Content-Type"].startswith("text/csv")
        parsed = list(csv.DictReader(io.StringIO(response.read().decode())))
    assert [r["player"] for r in parsed] == [r["player"] for r in rows]

    replay_links.first.click()
    page.wait_for_selector(".table .field")
    assert "/games/" in page.url
    back = page.get_by_role("link", name=tournament.name, exact=True)  # round 1, table 1
    assert back.get_attribute("href") == f"/tournaments/{tournament.pk}/"
    assert "round 1, table 1" in page.locator(".game-links").inner_text()

    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    page.get_by_role("link", name=f"Rating ladder of {league.name}").click()
    page.wait_for_url(f"**/leagues/{league.pk}/ladder/")


def test_ladder_charts_every_players_history(page, live_server, tournament, screenshots):
    league = tournament.season.league
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(f"{live_server.url}/leagues/{league.pk}/ladder/")
    page.wait_for_selector("#ladder-body svg")
    ladder = selectors.league_ladder(league=league)
    assert column(page, ".ladder", 1)[0].startswith(ladder[0]["player"])
    charts = page.get_by_role("img", name="Rating history of")
    assert charts.count() == len(ladder) == 8
    label = charts.first.get_attribute("aria-label")
    assert "over 2 games" in label
    assert page.locator("#ladder-body svg circle").count() == 8 * 3  # before, after game 1, 2
    assert page.evaluate(data.UNNAMED_CONTROLS) == []
    check_page(page, "ladder")
    page.set_viewport_size(PHONE)
    check_page(page, "ladder")
    assert page.evaluate(FITS)
