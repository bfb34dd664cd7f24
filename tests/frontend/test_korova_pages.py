"""Korova 006's table renderer in a real browser (Chromium via pytest-playwright, live server).

Given a finished Korova game (five seats, a low threshold, every seat played by a small
seeded test player) / when a person steps through its replay / then the page draws it
with the Korova renderer: the status line, the four rows as the frames hold them (heads,
full rows flagged), a turn's reveal lowest first, a take (the taken cards in the taker's
pile, the played card restarting the row), the low card's row choice, the score history
and the result.
Given a live game of two people and three bots (POST /api/games/ with ``bots``) / when the
two choose a card at the same moment in two browsers / then both see the reveal, and
before it neither page's DOM nor any response it received holds a card of the other's
hand — a chosen card stays face down until the reveal (turn.choose).
Screenshots go to artifacts/screenshots/."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from rest_framework.test import APIClient

from gamekit import registry
from replays.frames import game_frames_for_viewer
from replays.models import Game
from replays.selectors import game_events
from replays.services import game_create

from . import data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATS = ["Anya", "Boris", "Vera", "Gleb", "Dina"]
RULESET = {"preset": "base", "options": {"threshold": 20}}
JS_CARDS = "els => els.map(e => Number(e.dataset.card))"
JS_HEADS = "els => els.map(e => Number(e.dataset.heads))"


class SeededPlayer:
    """A test player (no dependency on the game's own bots): a random card, a random row,
    a random draft pick — from the engine's choices."""

    def choose(self, view: Any, choices: Any, rng: random.Random) -> dict[str, Any]:
        return choices.to_input(rng.choice(list(choices.options)))


def korova():
    return registry.get("korova")


def finished_game(seed: str = "kv-replay") -> Any:
    """A whole game played by SeededPlayer in every seat, stored."""
    defn = korova()
    events = defn.start(defn.ruleset(RULESET), SEATS, {}, seed)
    state = defn.fold(events)
    players = [SeededPlayer() for _ in SEATS]
    while not defn.finished(state):
        state, new = defn.play_bots(state, players, seed)
        events.extend(new)
    return game_create(events=events, seed=seed, game="korova").game


def wait_step(page, step: int) -> None:
    page.wait_for_function(
        f"document.getElementById('step-out').textContent.startsWith('{step} /')")


def open_step(page, url: str, step: int) -> None:
    """Load ``url`` afresh (a new hash alone would only move the step) at ``step``."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector(".kv-table")
    wait_step(page, step)


def go(page, step: int) -> None:
    page.get_by_role("slider", name="Step slider").fill(str(step))
    wait_step(page, step)


def drawn_rows(page) -> list[list[int]]:
    rows = page.locator(".kv-table .kv-row")
    return [rows.nth(r).locator("[data-card]").evaluate_all(JS_CARDS) for r in range(rows.count())]


def assert_rows(page, state: dict[str, Any]) -> None:
    assert drawn_rows(page) == state["rows"]
    assert page.locator(".kv-table .kv-row").evaluate_all(JS_HEADS) == state["row_heads"]
    full = page.locator(".kv-table .kv-row").evaluate_all("els => els.map(e => e.dataset.full)")
    assert full == [str(len(r) == 5).lower() for r in state["rows"]]
    assert page.locator(".kv-table .kv-row.full .badge.full").count() == sum(
        len(r) == 5 for r in state["rows"])


def pile(page, seat: int) -> list[int]:
    return page.locator(f'.kv-table .seat[data-seat="{seat}"] .pile [data-card]').evaluate_all(
        JS_CARDS)


def test_step_through_a_finished_korova_game(page, live_server, screenshots):
    game = finished_game()
    frames = game_frames_for_viewer(game=game, viewer=None)["frames"]
    page.set_viewport_size({"width": 1360, "height": 1000})
    open_step(page, f"{live_server.url}/games/{game.pk}/", 0)
    assert page.locator("[data-shell]").get_attribute("data-renderer") == "korova"
    assert page.locator(".kv-table").get_attribute("data-renderer") == "korova"
    assert page.locator(".kv-table .seat .name").all_inner_texts() == SEATS
    assert page.locator("#legend .kv-legend").count() == 1

    # a reveal: every seat's card, lowest first, none placed yet
    reveal = next(i for i, f in enumerate(frames) if f["type"] == "reveal")
    page.keyboard.press("End")
    wait_step(page, len(frames) - 1)
    open_step(page, f"{live_server.url}/games/{game.pk}/#step={reveal}", reveal)
    state = frames[reveal]["state"]
    shown = page.locator(".kv-reveal .revealed")
    order = state["reveal"]["order"]
    assert shown.evaluate_all(JS_CARDS) == [state["reveal"]["cards"][s] for s in order]
    assert shown.evaluate_all("els => els.map(e => Number(e.dataset.seat))") == order
    assert shown.evaluate_all(JS_CARDS) == sorted(state["reveal"]["cards"])
    assert page.locator(".kv-reveal .revealed.waiting").count() == len(SEATS)
    assert page.locator(".kv-table .seat .badge.has-chosen").count() == 0
    assert page.locator(".kv-table .status .turn").inner_text() == f"Turn {state['turn']} of 10"
    assert_rows(page, state)
    for seat in range(len(SEATS)):
        hand = page.locator(f'.kv-table .seat[data-seat="{seat}"] .hand [data-card]')
        assert hand.evaluate_all(JS_CARDS) == state["hands"][seat]

    # a choice before the reveal: face down — the finished game's replay shows the card,
    # a spectator as played only a back
    chose = reveal - 2
    event = frames[chose]["event"]
    assert event["type"] == "choose"
    for view, face in (("", [event["card"]]), ("&view=spectator", [])):
        open_step(page, f"{live_server.url}/games/{game.pk}/#step={chose}{view}", chose)
        seat = page.locator(f'.kv-table .seat[data-seat="{event["seat"]}"]')
        assert seat.locator(".badge.has-chosen").count() == 1
        assert seat.locator(".choice [data-card]").evaluate_all(JS_CARDS) == face
        assert seat.locator(".choice [data-back]").count() == (0 if face else 1)
    open_step(page, f"{live_server.url}/games/{game.pk}/#step={reveal}", reveal)

    # a take by a sixth card: the five cards in the taker's pile, the played card alone
    take = next(i for i, f in enumerate(frames)
                if f["type"] == "take" and f["event"]["cause"] == "sixth")
    before, event = frames[take - 1]["state"], frames[take]["event"]
    go(page, take - 1)
    assert_rows(page, before)
    assert page.locator(f'.kv-row[data-row="{event["row"]}"]').get_attribute("data-full") == "true"
    go(page, take)
    state = frames[take]["state"]
    assert_rows(page, state)
    assert drawn_rows(page)[event["row"]] == [event["card"]]
    assert pile(page, event["seat"]) == state["piles"][event["seat"]]
    assert set(event["cards"]) <= set(pile(page, event["seat"]))
    penalties = page.locator(".kv-table .seat .penalty").evaluate_all(JS_HEADS)
    order = [int(s) for s in page.locator(".kv-table .seat").evaluate_all(
        "els => els.map(e => e.dataset.seat)")]
    assert penalties == [state["penalties"][s] for s in order]
    placed = page.locator(".kv-reveal .revealed.placed").evaluate_all(JS_CARDS)
    assert event["card"] in placed
    page.screenshot(path=str(screenshots / "korova-viewer-take.png"), full_page=True)

    # a low card: its owner is asked for a row before anything of the turn is placed
    low = next(i for i, f in enumerate(frames) if f["type"] == "low_card")
    go(page, low)
    state = frames[low]["state"]
    prompt = page.locator(".kv-low")
    assert prompt.get_attribute("data-card") == str(state["low_card"]["card"])
    assert SEATS[state["low_card"]["seat"]] in prompt.inner_text()
    assert page.locator(".kv-reveal .revealed.placed").count() == 0
    assert page.locator(".kv-table .status .phase").get_attribute("data-phase") == "take_row"

    # the end: the score history round by round, the totals and the result
    page.get_by_role("button", name="Last step").click()
    wait_step(page, len(frames) - 1)
    state = frames[-1]["state"]
    rows = page.locator(".kv-scores tbody tr")
    assert rows.count() == len(state["history"]) >= 1
    for r, heads in enumerate(state["history"]):
        assert rows.nth(r).locator("td").evaluate_all(JS_HEADS) == heads
    totals = page.locator(".kv-scores tfoot td").evaluate_all(JS_HEADS)
    assert totals == state["scores"] == state["result"]["scores"]
    assert max(totals) >= RULESET["options"]["threshold"]
    winners = [SEATS[i] for i, p in enumerate(state["result"]["places"]) if p == 1]
    assert ", ".join(winners) in page.locator(".kv-result").inner_text()
    assert page.locator(".kv-table .seat .result").count() == len(SEATS)
    page.screenshot(path=str(screenshots / "korova-viewer-end.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    go(page, take)
    page.screenshot(path=str(screenshots / "korova-viewer-phone.png"), full_page=True)


# -- two people, three bots, one turn chosen at the same moment ----------------------------

# Every card number the page holds, after every change of its DOM, and whether the reveal
# was drawn by then: data-card / data-choose / data-pick and the card faces' labels (the
# legend's sample cards aside).
WATCH = """() => {
  window.kvSnapshots = [];
  const snap = () => {
    const cards = new Set();
    const drawn = (sel) => [...document.querySelectorAll(sel)].filter(e => !e.closest('#legend'));
    for (const e of drawn('[data-card], [data-choose], [data-pick]'))
      for (const v of [e.dataset.card, e.dataset.choose, e.dataset.pick])
        if (v) cards.add(Number(v));
    for (const e of drawn('[aria-label]')) {
      const m = /^(?:choose |pick )?(\\d+) \\(\\d+ heads?\\)/.exec(e.getAttribute('aria-label'));
      if (m) cards.add(Number(m[1]));
    }
    window.kvSnapshots.push({reveal: !!document.querySelector('.kv-reveal'), cards: [...cards]});
  };
  new MutationObserver(snap).observe(document, {subtree: true, childList: true, attributes: true});
  snap();
}"""
CARD_KEYS = {"card", "cards", "my_choice", "hands", "rows", "piles", "options", "inputs", "reveal",
             "draft", "table", "low_card"}


def _cards_in(value: Any, under: bool = False) -> set[int]:
    """Every integer in a JSON value held by a key naming cards (directly or in lists
    under it; an object's own keys decide for its values: a reveal's ``order`` is seats)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value} if under else set()
    if isinstance(value, list):
        return set().union(*(_cards_in(v, under) for v in value))
    if isinstance(value, dict):
        return set().union(*(_cards_in(v, k in CARD_KEYS) for k, v in value.items()))
    return set()


