"""Bots: legal in every preset, reproducible from their seed, blind to hidden cards,
and identified by name, version and settings."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from kolkhoz_core.bots import bot_names, get_bot, identity
from kolkhoz_core.choices import choices
from kolkhoz_core.runner import play_game
from kolkhoz_core.state import STACK, GameState
from kolkhoz_core.views import lazy_seat_view, seat_view

from .conftest import decision_points, rulesets

SEATS = ["A", "B", "C", "D"]
TINY = {"iterations": 12}  # a tiny search budget keeps the ismcts tests short


# -- registry and identity ---------------------------------------------------------------
def test_registry_lists_the_three_bots() -> None:
    assert {"random", "heuristic", "ismcts"} <= set(bot_names())


def test_identity_records_name_version_and_settings() -> None:
    bot = get_bot("ismcts", iterations=50, policy="random")
    ident = identity(bot)
    assert ident["name"] == "ismcts" and ident["version"] == bot.version
    assert ident["settings"]["iterations"] == 50
    assert ident["settings"]["policy"] == "random"
    json.dumps(ident)  # recorded in the game: JSON-able
    # the defaults are part of the identity too
    assert get_bot("ismcts").settings["iterations"] == get_bot("ismcts").iterations == 1000
    assert get_bot("ismcts").settings["prior"] == 0.02  # version 3's defaults
    assert identity(get_bot("heuristic")) == {"name": "heuristic", "version": "1",
                                              "settings": {}}


def test_unknown_bot_and_bad_settings_are_refused() -> None:
    with pytest.raises(KeyError, match="unknown bot"):
        get_bot("grandmaster")
    with pytest.raises(ValueError):
        get_bot("heuristic", depth=3)
    with pytest.raises(ValueError):
        get_bot("ismcts", policy="psychic")
    with pytest.raises(ValueError):
        get_bot("ismcts", iterations=0)
    with pytest.raises(ValueError, match="prior"):
        get_bot("ismcts", prior=-0.1)
    with pytest.raises(TypeError):
        get_bot("ismcts", depth=3)


# -- legality ------------------------------------------------------------------------------
# play_game feeds every bot input to decide(), which raises on anything illegal.
def _heuristic_games(name: str, ruleset: Any, games: int) -> None:
    for g in range(games):
        if g % 2:
            bots = [get_bot("heuristic") for _ in range(4)]
        else:  # mixed tables reach positions a mirror match never does
            bots = [get_bot("heuristic" if (g // 2 + i) % 2 else "random") for i in range(4)]
        events = play_game(ruleset, SEATS, bots, f"legal-{name}-{g}")
        assert events[-1]["type"] == "game_end"


@pytest.mark.parametrize("name,ruleset", rulesets())
def test_heuristic_is_always_legal(name: str, ruleset: Any) -> None:
    _heuristic_games(name, ruleset, 250 if name in ("kolkhoz", "kolkhoznik", "zone") else 100)


@pytest.mark.slow
@pytest.mark.parametrize("name,ruleset", rulesets()[:3])
def test_heuristic_is_always_legal_thousands(name: str, ruleset: Any) -> None:
    """Further seeds in every preset: 100 games each by default, 3,000 with
    KOLKHOZ_SLOW=1 (the run quoted in docs/bots.md; about 4 minutes)."""
    _heuristic_games(f"{name}-long", ruleset, 3000 if os.environ.get("KOLKHOZ_SLOW") else 100)


@pytest.mark.parametrize("name,ruleset", rulesets())
def test_ismcts_is_always_legal(name: str, ruleset: Any) -> None:
    for g in range(3):
        bots: list[Any] = [get_bot("heuristic") for _ in range(4)]
        bots[g % 4] = get_bot("ismcts", **TINY)
        bots[(g + 2) % 4] = get_bot("ismcts", iterations=5, policy="random")
        bots[(g + 1) % 4] = get_bot("ismcts", iterations=8, value=("linear", "margin",
                                                                   "plan")[g % 3],
                                    sampler=("uniform", "seen")[g % 2])
        events = play_game(ruleset, SEATS, bots, f"legal-ismcts-{name}-{g}")
        assert events[-1]["type"] == "game_end"


def test_ismcts_time_budget_returns_a_legal_input() -> None:
    from kolkhoz_core import build_ruleset

    bots: list[Any] = [get_bot("random") for _ in range(4)]
    bots[1] = get_bot("ismcts", time_ms=2)
    events = play_game(build_ruleset({"preset": "kolkhoz", "options": {"years": 2}}), SEATS,
                       bots, "time-budget")
    assert events[-1]["type"] == "game_end"


# -- reproducibility -----------------------------------------------------------------------
@pytest.mark.parametrize("bot,settings", [("heuristic", {}), ("ismcts", TINY),
                                          ("ismcts", {"iterations": 10, "value": "linear",
                                                      "sampler": "uniform"}),
                                          ("random", {})])
def test_bots_are_reproducible_from_the_seed(bot: str, settings: dict[str, Any]) -> None:
    from kolkhoz_core import build_ruleset

    rs = build_ruleset({"preset": "kolkhoz"})

    def run(seed: str) -> list[dict[str, Any]]:
        bots: list[Any] = [get_bot(bot, **settings), get_bot("heuristic"),
                           get_bot(bot, **settings), get_bot("random")]
        return play_game(rs, SEATS, bots, seed)

    assert run("repro-1") == run("repro-1")
    assert run("repro-1") != run("repro-2")


# -- hidden information -----------------------------------------------------------------------
def scramble(state: GameState, seat: int, rng: random.Random) -> GameState:
    """Another state that ``seat`` cannot tell apart from ``state``: every card it cannot
    see (other hands, other seats' hidden cellar cards, the undealt deck) is dealt anew
    into the same places — but for the face-up cards swapped into hands this year, which
    the table saw taken."""
    s = state.copy()
    places: list[tuple[str, int, int]] = []
    pool: list[int] = []
    # a face-up cellar card swapped into a hand this year is known to be there: it stays
    known = {(other, c) for other, c in s.year_swaps if c >= 0}
    for other in range(4):
        if other == seat:
            continue
        for i, c in enumerate(s.hands[other]):
            if (other, c) in known:
                continue
            places.append(("hand", other, i))
            pool.append(c)
        for i, (c, hidden, kind, _) in enumerate(s.cellars[other]):
            if hidden and kind != STACK:
                places.append(("cellar", other, i))
                pool.append(c)
    deck = sorted(s.deck)
    pool += deck
    rng.shuffle(pool)
    for (where, other, i), c in zip(places, pool, strict=False):
        if where == "hand":
            s.hands[other][i] = c
        else:
            _, hidden, kind, stack = s.cellars[other][i]
            s.cellars[other][i] = (c, hidden, kind, stack)
    s.deck = set(pool[len(places):])
    return s


def _bots() -> list[tuple[str, dict[str, Any]]]:
    return [("heuristic", {}), ("ismcts", {"iterations": 30}),
            ("ismcts", {"iterations": 20, "value": "linear", "sampler": "uniform"}),
            ("random", {})]


@pytest.mark.parametrize("name,ruleset", rulesets())
def test_bots_decide_the_same_with_hidden_cards_scrambled(name: str, ruleset: Any) -> None:
    rng = random.Random(7)
    checked = 0
    changed_n = 0
    for g in range(4 if name in ("kolkhoz", "kolkhoznik", "zone") else 2):
        for state in decision_points(ruleset, f"blind-{name}-{g}", every=0.25, rng_seed=g):
            ch = choices(state)
            seat = ch.seat
            assert seat is not None
            other = scramble(state, seat, rng)
            assert seat_view(other, seat) == seat_view(state, seat)
            assert choices(other) == ch
            changed = other.hands != state.hands or other.cellars != state.cellars
            changed_n += changed
            for bot_name, settings in _bots():
                a = get_bot(bot_name, **settings).choose(
                    lazy_seat_view(state, seat), ch, random.Random(f"r{checked}"))
                b = get_bot(bot_name, **settings).choose(
                    lazy_seat_view(other, seat), choices(other), random.Random(f"r{checked}"))
                assert a == b, (bot_name, state.phase, changed)
            checked += 1
    assert checked > 10 and changed_n > checked // 2


@pytest.mark.parametrize("name,ruleset", rulesets())
def test_ismcts_replays_from_the_seed_in_every_ruleset(name: str, ruleset: Any) -> None:
    """The same seed gives the same game event for event, with the plan value and the
    sampler from what the seat has seen (the defaults) in every preset and variant."""
    def run() -> list[dict[str, Any]]:
        bots: list[Any] = [get_bot("ismcts", iterations=6), get_bot("heuristic"),
                           get_bot("ismcts", iterations=6), get_bot("heuristic")]
        return play_game(ruleset, SEATS, bots, f"repro-{name}")

    assert run() == run()
