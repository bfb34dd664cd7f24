"""How far a duplicate round's deals agree, game by game (docs/duplicate.md, "How far the
comparison reaches"): one duplicate round of 8 bots (two tables) of each game, its stored
chance events compared table with table, and every table's chance events checked
against the round's seed by the platform's verification (each table dealt by the same
shuffle from its own position)."""

from __future__ import annotations

import pytest

from replays.models import Game
from replays.selectors import game_verify
from tests.tournaments.duplicate_helpers import chance_events, duplicate_league, tables_by_round

pytestmark = pytest.mark.django_db(transaction=True)

KOLKHOZ_2Y_RANDOM_TRUMP = {"preset": "kolkhoz",
                           "options": {"years": 2, "trump_selection": "random"}}


def _round(api, game, ruleset, seed):
    t = duplicate_league(n=8, rounds=1, seed=seed, game=game, ruleset=ruleset)
    tables = tables_by_round(t)[1]
    assert len(tables) == 2
    for tb in tables:  # each table's chance events are what the round's seed gives there
        report = game_verify(game=Game.objects.get(pk=tb.game_id))
        assert report["ok"] and report["deals"]["checked"], report["failure"]
    detail = api.get(f"/api/tournaments/{t.pk}/").json()["rounds_detail"][0]
    return [chance_events(tb) for tb in tables], detail


def _common_prefix(a, b):
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    return k


def test_kolkhoz_the_first_years_deal_and_every_random_trump_agree(api) -> None:
    (a, b), detail = _round(api, "kolkhoz", KOLKHOZ_2Y_RANDOM_TRUMP, "reach-kolkhoz")
    deals = [[e for e in log if e["type"] == "deal"] for log in (a, b)]
    trumps = [[e for e in log if e["type"] == "trump"] for log in (a, b)]
    assert deals[0][0] == deals[1][0] and deals[0][0]["year"] == 1
    assert trumps[0] == trumps[1] and len(trumps[0]) == 2  # trump/<year>: play-independent
    assert detail["identical_deals"] == _common_prefix(a, b) >= 2
    assert detail["deals"] == max(len(a), len(b)) == 4


@pytest.mark.parametrize("game,ruleset", [("gongzhu", {"preset": "short"}), ("korova", None)])
def test_every_deal_both_tables_reached_agrees(api, game, ruleset) -> None:
    (a, b), detail = _round(api, game, ruleset, f"reach-{game}")
    assert all(e["type"] == "deal" for e in a + b)
    assert a[: len(b)] == b[: len(a)]  # every deal both played; the shorter game stops
    assert detail["identical_deals"] == min(len(a), len(b))
    assert detail["deals"] == max(len(a), len(b))


def test_arne_the_deal_and_the_draw_piles_order_agree(api) -> None:
    (a, b), detail = _round(api, "arne", None, "reach-arne")
    assert a[0]["type"] == "deal" and a[0] == b[0]
    drawn = [[c for e in log if e["type"] == "draw" for c in e["cards"]] for log in (a, b)]
    k = min(map(len, drawn))
    assert k > 0 and drawn[0][:k] == drawn[1][:k]  # the pile comes up in one order
    assert 1 <= detail["identical_deals"] == _common_prefix(a, b)
