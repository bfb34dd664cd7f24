"""No view and no redacted log ever shows a viewer a card it may not see.

What a viewer may see is worked out independently from the full log by
``props_helpers.Tracker``: public cards (played, assigned, jobs, rewards, revealed, sent
North, face-up cellar cards, a card taken from a face-up cellar slot) and the viewer's
own hand, pocket, buried and hidden cellar cards. After ``game_end`` everything is
visible, the seed included. Viewers: None (a spectator) and seats 0–3.

At every event of every game: ``redact_events(log so far, viewer)``, ``seat_view`` /
``spectator_view`` of the state, and the lazy view bots receive.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import kolkhoz_core as kc
from kolkhoz_core.bots import get_bot
from kolkhoz_core.views import lazy_seat_view

try:
    from .props_helpers import SEATS, Tracker, budget, card_codes_in, draw_spec
except ImportError:  # rootdir-relative import (tests/core is not a package)
    from props_helpers import SEATS, Tracker, budget, card_codes_in, draw_spec

VIEWERS: list[int | None] = [None, 0, 1, 2, 3]
HIDDEN_TYPES = {"deal", "swap", "pocket"}

# every preset, and custom rulesets that stress hidden information: hidden-only swaps,
# random trump, the Informant and the mice, reveal=highest_hidden, 36-card stacks
SPECS: list[dict[str, Any]] = [{"preset": p} for p in sorted(kc.PRESETS)] + [
    {"options": {"swap": True, "swap_scope": "hidden", "nomenklatura": True, "mice": True,
                 "reveal": "highest_hidden", "trump_selection": "random", "wrecker": True}},
    {"options": {"deck": 36, "orden": True, "swap": True, "wrecker": True,
                 "nomenklatura": True, "k36_vulnerable": "trick_winners",
                 "wrecker_returns": True}},
    {"options": {"swap": True, "swap_scope": "workers", "accum": True, "stakh": True,
                 "nomenklatura": True, "first_lead": "left_of_planner", "medals": True}},
]


def _play(spec: dict[str, Any], seed: str) -> list[dict[str, Any]]:
    rs = kc.build_ruleset(spec)
    return kc.play_game(rs, list(SEATS), [get_bot("random") for _ in range(4)], seed)


def _check_redacted_event(red: dict[str, Any], ev: dict[str, Any], viewer: int | None) -> None:
    """A redacted event differs from the event only where a card is hidden, and there
    the card is None (pocket, swap.buried, another seat's hand)."""
    t = ev["type"]
    if t == "deal":
        assert red.get("jobs") == ev.get("jobs")
        for seat, hand in enumerate(ev["hands"]):
            want = hand if seat == viewer else [None] * len(hand)
            assert red["hands"][seat] == want, (viewer, red)
        assert {k: v for k, v in red.items() if k != "hands"} == \
            {k: v for k, v in ev.items() if k != "hands"}
    elif t == "swap" and not ev.get("pass") and ev["seat"] != viewer:
        assert red["hand"] is None, red
        assert red["cellar"] == (None if ev["taken"] == "hidden" else ev["cellar"]), red
        assert {k: v for k, v in red.items() if k not in ("hand", "cellar")} == \
            {k: v for k, v in ev.items() if k not in ("hand", "cellar")}
    elif t == "pocket" and ev["seat"] != viewer:
        assert red == {**ev, "card": None}, red
    else:
        assert red == ev, (viewer, red, ev)


def _check_view(view: dict[str, Any], viewer: int | None, tracker: Tracker) -> None:
    """Positions the viewer may not see hold None; the viewer's own hand and cellar are
    exactly the tracker's."""
    assert view["viewer"] == viewer
    for seat in range(4):
        hand = view["hands"][seat]
        if seat == viewer:
            assert sorted(hand) == tracker.hand(seat)
        else:
            assert hand == [None] * len(tracker.hand(seat)), (viewer, seat, hand)
        cellar = view["cellars"][seat]
        assert len(cellar) == len(tracker.cellar(seat))
        for entry in cellar:
            if seat != viewer and entry["hidden"]:
                assert entry["card"] is None, (viewer, seat, entry)
            if not entry["hidden"]:
                assert tracker.loc[entry["card"]] == ("cellar", seat, True), entry
        if seat == viewer:
            assert sorted(e["card"] for e in cellar) == tracker.cellar(seat)
    if viewer is not None:
        assert view["hand"] == view["hands"][viewer]
    else:
        assert view["hand"] is None
    # and the public table is the tracker's: field cards, jobs, trick, cards sent North
    for f, field in enumerate(view["fields"]):
        assert sorted(field["cards"]) == tracker.where("field", f)
        assert sorted(field["rewards"]) == tracker.where("job", f)
    assert view["trick"]["cards"] == tracker.trick
    assert view["north"] == tracker.north_history


def check_game_for_leaks(events: list[dict[str, Any]], seed: str) -> None:
    game = events[0]
    # the seed commitment published at seq 0 is sha256 of the seed
    assert game["seed_commitment"] == hashlib.sha256(seed.encode("utf-8")).hexdigest()
    tracker = Tracker()
    seen: dict[int | None, list[dict[str, Any]]] = {v: [] for v in VIEWERS}
    for k, (state, ev) in enumerate(zip(kc.replay(events), events, strict=True)):
        entitled = {v: tracker.entitled(ev, v) for v in VIEWERS}
        tracker.apply(ev)
        prefix = events[: k + 1]
        finished = ev["type"] == "game_end"
        for v in VIEWERS:
            # given the log so far, when it is redacted for viewer v
            red = kc.redact_events(prefix, v)
            if finished:
                # then after game_end nothing is hidden and the seed is revealed
                assert red == prefix
                assert red[-1]["seed"] == seed
            else:
                # then earlier events read the same as before, and the new one shows
                # only cards v may see, with hidden cards as None, and never the seed
                assert red[:-1] == seen[v]
                leaked = set(card_codes_in(red[-1])) - entitled[v]
                assert not leaked, f"viewer {v} sees {leaked} in {red[-1]}"
                _check_redacted_event(red[-1], ev, v)
                assert seed not in json.dumps(red[-1], ensure_ascii=False)
            seen[v] = red
            # and the state's view shows only what v may see now
            view = kc.spectator_view(state) if v is None else kc.seat_view(state, v)
            leaked = set(card_codes_in(view)) - tracker.may_see(v)
            assert not leaked, f"viewer {v} sees {leaked} after {ev['type']} seq {ev['seq']}"
            text = json.dumps(view, ensure_ascii=False)
            # (views are JSON-able as they are: no tuples, no int keys)
            assert json.loads(text) == view
            if finished:
                assert view["result"]["seed"] == seed
                assert all(e["card"] is not None for c in view["cellars"] for e in c)
            else:
                assert seed not in text, f"the seed shows in {v}'s view before game_end"
                _check_view(view, v, tracker)
            if v is not None and state.to_move == v:
                # the lazy view bots receive is exactly the seat view
                assert dict(lazy_seat_view(state, v)) == view


def _seed(tag: str) -> str:
    # seeds written so that they cannot be mistaken for a card code or a seat name
    return "seed-" + hashlib.sha256(tag.encode()).hexdigest()[:16]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.get("preset") or "custom")
