"""Replays that explain themselves, in a real browser (Chromium, live server).

Given a finished game of each registered game / when a spectator steps through its replay
by the game's own units (Kolkhoz: trick and year; Gong Zhu: trick and round; Korova: turn
and round; Arne: window and turn) with the keyboard and the jump buttons / then the step's
sentence — the API's explanation, for the perspective viewed — stands right under the
controls with its clause links to the game's rulebook, the table marks what the step
changed (Kolkhoz: the card just played, a failed field without its "completed" badge,
whose card went North, a closed year's fields), and the last step shows the end-of-game
summary (places, names, scores, tie-break values). On a phone (390 x 844) the sentence is
on the first screen, near the controls. Every replay passes axe-core at desktop and phone
size, mid-game and at the end (screenshots in artifacts/screenshots/)."""

from __future__ import annotations

from typing import Any

import pytest

from replays.frames import game_frames_for_viewer
from replays.services import game_create

from . import data
from .a11y import PHONE, check_page
from .test_arne_pages import finished_game as arne_game
from .test_gongzhu_pages import finished_game as gongzhu_game
from .test_korova_pages import SEATS as KOROVA_SEATS
from .test_korova_pages import SeededPlayer as KorovaPlayer
from .test_korova_pages import korova

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}


def wait_step(page, step: int) -> None:
    page.wait_for_function(
        f"document.getElementById('step-out').textContent.startsWith('{step} /')")


def marks(frames: list[dict[str, Any]], *types: str) -> list[int]:
    return [i for i, f in enumerate(frames) if f["type"] in types]


def caption_links(page) -> list[str]:
    return page.locator("#step-detail a.clause").evaluate_all(
        "els => els.map(a => a.getAttribute('href'))")


def assert_explained(page, frame: dict[str, Any], rulebook: str) -> None:
    """The step's own sentence under the controls, its cited clauses linked."""
    assert page.locator("#caption").inner_text() == frame["caption"]
    detail = page.locator("#step-detail").inner_text()
    assert " ".join(frame["explanation"].split()) in " ".join(detail.split())
    text = frame["explanation"]
    cited = [r for r in frame["rules"] if f"({r}" in text or f" {r})" in text or f", {r}" in text]
    links = caption_links(page)
    for rule in cited:
        assert f"{rulebook}#{rule}" in links, (rule, links)
    # no internal names: no event type, no JSON, no facts dump
    assert f"· {frame['type']}" not in detail and "{" not in detail and "party_man" not in detail


def summary_rows(page) -> list[list[str]]:
    rows = page.locator("#summary tbody tr")
    return [[c.strip() for c in rows.nth(i).locator("td, th").all_inner_texts()]
            for i in range(rows.count())]


