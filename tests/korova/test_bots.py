"""Korova's bots, runner, evaluation and bench (korova_core.bots, runner, evaluate,
bench).

Over random games at every seat count, 2–10 in the base game and 2–4 in the tactical
variant, with random options: every choice of every bot at every decision point is one
of the engine's legal inputs. Given the same seed, a game is the same game. A bot is
handed only its seat view: no other base-game hand, no other seat's face-down card
(tactical: a seat that has chosen shows the hand it held as the turn began), and the
heuristic decides the same in every world ``determinize`` draws from that view. The
runner's log equals the seam's generic loop (``GameDefinition.play_bots``), run whole,
one decision at a time, and with a person in some seats.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import korova_core as g
from gamekit.bots import identity
from gamekit.seam import turn_start
from korova_core.bench import bench
from korova_core.bots import REGISTRY, bot_names, get_bot
from korova_core.bots.heuristic import choose_row
from korova_core.bots.table import Knowledge, card_risk, place_all, target_row
from korova_core.choices import choices, legal_inputs
from korova_core.definition import definition
from korova_core.evaluate import evaluate
from korova_core.runner import DECISIONS, bot_rng, play_game, play_on
from korova_core.state import apply
from korova_core.views import seat_view

BOTS = ["random", "heuristic"]
TABLES = [("base", n) for n in range(2, 11)] + [("tactical", n) for n in range(2, 5)]


def seats(n: int) -> list[str]:
    return [f"S{i}" for i in range(n)]


def ruleset(preset: str, rng: random.Random) -> g.Ruleset:
    """A short game (threshold 15–40) with random options."""
    return g.build_ruleset({"preset": preset, "options": {
        "threshold": rng.choice([15, 25, 40]),
        "lowest_tie": rng.choice(["share", "play_on"]),
        "draft_order": rng.choice(["rotation", "snake"])}})


def test_registry_names_identity_and_settings() -> None:
    assert bot_names() == ["heuristic", "ismcts", "random"] == REGISTRY.names()
    for name in BOTS:
        bot = get_bot(name)
        assert identity(bot) == {"name": name, "version": "1", "settings": {}}
        with pytest.raises(ValueError):
            get_bot(name, depth=3)
    assert get_bot("heuristic", future=0.3).settings == {"future": 0.3}
    with pytest.raises(ValueError):
        get_bot("heuristic", future="much")
    with pytest.raises(KeyError, match="heuristic, ismcts, random"):
        get_bot("oracle")
    assert definition().bot_names() == bot_names()


def _check_view(view: dict[str, Any], state: g.GameState, seat: int) -> None:
    """What ``seat`` is shown: nothing of another seat it may not see."""
    assert view["viewer"] == seat and "seed" not in view
    assert view.get("chosen_cards") is None
    assert view["my_choice"] in (None, state.chosen.get(seat))
    for o in range(state.n):
        if o == seat:
            assert view["hands"][o] == state.hands[o]
        elif not state.rs.tactical:
            assert view["hands"][o] is None
        elif o in state.chosen:  # its choice stays hidden in the hand it began with
            assert view["hands"][o] == state.turn_hands[o]


@pytest.mark.parametrize("k", range(3))
@pytest.mark.parametrize(("preset", "n"), TABLES)
def test_every_choice_of_every_bot_is_legal(preset: str, n: int, k: int) -> None:
    seed = f"legal-{preset}-{n}-{k}"
    rng = random.Random(seed)
    rs = ruleset(preset, rng)
    bots = [get_bot(BOTS[(n + k + s) % 2]) for s in range(n)]
    state = g.fold(g.new_game(rs, seats(n), seed=seed))
    kinds: set[str] = set()
    while not state.finished:
        inp = g.chance_input(state, seed)
        if inp is None:
            movers = sorted(state.may_act())
            seat = movers[rng.randrange(len(movers))]  # any order of the choices
            view, ch = seat_view(state, seat), choices(state, seat)
            _check_view(view, state, seat)
            legal = legal_inputs(state, seat)
            for name in BOTS:  # both bots are asked at every decision point
                other = get_bot(name).choose(view, ch, bot_rng(seed, seat, state.seq + 1))
                assert other in legal, (name, other)
            inp = bots[seat].choose(view, ch, bot_rng(seed, seat, state.seq))
            kinds.add(inp["type"])
        for e in g.decide(state, inp, seed=seed):
            apply(state, e)
    assert "choose" in kinds and ("pick" in kinds) == (preset == "tactical")


def test_the_row_choice_comes_up_and_is_legal() -> None:
    # random bots play low cards often: the row choice is asked of both bots
    rs = g.build_ruleset({"options": {"threshold": 30}})
    seen = 0
    for k in range(3):
        events = play_game(rs, seats(5), [get_bot("random") for _ in range(5)], f"row-{k}")
        seen += sum(e["type"] == "take_row" for e in events)
    assert seen > 0


@pytest.mark.parametrize("name", BOTS)
def test_a_game_is_fixed_by_its_seed(name: str) -> None:
    rs = g.build_ruleset({"options": {"threshold": 40}})
    one = play_game(rs, seats(5), [get_bot(name) for _ in range(5)], "same")
    two = play_game(rs, seats(5), [get_bot(name) for _ in range(5)], "same")
    assert one == two and one[-1]["type"] == "game_end"
    other = play_game(rs, seats(5), [get_bot(name) for _ in range(5)], "other")
    assert other != one
    state = g.fold(one[:5])  # round 1's first turn: choices open
    assert state.phase == "choose"
    picks = {str(get_bot(name).choose(seat_view(state, 1), choices(state, 1),
                                      random.Random(7))) for _ in range(3)}
    assert len(picks) == 1


@pytest.mark.parametrize("preset", ["base", "tactical"])
def test_the_heuristic_reads_nothing_hidden(preset: str) -> None:
    # its choice is the same in every world consistent with its view: the other hands
    # (base game) and the others' face-down cards redrawn by determinize
    rs = g.build_ruleset({"preset": preset, "options": {"threshold": 30}})
    n = 4 if preset == "base" else 3
    events = play_game(rs, seats(n), [get_bot("random") for _ in range(n)], "hidden")
    checked = 0
    cuts = [i for i, e in enumerate(events) if e["type"] in DECISIONS]
    for cut in cuts[3::11]:  # a decision is due: some seats may have chosen already
        state = g.fold(events[:cut])
        seat = max(state.may_act())
        base = get_bot("heuristic").choose(seat_view(state, seat), choices(state, seat),
                                           random.Random(1))
        for k in range(3):
            world = definition().determinize(state, seat, random.Random(k))
            assert get_bot("heuristic").choose(
                seat_view(world, seat), choices(world, seat), random.Random(1)) == base
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize(("preset", "n"), [("base", 3), ("base", 6), ("tactical", 4)])
def test_the_runner_gives_the_seams_log(preset: str, n: int) -> None:
    rs = g.build_ruleset({"preset": preset, "options": {"threshold": 30}})
    bots = [get_bot(BOTS[s % 2]) for s in range(n)]
    seed = "runner"
    events = play_game(rs, seats(n), bots, seed)
    defn = definition()
    opening = defn.start(rs, seats(n), {}, seed)
    state, rest = defn.play_bots(defn.fold(opening), bots, seed)
    assert defn.finished(state) and opening + rest == events
    # one decision at a time, the turns carried along, as a table people watch
    for loop in ("seam", "runner"):
        state, log, turns = g.fold(opening), list(opening), {}
        while not state.finished:
            if loop == "seam":
                state, new = defn.play_bots(state, bots, seed, max_decisions=1, turns=turns)
            else:
                new = play_on(state, bots, seed, 1, turns=turns)
            assert new
            log += new
        assert log == events, loop


def test_the_runner_stops_for_a_person_and_plays_on_as_the_seam() -> None:
    # seat 1 is a person (None): both loops stop when only it may act; its choice is
    # appended by hand; then both go on — bots drawing from the turn's start
    rs = g.build_ruleset({"options": {"threshold": 25}})
    bots: list[Any] = [get_bot("random"), None, get_bot("heuristic"), get_bot("random")]
    seed, person = "person", random.Random(3)
    defn = definition()
    opening = defn.start(rs, seats(4), {}, seed)
    logs = []
    for loop in ("seam", "runner"):
        person.seed(3)
        state, log, turns = g.fold(opening), list(opening), {}
        while not state.finished:
            if loop == "seam":
                state, new = defn.play_bots(state, bots, seed, turns=turns)
            else:
                new = play_on(state, bots, seed, turns=turns)
            log += new
            if state.finished:
                break
            assert state.may_act() == {1}
            inp = person.choice(legal_inputs(state, 1))
            for e in g.decide(state, inp, seed=seed):
                apply(state, e)
                log.append(e)
                turn_start(defn, state, turns, e)
        logs.append(log)
    assert logs[0] == logs[1] and logs[0][-1]["type"] == "game_end"


def test_rows_and_risks_follow_the_rules() -> None:
    rows = [[12], [30], [33], [38]]
    assert target_row(rows, 34) == 2 and target_row(rows, 5) is None  # place.row
    after, taken = place_all([[10, 11, 15, 20, 24], [29], [34], [90]], [25, 30, 36])
    assert taken == {25: 14} and after[0] == [25] and after[1] == [29, 30]  # place.sixth
    view = {"viewer": 0, "rows": [[1, 2, 3, 4, 5], [50], [60], [70]], "seats": seats(2),
            "ruleset": {"options": {"tactical": True}}, "phase": "choose",
            "hands": [[6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
                      [16, 17, 18, 19, 20, 21, 22, 23, 24, 51]],
            "piles": [[], []], "my_choice": None}
    k = Knowledge(view)
    # 6 is the sixth card of row 0 whatever the other seat plays: it takes 1–5 (6 heads)
    assert card_risk(k, k.rows, 6) == 6
    assert card_risk(k, k.rows, 61) == 0  # the other hand has nothing to lay before it
    k.rows[1] = [46, 47, 48, 49, 50]  # 52 takes (7 heads) unless 51 (1 in 10) takes first
    assert card_risk(k, k.rows, 52) == pytest.approx(0.9 * 7)


def test_the_low_card_takes_the_cheapest_row_weighing_the_turn() -> None:
    view = {"viewer": 0, "rows": [[41], [50, 55], [60, 61, 62, 63, 64], [71]],
            "seats": seats(2), "ruleset": {"options": {"tactical": False}},
            "phase": "take_row", "hands": [[99], None], "piles": [[], []],
            "my_choice": None, "reveal": {"cards": [3, 65], "order": [0, 1]},
            "low_card": {"seat": 0, "card": 3}}
    k = Knowledge(view)
    # row 0 (1 head) and row 3 (1 head) tie; 65 is the other's sixth card either way
    assert choose_row(k, view, [0, 1, 2, 3], 0.5, 0.25) == 0
    view["rows"][0] = [41, 44]  # 6 heads now: row 3 is the cheap take
    assert choose_row(Knowledge(view), view, [0, 1, 2, 3], 0.5, 0.25) == 3


def test_evaluate_rotates_seats_and_reports() -> None:
    r = evaluate("heuristic", "random", 8, "t-eval", {"options": {"threshold": 30}})
    assert r["matches"] == 8 and r["seats"] == 4
    assert r["candidate"]["name"] == "heuristic"
    assert [o["name"] for o in r["opponents"]] == ["random"] * 3
    lo, hi = r["ci95"]
    assert 0.0 <= lo <= r["win_share"] <= hi <= 1.0 and 1.0 <= r["mean_place"] <= 4.0
    assert r["decision_ms"]["decisions"] > 0
    again = evaluate("heuristic", ["random"] * 3, 8, "t-eval",
                     {"options": {"threshold": 30}}, jobs=2)
    for key in ("win_share", "ci95", "mean_place", "mean_score", "mean_rounds"):
        assert again[key] == r[key]
    three = evaluate("heuristic", "random", 6, "t-eval", "tactical", seats=3)
    assert three["seats"] == 3 and three["ruleset"]["options"]["tactical"] is True


@pytest.mark.parametrize("n", [3, 5])
def test_a_bot_against_itself_scores_exactly_one_nth(n: int) -> None:
    # every seat's generator depends on the seat, not the bot: the n rotations are the
    # same game, so the candidate takes each seat's result once
    r = evaluate("heuristic", "heuristic", n, "t-mirror", {"options": {"threshold": 30}},
                 seats=n)
    assert r["win_share"] == pytest.approx(1 / n, abs=1e-4)  # rounded to 4 places


def test_evaluate_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="multiple of 4"):
        evaluate("random", "random", 6, "x")
    with pytest.raises(ValueError, match="3"):
        evaluate("random", ["random", "random"], 4, "x")
    with pytest.raises(ValueError, match="seats"):
        evaluate("random", "random", 11, "x", seats=11)
    with pytest.raises(KeyError):
        evaluate("nobody", "random", 4, "x")
    with pytest.raises(g.KorovaError):
        evaluate("random", "random", 4, "x", {"preset": "nope"})
    with pytest.raises(g.KorovaError):
        evaluate("random", "random", 5, "x", "tactical", seats=5)


def test_bench_reports_throughput() -> None:
    r = bench(2, "t-bench", "heuristic", {"options": {"threshold": 30}}, seats=3)
    assert r["games"] == 2 and r["seats"] == 3 and r["events"] > 2 * 40
    assert r["games_per_s"] > 0 and r["events_per_s"] > 0 and r["seconds"] > 0
    assert r["peak_rss_mb"] is None or r["peak_rss_mb"] > 0
    with pytest.raises(ValueError):
        bench(0)
