"""Hidden information in the engine's views and redaction (RECORD_FORMAT.md "Visibility"),
at every seat count, preset and interpretation option.

Given random games (one per seat count and preset, with the options mixed, and the games
the API leak test cuts) / when each viewer — every seat and a spectator — reads its
view (``seat_view`` / ``spectator_view``) after an event and that event redacted for it
(``redact_event``, ``finished=False``) / then no card hidden from that viewer appears —
hidden as an oracle independent of the engine's redaction works it out
(``tracker.Table.hidden_from``: in the deck or another seat's hand, never in the viewer's
hand, never face up) — the viewer's own hand and the hand it passed are shown as they
are, every other hand is not, and the seed never appears before ``game_end``. A control
test shows the oracle catching a leaky redaction and a leaky view of every kind.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from arne_core.game import evolve, fold
from arne_core.views import redact_event, revealed_view, seat_view, spectator_view

from .cuts import GAMES, log_of
from .engine_games import CASES, options_for, play
from .tracker import Table, codes_in

Event = dict[str, Any]
#: events after which the views always are read (they move or show hidden cards)
HIDDEN = frozenset({"deal", "draw", "random_card", "grabbed", "give", "gave", "hands_passed",
                    "swapped", "stolen", "hands_discarded"})
Redact = Callable[[Event, Any], Event]
View = Callable[[Any, Any], dict[str, Any]]


def engine_redact(e: Event, viewer: Any) -> Event:
    return redact_event(e, viewer, finished=False)


def engine_view(s: Any, viewer: Any) -> dict[str, Any]:
    return spectator_view(s) if viewer is None else seat_view(s, viewer)


def _random_games() -> list[tuple[str, list[Event]]]:
    out = []
    for k, (n, preset) in enumerate(CASES):
        rng = random.Random(f"leak-views-{k}")
        seed = f"arne-leak-views-{n}-{preset}"
        log = play(n, preset, options_for(k % 4, rng), seed, rng,
                   passiveness=(0.0, 0.6, 0.9)[k % 3])
        out.append((seed, log))
    return out


RANDOM_GAMES = _random_games()
CUT_GAMES = [(GAMES[name][3], log_of(name)) for name in GAMES]


def leaks(seed: str, log: list[Event], *, redact: Redact = engine_redact,
          view: View = engine_view, every: float = 1.0, rng: random.Random | None = None,
          own_hand: bool = True) -> list[tuple[int, Any, list[str]]]:
    """(seq, viewer, cards or "seed") for every event whose redaction — or the view after
    it (at a share ``every`` of the events) — shows a viewer a hidden card or the seed.
    ``own_hand``: also assert that each seat's view shows its own hand as it is."""
    rng = rng or random.Random(0)
    table = Table()
    state = fold([])
    found = []
    for e in log:
        table.apply(e)
        state = evolve(state, e)
        if state.finished:
            break
        looks = e["type"] in HIDDEN or rng.random() < every
        for viewer in [None, *range(table.n)]:
            hidden = table.hidden_from(viewer)
            shown: list[Any] = [redact(e, viewer)]
            if looks:
                shown.append(view(state, viewer))
            bad = sorted(codes_in(shown) & hidden)
            if bad:
                found.append((e["seq"], viewer, bad))
            if seed in json.dumps(shown, ensure_ascii=False):
                found.append((e["seq"], viewer, ["seed"]))
            if looks and viewer is not None and own_hand:
                _own_hand_shown(table, shown[-1], viewer)
    return found


def _own_hand_shown(table: Table, view: dict[str, Any], viewer: int) -> None:
    """The viewer's view shows its hand as it is, no other hand, the counts, and the hand
    it passed at the last Pass Hands."""
    if "hands" not in view:
        return
    assert sorted(view["hands"][viewer]) == sorted(table.hands[viewer])
    assert all(h is None for i, h in enumerate(view["hands"]) if i != viewer)
    assert view["hand_counts"] == [len(h) for h in table.hands]
    if table.passed is not None:
        assert sorted(view["passed_hand"]) == sorted(table.passed[viewer])


@pytest.mark.parametrize("k", range(len(RANDOM_GAMES)), ids=[f"{n}-{p}" for n, p in CASES])
def test_no_view_or_redacted_event_shows_a_hidden_card_nor_the_seed(k):
    seed, log = RANDOM_GAMES[k]
    assert leaks(seed, log, every=0.1, rng=random.Random(k)) == []


@pytest.mark.parametrize("g", range(len(CUT_GAMES)), ids=list(GAMES))
def test_the_cut_games_show_nothing_hidden_at_any_event(g):
    seed, log = CUT_GAMES[g]
    assert leaks(seed, log, every=0.5, rng=random.Random(g)) == []


def _first(log: list[Event], t: str, pred: Callable[[Event], bool] = lambda e: True) -> int:
    return next(i for i, e in enumerate(log) if e["type"] == t and pred(e))


def _all_logs() -> list[list[Event]]:
    return [log for _, log in CUT_GAMES + RANDOM_GAMES]