def test_a_spectator_steps_a_kolkhoz_game_by_trick_and_year_and_reads_each_step(
        page, live_server):
    game = data.known_game()
    frames = game_frames_for_viewer(game=game, viewer=None, as_played=True)["frames"]
    tricks, years = marks(frames, "trick"), marks(frames, "year")
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/#step=0&view=spectator")
    page.wait_for_selector(".table .field")
    assert page.get_by_role("combobox", name="Perspective").input_value() == "spectator"

    # by trick: Shift+→ and the buttons land on each trick's step (its cards and winner)
    page.keyboard.press("Shift+ArrowRight")
    wait_step(page, tricks[0])
    assert_explained(page, frames[tricks[0]], "/rules/")
    assert "wins trick 1" in page.locator("#caption").inner_text()
    assert "/rules/#trick.winner" in caption_links(page)
    page.get_by_role("button", name="Next trick").click()
    wait_step(page, tricks[1])
    assert_explained(page, frames[tricks[1]], "/rules/")
    page.get_by_role("button", name="Previous trick").click()
    wait_step(page, tricks[0])
    # the card just played is marked on the table
    page.keyboard.press("ArrowLeft")
    wait_step(page, tricks[0] - 1)
    just = page.locator(".trick [data-just]")
    assert just.count() == 1
    assert just.get_attribute("data-card") == frames[tricks[0] - 1]["event"]["card"]

    # by year: Page Down to year 2's first step, Page Up back to year 1's
    page.keyboard.press("PageDown")
    wait_step(page, years[1])
    assert page.locator("#caption").inner_text().startswith("Year 2 begins")
    assert page.locator(".status .year").inner_text() == "Year 2 of 5"
    assert "/rules/#year.count" in caption_links(page)
    page.get_by_role("button", name="Previous year").click()
    wait_step(page, years[0])

    # the closed year: hours are the year's final count, the workers are gone
    year_end = marks(frames, "year_end")[0]
    page.goto(f"{live_server.url}/games/{game.pk}/#step={year_end}&view=spectator")
    wait_step(page, year_end)
    wheat = page.locator('.field[data-field="H"]')
    assert "h (year's total)" in wheat.locator(".hours-text").inner_text()
    assert wheat.locator(".assigned").inner_text() == "workers gone at the year's end"

    # whose card went North
    north = marks(frames, "north")[0]
    event = frames[north]["event"]
    page.goto(f"{live_server.url}/games/{game.pk}/#step={north}&view=spectator")
    wait_step(page, north)
    card = page.locator(f'.north figure[data-card="{event["card"]}"]')
    assert card.locator("figcaption").inner_text() == game.seats[event["seat"]]
    assert card.get_attribute("data-just") == "true"

    # a field the Wrecker poisoned: completed, then inspected and failed — no "completed"
    poisoned = next(i for i, f in enumerate(frames) if f["type"] == "requisition"
                    and "wrecker" in f["event"]["facts"]["failed_because"])
    field = frames[poisoned]["event"]["field"]
    page.goto(f"{live_server.url}/games/{game.pk}/#step={poisoned - 1}&view=spectator")
    wait_step(page, poisoned - 1)
    shown = page.locator(f'.field[data-field="{field}"]')
    assert shown.locator(".badge.done").count() == 1
    assert shown.locator(".badge.poisoned").count() == 1
    page.keyboard.press("ArrowRight")
    wait_step(page, poisoned)
    assert shown.locator(".badge.done").count() == 0
    assert shown.locator(".badge.failed").inner_text() == "✗ failed"
    assert shown.get_attribute("data-just") == "true"
    assert_explained(page, frames[poisoned], "/rules/")
    check_page(page, "replay-explains-kolkhoz-mid")

    # the end: the summary with places, names, points and the medals that break ties
    page.get_by_role("button", name="Last step").click()
    wait_step(page, len(frames) - 1)
    assert page.evaluate("document.activeElement.id") == "last"  # focus stays on the button
    end = data.known_log()[-1]
    expected = sorted(range(4), key=lambda s: end["places"][s])
    rows = summary_rows(page)
    assert [r[1] for r in rows] == [game.seats[s] for s in expected]
    medals = end["facts"]["tiebreak_medals"]
    assert [r[2:] for r in rows] == [[str(end["scores"][s]), str(medals[s])] for s in expected]
    assert page.locator("#summary .winners").inner_text() == f"Winner: {game.seats[expected[0]]}"
    check_page(page, "replay-explains-kolkhoz-end")
    page.get_by_role("button", name="First step").click()
    wait_step(page, 0)
    assert page.evaluate("document.activeElement.id") == "first"
    assert page.locator("#summary").is_hidden()


def test_the_address_changes_the_perspective_without_a_reload_and_the_log_scrolls(
        page, live_server):
    game = data.known_game()
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/#step=37")
    wait_step(page, 37)
    page.evaluate("window.__sameDocument = true")
    page.evaluate("location.hash = '#step=40&view=2'")
    page.wait_for_function(
        "document.getElementById('perspective').value === '2' && "
        "document.getElementById('step-out').textContent.startsWith('40 /')")
    assert page.evaluate("window.__sameDocument") is True
    assert page.locator('.table .seat.pos-bottom[data-seat="2"]').count() == 1
    page.go_back()  # the address before: everything, step 37
    page.wait_for_function("document.getElementById('perspective').value === 'all'")
    wait_step(page, 37)
    # the log is a labelled region that scrolls with the keyboard
    log = page.get_by_role("region", name="Log: every step in the game's words")
    log.focus()
    before = log.evaluate("e => e.scrollTop")
    page.keyboard.press("PageDown")
    page.wait_for_function(f"document.getElementById('log-scroll').scrollTop > {before}")
    wait_step(page, 37)  # Page Down in the log scrolls it; it does not jump a year


