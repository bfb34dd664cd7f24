"""The page shell in a real browser: the replay viewer and the play page are one shell.

Given a stored game, when it is opened on the replay page and on the play page, then both
list the same log — each step in the game's own words (the API's ``explanation``) with
its clause ids linked to the rulebook — and a deep link to a step seen by one seat opens
that step by those eyes on either page. Given a game without a renderer of its own (the
fake «Odd one out», registered in this process, so the live server hosts it too), then
the generic renderer draws its seats and public facts, its log, and — on the play page —
the server's listed inputs as buttons that make a real decision."""

from __future__ import annotations

import re

import pytest

from gamekit import registry
from replays import engine
from replays.frames import game_frames_for_viewer
from replays.models import GameEvent
from replays.services import game_create, game_create_from_engine
from tests.core.fake_game import OddOneOut

from . import data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LOG_TEXTS = "[...document.querySelectorAll('#log li .explanation')].map(e => e.textContent)"
LOG_LINKS = "[...document.querySelectorAll('#log a.clause')].map(a => a.getAttribute('href'))"


def wait_step(page, step: int) -> None:
    page.wait_for_function(
        f"document.getElementById('step-out').textContent.startsWith('{step} /')")


def leave(page) -> None:
    """Stop the page (the play page keeps a long-poll open) before the test ends."""
    page.goto("about:blank")


def test_replay_and_play_pages_show_the_same_log_in_the_games_words(page, live_server,
                                                                    screenshots):
    created, events = data.live_game()
    game, token = created.game, created.seat_tokens[2]
    frames = game_frames_for_viewer(game=game, viewer=2)["frames"]
    texts = [f["explanation"] for f in frames]
    seen = {}
    for name, path in (("replay", f"/games/{game.pk}/"), ("play", f"/play/{game.pk}/")):
        page.goto(f"{live_server.url}{path}#token={token}")
        page.wait_for_selector('.table .seat.pos-bottom[data-seat="2"]')
        wait_step(page, len(events) - 1)  # a live game opens at its latest step
        assert page.locator("[data-shell]").get_attribute("data-renderer") == "kolkhoz"
        assert "token" not in page.url  # taken out of the address, kept for the tab
        assert page.get_by_role("combobox", name="Perspective").input_value() == "2"
        seen[name] = (page.evaluate(LOG_TEXTS), page.evaluate(LOG_LINKS))
        # the current step's detail: its caption is the first sentence of its explanation
        assert page.locator("#caption").inner_text() == frames[-1]["caption"]
        assert texts[-1].startswith(frames[-1]["caption"])
        if name == "play":
            assert page.locator("#play").get_attribute("data-seat") == "2"
            page.screenshot(path=str(screenshots / "play-live-seat-2.png"), full_page=True)
        leave(page)
    assert seen["replay"] == seen["play"]
    assert seen["play"][0] == texts  # the game's own explanation of every step, no other words
    links = seen["play"][1]
    cited = [r for f in frames for r in f["rules"]]
    assert links == [f"/rules/#{r}" for r in cited] and len(links) > 10
    assert any(re.search(r"\(plan\.trump\)", t) for t in texts)  # clause ids in the words


def test_a_deep_link_to_a_step_and_a_seat_opens_them_on_both_pages(page, live_server):
    game = data.known_game()
    as_seat_2 = game_frames_for_viewer(game=game, viewer=2, as_played=True)["frames"]
    for path in (f"/games/{game.pk}/", f"/play/{game.pk}/"):
        page.goto(f"{live_server.url}{path}#step=37&view=2")
        page.wait_for_selector('.table .seat.pos-bottom[data-seat="2"]')
        wait_step(page, 37)
        assert page.get_by_role("combobox", name="Perspective").input_value() == "2"
        assert page.locator('#log li[data-step="37"]').get_attribute("aria-current") == "step"
        assert page.locator("#caption").inner_text() == as_seat_2[37]["caption"]
        page.keyboard.press("ArrowRight")
        wait_step(page, 38)
        page.wait_for_function("location.hash === '#step=38&view=2'")
        assert page.locator("#caption").inner_text() == as_seat_2[38]["caption"]
        leave(page)


