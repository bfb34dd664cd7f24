"""Arne Total's table renderer in a real browser (Chromium via pytest-playwright, live server).

Given a finished Arne game (four seats, every seat played by a small seeded test player)
/ when a person steps through its replay / then the page draws it with the Arne renderer:
the positions with their colours, each area's piles with their marks (chameleon, ×3,
crush, lock), each pile's worth and each area's total as the engine scores them, a
before-window with its order, offer, passes and the pending action, a STOP / REVERSE
claim with the one that decides, a line for every step's event, and the result. Given a
finished three-seat dummy game / when it is stepped through / then the dummy's area, the
marker at the position of the seat whose REVERSE took it and the seats after a Swap Seats
are drawn, and every event type of the format has its line.
Given a live four-seat game (seat 0 a person on the play page, the others seeded test
players) / when the person is offered in windows and takes its turns / then it sees the
window's kind, order and offer, the pending action and the claims of the turn, passes,
plays a claim and a white card through the renderer's controls, and the store holds
exactly those inputs; before the game ends neither its DOM nor any API response it
received names a card hidden from it (arne_data's oracle, not the engine's redaction).
Screenshots go to artifacts/screenshots/."""

from __future__ import annotations

import random
from typing import Any

import pytest

from replays.frames import game_frames_for_viewer
from replays.models import GameEvent
from replays.selectors import game_events
from replays.services import game_create, game_create_from_engine, game_submit_input
from tests.arne.tracker import CODE_IN_TEXT

