"""Helpers for the "tournaments never stick" tests: a person's Swiss table waiting for
them while a second Swiss of the same league (three of the same bots) finishes, and a
person finishing their game through the API."""

from __future__ import annotations

import time
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from rest_framework.test import APIClient

from tests.humans.helpers import RULESET_1Y, bearer, first_legal_input, seat_token
from tournaments import services
from tournaments.models import League, Player, Rating, RatingChange, Table, Tournament


def bots(prefix: str, n: int) -> list[Any]:
    return [services.player_bot_get_or_create(name=f"{prefix}-{i}", bot_name="random")
            for i in range(n)]


def overlapping_pair(person: Any, tag: str) -> tuple[Tournament, Tournament, list[Any]]:
    """Swiss X (``person`` + bots 0–2) and Swiss Y (bots 0–2 + bot 3) of one league, one
    round each, rated, one-year games. Neither is started."""
    stamp = time.time_ns()
    league = League.objects.get(pk=services.league_create(
        name=f"Overlap {tag} {stamp}", slug=f"overlap-{tag}-{stamp}", ruleset=RULESET_1Y).pk)
    season = league.seasons.get()
    b = bots(f"ov-{tag}", 4)
    x = services.tournament_create(season=season, name="X", format="swiss", rounds=1,
                                   players=[person.kolkhoz_player, *b[:3]],
                                   ruleset=RULESET_1Y, seed=f"{tag}-x")
    y = services.tournament_create(season=season, name="Y", format="swiss", rounds=1,
                                   players=b, ruleset=RULESET_1Y, seed=f"{tag}-y")
    return x, y, b


def person_plays_to_the_end(table: Table, person: Any, *, wait: Any = None) -> None:
    """Play ``person``'s seat through the API (first legal input each time) until the
    game ends. ``wait(predicate, what)`` waits for the bots when a worker plays them;
    without it the bots must already have answered (eager Celery)."""
    api = APIClient()
    token = seat_token(table, person)
    gid = table.game_id

    def yours_or_over() -> Any:
        body = api.get(f"/api/games/{gid}/legal/", **bearer(token)).json()
        return body if (body["yours"] or body["finished"]) else None

    for _ in range(300):
        holder: dict[str, Any] = {}
        if wait is not None:
            wait(lambda h=holder: h.update(b=yours_or_over()) or h["b"], "the bots to answer")
            body = holder["b"]
        else:
            body = yours_or_over()
            assert body is not None, "the bots left the turn with themselves"
        if body["finished"]:
            return
        r = api.post(f"/api/games/{gid}/commands/",
                     {"expected_seq": body["head_seq"], "input": first_legal_input(body)},
                     format="json", **bearer(token))
        assert r.status_code == 201, r.content
    raise AssertionError("the game did not end")


def broken_series() -> tuple[Tournament, Any]:
    """A 4-bot one-round series whose first bot's settings its bot refuses: every table
    task raises ValueError before it plays anything. Returns it and that bot."""
    stamp = time.time_ns()
    league = services.league_create(name=f"Broken {stamp}", slug=f"broken-{stamp}",
                                    ruleset=RULESET_1Y)
    b = bots(f"broken-{stamp}", 4)
    t = services.tournament_create(season=league.seasons.get(), name="Broken",
                                   format="series", rounds=1, players=b,
                                   ruleset=RULESET_1Y, seed=f"broken-{stamp}")
    Player.objects.filter(pk=b[0].pk).update(bot_settings={"bogus": 1})
    return t, b[0]


def organiser(name: str = "org-nostick") -> APIClient:
    """An API client signed in as a member of ``organisers``."""
    user = get_user_model().objects.create_user(username=name, password="pw-long-enough-1")
    user.groups.add(Group.objects.get_or_create(name="organisers")[0])
    api = APIClient()
    api.force_login(user)
    return api


def ladder_snapshot(league: League) -> tuple[list[Any], list[Any]]:
    """Every Rating and RatingChange number of ``league``, sorted (for equality)."""
    return (sorted((r.player.name, r.mu, r.sigma, r.games, r.last_played_at) for r in
                   Rating.objects.filter(league=league).select_related("player")),
            sorted((c.order, c.player.name, c.mu_before, c.sigma_before, c.mu_after,
                    c.sigma_after, c.inputs["idle_days"]) for c in
                   RatingChange.objects.filter(league=league).select_related("player")))
