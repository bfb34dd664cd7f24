"""League identity of bots (tournaments.bot_kinds, scheduling.player_bot_get_or_create,
selectors.league_ladder, ``run_league --bot-kinds``): every bot by name and settings,
its version and settings recorded, the ladder keeping versions and settings apart."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.test import APIClient

from kolkhoz_core.bots.ismcts import IsmctsBot
from tournaments import services
from tournaments.bot_kinds import BotKind, bot_kinds_check, player_name
from tournaments.errors import LeagueError
from tournaments.models import League, Player, PlayerKind


def test_bot_kinds_name_every_bot_with_its_settings() -> None:
    kinds = bot_kinds_check("kolkhoz", "random, ismcts:iterations=5:policy=random,heuristic")
    assert [k.name for k in kinds] == ["random", "ismcts", "heuristic"]
    ismcts = kinds[1]
    assert ismcts.settings == {"iterations": 5, "policy": "random"}
    assert ismcts.identity["version"] == IsmctsBot.version
    assert ismcts.identity["settings"]["iterations"] == 5
    assert player_name(ismcts, 2) == f"ismcts-v{IsmctsBot.version}-iterations=5,policy=random-2"
    assert player_name(kinds[0], 1) == "random-v1-1"
    # every game's bots by name
    for game in ("gongzhu", "korova", "arne"):
        assert [k.name for k in bot_kinds_check(game, "random,heuristic")] == [
            "random", "heuristic"]


def test_a_new_version_is_another_player() -> None:
    v1 = BotKind("heuristic", "heuristic", {}, {"name": "heuristic", "version": "1",
                                                 "settings": {}})
    v2 = BotKind("heuristic", "heuristic", {}, {"name": "heuristic", "version": "2",
                                                 "settings": {}})
    assert player_name(v1, 1) != player_name(v2, 1)
    long = BotKind("x", "ismcts", {"search": "trump,swap,play,assign" * 5},
                   {"name": "ismcts", "version": "1", "settings": {}})
    assert len(player_name(long, 12)) <= 100 and player_name(long, 12).endswith("-12")


@pytest.mark.parametrize(("text", "code"), [
    ("nosuch", "unknown_bot"), ("ismcts:iterations=-1", "unknown_bot"),
    ("heuristic:bogus=1", "unknown_bot"), ("ismcts:iterations", "bad_bot_kinds"),
    (" , ", "bad_bot_kinds"), (":x=1", "bad_bot_kinds"),
])
def test_bad_bot_kinds_are_refused(text: str, code: str) -> None:
    with pytest.raises(LeagueError) as e:
        bot_kinds_check("kolkhoz", text)
    assert e.value.code == code


@pytest.mark.django_db
def test_a_player_never_changes_identity() -> None:
    p = services.player_bot_get_or_create(name="id-ismcts", bot_name="ismcts",
                                          settings={"iterations": 7})
    assert (p.bot_name, p.bot_version, p.bot_settings["iterations"]) == (
        "ismcts", IsmctsBot.version, 7)
    same = services.player_bot_get_or_create(name="id-ismcts", bot_name="ismcts",
                                             settings={"iterations": 7})
    assert same.pk == p.pk
    with pytest.raises(LeagueError) as e:
        services.player_bot_get_or_create(name="id-ismcts", bot_name="ismcts",
                                          settings={"iterations": 9})
    assert e.value.code == "bot_identity_mismatch" and "new player" in e.value.message
    with pytest.raises(LeagueError) as e:
        services.player_bot_get_or_create(name="id-ismcts", bot_name="heuristic")
    assert e.value.code == "bot_identity_mismatch"
    assert Player.objects.get(pk=p.pk).bot_settings["iterations"] == 7


@pytest.mark.django_db
def test_a_player_recorded_at_another_version_is_not_entered() -> None:
    league = services.league_create(name="Old versions", slug="old-versions",
                                    ruleset={"preset": "kolkhoz"})
    old = Player.objects.create(name="heuristic-v0-1", kind=PlayerKind.BOT,
                                bot_name="heuristic", bot_version="0", bot_settings={})
    others = [services.player_bot_get_or_create(name=f"ov-{i}", bot_name="random")
              for i in range(3)]
    with pytest.raises(LeagueError) as e:
        services.tournament_create(season=league.seasons.get(), name="T", format="swiss",
                                   rounds=1, players=[old, *others], seed="1")
    assert e.value.code == "bot_version_changed"


@pytest.mark.django_db(transaction=True)
def test_run_league_rates_each_bot_version_and_setting_apart(eager_celery) -> None:
    V = IsmctsBot.version  # noqa: N806 - the ismcts bot's version, in its player names
    out = io.StringIO()
    call_command("run_league", "--no-worker", "--bots", "4", "--rounds", "1",
                 "--bot-kinds", "heuristic,ismcts:iterations=4,ismcts:iterations=6,random",
                 "--secret", "bot-identity", "--json", "--timeout", "300", stdout=out)
    result = json.loads(out.getvalue())
    assert result["status"] == "finished"
    ladder = {r["player"]: r["bot"] for r in result["ladder"]}
    assert set(ladder) == {"heuristic-v1-1", f"ismcts-v{V}-iterations=4-2",
                           f"ismcts-v{V}-iterations=6-3", "random-v1-4"}
    assert ladder[f"ismcts-v{V}-iterations=4-2"]["settings"]["iterations"] == 4
    assert ladder[f"ismcts-v{V}-iterations=6-3"]["settings"]["iterations"] == 6
    assert {b["version"] for b in ladder.values()} == {"1", V}
    # the ratings API gives each row its identity too
    rows = APIClient().get(f"/api/ratings/?league={result['league']}").json()
    assert {r["player"]: r["bot"]["settings"].get("iterations") for r in rows} == {
        "heuristic-v1-1": None, f"ismcts-v{V}-iterations=4-2": 4,
        f"ismcts-v{V}-iterations=6-3": 6, "random-v1-4": None}
    # the text printout names each row's bot identity
    text = io.StringIO()
    call_command("run_league", "--no-worker", "--bots", "4", "--rounds", "1",
                 "--bot-kinds", "random,heuristic", "--secret", "bot-identity-2",
                 "--timeout", "300", stdout=text)
    assert "[heuristic v1]" in text.getvalue() and "[random v1]" in text.getvalue()


@pytest.mark.django_db(transaction=True)
def test_run_league_refuses_bad_bot_kinds() -> None:
    with pytest.raises(CommandError, match="bad_bot_kinds"):
        call_command("run_league", "--no-worker", "--bot-kinds", "ismcts:iterations")
    with pytest.raises(CommandError, match="unknown_bot"):
        call_command("run_league", "--no-worker", "--bot-kinds", "ismcts:iterations=-2")
    assert not League.objects.exists()
