"""The one information-set search over the seam (``gamekit.ismcts``) as each game's
``ismcts`` bot (Kolkhoz's ``seam-ismcts``: its ``ismcts`` is its own lean search): legal
in every preset and option (short games, tiny budget), blind to the cards its seat may
not see, reproducible from the seed, faithful in rebuilding a state from the seat view."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from gamekit import ismcts, registry
from gamekit.bots import identity
from gamekit.ismcts import margin_reward, place_reward, score_places
from gamekit.rollout import Rollout

GAMES = ["arne", "gongzhu", "korova", "kolkhoz"]
TINY = {"iterations": 4}
#: the search's name in each game's registry (Kolkhoz keeps ``ismcts`` for its own)
BOT = {"kolkhoz": "seam-ismcts"}


def _bot(game: str, **settings: Any) -> Any:
    return registry.get(game).bot(BOT.get(game, "ismcts"), **settings)


def _play(defn: Any, state: Any, bots: list[Any], seed: str) -> tuple[Any, list[Any]]:
    """Bots to the game's end (Kolkhoz's ``play_bots`` stops at each year's end)."""
    events: list[Any] = []
    for _ in range(20):
        state, more = defn.play_bots(state, bots, seed)
        events += more
        if defn.finished(state):
            break
    return state, events


def _every(game: str) -> int:
    """Every how many seats the search sits in a test table: each seat with the tree
    search, one seat in four with the rollout (Korova, Arne), whose decision plays
    every legal input at least twice a round: dearer per decision."""
    return 4 if {**ismcts.DEFAULTS, **_hooks(game).defaults}["mode"] == "rollout" else 1


def _hooks(game: str) -> ismcts.SearchHooks:
    return importlib.import_module(f"{game}_core.bots.search").HOOKS


def _tables(game: str) -> list[tuple[dict[str, Any], int]]:
    """(ruleset spec, seats): every preset and a spread of options, kept short."""
    rng = random.Random(f"tables-{game}")
    defn = registry.get(game)
    out: list[tuple[dict[str, Any], int]] = []
    if game == "gongzhu":
        from tests.gongzhu.play import random_ruleset

        out += [({"preset": p, "options": {"end_score": -100}}, 4) for p in defn.presets()]
        for k in range(4):
            spec = random_ruleset(rng)
            spec["options"].update(end_score=-100, passing=True, exposing=True,
                                   pass_to=["left", "right", "alternate", "cycle"][k],
                                   expose_hold=bool(k % 2))
            out.append((spec, 4))
    elif game == "arne":  # every preset, then every option at random, 2 to 6 seats
        from arne_core.ruleset import OPTIONS

        out += [({"preset": p}, 2 + k) for k, p in enumerate(defn.presets())]
        for k in range(4):
            opts = {name: rng.choice(values) for name, values in OPTIONS.items()}
            out.append(({"options": opts}, [3, 4, 5, 6][k] - (opts["dummy"] and k == 3)))
    elif game == "kolkhoz":  # every preset (two years), then options drawn at random
        from tests.core.props_helpers import random_spec

        out += [({"preset": p, "options": {"years": 2}}, 4) for p in defn.presets()]
        out += [(random_spec(rng), 4) for _ in range(3)]
    else:
        for preset, sizes in (("base", (2, 4, 7, 10)), ("tactical", (2, 3, 4))):
            for n in sizes:
                out.append(({"preset": preset, "options": {
                    "threshold": 15, "lowest_tie": rng.choice(["share", "play_on"]),
                    "draft_order": rng.choice(["rotation", "snake"])}}, n))
    return out


