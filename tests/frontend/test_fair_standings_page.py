"""The tournament page of a Swiss filled with house bots, in a real browser: each
player's house bots met in a column of the standings, and under them, in words, what put
one of two players level on points above the other.

Given a finished 2-round Swiss of 5 bots with three house bots a round (played in this
process) / when a person opens its page at desktop and phone size / then the House bots
column shows the API's counts (no Byes column: nobody sat out), the words match the
API's ``separated_from_next``, and the page passes axe at both sizes."""

from __future__ import annotations

import pytest

from tournaments import selectors

from . import data
from .a11y import PHONE, check_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FITS = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def fair(monkeypatch):
    monkeypatch.setattr("tournaments.dispatch.tables_enqueue", lambda ids: None)  # inline
    return data.fair_tournament()


def test_house_bots_and_tie_breaks_in_words(page, live_server, fair, screenshots):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/tournaments/{fair.pk}/")
    page.wait_for_selector("#standings tbody tr")
    rows = selectors.tournament_standings(tournament=fair)
    headers = page.locator("#standings thead th").all_text_contents()
    assert "Byes" not in headers and headers[-1] == "House bots"
    cells = page.locator("#standings tbody tr").evaluate_all(
        "rows => rows.map(r => [r.cells[1].textContent, r.cells[r.cells.length - 1].textContent])")
    assert cells == [[r["player"], str(r["house_bots"])] for r in rows]
    # three bots a round over five players: 7 house-bot seats a round, counts within one
    counts = [r["house_bots"] for r in rows]
    assert sum(counts) == 14 and max(counts) - min(counts) <= 1
    words = page.locator("#separations li").all_text_contents()
    assert words == data.separation_words(rows)
    assert page.locator("#separations").is_visible() == bool(words)
    assert page.evaluate(data.UNNAMED_CONTROLS) == []
    check_page(page, "tournament-house-bots")
    page.set_viewport_size(PHONE)
    check_page(page, "tournament-house-bots")
    assert page.evaluate(FITS), "the page scrolls sideways"