def _json_bodies(text: str) -> list[Any]:
    try:
        return [json.loads(text)]
    except ValueError:
        pass
    out = []
    for line in text.splitlines():  # the stream's NDJSON
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return out


def _has_reveal(body: Any) -> bool:
    """A response that carries the turn's reveal (an event or a view with it)."""
    if isinstance(body, dict):
        if body.get("type") == "reveal" or isinstance(body.get("reveal"), dict):
            return True
        return any(_has_reveal(v) for v in body.values())
    if isinstance(body, list):
        return any(_has_reveal(v) for v in body)
    return False


class Recorder:
    """Every API response a page receives, in the order they finish, their JSON bodies
    parsed (read once complete: the stream's long-poll too)."""

    def __init__(self, page) -> None:
        self.bodies: list[tuple[str, list[Any]]] = []
        page.on("requestfinished", self.record)

    def record(self, request) -> None:
        if "/api/" not in request.url:
            return
        try:
            response = request.response()
            text = response.body().decode("utf-8", "replace") if response else ""
        except Exception:  # noqa: BLE001 - a body gone with a navigation
            return
        self.bodies.append((request.url, _json_bodies(text)))

    def before_reveal(self) -> list[tuple[str, list[Any]]]:
        out = []
        for url, bodies in self.bodies:
            if any(_has_reveal(b) for b in bodies):
                break
            out.append((url, bodies))
        return out


