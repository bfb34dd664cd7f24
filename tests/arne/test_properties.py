"""Property tests over random legal Arne Total games at every seat count (2–6), every
preset (normal, misère, dummy at 2–5, first game) and every interpretation option
(black_timing after_action, final_round until_passes, reverse_stack each_reverses,
dummy_final_reverse takes_control, final_chameleon forbidden), through the engine's
public functions only.

Given random games (random colours, dummy colour and first player; tables that play a
black card at almost every offer and tables that mostly pass) / at every input boundary
(chance inputs included) / then:

- every card of the ``game`` event's deck is in exactly one place — hands, deck, discard
  pile, a pile's base, chameleon, X3, crush or lock — in the state and in an independent
  tracker that moves each card as the events say (``tracker.Table``), and the two agree;
- every legal input (``choices.legal_inputs``; at a chance point the seed's outcome and
  other outcomes a record may state) is accepted by ``decide``, and a sample of other
  inputs (another seat, one field changed or missing, wrong types, the wrong input for
  the point) is refused with an ``ArneError`` — with no change to the state;
- each batch of events survives a JSON round trip and is numbered on from the state.

And for each whole game: the fold of the log equals the state reached step by step (also
at random earlier boundaries); ``adjudicate(to_record(log)) == log``, also with every
chance input left out of the record (the seed gives them: ``chance_mismatch`` is None);
every ``window`` has its ``window_closed``, every ``turn`` its ``turn_end``, no window in
the final round; ``game_end`` equals an independent scorer's arithmetic (``scorer``:
score.pile, score.area, score.seat, dummy.score, score.places) on areas that equal the
tracker's, at the positions the tracker followed.

Budget: ``ARNE_PROPERTY_GAMES`` games per (seat count, preset) case (default 4, 19
cases) and ``ARNE_PROPERTY_EXAMPLES`` hypothesis examples (default 16);
``HYPOTHESIS_PROFILE=ci`` doubles both, ``quick`` quarters them. A larger run:
``ARNE_PROPERTY_GAMES=60 ARNE_PROPERTY_EXAMPLES=300 pytest tests/arne/test_properties.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arne_core.choices import legal_inputs
from arne_core.decide import decide
from arne_core.errors import ArneError
from arne_core.game import chance_input, fold
from arne_core.record import CHANCE, adjudicate, chance_mismatch, to_record
from arne_core.state import GameState
from tests.core.props_helpers import budget

from . import scorer
from .engine_games import CASES, OTHER_VALUES, PRESETS, options_for, play
from .mutants import bad_chance, bad_decisions, chance_alternatives
from .tracker import SLOTS, Table

GAMES = budget(int(os.environ.get("ARNE_PROPERTY_GAMES", "4")))
EXAMPLES = budget(int(os.environ.get("ARNE_PROPERTY_EXAMPLES", "16")))
Event = dict[str, Any]
BAD_PER_STEP = 12
#: RECORD_FORMAT.md "Errors"
ERROR_CODES = frozenset({"malformed", "invalid_ruleset", "invalid_combination", "invalid_setup",
                         "bad_deal", "bad_chance", "unexpected_input", "out_of_turn",
                         "white_in_final_round", "not_in_hand", "not_white", "not_black",
                         "illegal_area", "illegal_target", "must_play_white", "bad_give",
                         "missing_input", "extra_input"})


def snapshot(s: GameState) -> bytes:
    """Everything the state holds, deeply (a pickle of its attributes)."""
    return pickle.dumps(vars(s))


def state_cards(s: GameState) -> list[str]:
    """Every card the state holds anywhere (hands, deck, discard, every pile slot)."""
    out = [c for h in s.hands for c in h] + list(s.deck) + list(s.discard)
    return out + [p[k] for ps in s.areas.values() for p in ps for k in SLOTS
                  if p[k] is not None]


class Game:
    """The checks of one game, step by step (``step``) and whole (``finish``)."""

    def __init__(self, seed: str, rng: random.Random) -> None:
        self.seed, self.rng = seed, rng
        self.table = Table()
        self.boundaries: list[tuple[int, bytes]] = []
        self.last: GameState | None = None
        self.counts = {"inputs": 0, "legal": 0, "refused": 0}

    def start(self, opening: list[Event]) -> None:
        assert [e["type"] for e in opening] == ["game"] and opening[0]["seq"] == 0
        for e in opening:
            self.table.apply(e)
        self.table.boundary()

    def step(self, before: GameState, inp: Event, new: list[Event], after: GameState) -> None:
        self.try_inputs(before, inp)
        assert json.loads(json.dumps(new)) == new, "an event is not plain JSON"
        assert [e["seq"] for e in new] == list(range(before.seq, before.seq + len(new)))
        assert new[0]["type"] == inp["type"] and all(new[0][k] == v for k, v in inp.items()
                                                    if k != "type"), (inp, new[0])
        for e in new:
            self.table.apply(e)
        self.table.boundary()
        self.compare(after)
        self.counts["inputs"] += 1
        if self.rng.random() < 0.02:
            self.boundaries.append((after.seq, snapshot(after)))
        self.last = after

    def try_inputs(self, s: GameState, played: Event) -> None:
        """Every legal input accepted, the sample of others refused, the state unchanged."""
        snap = snapshot(s)
        chance = chance_input(s, self.seed)
        if chance is not None:
            assert played == chance and not s.may_act()
            legal = [chance] + chance_alternatives(s, chance, self.rng)
            bad = bad_chance(s, chance, self.rng)
        else:
            (mover,) = s.may_act()
            legal = legal_inputs(s, mover)
            assert played in legal
            for other in range(s.n):
                assert other == mover or legal_inputs(s, other) == []
            bad = bad_decisions(s, mover, legal, self.rng)
            if legal[0]["type"] == "give":  # plus2.give: every pair of the cards demanded
                k = len(self.table.demanded())
                assert k > 2 and len(legal) == k * (k - 1) // 2, (k, legal)
        assert bad, "no refused input tried"
        for inp in legal:
            events = decide(s, inp, seed=self.seed)
            assert events[0]["seq"] == s.seq
        bad = self.rng.sample(bad, min(BAD_PER_STEP, len(bad)))
        for inp in bad:
            try:
                decide(s, inp, seed=self.seed)
            except ArneError as err:
                assert err.code in ERROR_CODES and err.to_dict()["code"] == err.code, inp
            else:
                raise AssertionError(f"decide accepted an input not in legal_inputs: {inp}")
        assert snapshot(s) == snap, "decide changed the state"
        self.counts["legal"] += len(legal)
        self.counts["refused"] += len(bad)

    def compare(self, s: GameState) -> None:
        """The state's cards: each exactly once, the game's deck, where the tracker has them."""
        cards = state_cards(s)
        assert len(cards) == len(set(cards)), "a card twice in the state"
        assert sorted(cards) == sorted(self.table.game["deck"]), "a card lost or added"
        t = self.table
        assert [sorted(h) for h in s.hands] == [sorted(h) for h in t.hands]
        assert set(s.deck) == t.deck() and s.discard == t.discard and s.areas == t.areas
        assert s.seat_pos == t.seat_pos and s.pos_seat == t.pos_seat

    def finish(self, log: list[Event]) -> None:
        assert self.last is not None and self.last.finished
        end_state = self.last
        assert vars(fold(log)) == vars(end_state), "fold differs from step-by-step play"
        for seq, snap in self.boundaries[:4]:
            assert snapshot(fold(log[:seq])) == snap, f"fold of the first {seq} events"
        record = json.loads(json.dumps(to_record(log)))
        assert record["seed"] == self.seed
        assert adjudicate(record) == log
        bare = {**record, "inputs": [i for i in record["inputs"] if i["type"] not in CHANCE]}
        assert adjudicate(bare) == log, "the seed does not reproduce the chance inputs"
        assert chance_mismatch(log, self.seed) is None
        check_windows(log)
        check_end(log, self.table, self.seed)


def check_windows(log: list[Event]) -> None:
    """window.*, turn.end, end.final_round: windows never overlap and each closes; every
    turn ends before the next or the final round; no window in the final round."""
    open_kind: str | None = None
    turn: int | None = None
    final = False
    for e in log:
        t = e["type"]
        if t == "window":
            assert open_kind is None and not final and turn is not None, e
            open_kind = e["kind"]
        elif t == "window_closed":
            assert open_kind == e["kind"], e
            open_kind = None
        elif t == "turn":
            assert turn is None and open_kind is None and not final, e
            turn = e["turn"]
        elif t == "turn_end":
            assert turn == e["turn"] and open_kind is None, e
            turn = None
        elif t == "final_round":
            assert turn is None and open_kind is None
            final = True
    assert open_kind is None and turn is None and final
    assert sum(e["type"] == "window" for e in log) == sum(e["type"] == "window_closed"
                                                          for e in log)


def check_end(log: list[Event], table: Table, seed: str) -> None:
    """game_end against the independent scorer and the tracker."""
    game, end = log[0], log[-1]
    assert end["type"] == "game_end" and log[-2]["type"] == "hands_discarded"
    assert sum(e["type"] == "game_end" for e in log) == 1
    assert end["seed"] == seed
    assert game["seed_commitment"] == hashlib.sha256(seed.encode()).hexdigest()
    areas = {c: [dict(p) for p in ps] for c, ps in end["areas"].items()}
    assert areas == table.areas, "game_end's areas are not where the events put the cards"
    assert end["positions"] == table.seat_pos
    ctrl = None if table.dummy_control is None else table.pos_seat[table.dummy_control]
    assert end["dummy_controller"] == ctrl
    colours, dummy = game["colours"], game["dummy_colour"]
    assert set(end["totals"]) == set(colours) | ({dummy} if dummy else set())
    assert end["totals"] == {c: scorer.area_score(areas[c]) for c in end["totals"]}
    scores = scorer.seat_scores(areas, colours, table.seat_pos, dummy, ctrl)
    assert end["scores"] == scores
    misere = game["ruleset"]["options"]["mode"] == "misere"
    assert end["places"] == scorer.places(scores, misere)
    assert end["turns"] == sum(e["type"] == "turn" for e in log)


def play_checked(n: int, preset: str, options: dict[str, Any], seed: str,
                 rng: random.Random, passiveness: float) -> dict[str, int]:
    """One random game with every check; returns its counts."""
    checker = Game(seed, rng)
    log = play(n, preset, options, seed, rng, passiveness=passiveness,
               on_step=checker.step, on_start=checker.start)
    checker.finish(log)
    return {**checker.counts, "events": len(log)}


@pytest.mark.parametrize("n, preset", CASES, ids=[f"{n}-{p}" for n, p in CASES])
def test_random_games_keep_every_invariant(n, preset):
    """GAMES games per case: game 0 with the default options, game 1 with every
    non-default one, later games a random mix; tables from eager to passive."""
    for g in range(GAMES):
        rng = random.Random(f"arne-prop-{n}-{preset}-{g}")
        options = options_for(g, rng)
        seed = f"arne-prop-seed-{n}-{preset}-{g}"
        counts = play_checked(n, preset, options, seed, rng, passiveness=(0.0, 0.6, 0.9)[g % 3])
        assert counts["legal"] >= counts["inputs"] <= counts["refused"]


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 6), preset=st.sampled_from(PRESETS),
       options=st.fixed_dictionaries({k: st.sampled_from([None, v])
                                      for k, v in OTHER_VALUES.items()}),
       game=st.integers(0, 2**31), passiveness=st.sampled_from([0.0, 0.5, 0.8, 0.95]))
def test_hypothesis_rulesets_and_tables(n, preset, options, game, passiveness):
    """Any seat count, preset and mix of interpretation options (the dummy only at 2–5
    seats), any game seed and table temper: every invariant holds."""
    if preset == "dummy" and n == 6:
        n = 5
    chosen = {k: v for k, v in options.items() if v is not None}
    rng = random.Random(game)
    play_checked(n, preset, chosen, f"arne-hyp-{game}", rng, passiveness)
