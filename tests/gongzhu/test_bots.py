"""Gong Zhu's bots, runner, evaluation and bench (gongzhu_core.bots, runner, evaluate,
bench).

Given random rulesets (passing in every direction, exposing ``any``/``four`` with and
without ``expose_hold``, ``hearts_broken``, ``first_lead`` = ``pig_taker`` …) and games
played step by step through ``decide``: every choice of every bot, at every decision
point, is legal. Given the same seed, a game is the same game. The heuristic is handed
only its seat view, in which every other hand and every pass it may not know is None.
The runner's log equals the seam's generic loop (``GameDefinition.play_bots``) and a
plain decide-validated loop. The heuristic's rules of thumb are checked one by one in
``test_heuristic_rules.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import gongzhu_core as g
from gamekit.bots import identity
from gongzhu_core.bench import bench
from gongzhu_core.bots import REGISTRY, bot_names, get_bot
from gongzhu_core.choices import choices
from gongzhu_core.definition import definition
from gongzhu_core.evaluate import evaluate
from gongzhu_core.rules import legal_cards
from gongzhu_core.runner import bot_rng, play_game
from gongzhu_core.views import seat_view

from .play import SEATS, random_ruleset

BOTS = ["random", "heuristic"]
GAMES = 60  # random rulesets, end score −100 … −400: a few rounds each


def _legal(state: g.GameState, inp: dict[str, Any]) -> bool:
    """Whether ``inp`` is legal at ``state``, checked against the engine's own lists."""
    seat = state.to_move()
    if inp.get("seat") != seat or inp.get("type") != g.rules.due_kind(state):
        return False
    if inp["type"] == "play":
        return inp["card"] in legal_cards(state, seat)
    cards = inp["cards"]
    if len(set(cards)) != len(cards):
        return False
    if inp["type"] == "pass":
        return len(cards) == 3 and set(cards) <= set(state.dealt[seat])
    return set(cards) <= set(g.rules.exposable_in_hand(state, seat))


def test_registry_names_identity_and_settings() -> None:
    assert bot_names() == ["heuristic", "ismcts", "random"] == REGISTRY.names()
    for name in BOTS:
        bot = get_bot(name)
        assert identity(bot) == {"name": name, "version": "1", "settings": {}}
        with pytest.raises(ValueError):
            get_bot(name, depth=3)
    with pytest.raises(KeyError, match="heuristic, ismcts, random"):
        get_bot("oracle")
    assert definition().bot_names() == bot_names()


@pytest.mark.parametrize("k", range(GAMES))
def test_every_choice_of_every_bot_is_legal(k: int) -> None:
    rng = random.Random(f"legal-{k}")
    spec = random_ruleset(rng)
    if k % 3 == 0:  # make sure the variants bots must handle come up often
        spec["options"].update(passing=True, exposing=True, pass_to=rng.choice(
            ["left", "right", "alternate", "cycle"]), expose_hold=bool(k % 2))
    rs = g.build_ruleset(spec)
    seed = f"legal-{k}"
    bots = [get_bot(BOTS[(k + s) % 2]) for s in range(4)]
    state = g.fold(g.new_game(rs, SEATS, seed=seed))
    kinds: set[str] = set()
    while not state.finished:
        inp = g.chance_input(state, seed)
        if inp is None:
            seat = state.to_move()
            view, ch = seat_view(state, seat), choices(state, seat)
            for name in BOTS:  # both bots are asked at every decision point
                other = get_bot(name).choose(view, ch, bot_rng(seed, seat, state.seq + 1))
                assert _legal(state, other), (name, other)
            inp = bots[seat].choose(view, ch, bot_rng(seed, seat, state.seq))
            kinds.add(inp["type"])
        for e in g.decide(state, inp, seed=seed):
            state = g.evolve(state, e)
    assert "play" in kinds
    if rs.passing and rs.pass_to != "cycle":
        assert "pass" in kinds


@pytest.mark.parametrize("name", BOTS)
def test_a_game_is_fixed_by_its_seed(name: str) -> None:
    rs = g.build_ruleset({"preset": "passing", "options": {"exposing": True,
                                                           "end_score": -300}})
    one = play_game(rs, SEATS, [get_bot(name) for _ in range(4)], "same")
    two = play_game(rs, SEATS, [get_bot(name) for _ in range(4)], "same")
    assert one == two and one[-1]["type"] == "game_end"
    other = play_game(rs, SEATS, [get_bot(name) for _ in range(4)], "other")
    assert other != one
    # a bot's choice depends on its generator only: the same rng state, the same input
    state = g.fold(one[:3])
    seat = state.to_move()
    picks = {str(get_bot(name).choose(seat_view(state, seat), choices(state, seat),
                                      random.Random(7))) for _ in range(3)}
    assert len(picks) == 1


class _Spy:
    """A bot that records every view it is handed and passes on to the heuristic."""

    def __init__(self) -> None:
        self.bot = get_bot("heuristic")
        self.name, self.version, self.settings = "spy", "1", {}
        self.views: list[tuple[int, dict[str, Any]]] = []

    def choose(self, view: dict[str, Any], ch: Any, rng: random.Random) -> dict[str, Any]:
        # the runner's view is built on first read from the live state: a bot that keeps
        # it past its decision copies it (gongzhu_core.views.LazySeatView)
        self.views.append((ch.seat, dict(view)))
        return self.bot.choose(view, ch, rng)


