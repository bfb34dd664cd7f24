"""Attack on the one seeding scheme (issue 13) at a simultaneous choice.

The claim (docs/humans.md, docs/seam.md): given the seed and the people's inputs, every
other move is determined — a game is the same whoever sits at the other seats, resumed
or not. Bots draw from ``bot_rng(game, seed, seat, position)``. In a simultaneous
choice the position of a bot's decision depends on the order in which the seats'
decisions reach the store — that is, on how fast the person was, or on when the table
task ran. So the same person's choice, made a moment earlier or later, changes what the
bots choose.

Given the fake game (a person at seat 0, random bots at 1 and 2) with one seed / when
the person chooses before the bots move, or after / then the bots choose the same
numbers (expected) — they do not.
"""

from __future__ import annotations

import pytest

from gamekit import registry
from replays import engine
from replays.advance import SeatBot, game_advance, stored_events
from replays.services import game_create_from_engine, game_submit_input
from tests.core.fake_game import OddOneOut

pytestmark = pytest.mark.django_db


def _game(secret: str):
    return game_create_from_engine(ruleset=None, seats=["P", "R1", "R2"], seed="order",
                                   secret=secret, game="oddoneout").game


def _bots():
    return {s: SeatBot(engine.bot("random", game="oddoneout"), "bot:random") for s in (1, 2)}


def _first_reveal(game) -> list[int]:
    return next(e["numbers"] for e in stored_events(game) if e["type"] == "reveal")


def test_the_bots_choose_the_same_whether_the_person_was_quick_or_slow():
    with registry.registered(OddOneOut()):
        differ = []
        for secret in [f"order-secret-{i}" for i in range(8)]:
            quick, slow = _game(secret), _game(secret)
            choose = {"type": "choose", "seat": 0, "number": 2}
            # quick: the person chooses before the table task has moved the bots
            game_submit_input(game=quick, expected_seq=quick.head_seq, inp=choose, seat=0)
            game_advance(game=quick, bots=_bots(), live=True)
            # slow: the bots have chosen; then the person, the same number
            game_advance(game=slow, bots=_bots(), live=True)
            game_submit_input(game=slow, expected_seq=slow.head_seq, inp=choose, seat=0)
            if _first_reveal(quick) != _first_reveal(slow):
                differ.append(secret)
        assert differ == []


class _Positioned(OddOneOut):
    """The fake game counting its log position its own way (``position`` is part of the
    seam: "the log position, default ``state.seq``")."""

    id = "oddpos"
    record_format = "oddpos-record/1"

    def position(self, state):  # type: ignore[no-untyped-def]
        return state.seq + 1000


def test_the_autopilot_draws_at_the_position_the_game_names():
    """The seam's loop seeds a bot by ``defn.position(state)``; the autopilot
    (``Folded.bot_input``) and ``engine.bot_choose`` by the number of stored events. For a
    game whose ``position`` is not that number, the autopilot drew otherwise than a bot
    at the same seat and moment."""
    with registry.registered(_Positioned()):
        game = game_create_from_engine(ruleset=None, seats=["P", "Q", "R"], seed="pos",
                                       secret="pos-secret", game="oddpos").game
        events = stored_events(game)
        pos = engine.fold_log(events, game="oddpos")
        bot = engine.bot("random", game="oddpos")
        players = [bot, None, None]
        draws = []
        for seed in [f"pos-{i}" for i in range(12)]:
            _, new = pos.defn.play_bots(pos.state, players, seed, max_decisions=1)
            by_loop = next(e for e in new if e["type"] == "choose")["number"]
            by_autopilot = pos.bot_input(0, bot, seed)["number"]
            by_engine = engine.bot_choose(events, 0, bot, seed=seed, game="oddpos")["number"]
            draws.append((by_loop, by_autopilot, by_engine))
        assert all(a == b == c for a, b, c in draws), draws
