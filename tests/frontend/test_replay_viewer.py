"""The replay viewer in a real browser (Chromium via pytest-playwright, live server).

Given the known finished game (play_kolkhoz_fx-1) / when a person steps through it with
the keyboard, the buttons, the slider and a deep link / then the page shows the hours
and the trick the log says at those steps, the step is in the URL, the perspective
switch hides what that viewer could not see, and a spectator of a live game never
receives a hidden card. Screenshots of three steps (desktop and phone) are saved to
artifacts/screenshots/ for a look by eye."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.replays.helpers import bot_log, store

from . import data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_viewer(page, live_server, game_id, fragment: str = "") -> None:
    page.goto(f"{live_server.url}/games/{game_id}/{fragment}")
    page.wait_for_selector(".table .field")


DATA_CARDS = "els => els.map(e => e.dataset.card)"


def step_shown(page) -> int:
    return int(page.locator("#step-out").inner_text().split("/")[0])


def wait_step(page, step: int) -> None:
    page.wait_for_function(
        f"document.getElementById('step-out').textContent.startsWith('{step} /')")


def hours(page) -> dict[str, int]:
    text = '.field[data-field="{}"] .hours-text'
    return {f: int(page.locator(text.format(f)).get_attribute("data-hours")) for f in "HDCS"}


def trick_cards(page) -> list[str]:
    return page.locator(".trick [data-card]").evaluate_all(DATA_CARDS)


def test_step_through_the_known_game_with_keyboard_buttons_and_slider(page, live_server,
                                                                       screenshots):
    game = data.known_game()
    log = data.known_log()
    captions = data.captions(game)  # the API's words for each step
    page.set_viewport_size({"width": 1360, "height": 1000})
    open_viewer(page, live_server, game.pk)
    assert step_shown(page) == 0
    assert page.locator("#step-out").inner_text() == f"0 / {len(log) - 1}"

    page.keyboard.press("End")
    wait_step(page, len(log) - 1)
    assert page.locator(".seat .result").count() == 4
    page.keyboard.press("Home")
    wait_step(page, 0)

    # the first trick of year 1 (seq 4-7 play, 8 the trick), from the log
    page.goto(f"{live_server.url}/games/{game.pk}/#step=6")
    wait_step(page, 6)
    assert trick_cards(page) == ["KC", "QC", "JC"]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    wait_step(page, 8)
    assert log[8]["type"] == "trick" and trick_cards(page) == log[8]["cards"]
    winner = log[8]["winner"]
    assert page.locator(".trick .played.winner figcaption").inner_text().startswith(
        game.seats[winner])
    assert "step=8" in page.url
    assert page.locator(".status .tricks").inner_text() == "Trick 1 of 4"
    assert page.get_by_role("slider", name="Step slider").get_attribute(
        "aria-valuetext") == f"Step 8: {captions[8]}"
    page.screenshot(path=str(screenshots / "viewer-step-008-trick.png"), full_page=True)

    page.keyboard.press("ArrowRight")
    wait_step(page, 9)
    assert hours(page) == data.hours_after(9) == {"H": 7, "D": 0, "C": 36, "S": 0}
    assert page.locator('.field[data-field="C"] .assigned [data-card]').count() == 3
    page.keyboard.press("ArrowLeft")
    wait_step(page, 8)
    assert hours(page) == {"H": 0, "D": 0, "C": 0, "S": 0}

    page.get_by_role("button", name="Next step").click()
    page.get_by_role("button", name="Next step").click()
    wait_step(page, 10)
    page.get_by_role("button", name="Previous step").click()
    wait_step(page, 9)
    page.get_by_role("slider", name="Step slider").fill("21")
    wait_step(page, 21)
    assert hours(page) == data.hours_after(21)
    assert page.locator('.field[data-field="C"] .badge.done').count() == 0

    # a requisition: Boris's 9D revealed (step 36) then sent North (37)
    page.goto(f"{live_server.url}/games/{game.pk}/#step=36")
    wait_step(page, 36)
    assert log[36]["type"] == "revealed"
    assert page.locator("#caption").inner_text() == captions[36]
    # the card the step revealed, marked as this step's change
    assert page.locator('.seat[data-seat="1"] .cellar [data-card="9D"]').get_attribute(
        "aria-label") == "9 of Beet ♦ (revealed), just revealed"
    page.screenshot(path=str(screenshots / "viewer-step-036-requisition.png"), full_page=True)
    page.keyboard.press("ArrowRight")
    wait_step(page, 37)
    assert page.locator('.north figure[data-card="9D"] figcaption').inner_text() == "Boris"

    page.get_by_role("button", name="Last step").click()
    wait_step(page, len(log) - 1)
    result = log[-1]
    for seat in range(4):
        text = page.locator(f'.seat[data-seat="{seat}"] .result').inner_text()
        assert f"{result['scores'][seat]} points" in text
    page.screenshot(path=str(screenshots / "viewer-step-224-end.png"), full_page=True)
    page.get_by_role("button", name="First step").click()
    wait_step(page, 0)


def test_log_cites_clauses_linked_to_the_rulebook(page, live_server, screenshots):
    game = data.known_game()
    open_viewer(page, live_server, game.pk, "#step=37")
    item = page.locator('#log li[data-step="37"]')
    assert item.get_attribute("aria-current") == "step"
    link = page.locator("#step-detail a.clause", has_text="req.take")
    assert link.get_attribute("href") == "/rules/#req.take"
    link.click()
    page.wait_for_url(re.compile(r"/rules/#req\.take$"))
    anchor = page.locator('[id="req.take"]')
    assert anchor.count() == 1
    assert page.evaluate("document.querySelector(':target').id") == "req.take"
    page.screenshot(path=str(screenshots / "rules-req-take.png"))
    # every clause id the known game cites has its anchor on the rulebook page
    cited = {r for e in data.known_log() for r in e.get("rules", [])}
    ids = set(page.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)"))
    assert cited <= ids, sorted(cited - ids)


def test_deep_link_and_perspective_switch(page, live_server):
    game = data.known_game()
    open_viewer(page, live_server, game.pk, "#step=2")
    wait_step(page, 2)
    hands = page.locator(".seat .hand")
    assert page.locator(".seat .hand [data-card]").count() == 20  # everything, the game is over
    page.get_by_role("combobox", name="Perspective").select_option("spectator")
    page.wait_for_function("location.hash.includes('view=spectator')")
    page.wait_for_function("document.querySelectorAll('.seat .hand [data-card]').length === 0")
    assert step_shown(page) == 2
    assert hands.locator(".card.back").count() == 20
    page.get_by_role("combobox", name="Perspective").select_option("1")
    page.wait_for_function("location.hash.includes('view=1')")
    page.wait_for_selector('.seat.pos-bottom[data-seat="1"]')
    boris = data.known_log()[2]["hands"][1]
    shown = page.locator(".seat .hand [data-card]").evaluate_all(DATA_CARDS)
    assert shown == boris
    # the URL is shareable: a fresh page opens the same step, same eyes
    url = page.url
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector('.seat.pos-bottom[data-seat="1"]')
    wait_step(page, 2)
    assert page.get_by_role("combobox", name="Perspective").input_value() == "1"


def test_autoplay_advances_and_pauses(page, live_server):
    game = data.known_game()
    open_viewer(page, live_server, game.pk)
    page.get_by_role("combobox", name="Autoplay speed").select_option("8")
    play = page.get_by_role("button", name="Autoplay")
    play.click()
    assert play.get_attribute("aria-pressed") == "true"
    page.wait_for_function("parseInt(document.getElementById('step-out').textContent) >= 4")
    play.click()
    assert play.get_attribute("aria-pressed") == "false"
    paused_at = step_shown(page)
    page.wait_for_timeout(400)
    assert step_shown(page) == paused_at


def test_a_spectator_of_a_live_game_never_sees_a_hidden_card(page, live_server, screenshots):
    created, events = data.live_game()
    hidden = data.hidden_from(events, None)
    assert len(hidden) >= 5  # others' hands and hidden cellar cards: the check can fail
    bodies: list[tuple[str, str]] = []

    def keep(response):
        if "/static/" in response.url:  # the same files for everyone, no game data
            return
        try:
            bodies.append((response.url, response.text()))
        except Exception:  # noqa: BLE001 - redirects and 304s have no body
            pass

    page.on("response", keep)
    open_viewer(page, live_server, created.game.pk)
    last = len(events) - 1
    wait_step(page, last)  # a live game opens at its latest step
    for step in (last, 2, last // 2, last - 3):
        page.goto(f"{live_server.url}/games/{created.game.pk}/#step={step}")
        wait_step(page, step)
        shown = set(page.locator("[data-card]").evaluate_all(DATA_CARDS))
        assert not shown & data.hidden_from(events[: step + 1], None), step
        labels = page.locator("[role=img]").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))")
        assert "hidden card" in labels
    page.screenshot(path=str(screenshots / "viewer-live-spectator.png"), full_page=True)
    backs = page.locator('.seat[data-seat="2"] .hand .card.back').count()
    assert backs > 0 and page.locator('.seat[data-seat="2"] .hand [data-card]').count() == 0
    enabled = page.locator("#perspective option:not([disabled])")
    assert enabled.evaluate_all("os => os.map(o => o.value)") == ["spectator"]
    page.wait_for_timeout(200)
    assert any("/frames/" in url for url, _ in bodies), "the page fetched the frames"
    for url, text in bodies:
        if "/frames/" in url:  # each step against what was hidden at that step
            for i, frame in enumerate(json.loads(text)["frames"]):
                leaked = (set(data.CARD.findall(json.dumps(frame)))
                          & data.hidden_from(events[: i + 1], None))
                assert not leaked, f"{url} step {i} carried hidden cards {sorted(leaked)}"
        else:
            leaked = set(data.CARD.findall(text)) & hidden
            assert not leaked, f"{url} carried hidden cards {sorted(leaked)}"

    # the same page with seat 2's token shows seat 2's own hand (the check can fail)
    page.get_by_text("Sit in with a seat token").click()
    page.get_by_label("Seat token").fill(created.seat_tokens[2])
    page.get_by_role("button", name="Use token").click()
    page.wait_for_selector('.seat.pos-bottom[data-seat="2"] .hand [data-card]')
    mine = set(page.locator('.seat[data-seat="2"] .hand [data-card]').evaluate_all(
        "els => els.map(e => e.dataset.card)"))
    assert len(mine) == backs and mine & hidden, "seat 2 sees its own hand, hidden from others"
    assert not mine & data.hidden_from(events, 2)
    assert page.get_by_role("combobox", name="Perspective").input_value() == "2"


def test_phone_width_is_readable_and_every_control_is_named(page, live_server, screenshots):
    game = data.known_game()
    page.set_viewport_size({"width": 390, "height": 844})
    open_viewer(page, live_server, game.pk, "#step=29")
    wait_step(page, 29)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    size = page.locator(".hand .card .crop").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 7
    page.screenshot(path=str(screenshots / "viewer-phone-step-029.png"), full_page=True)
    page.goto(f"{live_server.url}/games/{game.pk}/#step=8")
    wait_step(page, 8)
    page.screenshot(path=str(screenshots / "viewer-phone-step-008.png"), full_page=False)
    assert page.evaluate(data.UNNAMED_CONTROLS) == []
    assert page.locator(".card").count() > 20

    # long names (a tournament's bots) stay whole under the North pile's cards, and once
    # a year is over the status line says which trump it had (never "Trump: none")
    events = bot_log("kolkhoz", "long-names")
    events[0]["seats"] = ["bot-brooding-owl", "bot-bronze-bear", "Anastasia-Konstantinovna", "Vera"]
    long = store(events, seed="long-names").game
    north = next(i for i, e in enumerate(events) if e["type"] == "north")
    page.goto(f"{live_server.url}/games/{long.pk}/#step={north}&view=spectator")
    wait_step(page, north)
    owner = page.locator(f'.north figure[data-card="{events[north]["card"]}"]')
    assert owner.locator("figcaption").inner_text() == events[0]["seats"][events[north]["seat"]]
    assert owner.locator("figcaption").evaluate(
        "e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    trump = next(e["suit"] for e in events if e["type"] == "trump")
    year_end = next(i for i, e in enumerate(events) if e["type"] == "year_end")
    page.goto(f"{live_server.url}/games/{long.pk}/#step={year_end}&view=spectator")
    wait_step(page, year_end)
    crop = {"H": "Wheat", "D": "Beet", "C": "Potato", "S": "Sunflower"}[trump]
    assert crop in page.locator(".status .trump-now").inner_text()
    assert page.locator(".status .trump-now").inner_text().startswith("Year 1's trump was")
    page.goto(f"{live_server.url}/games/{long.pk}/#step={len(events) - 1}&view=spectator")
    wait_step(page, len(events) - 1)
    assert "none" not in page.locator(".status").inner_text().lower()
    # the end summary: a table wider than the phone scrolls in its region, and says so
    box = page.locator("#summary .scroll")
    if box.evaluate("e => e.scrollWidth > e.clientWidth + 1"):
        expect(page.locator("#summary .scroll-hint")).to_be_visible()
    page.screenshot(path=str(screenshots / "viewer-phone-long-names-end.png"), full_page=True)


def test_a_live_game_follows_new_steps_as_they_are_stored(page, live_server):
    from replays.services import game_append

    created, events = data.live_game()
    full, upto = data.live_cut()
    open_viewer(page, live_server, created.game.pk)
    wait_step(page, upto - 1)
    game_append(game=created.game, expected_seq=upto, events=full[upto: upto + 3])
    page.wait_for_function(  # the page polls with If-None-Match every 4 s
        f"document.getElementById('step-out').textContent === '{upto + 2} / {upto + 2}'",
        timeout=15_000)
    assert page.locator(f'#log li[data-step="{upto + 2}"]').count() == 1


def test_every_fixture_game_renders_at_every_step(page, live_server):
    """Every preset and variant in the fixture records (36-card stacks, the Wrecker,
    nomenklatura, the mice...) draws at every step without a script error."""
    from replays import services
    from tests.replays.fixtures import is_refused, load_record, record_names

    for name in record_names():
        if is_refused(name):
            continue
        game = services.game_import_record(record=load_record(name)).game
        open_viewer(page, live_server, game.pk, "#step=0")
        last = game.head_seq - 1
        page.evaluate("""n => { for (let i = 0; i < n; i++)
            document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'})); }""", last)
        wait_step(page, last)
        assert page.locator(".table .seat").count() == 4, name
        assert not page.errors, (name, page.errors)