@pytest.fixture
def two_people(browser, live_server):
    contexts = [browser.new_context(), browser.new_context()]
    pages = []
    for context in contexts:
        page = context.new_page()
        page.set_default_timeout(20000)
        page.errors = []
        page.on("pageerror", lambda exc, p=page: p.errors.append(str(exc)))
        pages.append(page)
    yield pages
    for page in pages:
        page.goto("about:blank")  # stop the long-poll
    for context in contexts:
        context.close()
    from django.db import connections

    connections.close_all()
    time.sleep(0.5)  # let the live server's request threads close their DB connections
    for page in pages:
        assert not page.errors, page.errors


@pytest.mark.usefixtures("eager_celery")
def test_two_people_choose_at_once_and_neither_sees_the_others_card(two_people, live_server,
                                                                     screenshots):
    defn = korova()
    bot = "random"  # the game's uniform bot
    r = APIClient().post("/api/games/", {
        "game": "korova", "seats": SEATS, "seed": "kv-two", "ruleset": RULESET,
        "bots": ["", "", bot, bot, bot]}, format="json")
    assert r.status_code == 201, r.content
    gid, tokens = r.json()["game"]["id"], r.json()["seat_tokens"]
    pages = two_people
    recorders = []
    for seat, page in enumerate(pages):
        page.set_viewport_size({"width": 1360, "height": 1000})
        recorders.append(Recorder(page))
        page.goto(f"{live_server.url}/play/{gid}/#token={tokens[seat]}")
        page.wait_for_function("() => document.getElementById('play').dataset.yours === 'true'")
        assert page.locator("#play").get_attribute("data-seat") == str(seat)
        assert page.locator("#play").get_attribute("data-kind") == "choose"
        page.evaluate(WATCH)
    # the truth, from the store: every hand as turn 1 began (the bots have chosen already)
    state = defn.fold(game_events(game=Game.objects.get(pk=gid)))
    assert state.turn == 1 and sorted(state.chosen) == [2, 3, 4]
    dealt = [list(h) for h in state.turn_hands]
    hands = dealt[:2]
    assert len(hands[0]) == len(hands[1]) == 10
    for seat, page in enumerate(pages):
        offered = page.locator("#hand button[data-choose]").evaluate_all(
            "els => els.map(e => Number(e.dataset.choose))")
        assert sorted(offered) == sorted(hands[seat])
        assert page.evaluate(data.UNNAMED_CONTROLS) == []

    # both choose at the same moment: the second click before the first is answered
    picks = [hands[0][3], hands[1][6]]
    # (the keyboard's first: focus then Enter, before the other's choice redraws its page)
    pages[1].locator(f'#hand button[data-choose="{picks[1]}"]').press("Enter", no_wait_after=True)
    pages[0].locator(f'#hand button[data-choose="{picks[0]}"]').click(no_wait_after=True)
    for seat, page in enumerate(pages):
        page.wait_for_selector('.kv-reveal[data-turn="1"]')  # kept while turn 2 is chosen
        shown = page.locator(".kv-reveal .revealed").evaluate_all(
            "els => els.map(e => [Number(e.dataset.seat), Number(e.dataset.card)])")
        assert [0, picks[0]] in shown and [1, picks[1]] in shown, shown
        assert len(shown) == len(SEATS)
        assert not page.locator("#status.error").count(), page.inner_text("#status")
        page.screenshot(path=str(screenshots / f"korova-play-seat-{seat}.png"), full_page=True)

    reveal = next(e for e in game_events(game=Game.objects.get(pk=gid)) if e["type"] == "reveal")
    revealed = set(reveal["cards"])
    assert set(picks) <= revealed
    mine = [e for e in game_events(game=Game.objects.get(pk=gid)) if e["type"] == "choose"
            and e["seat"] in (0, 1)]
    assert sorted((e["seat"], e["card"]) for e in mine) == [(0, picks[0]), (1, picks[1])]
    low = next((e for e in game_events(game=Game.objects.get(pk=gid))
                if e["type"] == "low_card"), None)
    if low is not None and low["seat"] in (0, 1):  # a person's low card: the row choice
        page = pages[low["seat"]]
        page.wait_for_function("() => document.getElementById('play').dataset.kind === 'take_row'")
        assert page.locator("#take-rows button[data-row]").count() == 4
        assert page.evaluate(data.UNNAMED_CONTROLS) == []
        page.locator('#take-rows button[data-row="2"]').click()
        page.wait_for_function("() => document.getElementById('play').dataset.kind === 'choose'")
        took = [e for e in game_events(game=Game.objects.get(pk=gid)) if e["type"] == "take_row"]
        assert [(e["seat"], e["row"]) for e in took] == [(low["seat"], 2)]
    for seat, page in enumerate(pages):
        # the cards this seat may not see before the reveal: every other hand as the turn
        # began — the other person's and the bots' (their chosen cards among them)
        hidden = {c for s, hand in enumerate(dealt) if s != seat for c in hand}
        # the DOM: none of them before the reveal; after it only the revealed cards
        snapshots = page.evaluate("window.kvSnapshots")
        assert snapshots and snapshots[-1]["reveal"] and not snapshots[0]["reveal"]
        for snap in snapshots:
            allowed = revealed if snap["reveal"] else set()
            assert not (set(snap["cards"]) & hidden) - allowed, snap
        # the network: no response before the one with the reveal holds any of them; no
        # response at all holds a card that was not revealed
        early = recorders[seat].before_reveal()
        assert early
        for url, bodies in early:
            assert not _cards_in(bodies) & hidden, url
        for url, bodies in recorders[seat].bodies:
            assert not _cards_in(bodies) & (hidden - revealed), url
