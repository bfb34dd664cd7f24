"""Gong Zhu's table renderer in a real browser (Chromium via pytest-playwright, live server).

Given a finished Gong Zhu game (passing and exposing on, a low end score, every seat
played by a small seeded test player) / when a person steps through its replay / then
the page draws it with the Gong Zhu renderer: the status line, four seats with their
hands, exposed and taken cards, the trick (or the last trick and its winner), the score
history and the result, as the frames say. Seen as a spectator or as one seat *as
played*, no other seat's hand card is drawn (backs, and the cards exposed face up).
Given a live game / when seat 0 opens the play page / then it passes three cards,
exposes and plays with the renderer's controls and the store holds exactly those inputs.
Screenshots go to artifacts/screenshots/."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamekit import registry
from replays.frames import game_frames_for_viewer
from replays.models import GameEvent
from replays.selectors import game_events
from replays.services import game_create, game_create_from_engine, game_submit_input

from . import data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATS = ["Ann", "Bo", "Chen", "Dai"]
RULESET = {"preset": "exposing", "options": {"passing": True, "end_score": -400}}
HAND_CARDS = ".gz-table .seat .hand [data-card]"
JS_CARDS = "els => els.map(e => e.dataset.card)"
JS_POINTS = "els => els.map(e => Number(e.dataset.points))"


class SeededPlayer:
    """A test player (no dependency on the game's own bots): passes three random cards,
    exposes a random subset, plays a random legal card — from the engine's choices."""

    def choose(self, view: Any, choices: Any, rng: random.Random) -> dict[str, Any]:
        options = list(choices.options)
        if choices.kind == "play":
            return choices.to_input(rng.choice(options))
        if choices.kind == "pass":
            return choices.to_input(rng.sample(options, 3))
        return choices.to_input([c for c in options if rng.random() < 0.5])


def gongzhu():
    return registry.get("gongzhu")


def finished_game(seed: str = "gz-replay") -> Any:
    """A whole game played by SeededPlayer in every seat, stored."""
    defn = gongzhu()
    events = defn.start(defn.ruleset(RULESET), SEATS, {"first_dealer": None}, seed)
    state = defn.fold(events)
    players = [SeededPlayer() for _ in SEATS]
    while not defn.finished(state):
        state, new = defn.play_bots(state, players, seed)
        events.extend(new)
    return game_create(events=events, seed=seed, game="gongzhu").game


def wait_step(page, step: int) -> None:
    page.wait_for_function(
        f"document.getElementById('step-out').textContent.startsWith('{step} /')")


def open_step(page, url: str, step: int) -> None:
    """Load ``url`` afresh (a new hash alone would only move the step) at ``step``."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector(".gz-table")
    wait_step(page, step)


def seat_cards(page, seat: int, zone: str) -> list[str]:
    return page.locator(f'.gz-table .seat[data-seat="{seat}"] .{zone} [data-card]').evaluate_all(
        JS_CARDS)


def assert_hands_hidden(page, state: dict[str, Any], viewer: int | None) -> None:
    """Only the viewer's own hand face up; every other hand backs and exposed cards."""
    for seat in range(4):
        shown = seat_cards(page, seat, "hand")
        backs = page.locator(f'.gz-table .seat[data-seat="{seat}"] .hand [data-back]').count()
        if seat == viewer:
            assert shown == state["hands"][seat] and backs == 0
            continue
        assert state["hands"][seat] is None
        assert set(shown) <= set(state["exposed"][seat]), (seat, shown)
        assert len(shown) + backs == state["hand_counts"][seat]


def test_step_through_a_finished_gongzhu_game(page, live_server, screenshots):
    game = finished_game()
    frames = game_frames_for_viewer(game=game, viewer=None)["frames"]
    page.set_viewport_size({"width": 1360, "height": 1000})
    open_step(page, f"{live_server.url}/games/{game.pk}/", 0)
    assert page.locator("[data-shell]").get_attribute("data-renderer") == "gongzhu"
    assert page.locator(".gz-table").get_attribute("data-renderer") == "gongzhu"
    names = page.locator(".gz-table .seat .name").all_inner_texts()
    assert names == SEATS  # seat 0 at the bottom, then round the table to the left
    assert page.locator("#legend .gz-legend").count() == 1

    # the first pass and the first exposure of round 1: the finished game shows everything
    first_pass = next(i for i, f in enumerate(frames) if f["type"] == "pass")
    page.keyboard.press("End")
    wait_step(page, len(frames) - 1)
    open_step(page, f"{live_server.url}/games/{game.pk}/#step={first_pass}", first_pass)
    state = frames[first_pass]["state"]
    passer = frames[first_pass]["event"]["seat"]
    assert page.locator(".gz-table .status .phase").get_attribute("data-phase") == "pass"
    assert seat_cards(page, passer, "passed") == state["passed"][passer]
    for seat in range(4):
        assert seat_cards(page, seat, "hand") == state["hands"][seat]

    # a trick in progress: its cards in the centre, the status counts it
    play = next(i for i, f in enumerate(frames)
                if f["type"] == "play" and len(f["state"]["trick"]["cards"]) == 2)
    page.keyboard.press("Home")
    wait_step(page, 0)
    page.get_by_role("slider", name="Step slider").fill(str(play))
    wait_step(page, play)
    state = frames[play]["state"]
    assert page.locator(".gz-trick [data-card]").evaluate_all(JS_CARDS) == state["trick"]["cards"]
    assert page.locator(".gz-table .status .tricks").inner_text() == (
        f"Trick {state['tricks_played'] + 1} of 13")
    mover = state["to_move"]
    assert page.locator(f'.gz-table .seat[data-seat="{mover}"] .badge.to-move').count() == 1

    # a completed trick: the last trick and its winner; the winner's taken scoring cards
    done = next(i for i, f in enumerate(frames)
                if f["type"] == "trick" and f["state"]["last_trick"]["scoring"])
    open_step(page, f"{live_server.url}/games/{game.pk}/#step={done}", done)
    state = frames[done]["state"]
    last = state["last_trick"]
    assert page.locator(".gz-trick h3").inner_text() == (
        f"Trick {last['trick']} — won by {SEATS[last['winner']]}")
    winner = page.locator(".gz-trick .played.winner")
    assert winner.get_attribute("data-seat") == str(last["winner"])
    assert set(last["scoring"]) <= set(seat_cards(page, last["winner"], "taken"))
    for seat in range(4):
        assert seat_cards(page, seat, "taken") == state["taken"][seat]
    page.screenshot(path=str(screenshots / "gongzhu-viewer-trick.png"), full_page=True)

    # the special cards are marked wherever they lie
    for code, mark in (("QS", "pig"), ("JD", "sheep"), ("10C", "doubler")):
        marks = page.locator(f'.gz-table [data-card="{code}"]').evaluate_all(
            "els => els.map(e => e.dataset.mark)")
        assert set(marks) <= {mark} and marks, code

    # the end: the score history round by round, the totals and the result
    page.get_by_role("button", name="Last step").click()
    wait_step(page, len(frames) - 1)
    state = frames[-1]["state"]
    rows = page.locator(".gz-scores tbody tr")
    assert rows.count() == len(state["history"]) >= 1
    for r, points in enumerate(state["history"]):
        cells = rows.nth(r).locator("td").evaluate_all(JS_POINTS)
        assert cells == points
    totals = page.locator(".gz-scores tfoot td").evaluate_all(JS_POINTS)
    assert totals == state["totals"] == state["result"]["scores"]
    winners = [SEATS[i] for i, p in enumerate(state["result"]["places"]) if p == 1]
    assert ", ".join(winners) in page.locator(".gz-result").inner_text()
    assert page.locator(".gz-table .seat .result").count() == 4
    page.screenshot(path=str(screenshots / "gongzhu-viewer-end.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.keyboard.press("Home")
    wait_step(page, 0)
    page.get_by_role("slider", name="Step slider").fill(str(play))
    wait_step(page, play)
    page.screenshot(path=str(screenshots / "gongzhu-viewer-phone.png"), full_page=True)


def test_a_spectator_and_a_seat_see_no_other_hand_during_play(page, live_server):
    game = finished_game()
    truth = game_frames_for_viewer(game=game, viewer=None)["frames"]  # every hand
    for viewer, view in ((None, "spectator"), (1, "1")):
        frames = game_frames_for_viewer(game=game, viewer=viewer, as_played=True)["frames"]
        exposed_play = [i for i, f in enumerate(frames) if f["type"] == "play"
                        and any(f["state"]["exposed"])]
        step = exposed_play[0] if exposed_play else next(
            i for i, f in enumerate(frames) if f["type"] == "play")
        for at in (step, step + 5):
            open_step(page, f"{live_server.url}/games/{game.pk}/#step={at}&view={view}", at)
            state = frames[at]["state"]
            assert_hands_hidden(page, state, viewer)
            # an oracle beside the view: no card of another seat's real hand is drawn,
            # except the ones it exposed and the ones the viewer passed to it
            real = truth[at]["state"]
            known = set(real["passed"][viewer] or []) if viewer is not None else set()
            hidden = {c for s in range(4) if s != viewer for c in real["hands"][s]
                      if c not in real["exposed"][s] and c not in known}
            drawn = set(page.locator(".gz-table [data-card]").evaluate_all(JS_CARDS))
            assert hidden and not hidden & drawn, sorted(hidden & drawn)
        # passes: only the viewer's own (and, after the exchange, what it received)
        first_pass = next(i for i, f in enumerate(frames) if f["type"] == "pass")
        open_step(page, f"{live_server.url}/games/{game.pk}/#step={first_pass}&view={view}",
                  first_pass)
        passer = frames[first_pass]["event"]["seat"]
        shown = page.locator(".gz-table .seat .passed").count()
        assert shown == (1 if viewer == passer else 0)


def _others_move(game: Any, me: int) -> None:
    """Every seat but ``me`` decides (SeededPlayer) until ``me`` must act or the end."""
    defn = gongzhu()
    rng = random.Random(7)
    player = SeededPlayer()
    while True:
        game.refresh_from_db()
        state = defn.fold(game_events(game=game))
        movers = sorted(defn.may_act(state)) if not defn.finished(state) else []
        if not movers or me in movers:
            return
        seat = movers[0]
        inp = player.choose(None, defn.choices(state, seat), rng)
        game_submit_input(game=game, expected_seq=game.head_seq, inp=inp, seat=seat)


def test_a_seat_passes_exposes_and_plays_on_the_play_page(page, live_server, screenshots):
    created = game_create_from_engine(ruleset=RULESET, seats=SEATS, seed="gz-play",
                                      first_planner=3, game="gongzhu")
    game = created.game
    _others_move(game, 0)
    page.set_viewport_size({"width": 1360, "height": 1000})
    page.goto(f"{live_server.url}/play/{game.pk}/#token={created.seat_tokens[0]}")
    page.wait_for_selector('.gz-table .seat.pos-bottom[data-seat="0"]')
    sent: dict[str, list[Any]] = {"pass": [], "expose": [], "play": []}
    for _ in range(12):
        game.refresh_from_db()
        page.wait_for_function(
            "seq => { const m = document.getElementById('play');"
            " return m.dataset.yours === 'true' && m.dataset.headSeq === seq; }",
            arg=str(game.head_seq))
        kind = page.locator("#play").get_attribute("data-kind")
        head = game.head_seq
        if kind == "pass":
            confirm = page.locator("button[data-action=pass]")
            assert confirm.is_disabled()  # three cards first
            picks = page.locator("#actions button[data-pick]")
            chosen = [picks.nth(k).get_attribute("data-pick") for k in (0, 2, 4)]
            for k in (0, 2, 4, 5):
                picks.nth(k).click()  # a fourth is refused: exactly three
            assert page.locator("#actions button[aria-pressed=true]").count() == 3
            picks.nth(5).focus()
            page.keyboard.press("Enter")  # keyboard: still three, the fifth not taken
            assert page.locator("#actions button[aria-pressed=true]").count() == 3
            assert page.evaluate(data.UNNAMED_CONTROLS) == []  # every control has a name
            page.screenshot(path=str(screenshots / "gongzhu-play-pass.png"), full_page=True)
            confirm.click()
            sent["pass"].append(chosen)
        elif kind == "expose":
            picks = page.locator("#actions button[data-pick]")
            chosen = [picks.first.get_attribute("data-pick")] if picks.count() else []
            if chosen:
                picks.first.focus()
                page.keyboard.press("Space")
            page.locator("button[data-action=expose]").click()
            sent["expose"].append(chosen)
        elif kind == "play":
            legal = page.locator("#hand button.legal")
            code = legal.first.get_attribute("data-play")
            assert page.locator("#hand button:not(.legal)").evaluate_all(
                "els => els.every(e => e.disabled)")
            legal.first.click()
            sent["play"].append(code)
        else:
            pytest.fail(f"unexpected decision {kind!r}")
        page.wait_for_function(
            "prev => document.getElementById('play').dataset.headSeq !== prev", arg=str(head))
        assert not page.locator("#status.error").count(), page.inner_text("#status")
        if len(sent["play"]) >= 2:
            break
        _others_move(game, 0)
    assert sent["pass"] and len(sent["play"]) >= 2
    mine = [e.payload for e in GameEvent.objects.filter(game=game, actor="seat:0").order_by("seq")]
    assert [sorted(e["cards"]) for e in mine if e["type"] == "pass"] == [
        sorted(c) for c in sent["pass"]]
    assert [sorted(e["cards"]) for e in mine if e["type"] == "expose"] == [
        sorted(c) for c in sent["expose"]]
    assert [e["card"] for e in mine if e["type"] == "play"] == sent["play"]
    # the own hand face up at the bottom, every other hand hidden
    game.refresh_from_db()
    state = game_frames_for_viewer(game=game, viewer=0)["frames"][-1]["state"]
    page.wait_for_function(
        "n => document.getElementById('step-out').textContent.startsWith(n + ' /')",
        arg=str(game.head_seq - 1))
    assert_hands_hidden(page, state, 0)
    page.screenshot(path=str(screenshots / "gongzhu-play-seat-0.png"), full_page=True)
    page.goto("about:blank")  # stop the page's long-poll before the test ends
