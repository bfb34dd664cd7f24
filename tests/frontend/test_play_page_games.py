"""The play page of another game than Kolkhoz (Gong Zhu) in Chromium: mid-game (a seat
must pass three cards) and at the end (places, scores, the replay link), each checked
with axe-core and screenshotted at desktop size and at 390 x 844. The turn line uses the
game's own words; what just happened lists the steps' sentences; the seat sits in with
its token, so "Not signed in" is not shown. (Kolkhoz's whole game: tests/humans/
test_play_page_browser.py.)"""

from __future__ import annotations

import pytest

from gamekit import registry
from replays.services import game_create, game_create_from_engine

from .a11y import DESKTOP, PHONE, check_page
from .test_gongzhu_pages import RULESET, SEATS, SeededPlayer, _others_move

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _open(page, url):
    page.set_viewport_size(DESKTOP)
    page.goto(url)
    page.wait_for_function("() => document.getElementById('play').dataset.headSeq !== undefined"
                           " && document.getElementById('step-out').textContent !== '–'")


def test_gongzhu_on_the_play_page_mid_game_and_at_the_end(page, live_server):
    created = game_create_from_engine(ruleset=RULESET, seats=SEATS, seed="gz-play-page",
                                      first_planner=3, game="gongzhu")
    _others_move(created.game, 0)
    _open(page, f"{live_server.url}/play/{created.game.pk}/#token={created.seat_tokens[0]}")
    page.wait_for_selector("#play[data-yours=true]")
    assert page.inner_text("#phase").startswith("Your turn: pass three cards")
    assert page.locator("#sign-in").is_hidden()
    assert "You play Ann (seat 0), with this seat's token." in page.inner_text("#you")
    assert page.locator("#recent li").count() >= 1
    check_page(page, "play-gongzhu-mid")
    page.set_viewport_size(PHONE)
    assert page.locator(".moves").bounding_box()["y"] < PHONE["height"] / 2
    check_page(page, "play-gongzhu-mid")
    page.goto("about:blank")

    defn = registry.get("gongzhu")
    events = defn.start(defn.ruleset(RULESET), SEATS, {"first_dealer": None}, "gz-end")
    state = defn.fold(events)
    while not defn.finished(state):
        state, new = defn.play_bots(state, [SeededPlayer() for _ in SEATS], "gz-end")
        events.extend(new)
    done = game_create(events=events, seed="gz-end", game="gongzhu")
    _open(page, f"{live_server.url}/play/{done.game.pk}/#token={done.seat_tokens[1]}")
    page.wait_for_selector("#result:not([hidden])")
    assert "You finished" in page.inner_text("#result") and "points" in page.inner_text("#result")
    assert page.locator("#summary tbody tr[data-place]").count() == 4
    assert page.locator(f"#result a.replay-link[href='/games/{done.game.pk}/']").count() == 1
    check_page(page, "play-gongzhu-end")
    page.set_viewport_size(PHONE)
    check_page(page, "play-gongzhu-end")
    page.goto("about:blank")