def test_on_a_phone_the_sentence_is_on_the_first_screen_next_to_the_controls(page, live_server):
    game = data.known_game()
    frames = game_frames_for_viewer(game=game, viewer=None)["frames"]
    tricks = marks(frames, "trick")
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/games/{game.pk}/#step=36")
    wait_step(page, 36)
    page.get_by_role("button", name="Next trick").click()
    nxt = next(t for t in tricks if t > 36)
    wait_step(page, nxt)
    controls = page.get_by_role("toolbar", name="Step controls").bounding_box()
    caption = page.locator("#caption").bounding_box()
    assert caption["y"] + caption["height"] <= PHONE["height"], caption  # the first screen
    assert 0 <= caption["y"] - (controls["y"] + controls["height"]) < 80, (controls, caption)
    assert page.locator("#caption").inner_text() == frames[nxt]["caption"]
    check_page(page, "replay-explains-kolkhoz-phone-mid")
    # by year, with the buttons a phone's user taps: the sentence stays by the controls
    years = marks(frames, "year")
    nxt_year = next(y for y in years if y > nxt)
    page.get_by_role("button", name="Next year").click()
    wait_step(page, nxt_year)
    assert page.locator("#caption").inner_text() == frames[nxt_year]["caption"]
    assert page.locator("#caption").bounding_box()["y"] < PHONE["height"]
    page.get_by_role("button", name="Previous year").click()
    wait_step(page, max(y for y in years if y < nxt_year))
    page.keyboard.press("End")
    wait_step(page, len(frames) - 1)
    assert page.locator("#summary").is_visible()
    check_page(page, "replay-explains-kolkhoz-phone-end")


def korova_game(seed: str = "kv-replay") -> Any:
    """A Korova game of two rounds or more (threshold 40), every seat a SeededPlayer."""
    defn = korova()
    events = defn.start(defn.ruleset({"preset": "base", "options": {"threshold": 40}}),
                        KOROVA_SEATS, {}, seed)
    state = defn.fold(events)
    players = [KorovaPlayer() for _ in KOROVA_SEATS]
    while not defn.finished(state):
        state, new = defn.play_bots(state, players, seed)
        events.extend(new)
    return game_create(events=events, seed=seed, game="korova").game


GAMES = {
    # game: (make, rulebook, (smaller unit, its event types), (larger unit, its types))
    "gongzhu": (gongzhu_game, "/rules/gongzhu/", ("trick", ("trick",)), ("round", ("round",))),
    "korova": (korova_game, "/rules/korova/", ("turn", ("turn",)), ("round", ("round",))),
    "arne": (arne_game, "/rules/arne/", ("window", ("window",)), ("turn", ("turn", "final_round"))),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_spectator_steps_each_game_by_its_units_and_sees_the_end(page, live_server, name):
    make, rulebook, (small, small_types), (large, large_types) = GAMES[name]
    game = make()
    body = game_frames_for_viewer(game=game, viewer=None)
    frames = body["frames"]
    smalls, larges = marks(frames, *small_types), marks(frames, *large_types)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/#step=0")
    wait_step(page, 0)
    page.keyboard.press("Shift+ArrowRight")
    wait_step(page, smalls[0])
    assert_explained(page, frames[smalls[0]], rulebook)
    page.get_by_role("button", name=f"Next {small}").click()
    wait_step(page, smalls[1])
    assert_explained(page, frames[smalls[1]], rulebook)
    page.keyboard.press("PageDown")
    after = next(s for s in larges if s > smalls[1])
    wait_step(page, after)
    assert_explained(page, frames[after], rulebook)
    back = page.get_by_role("button", name=f"Previous {large}")
    assert back.get_attribute("aria-disabled") == "false"
    mid = (after + len(frames)) // 2
    page.goto(f"{live_server.url}/games/{game.pk}/#step={mid}")
    wait_step(page, mid)
    assert_explained(page, frames[mid], rulebook)
    check_page(page, f"replay-explains-{name}-mid")
    page.set_viewport_size(PHONE)
    check_page(page, f"replay-explains-{name}-mid-phone")
    page.set_viewport_size(DESKTOP)

    page.keyboard.press("End")
    wait_step(page, len(frames) - 1)
    result = frames[-1]["state"]["result"]
    order = sorted(range(len(game.seats)), key=lambda s: (result["places"][s], s))
    rows = summary_rows(page)
    assert [r[1] for r in rows] == [game.seats[s] for s in order]
    totals = [r[-1].replace("−", "-").lstrip("+") for r in rows]
    assert totals == [str(result["scores"][s]) for s in order]
    assert page.get_by_role("button", name=f"Next {small}").get_attribute("aria-disabled") == "true"
    check_page(page, f"replay-explains-{name}-end")
    page.set_viewport_size(PHONE)
    check_page(page, f"replay-explains-{name}-end-phone")