@pytest.mark.parametrize("game", range(4))
def test_no_view_or_redacted_log_leaks_a_card_or_the_seed(spec: dict[str, Any],
                                                         game: int) -> None:
    # given a random-bot game of this ruleset
    seed = _seed(f"{json.dumps(spec, sort_keys=True)}/{game}")
    events = _play(spec, seed)
    # when every viewer looks at every step, then nothing hidden shows
    check_game_for_leaks(events, seed)


@given(spec=st.builds(lambda r: draw_spec(r.choice), st.randoms(use_true_random=False)),
       tag=st.integers(0, 10**9))
@settings(max_examples=budget(15), deadline=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow])
def test_random_rulesets_never_leak(spec: dict[str, Any], tag: int) -> None:
    # given a random valid ruleset and a random-bot game
    seed = _seed(f"h{tag}")
    events = _play(spec, seed)
    # then no viewer ever sees a hidden card or the seed before the end
    check_game_for_leaks(events, seed)


def test_a_swap_of_a_hidden_card_hides_both_cards_from_the_others() -> None:
    # given a game with hidden-only swaps, where someone swaps
    spec = {"options": {"swap": True, "swap_scope": "hidden", "years": 3}}
    for k in range(100):
        events = _play(spec, _seed(f"swap-{k}"))
        swaps = [e for e in events if e["type"] == "swap" and not e.get("pass")]
        if swaps:
            break
    else:
        pytest.fail("no swap in 100 games")
    sw = swaps[0]
    assert sw["taken"] == "hidden"
    upto = events[: sw["seq"] + 1]
    for v in VIEWERS:
        # when the log is redacted for each viewer
        red = kc.redact_events(upto, v)[-1]
        # then only the swapper sees what was buried and what was taken
        if v == sw["seat"]:
            assert (red["hand"], red["cellar"]) == (sw["hand"], sw["cellar"])
        else:
            assert (red["hand"], red["cellar"]) == (None, None)