def test_a_kolkhoz_page_asked_for_an_unknown_renderer_falls_back_to_the_generic_one(
        page, live_server):
    game = data.known_game()
    for wanted in ("generic", "no-such-renderer"):
        page.goto(f"{live_server.url}/games/{game.pk}/?renderer={wanted}#step=8")
        page.wait_for_selector(".generic-table")
        wait_step(page, 8)
        assert page.locator("[data-shell]").get_attribute("data-renderer") == "generic"
        assert page.locator(".generic-table .seat").count() == 4
        assert page.locator('.generic-table [data-fact="phase"]').inner_text() == "assign"


def test_the_generic_renderer_draws_a_game_that_has_no_renderer(page, live_server,
                                                                screenshots):
    seats = ["Ada", "Bo", "Cy"]
    with registry.registered(OddOneOut()):
        events = engine.play_bot_game(preset=None, seats=seats, seed="shell-fake",
                                      game="oddoneout")
        game = game_create(events=events, seed="shell-fake", game="oddoneout").game
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector(".generic-table")
        assert page.locator("[data-shell]").get_attribute("data-renderer") == "generic"
        names = page.locator(".generic-table .seat .name").all_inner_texts()
        assert names == seats
        assert page.locator("#log li").count() == len(events)
        assert page.evaluate(LOG_TEXTS) == engine.explanations(events, seats, game="oddoneout")
        # clause ids without a rulebook place are named, not linked
        assert page.locator("#log a.clause").count() == 0
        assert page.locator("#log span.clause", has_text="reveal").count() >= 1
        page.keyboard.press("End")
        wait_step(page, len(events) - 1)
        scores = events[-1]["scores"]
        shown = page.locator('.generic-table .seat [data-fact="scores"]').all_inner_texts()
        assert shown == [str(s) for s in scores]
        page.screenshot(path=str(screenshots / "generic-renderer-end.png"), full_page=True)


def test_the_play_page_offers_a_generic_games_listed_inputs_and_sends_one(page, live_server,
                                                                         screenshots):
    seats = ["Ada", "Bo", "Cy"]
    with registry.registered(OddOneOut()):
        created = game_create_from_engine(ruleset=None, seats=seats, seed="shell-live",
                                          game="oddoneout")
        game = created.game
        page.goto(f"{live_server.url}/play/{game.pk}/#token={created.seat_tokens[1]}")
        page.wait_for_selector("#play[data-yours=true]")
        buttons = page.locator("#actions button[data-action=choose]")
        assert buttons.all_inner_texts() == ["choose: number 1", "choose: number 2",
                                             "choose: number 3"]
        assert page.locator("#phase").inner_text() == "Your turn."
        page.screenshot(path=str(screenshots / "play-generic-choice.png"), full_page=True)
        head = page.locator("#play").get_attribute("data-head-seq")
        buttons.nth(1).click()
        page.wait_for_function(
            "h => document.getElementById('play').dataset.headSeq !== h", arg=head)
        assert page.locator("#phase").inner_text() == "Waiting for Ada, Cy."
        assert page.locator("#actions-section").is_hidden()
        stored = GameEvent.objects.filter(game=game, actor="seat:1").get()
        assert stored.payload["number"] == 2
        wait_step(page, int(head))  # the new step is in the log and on the table
        assert page.locator('.generic-table .seat[data-seat="1"] [data-fact="chosen"]'
                            ).inner_text() == "yes"
        leave(page)


def test_the_play_page_at_phone_width_is_readable_and_every_control_is_named(page, live_server,
                                                                             screenshots):
    created, events = data.live_game()
    mover = engine.to_move(events)
    assert mover is not None  # a seat's decision: its controls are on the page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/play/{created.game.pk}/#token={created.seat_tokens[mover]}")
    page.wait_for_selector("#play[data-yours=true]")
    page.wait_for_selector("#actions button")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(data.UNNAMED_CONTROLS) == []
    page.screenshot(path=str(screenshots / "play-phone-your-move.png"), full_page=True)
    leave(page)