def test_pass_hands_each_seat_sees_its_new_hand_and_the_hand_it_passed_only():
    """hands, Visibility: after a Pass Hands every seat sees the hand it now holds and may
    know the hand it passed on; it sees no other hand; a spectator sees none; the event
    itself shows only the counts."""
    checked = 0
    for log in _all_logs():
        if not any(e["type"] == "hands_passed" for e in log):
            continue
        i = _first(log, "hands_passed")
        table = Table()
        for e in log[:i]:
            table.apply(e)
        before = [list(h) for h in table.hands]
        table.apply(log[i])
        state = fold(log[:i + 1])
        n = table.n
        for v in range(n):
            view = seat_view(state, v)
            assert sorted(view["hands"][v]) == sorted(table.hands[v])
            assert sorted(view["passed_hand"]) == sorted(before[v])
            giver = next(s for s in range(n) if sorted(before[s]) == sorted(table.hands[v]))
            assert giver != v or n == 1
            others = {c for s in range(n) if s not in (v, giver) for c in before[s]}
            never_held = others - table.known[v] - table.public
            assert not codes_in(view) & never_held
            assert codes_in(engine_redact(log[i], v)) == set()
        spectator = spectator_view(state)
        assert spectator["hands"] == [None] * n and spectator["passed_hand"] is None
        checked += 1
    assert checked >= 2


def test_each_hidden_event_shows_its_cards_to_exactly_the_seats_concerned():
    """Visibility: a draw to its drawer; a Grab's card to its two seats (the random card to
    its holder; the Grab's player sees it from ``grabbed`` on); Plus Two black cards to
    both seats in ``gave``, and in ``give`` to the target (the Plus Two's player may see
    the give too: "the two seats concerned") and no one else; a Plus Two's score cards
    to everyone; a deal's hand to its holder."""
    kinds: set[str] = set()
    for log in _all_logs():
        n = len(log[0]["seats"])
        plus2 = None
        for e in log:
            t = e["type"]
            if t == "white" and e["card"].startswith("PLUS2"):
                plus2 = e["card"][:6]
            for v in [None, *range(n)]:
                r = engine_redact(e, v)
                if t == "deal":
                    assert r["hands"] == [h if i == v else None for i, h in enumerate(e["hands"])]
                elif t == "draw":
                    assert (r["cards"] == e["cards"]) if v == e["seat"] else (
                        r["cards"] is None and r["count"] == len(e["cards"]))
                elif t == "grabbed" and e["card"] is not None:
                    assert r["card"] == (e["card"] if v in (e["seat"], e["source"]) else None)
                elif t == "random_card" and v not in (e["seat"], _player_of(log, e)):
                    assert r["card"] is None
                elif t == "random_card" and v == e["seat"]:
                    assert r["card"] == e["card"]
                elif t in ("give", "gave") and plus2 == "PLUS2C":
                    assert r == e
                elif t == "gave":
                    two = (e["seat"], e["to_seat"])
                    assert r["cards"] == (e["cards"] if v in two else None)
                elif t == "give" and v == e["seat"]:
                    assert r == e
                elif t == "give" and v != _player_of(log, e):
                    assert r["cards"] is None and r["count"] == 2
            kinds.add(t if t not in ("give", "gave") else f"{t}:{plus2}")
    assert {"deal", "draw", "grabbed", "random_card", "give:PLUS2C", "give:PLUS2K",
            "gave:PLUS2C", "gave:PLUS2K"} <= kinds


def _player_of(log: list[Event], e: Event) -> int:
    """The seat whose white card (the Grab, the Plus Two) ``e`` answers."""
    return next(w["seat"] for w in reversed(log[:e["seq"]]) if w["type"] == "white")


def test_the_seed_is_revealed_at_game_end_and_everything_once_finished():
    for seed, log in CUT_GAMES:
        assert log[-1]["type"] == "game_end" and log[-1]["seed"] == seed
        assert seed not in json.dumps(log[:-1], ensure_ascii=False)
        assert [redact_event(e, None, finished=True) for e in log] == log
        end = fold(log)
        assert all(h is not None for h in spectator_view(end)["hands"])
        mid = fold(log[:len(log) // 2])
        assert all(h is not None for h in revealed_view(mid)["hands"])


def _leaky_redact(kind: str) -> Redact:
    def redact(e: Event, viewer: Any) -> Event:
        return e if e["type"] == kind else engine_redact(e, viewer)
    return redact


def _leaky_view(what: str) -> View:
    def view(s: Any, viewer: Any) -> dict[str, Any]:
        out = engine_view(s, viewer)
        if what == "hands":
            out = {**out, "hands": [list(h) for h in s.hands]}
        else:
            out = {**out, "passed_hand": s.passed[(viewer or 0) - 1] if s.passed else None}
        return out
    return view


@pytest.mark.parametrize("kind", ["deal", "draw", "random_card", "grabbed", "give", "gave"])
def test_the_oracle_catches_a_leaky_redaction(kind):
    """The check is not vacuous: a redaction that shows one hidden kind of event whole is
    caught in the cut games (the ``give`` and ``gave`` of Plus Two's black cards)."""
    found = [x for seed, log in CUT_GAMES
             for x in leaks(seed, log, redact=_leaky_redact(kind), view=lambda s, v: {},
                            every=0.0)]
    assert found, kind


@pytest.mark.parametrize("what", ["hands", "passed_hand"])
def test_the_oracle_catches_a_leaky_view(what):
    seed, log = next((s, g) for s, g in CUT_GAMES if any(e["type"] == "hands_passed"
                                                         for e in g))
    end = _first(log, "hands_passed") + 3
    assert leaks(seed, log[:end], view=_leaky_view(what), own_hand=False), what
