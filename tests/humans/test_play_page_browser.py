"""The play page in Chromium (Playwright): a person signs in and plays a whole Kolkhoz
game against three bots by clicking — trump, swap, play, assign — through a loop that
always picks something legal through the UI, and the stored game verifies. The page
computes no rule: every clickable move came from the API.

Also shown on the way: the table is the game's renderer with card faces (no bare card
codes in the controls); the turn line in the game's words; what just happened in
sentences; the deadline counting down; an assignment with nothing preselected, the
field totals running as cards are assigned and the button enabled only once every card
has a field; a compact swap (a hand card, then a cellar card); the end with places,
scores and a link to the replay; axe-core and screenshots mid-game and at the end, at
desktop size and at 390 x 844 — where a seat sitting in with its token (not signed in)
plays a shorter game and finds its controls and what just happened near the top.

Needs Chromium (/usr/bin/chromium, or KOLKHOZ_CHROMIUM): skipped locally without it,
failed under CI=true (tests/conftest.py ``need_service``)."""

from __future__ import annotations

import random
import re
import time

import pytest

from replays.models import GameEvent
from replays.selectors import game_verify
from tests.frontend.a11y import PHONE, check_page
from tournaments import services
from tournaments.models import TableStatus

from .helpers import (
    PASSWORD,
    make_mixed_tournament,
    make_person,
    person_seat,
    seat_token,
    the_table,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("eager_celery")]

READY = ("() => { const m = document.getElementById('play');"
         " return m.dataset.finished === 'true' || m.dataset.yours === 'true'; }")