def _searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the searches run (a pass-through spy on ``Search.run``)."""
    calls: list[int] = []
    for cls in (ismcts.Search, Rollout):
        def run(self: Any, *args: Any, __real: Any = cls.run, **kw: Any) -> Any:
            calls.append(1)
            return __real(self, *args, **kw)

        monkeypatch.setattr(cls, "run", run)
    return calls


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_is_legal_in_every_preset_and_option(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _searches(monkeypatch)
    defn = registry.get(game)
    for k, (spec, n) in enumerate(_tables(game)):
        seed = f"legal-{game}-{k}"
        every = max(2, _every(game))
        bots = [_bot(game, **TINY) if s % every == 0 else defn.bot("heuristic")
                for s in range(n)]
        state = defn.fold(defn.start(defn.ruleset(spec), [f"S{i}" for i in range(n)], {},
                                     seed))
        # play_bots passes every input through the engine's decide: an illegal one raises
        state, events = _play(defn, state, bots, seed)
        assert defn.finished(state) and events, (spec, n)
    assert len(calls) > 50  # the search itself decided, not only its fallback


def _decision_points(game: str, n: int, count: int) -> list[tuple[Any, int]]:
    """(state, seat) at the first ``count`` moments the search handles, from a heuristic
    game (Gong Zhu with passing and exposing)."""
    defn = registry.get(game)
    spec = ({"preset": "passing", "options": {"exposing": True}} if game == "gongzhu"
            else None)
    seed = f"points-{game}"
    state = defn.fold(defn.start(defn.ruleset(spec), [f"S{i}" for i in range(n)], {}, seed))
    bots = [defn.bot("heuristic") for _ in range(n)]
    hooks, out = _hooks(game), []
    while not defn.finished(state) and len(out) < count:
        for seat in sorted(defn.may_act(state)):
            if hooks.world_from_view(defn.seat_view(state, seat), seat) is not None:
                out.append((state.copy(), seat))
        state, _ = defn.play_bots(state, bots, seed, max_decisions=1)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_state_rebuilt_from_a_view_shows_that_view(game: str) -> None:
    """``world_from_view`` is faithful: the rebuilt state shows the seat exactly the
    view it came from, and offers it the same legal inputs."""
    defn, hooks = registry.get(game), _hooks(game)
    for state, seat in _decision_points(game, 4, 60):
        view = defn.seat_view(state, seat)
        world = hooks.world_from_view(view, seat)
        assert defn.seat_view(world, seat) == view
        # the same inputs (the view sorts a hand, so their order may differ)
        assert sorted(map(str, defn.legal_inputs(world, seat))) == \
            sorted(map(str, defn.legal_inputs(state, seat)))


@pytest.mark.parametrize("game", GAMES)
def test_decisions_are_blind_to_the_cards_the_seat_may_not_see(game: str) -> None:
    """Every card the seat cannot see dealt anew (the game's ``determinize``: other
    hands, face-down choices): the seat's view is unchanged and the bot decides the
    same, from the same generator."""
    defn = registry.get(game)
    bot = _bot(game, iterations=12 // _every(game))
    moved = 0
    for k, (state, seat) in enumerate(_decision_points(game, 4, 12)):
        scrambled = defn.determinize(state, seat, random.Random(f"scramble-{k}"))
        hidden = [o for o in range(4) if o != seat]
        moved += any(sorted(scrambled.hands[o]) != sorted(state.hands[o]) for o in hidden)
        view, other = defn.seat_view(state, seat), defn.seat_view(scrambled, seat)
        assert view == other
        one = bot.choose(view, defn.choices(state, seat), random.Random(f"d-{k}"))
        two = bot.choose(other, defn.choices(scrambled, seat), random.Random(f"d-{k}"))
        assert one == two
    assert moved >= 6  # the scramble did move hidden cards


@pytest.mark.parametrize("game", GAMES)
def test_reproducible_from_the_seed(game: str) -> None:
    defn = registry.get(game)
    spec = {"gongzhu": {"preset": "short", "options": {"end_score": -100}},
            "korova": {"preset": "base", "options": {"threshold": 15}},
            "arne": {"preset": "normal"},
            "kolkhoz": {"preset": "kolkhoz", "options": {"years": 1}}}[game]

    def play(seed: str) -> list[dict[str, Any]]:
        state = defn.fold(defn.start(defn.ruleset(spec), ["A", "B", "C", "D"], {}, seed))
        bots = [_bot(game, iterations=3) if s % _every(game) == 0
                else defn.bot("heuristic") for s in range(4)]
        return _play(defn, state, bots, seed)[1]

    one, two = play("same"), play("same")
    assert one == two and defn.end_type in {e["type"] for e in one}
    assert play("other") != one
    state, seat = _decision_points(game, 4, 1)[0]
    bot = _bot(game, iterations=20)
    picks = {str(bot.choose(defn.seat_view(state, seat), defn.choices(state, seat),
                            random.Random(7))) for _ in range(3)}
    assert len(picks) == 1


@pytest.mark.parametrize("game", GAMES)
def test_identity_and_settings(game: str) -> None:
    defn, name = registry.get(game), BOT.get(game, "ismcts")
    assert name in defn.bot_names()
    bot = defn.bot(name)
    settings = {**ismcts.DEFAULTS, **_hooks(game).defaults}
    assert set(settings) == {"iterations", "cpu_ms", "exploration", "policy", "margin",
                             "mode", "confidence"}
    # version 3 where the rollout became the default (Korova), 4 for Arne (its heuristic's
    # heads-up Swap Seats); else version 2
    version = ({"arne": "4"}.get(game, "3") if settings["mode"] == "rollout"
               else ismcts.VERSION)
    recorded = {**settings, "exploration": float(settings["exploration"]),
                "margin": float(settings["margin"]),
                "confidence": float(settings["confidence"])}
    if settings["mode"] == "tree":  # a tree search's identity is what it was before modes
        del recorded["mode"], recorded["confidence"]
    assert identity(bot) == {"name": name, "version": version, "settings": recorded}
    assert defn.bot(name, iterations=9, policy="random").settings["iterations"] == 9
    assert defn.bot(name, margin=1).settings["margin"] == 1.0
    for bad in ({"iterations": 0}, {"iterations": "many"}, {"cpu_ms": -1},
                {"exploration": -0.1}, {"policy": "oracle"}, {"depth": 3},
                {"margin": 1.5}, {"margin": "some"}, {"mode": "mcts"},
                {"confidence": -1}):
        with pytest.raises(ValueError):
            defn.bot(name, **bad)


def test_rewards_are_place_based_and_lower_wins_aware() -> None:
    assert score_places([10, 30, 30, 5], lower_wins=False) == [3, 1, 1, 4]
    assert score_places([10, 30, 30, 5], lower_wins=True) == [2, 3, 3, 1]
    assert [place_reward([1, 2, 3, 4], s) for s in range(4)] == [1.0, 2 / 3, 1 / 3, 0.0]
    assert place_reward([1, 1, 3, 4], 0) == place_reward([1, 1, 3, 4], 1) == 5 / 6
    assert place_reward([1, 1], 0) == 0.5 and place_reward([1], 0) == 1.0


def test_the_margin_reward_is_smooth_centred_and_bounded() -> None:
    """``margin_reward``: 0.5 for an even table, above it for a lead (more for a bigger
    one), symmetric, inside (0, 1)."""
    assert margin_reward([0, 0, 0, 0], 2, 10) == 0.5
    lead = [margin_reward([30, 0, 0, 0], 0, 10), margin_reward([60, 0, 0, 0], 0, 10)]
    assert 0.5 < lead[0] < lead[1] < 1
    assert margin_reward([-30, 0, 0, 0], 0, 10) == pytest.approx(1 - lead[0])
    assert margin_reward([5], 0, 10) == 0.5


@pytest.mark.parametrize("game", GAMES)
def test_a_cpu_budget_caps_the_search(game: str) -> None:
    """``cpu_ms`` stops the search (checked between iterations) long before a budget of
    a million iterations would."""
    import time

    defn = registry.get(game)
    bot = _bot(game, iterations=10**6, cpu_ms=20)
    state, seat = _decision_points(game, 4, 1)[0]
    start = time.process_time()
    inp = bot.choose(defn.seat_view(state, seat), defn.choices(state, seat),
                     random.Random(1))
    assert time.process_time() - start < 0.5
    assert str(inp) in map(str, defn.legal_inputs(state, seat))


def test_arne_values_a_world_by_its_table_and_the_hands_kept() -> None:
    """Arne's margin score is each seat's running score plus the heuristic's worth of
    the cards it holds: never below the table's score alone, and above it for some
    seat early in a game (a lap is too short for a held card to show on the table)."""
    from arne_core.bots import search as arne_search
    from arne_core.scoring import seat_scores, totals

    defn = registry.get("arne")
    above = 0
    for state, _seat in _decision_points("arne", 4, 6):
        table = seat_scores(state, totals(state))
        scored = arne_search._score(state)
        assert len(scored) == 4
        assert all(v >= t for v, t in zip(scored, table, strict=True))
        above += any(v > t for v, t in zip(scored, table, strict=True))
    assert above >= 1
    assert not defn.finished(state)


@pytest.mark.parametrize("game", ["arne", "korova"])
def test_the_rollout_keeps_the_heuristics_input_unless_clearly_better(game: str) -> None:
    """``mode=rollout`` (``gamekit.rollout``): with a paired test no sample can pass
    (``confidence`` huge) it answers exactly what the heuristic answers; at the default
    it overrides the heuristic somewhere (it does search), always with a legal input."""
    defn = registry.get(game)
    sure = _bot(game, mode="rollout", iterations=8, confidence=1e9)
    bold = _bot(game, mode="rollout", iterations=8)
    heuristic = defn.bot("heuristic")
    differs = 0
    for k, (state, seat) in enumerate(_decision_points(game, 4, 8)):
        view, choices = defn.seat_view(state, seat), defn.choices(state, seat)
        base = heuristic.choose(view, choices, random.Random(k))
        assert sure.choose(view, choices, random.Random(k)) == base
        pick = bold.choose(view, choices, random.Random(k))
        assert str(pick) in map(str, defn.legal_inputs(state, seat))
        differs += pick != base
    assert differs >= 1
