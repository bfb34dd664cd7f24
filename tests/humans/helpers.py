"""Helpers for the human-player tests: a tournament table with one person and three
bots (a one-year game), eager Celery, and driving a seat through the API."""

from __future__ import annotations

import time
from typing import Any

from django.contrib.auth import get_user_model

from accounts.services import user_register
from replays.models import GameEvent
from replays.services import game_seat_token_issue
from tournaments import services
from tournaments.models import Table, TableSeat, Tournament

PASSWORD = "a-long-enough-password-42"
RULESET_1Y = {"preset": "kolkhoz", "options": {"years": 1}}


def make_person(name: str = "anya") -> Any:
    User = get_user_model()
    user = User.objects.filter(username=name).first()
    return user or user_register(username=name, password=PASSWORD)


def make_mixed_tournament(*, person: Any, seed: str = "humans-1", limit_s: int | None = None,
                          ruleset: dict[str, Any] | None = None,
                          policy: str = "autopilot") -> Tournament:
    """A one-round match series: ``person`` and three random bots, a one-year game."""
    stamp = time.time_ns()
    league = services.league_create(name=f"Humans {seed} {stamp}", slug=f"humans-{stamp}",
                                    ruleset=ruleset or RULESET_1Y)
    bots = [services.player_bot_get_or_create(name=f"bot-{seed}-{i}", bot_name="random")
            for i in range(3)]
    t = services.tournament_create(season=league.seasons.get(), name="Mixed", format="series",
                                   rounds=1, players=[person.kolkhoz_player, *bots],
                                   ruleset=ruleset or RULESET_1Y, seed=seed, rated=False)
    if limit_s is not None:
        Tournament.objects.filter(pk=t.pk).update(move_time_limit_s=limit_s,
                                                  timeout_policy=policy)
        t.refresh_from_db()
    return t


def the_table(t: Tournament) -> Table:
    return Table.objects.select_related("game").get(round__tournament=t)


def person_seat(table: Table, person: Any) -> int:
    return TableSeat.objects.get(table=table, player__user=person).seat


def seat_token(table: Table, person: Any) -> str:
    return game_seat_token_issue(game=table.game, user=person)[1]


def bearer(token: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def first_legal_input(legal: dict[str, Any]) -> dict[str, Any]:
    """The first legal input the API offers (for assign: each card's first field)."""
    if legal["kind"] == "assign":
        return {"type": "assign", "seat": legal["seat"],
                "cards": {card: fields[0] for card, fields in legal["options"].items()}}
    return legal["inputs"][0]


def stored_rows(game: Any) -> list[GameEvent]:
    return list(GameEvent.objects.filter(game=game).order_by("seq"))
