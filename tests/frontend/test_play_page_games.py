"""The play page of another game than Kolkhoz (Gong Zhu) in Chromium: mid-game (a seat
must pass three cards) and at the end (places, scores, the replay link), each checked
with axe-core and screenshotted at desktop size and at 390 x 844. The turn line uses the
game's own words; what just happened lists the steps' sentences; the seat sits in with
its token, so "Not signed in" is not shown. (Kolkhoz's whole game: tests/humans/
test_play_page_browser.py.) Korova and Arne: the same checks on their own renderers."""

from __future__ import annotations

import random

import pytest

from gamekit import registry
from replays.selectors import game_events
from replays.services import game_create, game_create_from_engine, game_submit_input

from .a11y import DESKTOP, PHONE, check_page
from .arne_data import WindowPasser
from .test_arne_pages import RULESET as AR_RULESET
from .test_arne_pages import SEATS as AR_SEATS
from .test_gongzhu_pages import RULESET, SEATS, SeededPlayer, _others_move
from .test_korova_pages import RULESET as KV_RULESET
from .test_korova_pages import SEATS as KV_SEATS
from .test_korova_pages import SeededPlayer as KvPlayer

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


def _advance(game, name: str, player, moves: int, me: int = 0) -> None:
    """Seeded test players make ``moves`` decisions (any seat), then the others go on
    until seat ``me`` must act again: the page opens mid-game on ``me``'s decision."""
    rng = random.Random(5)
    defn = registry.get(name)
    made = 0
    while True:
        game.refresh_from_db()
        state = defn.fold(game_events(game=game))
        movers = sorted(defn.may_act(state)) if not defn.finished(state) else []
        assert movers, "the game ended before the page was opened"
        if made >= moves and me in movers:
            return
        seat = movers[0] if made < moves else next(s for s in movers if s != me)
        inp = player.choose(defn.seat_view(state, seat), defn.choices(state, seat), rng)
        game_submit_input(game=game, expected_seq=game.head_seq, inp=inp, seat=seat)
        made += 1


def _finished(name: str, ruleset, seats, player, seed: str):
    defn = registry.get(name)
    events = defn.start(defn.ruleset(ruleset), seats, {}, seed)
    state = defn.fold(events)
    while not defn.finished(state):
        state, new = defn.play_bots(state, [player for _ in seats], seed)
        events.extend(new)
    return game_create(events=events, seed=seed, game=name)


@pytest.mark.parametrize("name", ["korova", "arne"])
def test_korova_and_arne_on_the_play_page_mid_game_and_at_the_end(page, live_server, name):
    """Each game's play page on its own renderer, mid-game (the seat to decide) and at
    the end (its place, the replay link): axe-core and screenshots, desktop and phone."""
    if name == "korova":
        ruleset, seats, player = KV_RULESET, KV_SEATS, KvPlayer()
    else:
        ruleset, seats, player = AR_RULESET, AR_SEATS, WindowPasser()
    created = game_create_from_engine(ruleset=ruleset, seats=seats, seed=f"{name}-play-page",
                                      game=name)
    _advance(created.game, name, player, moves=12)
    _open(page, f"{live_server.url}/play/{created.game.pk}/#token={created.seat_tokens[0]}")
    page.wait_for_selector("#play[data-yours=true]")
    assert page.inner_text("#phase").startswith("Your turn")
    assert page.locator("#sign-in").is_hidden()
    assert page.locator("#recent li").count() >= 1
    check_page(page, f"play-{name}-mid")
    page.set_viewport_size(PHONE)
    check_page(page, f"play-{name}-mid")
    page.goto("about:blank")

    done = _finished(name, ruleset, seats, player, f"{name}-play-end")
    _open(page, f"{live_server.url}/play/{done.game.pk}/#token={done.seat_tokens[1]}")
    page.wait_for_selector("#result:not([hidden])")
    assert "You finished" in page.inner_text("#result")
    assert page.locator("#summary tbody tr[data-place]").count() == len(seats)
    assert page.locator(f"#result a.replay-link[href='/games/{done.game.pk}/']").count() == 1
    check_page(page, f"play-{name}-end")
    page.set_viewport_size(PHONE)
    check_page(page, f"play-{name}-end")
    page.goto("about:blank")