def test_the_heuristic_sees_only_its_seat_view() -> None:
    rs = g.build_ruleset({"preset": "exposing", "options": {"passing": True,
                                                            "end_score": -600}})
    spy = _Spy()
    events = play_game(rs, SEATS, [spy] * 4, "spy")
    assert events[-1]["type"] == "game_end" and len(spy.views) > 150
    for seat, view in spy.views:
        assert view["viewer"] == seat
        for other in range(4):
            if other != seat:
                assert view["hands"][other] is None
                giver_to_me = (view["pass_to"] is not None and view["phase"] != "pass"
                               and (other + {"left": 1, "right": 3, "across": 2}[
                                   view["pass_to"]]) % 4 == seat)
                if not giver_to_me:
                    assert view["passed"][other] is None
        assert "seed" not in view and "dealt" not in view
    # and the state's hidden parts do not change its choice: the other hands reshuffled
    state = g.fold(events[:40])
    seat = state.to_move()
    base = get_bot("heuristic").choose(seat_view(state, seat), choices(state, seat),
                                       random.Random(1))
    for k in range(5):
        world = definition().determinize(state, seat, random.Random(k))
        assert get_bot("heuristic").choose(seat_view(world, seat), choices(world, seat),
                                           random.Random(1)) == base


@pytest.mark.parametrize("spec", [{"options": {"end_score": -300}},
                                  {"preset": "exposing", "options": {
                                      "passing": True, "pass_to": "cycle",
                                      "end_score": -300}}])
def test_the_runner_gives_the_seams_log_and_the_step_by_step_log(spec: dict[str, Any]
                                                                   ) -> None:
    rs = g.build_ruleset(spec)
    bots = [get_bot(BOTS[s % 2]) for s in range(4)]
    seed = "runner"
    events = play_game(rs, SEATS, bots, seed)
    # the seam's generic loop, through the definition
    defn = definition()
    opening = defn.start(rs, SEATS, {"first_dealer": None}, seed)
    state, rest = defn.play_bots(defn.fold(opening), bots, seed)
    assert defn.finished(state) and opening + rest == events
    # a plain loop, each input validated by decide, each event applied by evolve
    state = g.fold(opening)
    log = list(opening)
    while not state.finished:
        inp = g.chance_input(state, seed)
        if inp is None:
            seat = state.to_move()
            inp = bots[seat].choose(seat_view(state, seat), choices(state, seat),
                                    bot_rng(seed, seat, len(log)))
        new = g.decide(state, inp, seed=seed)
        for e in new:
            state = g.evolve(state, e)
        log += new
    assert log == events
    assert play_game(rs, SEATS, bots, seed, first_dealer=2)[0]["first_dealer"] == 2


def test_evaluate_rotates_seats_and_reports() -> None:
    r = evaluate("heuristic", "random", 8, "t-eval", {"preset": "short"})
    assert r["matches"] == 8 and r["ruleset"]["options"]["end_score"] == -500
    assert r["candidate"]["name"] == "heuristic"
    assert [o["name"] for o in r["opponents"]] == ["random"] * 3
    lo, hi = r["ci95"]
    assert 0.0 <= lo <= r["win_share"] <= hi <= 1.0 and 1.0 <= r["mean_place"] <= 4.0
    assert r["decision_ms"]["decisions"] > 0
    again = evaluate("heuristic", ["random"] * 3, 8, "t-eval", "short", jobs=2)
    for key in ("win_share", "ci95", "mean_place", "mean_score", "mean_rounds"):
        assert again[key] == r[key]


def test_a_bot_against_itself_scores_exactly_a_quarter() -> None:
    # every seat's generator depends on the seat, not the bot: the four rotations are
    # the same game, so the candidate takes each seat's result once
    r = evaluate("heuristic", "heuristic", 8, "t-mirror", "short")
    assert r["win_share"] == pytest.approx(0.25)
    assert r["ci95"] == [pytest.approx(0.25), pytest.approx(0.25)]
    assert r["mean_place"] == pytest.approx(2.5, abs=0.5)


def test_evaluate_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="multiple of 4"):
        evaluate("random", "random", 6, "x")
    with pytest.raises(ValueError, match="three"):
        evaluate("random", ["random", "random"], 4, "x")
    with pytest.raises(KeyError):
        evaluate("nobody", "random", 4, "x")
    with pytest.raises(g.GongzhuError):
        evaluate("random", "random", 4, "x", {"preset": "nope"})


def test_bench_reports_throughput() -> None:
    r = bench(2, "t-bench", "heuristic")
    assert r["games"] == 2 and r["events"] > 2 * 52 and r["games_per_s"] > 0
    assert r["events_per_s"] > 0 and r["seconds"] > 0
    assert r["peak_rss_mb"] is None or r["peak_rss_mb"] > 0
    with pytest.raises(ValueError):
        bench(0)