#: a card code as the API writes it ("10D", "QS"): never shown to a person
BARE_CODE = re.compile(r"\b(?:10|[2-9JQKA])[HDCS]\b")
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def browser_page(browser):
    """A fresh page of the session's Chromium (tests/conftest.py launch settings)."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(20000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    page.goto("about:blank")  # stop the page's long-poll
    context.close()
    assert not errors, errors
    # Queries made while Playwright's loop ran used connections of that context:
    # close them here, or the test database cannot be dropped at the end.
    from django.db import connections

    connections.close_all()
    time.sleep(0.5)  # let the live server's request threads close their DB connections


def _main_data(page):
    return page.evaluate("() => ({...document.getElementById('play').dataset})")


def _assign(page, rng, seen):
    """Nothing preselected, the button off; each click moves a field's running total;
    once every card has a field the button is on."""
    rows = page.locator("[data-assign-card]")
    submit = page.locator("button[data-action=assign]")
    assert page.locator("[data-assign-card] button[aria-pressed=true]").count() == 0
    assert submit.is_disabled()
    for k in range(rows.count()):
        fields = rows.nth(k).locator("button[data-field]")
        pick = fields.nth(rng.randrange(fields.count()))
        field = pick.get_attribute("data-field")
        before = page.get_attribute(f"#assign-totals li[data-field={field}]", "data-hours")
        pick.click()
        assert rows.nth(k).locator("button[aria-pressed=true]").count() == 1
        total = page.locator(f"#assign-totals li[data-field={field}]")
        after = total.get_attribute("data-hours")
        card = rows.nth(k).get_attribute("data-assign-card")
        if int(after) != int(before):  # a card worth hours (a drunkard adds none)
            assert "→" in total.inner_text(), total.inner_text()
        seen["totals"].append((card, field, int(before), int(after)))
        if k < rows.count() - 1:
            assert submit.is_disabled()
    assert submit.is_enabled()
    if "assign" not in seen["shots"] and seen.get("shoot"):
        seen["shots"].add("assign")
        check_page(page, "play-kolkhoz-assign")
    submit.click()


def _swap(page, rng):
    if rng.random() < 0.3:
        page.locator("button[data-action=swap][data-pass=true]").click()
        return
    confirm = page.locator("button[data-action=swap][data-pass=false]")
    assert confirm.is_disabled()  # two picks first
    hands = page.locator("[data-swap-hand]")
    hands.nth(rng.randrange(hands.count())).click()
    cellars = page.locator("[data-swap-cellar]")
    cellars.nth(rng.randrange(cellars.count())).click()
    assert confirm.is_enabled() and "bury" in confirm.inner_text()
    confirm.click()


def play_through(page, *, seed: int, shoot: bool = False, limit: int = 400):
    """Plays the seat's every decision through the UI until the game is over; returns
    what was clicked ({kind: count}) and what was checked on the way."""
    rng = random.Random(seed)
    clicks = {"trump": 0, "swap": 0, "play": 0, "assign": 0}
    seen: dict = {"totals": [], "shots": set(), "shoot": shoot}
    page.wait_for_function(READY)
    for _ in range(limit):
        data = _main_data(page)
        if data["finished"] == "true":
            break
        kind = data["kind"]
        controls = page.inner_text("#actions")
        assert not BARE_CODE.search(controls), controls
        assert page.locator("#recent li").count() >= 1  # what just happened, in words
        if kind == "trump":
            page.locator("#actions .own-hand .card").first.wait_for()  # the hand, face up
            buttons = page.locator("button[data-action=trump]")
            buttons.nth(rng.randrange(buttons.count())).click()
        elif kind == "swap":
            _swap(page, rng)
        elif kind == "play":
            if shoot and "play" not in seen["shots"]:
                seen["shots"].add("play")
                check_page(page, "play-kolkhoz-mid")
            legal = page.locator("#hand button.legal")
            legal.nth(rng.randrange(legal.count())).click()
        elif kind == "assign":
            _assign(page, rng, seen)
        else:
            pytest.fail(f"unexpected decision {kind!r}")
        clicks[kind] += 1
        page.wait_for_function(
            "prev => document.getElementById('play').dataset.headSeq !== prev",
            arg=data["headSeq"])
        page.wait_for_function(READY)
        assert not page.locator("#status.error").count(), page.inner_text("#status")
    else:
        pytest.fail("the game did not finish")
    page.wait_for_selector("#result:not([hidden])")
    page.wait_for_selector("#play[data-stream=closed]")  # no request left in flight
    return clicks, seen


def _assert_the_end(page, gid, seat, names):
    result = page.inner_text("#result")
    assert re.search(r"You finished (1st|2nd|3rd|4th) of 4 with -?\d+ points\.", result), result
    assert "Winner" in result
    assert page.locator(f"#result a.replay-link[href='/games/{gid}/']").count() == 1
    # every place, score and tie-break: the shell's end-of-game summary
    page.wait_for_selector("#summary:not([hidden])")
    rows = page.locator("#summary tbody tr[data-place]")
    assert rows.count() == 4
    assert set(rows.evaluate_all("els => els.map(e => Number(e.dataset.seat))")) == {0, 1, 2, 3}
    assert all(name in page.inner_text("#summary") for name in names)
    mine = page.get_attribute("#result .mine", "data-place")
    assert page.get_attribute(f"#summary tr[data-seat='{seat}']", "data-place") == mine
    assert page.inner_text("#phase") == "Game over."
    assert "The Plan is over." in page.inner_text("#recent li.latest")  # in words
    assert "Not signed in" not in page.inner_text("body")
    assert page.inner_text("#game-status") == "Finished"


def test_a_person_plays_a_whole_kolkhoz_game_against_three_bots(live_server, browser_page):
    page = browser_page
    person = make_person("anya")
    t = make_mixed_tournament(person=person, seed="browser-2y", limit_s=900,
                              ruleset={"preset": "kolkhoz", "options": {"years": 2}})
    services.tournament_start(tournament=t)
    table = the_table(t)
    seat = person_seat(table, person)
    gid = table.game.pk

    page.goto(f"{live_server.url}/accounts/login/?next=/play/{gid}/")
    page.fill("#id_username", "anya")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**/play/{gid}/")
    page.wait_for_function(READY)
    assert _main_data(page)["seat"] == str(seat)
    you = page.inner_text("#you")
    assert "You play anya" in you and "signed in as anya" in you
    assert not page.locator("#sign-in").count()
    # the deadline, counting down
    page.wait_for_selector("#clock:not([hidden])")
    first = page.inner_text("#clock-left")
    assert re.fullmatch(r"1[45]:\d\d", first), first
    page.wait_for_function("t => document.getElementById('clock-left').textContent !== t",
                           arg=first)
    # the table is the renderer's, with the North pile and the legend saying what ★ is
    assert page.locator("#table .table .north").count() == 1
    assert "Wrecker" in page.inner_text("#legend")

    clicks, seen = play_through(page, seed=11, shoot=True)

    check_page(page, "play-kolkhoz-end")
    _assert_the_end(page, gid, seat, table.game.seats)
    page.set_viewport_size(PHONE)
    check_page(page, "play-kolkhoz-end")
    game = table.game.__class__.objects.get(pk=gid)
    assert game.status == "finished" and game_verify(game=game)["ok"]
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    mine = GameEvent.objects.filter(game=game, actor=f"seat:{seat}")
    assert mine.count() == sum(clicks.values())
    assert clicks["play"] >= 8
    # every assignment sent is the one the person clicked together
    sent = [e.payload for e in mine.order_by("seq") if e.payload["type"] == "assign"]
    assert sum(len(e["cards"]) for e in sent) == len(seen["totals"])
    clicked = {c: f for c, f, *_ in seen["totals"]}
    assert {c: f for e in sent for c, f in e["cards"].items()} == clicked
    page.click("#result a.replay-link")
    page.wait_for_url(f"**/games/{gid}/**")
    page.wait_for_selector("#table .table")


def test_at_phone_size_a_seat_token_plays_with_the_controls_on_top(live_server, browser_page):
    page = browser_page
    page.set_viewport_size(PHONE)
    person = make_person("boris")
    t = make_mixed_tournament(person=person, seed="browser-phone")
    services.tournament_start(tournament=t)
    table = the_table(t)
    seat = person_seat(table, person)
    gid = table.game.pk
    page.goto(f"{live_server.url}/play/{gid}/#token={seat_token(table, person)}")
    page.wait_for_function(READY)
    assert _main_data(page)["seat"] == str(seat)
    assert page.locator("#sign-in").is_hidden()  # a seat token is not "not signed in"
    assert "with this seat's token" in page.inner_text("#you")
    if _main_data(page)["finished"] != "true":
        panel = page.locator(".moves").bounding_box()
        table_box = page.locator("#table").bounding_box()
        recent = page.locator("#recent").bounding_box()
        # in the first half of the first screen, what just happened before the table
        assert panel["y"] < PHONE["height"] / 2 and recent["y"] < table_box["y"], (panel, recent)
        assert page.locator("#table").evaluate("e => e.scrollWidth <= e.clientWidth + 2") \
            or page.locator("#table-scroll-hint").is_visible()
        check_page(page, "play-kolkhoz-mid")
    play_through(page, seed=5)
    _assert_the_end(page, gid, seat, table.game.seats)