@pytest.mark.parametrize("viewer", VIEWERS)
def test_a_deal_shows_each_seat_only_its_own_hand(viewer: int | None) -> None:
    # given the opening of a kolkhoz game and its first deal
    rs = kc.build_ruleset({"preset": "kolkhoz"})
    seed = _seed("deal")
    events = kc.new_game(rs, list(SEATS), None, seed)
    state = kc.fold(events)
    events += kc.decide(state, kc.chance_input(state, seed), seed=seed)
    # when it is redacted for the viewer
    red = kc.redact_events(events, viewer)[-1]
    # then the viewer's hand alone is shown, and the jobs are public
    for seat in range(4):
        if seat == viewer:
            assert red["hands"][seat] == events[-1]["hands"][seat]
        else:
            assert red["hands"][seat] == [None] * 5
    assert red["jobs"] == events[-1]["jobs"]


def test_the_seed_is_revealed_exactly_at_game_end() -> None:
    # given a finished game
    seed = _seed("reveal")
    events = _play({"preset": "zone"}, seed)
    # then the seed is in game_end (and nowhere before it), and matches the commitment
    text_before = json.dumps(events[:-1], ensure_ascii=False)
    assert seed not in text_before
    assert events[-1]["seed"] == seed
    assert kc.seed_commitment(seed) == hashlib.sha256(seed.encode()).hexdigest()
    assert events[0]["seed_commitment"] == kc.seed_commitment(seed)


def test_the_leak_checker_notices_a_leak() -> None:
    # given a log redacted for seat 0 with seat 1's pocketed card left in
    seed = _seed("meta")
    events = _play({"preset": "kolkhoz"}, seed)
    tracker = Tracker()
    for ev in events:
        if ev["type"] == "pocket" and ev["seat"] == 1:
            # when the leak check compares what seat 0 would see
            shown = set(card_codes_in(ev))
            # then it flags the card as one seat 0 may not see
            assert shown - tracker.entitled(ev, 0) == {ev["card"]}
            tracker.apply(ev)
            # and, once pocketed, the card is not among what seat 0 may see in a view
            assert ev["card"] not in tracker.may_see(0)
            assert ev["card"] in tracker.may_see(1)
            return
        tracker.apply(ev)
    pytest.fail("no pocket by seat 1")


def test_random_seeds_are_not_card_codes() -> None:
    # (guard for the leak checks: a seed spelled like a card would confuse them)
    rng = random.Random(3)
    for _ in range(50):
        assert not card_codes_in(_seed(str(rng.random())))


def test_the_leak_check_fails_on_a_redaction_that_forgets_pockets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # given a redaction that shows every pocketed card (a deliberately broken engine)
    from kolkhoz_core import views
    real = views.redact_event

    def leaky(event: dict[str, Any], viewer: int | None, *, finished: bool) -> dict[str, Any]:
        if event["type"] == "pocket":
            return event
        return real(event, viewer, finished=finished)

    monkeypatch.setattr(views, "redact_event", leaky)
    seed = _seed("leaky-pocket")
    events = _play({"preset": "kolkhoz"}, seed)
    # when the leak check runs, then it reports the pocketed card
    with pytest.raises(AssertionError, match="sees"):
        check_game_for_leaks(events, seed)


def test_the_leak_check_fails_on_a_seat_view_that_shows_other_hands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # given a seat view that shows every hand (a deliberately broken engine)
    from kolkhoz_core import views

    def leaky(state: kc.GameState, seat: int) -> dict[str, Any]:
        saved = state.finished
        state.finished = True
        try:
            return views._view(state, seat)
        finally:
            state.finished = saved

    monkeypatch.setattr(kc, "seat_view", leaky)
    seed = _seed("leaky-view")
    events = _play({"preset": "kolkhoznik"}, seed)
    # when the leak check runs, then it reports the other seats' cards
    with pytest.raises(AssertionError, match="sees"):
        check_game_for_leaks(events, seed)
