"""Hidden information in the engine's views and redaction, at every step of random games
with passing and exposing (RECORD_FORMAT.md "Visibility").

Given random games under rulesets with passing (every direction) and exposing / when
each viewer's seat view, the spectator view and every event redacted for that viewer
are read at every position of the log / then no card that viewer may not see appears
in them (an oracle independent of the engine's redaction), no other seat's pass is
shown before its receiver may know it, and the seed never appears before game_end.
"""

from __future__ import annotations

import json
import random

import gongzhu_core as g
from gongzhu_core.views import redact_event, seat_view, spectator_view
from tests.replays.test_leak import cards_in

from .play import hidden_from, random_game

SPECS = [{"preset": "exposing", "options": {"passing": True, "pass_to": d, "end_score": -100}}
         for d in ("left", "right", "cycle")]


def _games() -> list[tuple[str, list[dict]]]:
    out = []
    for k, spec in enumerate(SPECS + [{"options": {"end_score": -100, "passing": True,
                                                   "pass_to": "alternate"}}]):
        seed = f"leak-view-{k}"
        out.append((seed, random_game(seed, spec, random.Random(k))))
    return out


def test_views_and_redacted_events_never_show_a_hidden_card_nor_the_seed():
    checked = 0
    for seed, log in _games():
        state = g.fold(log[:1])
        for n in range(1, len(log)):
            state = g.evolve(state, log[n])
            if state.finished:
                break
            prefix = log[:n + 1]
            for viewer in (None, 0, 1, 2, 3):
                forbidden = hidden_from(prefix, viewer)
                view = spectator_view(state) if viewer is None else seat_view(state, viewer)
                shown = [view, redact_event(log[n], viewer, finished=False)]
                assert not cards_in(shown) & forbidden, (seed, n, viewer)
                assert seed not in json.dumps(shown), (seed, n, viewer)
                checked += 1
    assert checked > 1000


def test_a_pass_is_seen_by_its_passer_and_after_the_exchange_by_its_receiver_only():
    """Given a pass / then only the passer sees its cards until the exchange; after it,
    the receiver too, and the two other seats never while the game runs (pass.when,
    pass.exchange)."""
    seed, log = _games()[0]
    first_pass = next(i for i, e in enumerate(log) if e["type"] == "pass")
    exchange = next(i for i, e in enumerate(log) if e["type"] == "exchange")
    passer = log[first_pass]["seat"]
    receiver = (passer + 1) % 4  # pass_to left
    before = g.fold(log[:first_pass + 1])
    after = g.fold(log[:exchange + 1])
    for viewer in range(4):
        assert (seat_view(before, viewer)["passed"][passer] is not None) == (viewer == passer)
        sees = viewer in (passer, receiver)
        assert (seat_view(after, viewer)["passed"][passer] is not None) == sees
        assert (redact_event(log[first_pass], viewer, finished=False).get("cards")
                is not None) == (viewer == passer)
        got = redact_event(log[exchange], viewer, finished=False)["received"][receiver]
        assert (got is not None) == sees
    assert spectator_view(after)["passed"] == [None] * 4


def test_everything_is_public_once_the_game_has_ended():
    seed, log = _games()[1]
    end = g.fold(log)
    assert all(h is not None for h in spectator_view(end)["hands"])
    assert [redact_event(e, None, finished=True) for e in log] == log
    assert log[-1]["seed"] == seed
