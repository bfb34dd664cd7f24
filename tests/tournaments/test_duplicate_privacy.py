"""Hidden information in a duplicate round: its tables are dealt the same cards, so until
every table of the round has finished a game is served to nobody but its own seats —
not to a person playing another table of the round (by their seat token or their
session), not to an anonymous spectator — on every route that serves a game (each one
found from the URL configuration, so a route added later is checked too), nor in any
list; and everything is served as usual once the round is over.

A duplicate Swiss of 8 entrants, 5 of them people (so each of the two tables has one),
one round of one-year Kolkhoz, bots answering at once (eager Celery); the people play
through the API."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from disputes.services import dispute_raise
from replays.errors import ForbiddenError
from replays.models import GameEvent
from tests.humans.helpers import bearer, first_legal_input, make_person, seat_token
from tests.tournaments.duplicate_helpers import KOLKHOZ_1Y, tables_by_round
from tournaments import services
from tournaments.models import RoundStatus, Table, TableStatus, TournamentStatus

pytestmark = pytest.mark.django_db(transaction=True)

#: routes naming a game type, not a game
NOT_A_GAME = {"rules/<slug:game_id>/"}


def _routes() -> list[tuple[str, str]]:
    """Every route that takes a game id, with the method that reads (or acts on) it."""
    def walk(patterns: Any, prefix: str = "") -> Any:
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                yield prefix + str(p.pattern), p
    out = []
    for route, p in walk(get_resolver().url_patterns):
        if "game_id>" not in route or route in NOT_A_GAME:
            continue
        view = getattr(p.callback, "view_class", None)
        method = "get" if view is None or hasattr(view, "get") else "post"
        out.append((route, method))
    return out


def _call(client: APIClient, route: str, method: str, game_id: Any, **headers: str) -> Any:
    path = "/" + route.split("<", 1)[0] + str(game_id) + route.split(">", 1)[1]
    if path.endswith("/stream/"):
        path += "?wait=0"
    if method == "get":
        return client.get(path, **headers)
    return client.post(path, {}, format="json", **headers)


def _play_people(table: Table, tokens: list[str]) -> None:
    """Play the table's people by their seat ``tokens`` (first legal input each time)
    until its game ends."""
    api = APIClient()
    for _ in range(500):
        moved = False
        for token in tokens:
            body = api.get(f"/api/games/{table.game_id}/legal/", **bearer(token)).json()
            if body["finished"]:
                return
            if body["yours"]:
                r = api.post(f"/api/games/{table.game_id}/commands/",
                             {"expected_seq": body["head_seq"],
                              "input": first_legal_input(body)},
                             format="json", **bearer(token))
                assert r.status_code == 201, r.content
                moved = True
        assert moved, "nobody could move"
    raise AssertionError("the game did not end")


def _sealed_everywhere(game_id: Any, clients: dict[str, tuple[APIClient, dict[str, str]]]
                       ) -> None:
    for route, method in _routes():
        for who, (client, headers) in clients.items():
            r = _call(client, route, method, game_id, **headers)
            assert r.status_code == 403, f"{who} {method.upper()} {route}: {r.status_code}"
            if route.startswith("api/"):
                assert r.json()["error"]["code"] == "game_sealed", (who, route)


def test_a_duplicate_rounds_games_are_served_only_to_their_seats_until_it_ends(
        eager_celery) -> None:
    people = [make_person(f"dup-person-{i}") for i in range(5)]
    bots = [services.player_bot_get_or_create(name=f"dup-privacy-bot-{i}", bot_name="random")
            for i in range(3)]
    league = services.league_create(name="Duplicate privacy", slug="dup-privacy",
                                    ruleset=KOLKHOZ_1Y)
    t = services.tournament_create(season=league.seasons.get(), name="Private", format="swiss",
                                   rounds=1, players=[p.kolkhoz_player for p in people] + bots,
                                   ruleset=KOLKHOZ_1Y, seed="dup-privacy", duplicate=True)
    services.tournament_start(tournament=t)
    one, two = tables_by_round(t)[1]
    at = {tb.pk: [p for p in people if tb.seats.filter(player__user=p).exists()]
          for tb in (one, two)}
    assert at[one.pk] and at[two.pk], "each table seats a person"
    tokens = {tb.pk: [seat_token(tb, p) for p in at[tb.pk]] for tb in (one, two)}
    me, mine = at[one.pk][0], tokens[one.pk][0]
    session = APIClient()
    session.force_login(me)
    token_client = APIClient()
    clients = {"anonymous": (APIClient(), {}), "my session": (session, {}),
               "my seat's token": (token_client, bearer(mine))}

    # table 2 is being played: nobody of table 1, nobody anonymous reads it, anywhere
    assert Table.objects.get(pk=two.pk).status != TableStatus.FINISHED
    _sealed_everywhere(two.game_id, clients)
    # my own table: mine to read, by session and by token
    for client, headers in (session, {}), (token_client, bearer(mine)):
        assert client.get(f"/api/games/{one.game_id}/state/", **headers).status_code == 200
        assert client.get(f"/api/games/{one.game_id}/frames/", **headers).status_code == 200
    assert session.get(f"/play/{one.game_id}/").status_code == 200
    assert session.get(f"/games/{one.game_id}/").status_code == 200

    # table 1 ends first: its game_end holds the seed table 2 is dealt from — still sealed
    _play_people(one, tokens[one.pk])
    assert Table.objects.get(pk=one.pk).status == TableStatus.FINISHED
    assert t.round_set.get().status == RoundStatus.RUNNING
    _sealed_everywhere(two.game_id, clients)
    _sealed_everywhere(one.game_id, {"anonymous": clients["anonymous"]})
    anon = APIClient()
    assert anon.get(f"/api/games/?tournament={t.pk}").json()["count"] == 0
    assert anon.get("/api/games/").json()["count"] == 0
    assert anon.get(f"/api/tournaments/{t.pk}/games/").json()["count"] == 0
    for row in anon.get(f"/api/tables/?tournament={t.pk}").json()["results"]:
        assert row["sealed"] is True and row["places"] == [] and row["scores"] == []
    detail = anon.get(f"/api/tournaments/{t.pk}/").json()
    assert detail["seed"] is None and detail["secret"] is None
    assert all(r["games"] == 0 for r in anon.get(f"/api/tournaments/{t.pk}/standings/").json())
    assert session.get(f"/api/games/{one.game_id}/record/").status_code == 200  # my own
    # a dispute: mine to raise on my table, not a player's of the other table; its page
    # shows nobody the disputed steps until the round is over
    step = next(e for e in GameEvent.objects.filter(game_id=one.game_id).order_by("seq")
                if e.seq > 0 and e.payload.get("rules"))
    raise_args = {"game": one.game, "seq_from": step.seq, "seq_to": step.seq,
                  "clause": step.payload["rules"][0], "text": "was this right?"}
    with pytest.raises(ForbiddenError) as refused:
        dispute_raise(**raise_args, user=at[two.pk][0])
    assert refused.value.code == "game_sealed"
    dispute = dispute_raise(**raise_args, user=me)
    page = anon.get(f"/disputes/{dispute.pk}/").content.decode()
    assert "Not shown yet" in page and f"Step {step.seq}</a>:" not in page

    # the round ends: every game is everybody's
    _play_people(two, tokens[two.pk])
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    for table in (one, two):
        for path in ("", "events/", "frames/", "record/", "explain/"):
            r = anon.get(f"/api/games/{table.game_id}/{path}")
            assert r.status_code == 200, (path, r.status_code)
        assert anon.get(f"/games/{table.game_id}/").status_code == 200
        assert session.get(f"/api/games/{table.game_id}/state/").status_code == 200
    assert anon.get(f"/api/games/?tournament={t.pk}").json()["count"] == 2
    assert anon.get(f"/api/tournaments/{t.pk}/games/").json()["count"] == 2
    rows = anon.get(f"/api/tables/?tournament={t.pk}").json()["results"]
    assert all(r["sealed"] is False and len(r["scores"]) == 4 for r in rows)
    page = anon.get(f"/disputes/{dispute.pk}/").content.decode()
    assert "Not shown yet" not in page and f"Step {step.seq}</a>:" in page
    standings = anon.get(f"/api/tournaments/{t.pk}/standings/").json()
    assert all(r["games"] == 1 and r["matchpoints_max"] == 1 for r in standings)
