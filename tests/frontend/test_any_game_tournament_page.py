"""The tournament page of a game other than Kolkhoz, in a real browser: the standings'
columns are the game's (its score's name, its tie-breaks, places up to its table size)
and each round shows its table size's seats.

Given a finished Swiss of 6 bots of the fake 3-seat game (registered for this test,
played in this process) / when a person opens its page / then the standings have a
Score column and 1st to 3rd, no Cellar or 4th, and each table three seats."""

from __future__ import annotations

import pytest

from gamekit import registry
from tests.core.fake_game import OddOneOut
from tests.tournaments.any_game_helpers import play, tournament_of
from tournaments import selectors, services

from . import data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def fake_tournament(monkeypatch):
    monkeypatch.setattr("tournaments.dispatch.tables_enqueue", lambda ids: None)  # inline
    with registry.registered(OddOneOut()):
        t = tournament_of("oddoneout", n=6, rounds=2, tag="page")
        services.tournament_start(tournament=t)
        play(t, "store")
        yield t


def test_a_fake_games_tournament_page_shows_the_games_columns(page, live_server,
                                                              fake_tournament, screenshots):
    t = fake_tournament
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/tournaments/{t.pk}/")
    page.wait_for_selector("#standings tbody tr")
    headers = page.locator("#standings thead th").evaluate_all(
        "cells => cells.map(c => c.textContent.trim())")
    assert headers == ["Rank", "Player", "Games", "Points", "Score", "Opp. points", "1st",
                       "2nd", "3rd"]
    assert page.locator("#tie-breaks").text_content() == (
        "Placement points, then score totals and opponents' points break ties.")
    rows = selectors.tournament_standings(tournament=t)
    names = page.locator("#standings tbody tr").evaluate_all(
        "rows => rows.map(r => r.cells[1].textContent.trim())")
    assert names == [r["player"] for r in rows]
    seat_headers = page.locator("#rounds section.round").first.locator("thead th")
    assert [h for h in seat_headers.all_text_contents() if h.startswith("Seat")] == [
        "Seat 0", "Seat 1", "Seat 2"]
    assert page.evaluate(data.UNNAMED_CONTROLS) == []
    page.screenshot(path=str(screenshots / "tournament-fake-game.png"), full_page=True)