from . import data
from .arne_data import (
    WATCH,
    Provoker,
    Recorder,
    WindowPasser,
    arne,
    codes_in,
    hidden_by_step,
    kind,
    leaks,
    plus_two_with_choice,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATS = ["Anya", "Boris", "Vera", "Gleb"]
RULESET = {"preset": "normal"}
JS_SEATS = "els => els.map(e => Number(e.dataset.seat))"


# Every event type of the record format (RECORD_FORMAT.md "The adjudicated log").
EVENT_TYPES = {"game", "deal", "turn", "draw", "deck_empty", "window", "window_closed", "white",
               "black", "pass_window", "random_card", "give", "placed", "discarded", "tripled",
               "crushed", "locked", "stolen", "grabbed", "gave", "hands_passed", "swapped",
               "claim", "dummy_control", "turn_end", "final_round", "hands_discarded",
               "game_end"}


def played(seed: str, ruleset: dict[str, Any] = RULESET, seats: list[str] = SEATS
           ) -> list[dict[str, Any]]:
    """A whole game's log, every seat played by WindowPasser."""
    defn = arne()
    events = defn.start(defn.ruleset(ruleset), seats, {}, seed)
    state = defn.fold(events)
    players = [WindowPasser() for _ in seats]
    while not defn.finished(state):
        state, new = defn.play_bots(state, players, seed)
        events.extend(new)
    return events


def finished_game(seed: str = "ar-replay", **kw: Any) -> Any:
    """A whole game played by WindowPasser in every seat, stored."""
    return game_create(events=played(seed, **kw), seed=seed, game="arne").game


def assert_sentence_in_words(page, frame: dict[str, Any]) -> None:
    """The step's sentence is the shell's (the game's explanation), its cards in words —
    no code like "(Y50.2)" — and the table does not repeat it in a line of its own."""
    caption = page.locator("#caption").inner_text()
    assert caption == frame["caption"]
    assert not CODE_IN_TEXT.search(page.locator("#step-detail").inner_text()), caption
    assert page.locator(".ar-table").get_attribute("data-event") == frame["type"]
    assert "This step" not in page.locator(".ar-table").inner_text()


def wait_step(page, step: int) -> None:
    page.wait_for_function(
        f"document.getElementById('step-out').textContent.startsWith('{step} /')")


def open_step(page, url: str, step: int) -> None:
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector(".ar-table")
    wait_step(page, step)


def go(page, step: int) -> None:
    page.get_by_role("slider", name="Step slider").fill(str(step))
    wait_step(page, step)


def assert_areas(page, state: dict[str, Any]) -> None:
    """Every area's piles, marks, worth and total as the view (the engine's scoring)."""
    for colour, piles in state["areas"].items():
        area = page.locator(f'.ar-area[data-area="{colour}"]')
        assert area.get_attribute("data-total") == str(state["totals"][colour])
        drawn = area.locator(".ar-pile")
        assert drawn.evaluate_all("els => els.map(e => e.dataset.pile)") == [
            p["card"] for p in piles]
        assert drawn.evaluate_all("els => els.map(e => e.dataset.worth)") == [
            p["worth"] for p in piles]
        mult = 1
        for p in piles:
            mult *= int(p["worth"][1:]) if p["worth"].startswith("×") else 1
        badge = area.locator(".badge.mult")
        assert (badge.get_attribute("data-mult") if badge.count() else "1") == str(mult)
        for k, pile in enumerate(piles):
            marks = drawn.nth(k).locator("[data-mark]").evaluate_all(
                "els => Object.fromEntries(els.map(e => [e.dataset.mark, e.dataset.card]))")
            want = {"chameleon": pile["chameleon"], "x3": pile["x3"], "crush": pile["crush"],
                    "lock": pile["lock"]}
            assert marks == {m: c for m, c in want.items() if c}


def test_step_through_a_finished_arne_game(page, live_server, screenshots):
    game = finished_game()
    frames = game_frames_for_viewer(game=game, viewer=None)["frames"]
    page.set_viewport_size({"width": 1360, "height": 1000})
    open_step(page, f"{live_server.url}/games/{game.pk}/", 0)
    assert page.locator("[data-shell]").get_attribute("data-renderer") == "arne"
    assert page.locator(".ar-table").get_attribute("data-renderer") == "arne"
    assert page.locator("#legend .ar-legend").count() == 1

    # every step's sentence names its cards in words, never by code
    coded = [f["explanation"] for f in frames if CODE_IN_TEXT.search(f["explanation"])]
    assert not coded, coded[:3]

    # a before-window: the pending Grab / Plus Two, the order, the offer, then passes
    opened = next(i for i, f in enumerate(frames) if f["type"] == "window"
                  and f["event"]["kind"] == "before")
    open_step(page, f"{live_server.url}/games/{game.pk}/#step={opened}", opened)
    state = frames[opened]["state"]
    panel = page.locator(".ar-window")
    assert panel.get_attribute("data-kind") == "before"
    assert panel.locator(".offer").evaluate_all(JS_SEATS) == state["window"]["order"]
    assert panel.get_attribute("data-offered") == str(state["window"]["offered"])
    assert page.locator(".ar-pending").get_attribute("data-card") == state["pending"]["card"]
    assert_sentence_in_words(page, frames[opened])
    assert page.locator(".ar-table .status .phase").get_attribute("data-phase") == "window"
    passed = next(i for i in range(opened + 1, len(frames)) if frames[i]["state"]["window"]
                  and frames[i]["state"]["window"]["passed"])
    go(page, passed)
    state = frames[passed]["state"]
    shown = page.locator('.ar-window .offer[data-state="passed"]').evaluate_all(JS_SEATS)
    assert sorted(shown) == sorted(state["window"]["passed"]) and shown
    page.screenshot(path=str(screenshots / "arne-viewer-before-window.png"), full_page=True)

    # a claim: the turn's STOP / REVERSE in the order played, the last one decides
    claim = next(i for i, f in enumerate(frames) if f["type"] == "claim")
    go(page, claim)
    state, event = frames[claim]["state"], frames[claim]["event"]
    items = page.locator(".ar-claims .claim")
    assert items.evaluate_all("els => els.map(e => e.dataset.card)") == [
        c["card"] for c in state["claims"]]
    decides = page.locator(".ar-claims .claim.decides")
    assert decides.count() == 1
    assert decides.get_attribute("data-card") == event["card"]
    assert decides.get_attribute("data-seat") == str(event["seat"])
    page.screenshot(path=str(screenshots / "arne-viewer-claim.png"), full_page=True)

    # the areas near the end: piles, marks, worth and totals as the engine scores them
    last_turn = max(i for i, f in enumerate(frames) if f["type"] == "turn_end")
    go(page, last_turn)
    state = frames[last_turn]["state"]
    piles = [p for ps in state["areas"].values() for p in ps]
    assert any(p["crush"] for p in piles) and any(p["chameleon"] for p in piles)
    assert_areas(page, state)
    ring = page.locator(".ar-ring .ar-seat")
    assert ring.evaluate_all(JS_SEATS) == state["position_seats"]
    assert ring.evaluate_all("els => els.map(e => e.dataset.colour)") == state["colours"]
    discard = page.locator(".ar-piles .discard")
    assert discard.get_attribute("data-count") == str(len(state["discard"]))
    assert discard.get_attribute("data-top") == state["discard"][-1]
    page.screenshot(path=str(screenshots / "arne-viewer-areas.png"), full_page=True)

    # the end: the result and every seat's place
    page.get_by_role("button", name="Last step").click()
    wait_step(page, len(frames) - 1)
    state = frames[-1]["state"]
    assert_areas(page, state)
    winners = [SEATS[i] for i, p in enumerate(state["result"]["places"]) if p == 1]
    assert ", ".join(winners) in page.locator(".ar-result").inner_text()
    assert page.locator(".ar-seat .result").count() == len(SEATS)
    page.set_viewport_size({"width": 390, "height": 844})
    go(page, claim)
    page.screenshot(path=str(screenshots / "arne-viewer-phone.png"), full_page=True)


def test_a_dummy_game_shows_the_dummy_its_marker_and_swapped_seats(page, live_server,
                                                                   screenshots):
    seats = SEATS[:3]
    game = finished_game("ar-dummy", ruleset={"preset": "dummy"}, seats=seats)
    frames = game_frames_for_viewer(game=game, viewer=None)["frames"]
    page.set_viewport_size({"width": 1360, "height": 1000})
    # every event type of the format has its sentence, its cards in words (this game's and
    # the four-seat game's)
    events = [f["event"] for f in frames] + played("ar-replay")
    assert {e["type"] for e in events} == EVENT_TYPES
    texts = arne().explain_log(events[: len(frames)], seats) + arne().explain_log(
        events[len(frames):], SEATS)
    assert all(texts) and not [t for t in texts if CODE_IN_TEXT.search(t)]
    # REVERSE in the dummy game: the marker at the position of the seat that played it
    control = next(i for i, f in enumerate(frames) if f["type"] == "dummy_control")
    open_step(page, f"{live_server.url}/games/{game.pk}/#step={control}", control)
    state, event = frames[control]["state"], frames[control]["event"]
    dummy = page.locator(".ar-area.dummy")
    assert dummy.get_attribute("data-area") == state["dummy_colour"]
    assert f"controlled by {seats[event['seat']]}" in dummy.locator("h4").inner_text()
    marker = page.locator(".ar-seat .badge.dummy-marker")
    assert marker.count() == 1
    holder = page.locator(".ar-seat", has=page.locator(".badge.dummy-marker"))
    assert holder.get_attribute("data-position") == str(event["position"])
    # Swap Seats: the ring shows who sits where now, the colours stay with the positions
    swap = next(i for i, f in enumerate(frames) if f["type"] == "swapped")
    go(page, swap)
    state = frames[swap]["state"]
    ring = page.locator(".ar-ring .ar-seat")
    assert ring.evaluate_all(JS_SEATS) == state["position_seats"] != list(range(len(seats)))
    assert ring.evaluate_all("els => els.map(e => e.dataset.colour)") == state["colours"]
    assert_sentence_in_words(page, frames[swap])
    page.screenshot(path=str(screenshots / "arne-viewer-dummy.png"), full_page=True)


# -- a person at a table of four: windows, a claim and a white card ---------------------

def _others_move(game: Any, me: int, rng: random.Random) -> None:
    """Every seat but ``me`` decides (Provoker) until ``me`` must act or the end."""
    defn = arne()
    player = Provoker(target=me)
    while True:
        game.refresh_from_db()
        state = defn.fold(game_events(game=game))
        movers = sorted(defn.may_act(state)) if not defn.finished(state) else []
        if not movers or me in movers:
            return
        seat = movers[0]
        choices = defn.choices(state, seat)
        inp = (plus_two_with_choice(state, choices, me)
               or player.choose(defn.seat_view(state, seat), choices, rng))
        game_submit_input(game=game, expected_seq=game.head_seq, inp=inp, seat=seat)


def _offers(page) -> list[tuple[int, str]]:
    return page.locator(".ar-window .offer").evaluate_all(
        "els => els.map(e => [Number(e.dataset.seat), e.dataset.state])")


def _use(page, card: str, pick=lambda uses: uses.first) -> dict[str, Any]:
    """Choose ``card`` in the hand, then one of its listed uses; the input sent."""
    page.locator(f'#arne-hand button[data-play="{card}"]').click()
    uses = page.locator("#arne-uses button[data-input]")
    assert uses.count() >= 1
    return {"card": card, "index": int(pick(uses).get_attribute("data-input"))}


def test_a_person_answers_windows_and_plays_on_the_play_page(page, live_server, screenshots):
    defn = arne()
    created = game_create_from_engine(ruleset=RULESET, seats=SEATS, seed="ar-play",
                                      secret="ar-play-secret-20", game="arne")
    game = created.game
    rng = random.Random(11)
    _others_move(game, 0, rng)
    page.set_viewport_size({"width": 1360, "height": 1000})
    recorder = Recorder(page)
    page.goto(f"{live_server.url}/play/{game.pk}/#token={created.seat_tokens[0]}")
    page.wait_for_selector(".ar-table")
    page.evaluate(WATCH)
    seen = {"after": 0, "claims": 0, "pending": 0, "give": 0}
    sent: list[dict[str, Any]] = []
    for _ in range(60):
        game.refresh_from_db()
        if game.status == "finished":
            break
        page.wait_for_function(  # the decision drawn, and the table at the head's step
            "seq => { const m = document.getElementById('play');"
            " return m.dataset.yours === 'true' && m.dataset.headSeq === String(seq)"
            " && document.getElementById('step-out').textContent.startsWith((seq - 1) + ' /'); }",
            arg=game.head_seq)
        head = game.head_seq
        state = defn.fold(game_events(game=game))
        view = defn.seat_view(state, 0)
        listed = defn.legal_inputs(state, 0)
        window = view["window"]
        assert page.evaluate(data.UNNAMED_CONTROLS) == []
        if any(i["type"] == "give" for i in listed):
            toggles = page.locator("#arne-give button[data-give]")
            picks = [toggles.nth(k).get_attribute("data-give") for k in (0, 1)]
            assert page.locator("#arne-give-send").is_disabled()
            for k in (0, 1):
                toggles.nth(k).click()
            assert page.locator("#arne-give-send").is_enabled()
            page.screenshot(path=str(screenshots / "arne-play-give.png"), full_page=True)
            page.locator("#arne-give-send").click()
            sent.append({"type": "give", "cards": sorted(picks)})
            seen["give"] += 1
        elif window and window["kind"] in ("before", "after"):
            panel = page.locator(".ar-window")
            assert panel.get_attribute("data-kind") == window["kind"]
            offers = _offers(page)
            assert [s for s, _ in offers] == window["order"]
            assert dict(offers)[0] == "offered"
            assert all(dict(offers)[s] == "passed" for s in window["passed"])
            if window["kind"] == "after":
                seen["after"] += 1
            if view["pending"]:
                pending = page.locator(".ar-pending")
                assert pending.get_attribute("data-card") == view["pending"]["card"]
                seen["pending"] += 1
            if view["claims"]:
                cards = page.locator(".ar-claims .claim").evaluate_all(
                    "els => els.map(e => e.dataset.card)")
                assert cards == [c["card"] for c in view["claims"]]
                decides = page.locator(".ar-claims .claim.decides")
                assert decides.get_attribute("data-card") == cards[-1]
                seen["claims"] += 1
                page.screenshot(path=str(screenshots / "arne-play-claims.png"), full_page=True)
            if view["pending"]:
                page.screenshot(path=str(screenshots / "arne-play-pending.png"), full_page=True)
            page.locator("#arne-pass").focus()
            page.keyboard.press("Enter")  # by keyboard
            sent.append({"type": "pass_window"})
        else:  # the main window: a claim first when one is held, then a white card
            blacks = [i for i in listed
                      if i["type"] == "black" and kind(i["card"]) in ("STOP", "REV")]
            whites = [i for i in listed if i["type"] == "white"]
            if blacks and not view["claims"]:
                chose = _use(page, blacks[0]["card"])
            elif whites:
                chose = _use(page, whites[0]["card"], pick=lambda uses: uses.last)
            else:
                page.locator("#arne-pass").click()
                sent.append({"type": "pass_window"})
                chose = None
            if chose is not None:
                inp = listed[chose["index"]]
                assert inp["card"] == chose["card"]
                page.locator(f'#arne-uses button[data-input="{chose["index"]}"]').click()
                sent.append(inp)
        page.wait_for_function(
            "prev => document.getElementById('play').dataset.headSeq !== prev", arg=str(head))
        assert not page.locator("#status.error").count(), page.inner_text("#status")
        if all(seen.values()) and sum(i["type"] == "white" for i in sent) >= 2:
            break
        _others_move(game, 0, rng)
    assert all(seen.values()), seen
    assert sum(i["type"] == "white" for i in sent) >= 2
    game.refresh_from_db()
    assert game.status != "finished"
    mine = [e.payload for e in GameEvent.objects.filter(game=game, actor="seat:0").order_by("seq")]
    strip = [{k: v for k, v in e.items() if k not in ("seq", "rules", "seat", "facts")}
             for e in mine]
    assert [e["type"] for e in strip] == [i["type"] for i in sent]
    for got, want in zip(strip, sent, strict=True):
        if want["type"] == "give":
            assert sorted(got["cards"]) == want["cards"]
        elif want["type"] != "pass_window":
            assert got == {k: v for k, v in want.items() if k != "seat"}
    page.screenshot(path=str(screenshots / "arne-play-seat-0.png"), full_page=True)

    # nothing hidden from seat 0 reached its page: the DOM, step by step …
    events = game_events(game=game)
    hidden = hidden_by_step(events, 0)
    snapshots = page.evaluate("window.arSnapshots")
    assert len(snapshots) > 10
    held = set(defn.fold(events).hands[0])
    assert held and held <= set(snapshots[-1]["codes"])  # the DOM check reads the codes
    for snap in snapshots:
        step = min(snap["step"], len(hidden) - 1)
        shown = set(snap["codes"]) & hidden[step]
        assert not shown, (snap["step"], shown)
    # … and the network: every response, each frame or event at its own step
    assert len(recorder.bodies) > 10
    for url, bodies in recorder.bodies:
        for body in bodies:
            assert not leaks(body, hidden), (url, leaks(body, hidden))
    # (the oracle bites: the page received its own dealt hand; everything unredacted at
    # the head would name hidden cards)
    own = {c for e in events if e["type"] == "deal" for c in e["hands"][0]}
    assert own <= codes_in([b for _, bs in recorder.bodies for b in bs])
    everything = {"head_seq": len(events), "state": defn.revealed_view(defn.fold(events))}
    assert leaks(everything, hidden) and len(hidden[-1]) > 20
    page.goto("about:blank")  # stop the page's long-poll before the test ends
