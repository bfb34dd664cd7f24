"""``manage.py seed_demo`` (``make demo``): one finished, verified game per registered game
and preset, stored whatever else the database holds (a league's games), idempotently.

Runs on whichever database the suite runs on: PostgreSQL in CI's first leg, the embedded
SQLite default in its second."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from gamekit import registry
from replays.management.commands.seed_demo import demo_plan
from replays.models import Game, GameStatus
from replays.selectors import game_verify
from tests.replays.helpers import stored_bot_game

pytestmark = pytest.mark.django_db


def _seed(*args: str) -> list[str]:
    out = io.StringIO()
    call_command("seed_demo", *args, stdout=out)
    return out.getvalue().splitlines()


def _every_game_and_preset() -> set[tuple[str, str]]:
    return {(d.id, p) for d in registry.games() for p in d.presets()}


def test_seed_demo_stores_a_verified_game_per_game_and_preset_once():
    stored_bot_game("kolkhoz", "a-league-game")  # games already there must not count
    before = Game.objects.count()
    lines = _seed()
    wanted = _every_game_and_preset()
    assert {g for g, _ in wanted} >= {"kolkhoz", "gongzhu", "korova", "arne"}
    assert len(wanted) >= 14
    assert Game.objects.count() == before + len(wanted)
    assert sum(line.startswith("stored ") for line in lines) == len(wanted)
    assert lines[-1].startswith(f"{len(wanted)} stored, 0 already stored")
    demo = Game.objects.filter(seed_secret__startswith="demo-")
    assert {(g.game, g.preset) for g in demo} == wanted
    for game in demo:
        assert game.status == GameStatus.FINISHED and game.seed_revealed == game.seed_secret
        report = game_verify(game=game)
        assert report["ok"], (game.game, game.preset, report["failure"])
        assert f"/games/{game.pk}/" in next(line for line in lines if str(game.pk) in line)

    again = _seed()  # idempotent: nothing new, and it says so
    assert Game.objects.count() == before + len(wanted)
    assert again[-1].startswith(f"0 stored, {len(wanted)} already stored")
    assert sum(line.startswith("already stored ") for line in again) == len(wanted)


def test_seed_demo_games_counts_per_preset_and_adds_only_the_missing_ones():
    _seed("--games", "0")
    assert Game.objects.count() == 0
    plan = demo_plan(2)
    assert len(plan) == 2 * len(_every_game_and_preset()) == len(set(plan))
    first = Game.objects.filter(game="korova")
    _seed()
    kept = set(first.values_list("pk", flat=True))
    lines = _seed("--games", "2")
    assert Game.objects.count() == len(plan)
    assert kept <= set(Game.objects.filter(game="korova").values_list("pk", flat=True))
    assert lines[-1].startswith(f"{len(plan) // 2} stored, {len(plan) // 2} already stored")


def test_seed_demo_refuses_a_negative_count():
    with pytest.raises(CommandError, match="--games"):
        _seed("--games", "-1")
