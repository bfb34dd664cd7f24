"""Attack: a live game's hidden facts by the routes the issue-13 leak test does not read.

Given a live table of the fake simultaneous game (three people; seat 0 has chosen in
secret) and a live Kolkhoz game / when every kind of viewer — anonymous, another seat's
token, another seat's signed-in account — reads the server-sent events stream, the
explanations (whole and one seq), the verification, the frames with ``?after=`` and
``?perspective=``, the record / evidence / what-if, the tournament, table and games
APIs, "my seats", and the HTML pages / then no body or header shows seat 0's number,
any chain hash of the live log (the head's or an earlier one) or the secret seed.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from gamekit import registry
from replays.models import Game, GameEvent
from replays.services import game_create_from_engine, game_seat_token_issue, game_submit_input
from tests.core.fake_game import OddOneOut
from tournaments import services
from tournaments.models import Table

from .test_simultaneous_leak import _numbers_seen

pytestmark = pytest.mark.django_db


@pytest.fixture
def oddoneout():
    with registry.registered(OddOneOut()):
        yield


def _people_table() -> tuple[Table, list[Any]]:
    from tests.humans.helpers import make_person

    stamp = time.time_ns()
    league = services.league_create(name=f"Odd leak {stamp}", slug=f"odd-leak-{stamp}",
                                    game="oddoneout")
    users = [make_person(f"leak{i}-{stamp % 10**6}") for i in range(3)]
    t = services.tournament_create(season=league.seasons.get(), name="Odd leak",
                                   format="series", rounds=1, seed="odd-leak",
                                   players=[u.kolkhoz_player for u in users], rated=False)
    services.tournament_start(tournament=t)
    table = Table.objects.select_related("game", "round__tournament").get(round__tournament=t)
    return table, users


def _secrets_of(game: Game) -> list[str]:
    """What must never leave the server while ``game`` is live: every chain hash of its
    log (the head's and each earlier one) and its secret seed."""
    hashes = set(GameEvent.objects.filter(game=game).values_list("hash", flat=True))
    hashes.discard("")
    return sorted(hashes) + [game.seed_secret]


def _reads(client: Any, game: Game, headers: dict[str, str]) -> list[tuple[str, Any, str]]:
    """(route, parsed body or text, headers as text) of every read route."""
    gid = game.pk
    out = []
    urls = [f"/api/games/{gid}/explain/", f"/api/games/{gid}/explain/?seq={game.head_seq - 1}",
            f"/api/games/{gid}/verify/", f"/api/games/{gid}/frames/?after=1",
            f"/api/games/{gid}/frames/?perspective=spectator",
            f"/api/games/{gid}/events/?after=1", f"/api/games/{gid}/record/",
            f"/api/games/{gid}/evidence/", "/api/games/?limit=500",
            "/api/games/?game=oddoneout&status=live", "/api/accounts/me/",
            f"/games/{gid}/", f"/play/{gid}/"]
    for url in urls:
        r = client.get(url, **headers)
        assert r.status_code < 500, (url, r.status_code)
        text = (b"".join(r.streaming_content) if r.streaming else r.content).decode()
        out.append((url, _parsed(text), json.dumps(dict(r.headers))))
    r = client.post(f"/api/games/{gid}/whatif/", {}, format="json", **headers)
    assert r.status_code < 500
    out.append(("whatif", r.json(), json.dumps(dict(r.headers))))
    r = client.get(f"/api/games/{gid}/stream/?after=-1&wait=0&format=sse", **headers)
    assert r.status_code == 200
    text = b"".join(r.streaming_content).decode()
    events = [json.loads(line[len("data: "):]) for line in text.splitlines()
              if line.startswith("data: ")]
    out.append(("sse", events, json.dumps(dict(r.headers))))
    return out


def _parsed(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _table_reads(client: Any, table: Table, headers: dict[str, str]) -> list[tuple[str, Any, str]]:
    t = table.round.tournament_id
    out = []
    for url in (f"/api/tournaments/{t}/", f"/api/tournaments/{t}/games/",
                f"/api/tables/?tournament={t}", f"/api/tables/{table.pk}/",
                f"/api/tournaments/{t}/standings/", f"/tournaments/{t}/"):
        r = client.get(url, **headers)
        assert r.status_code < 500, (url, r.status_code)
        out.append((url, _parsed(r.content.decode()), json.dumps(dict(r.headers))))
    return out


def _assert_nothing_leaks(reads: list[tuple[str, Any, str]], viewer: int | None,
                          secrets: list[str], who: str) -> None:
    for route, body, headers in reads:
        assert not _numbers_seen(body, viewer), (who, route)
        blob = json.dumps(body) + headers
        for secret in secrets:
            assert secret not in blob, (who, route, "a chain hash or the seed")


@pytest.mark.usefixtures("oddoneout")
def test_a_secret_choice_at_a_people_table_by_every_other_route(api):
    from rest_framework.test import APIClient

    table, users = _people_table()
    game = table.game
    game_submit_input(game=game, expected_seq=game.head_seq,
                      inp={"type": "choose", "seat": 0, "number": 3}, seat=0)
    game.refresh_from_db()
    assert game.status == "live"
    secrets = _secrets_of(game)
    for seat in (1, 2):
        # by the seat holder's web session
        client = APIClient()
        client.force_login(users[seat])
        reads = _reads(client, game, {}) + _table_reads(client, table, {})
        _assert_nothing_leaks(reads, seat, secrets, f"session of seat {seat}")
        # by the seat's API token
        token = game_seat_token_issue(game=game, user=users[seat])[1]
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
        _assert_nothing_leaks(_reads(APIClient(), game, headers), seat, secrets,
                              f"token of seat {seat}")
        # a seat may not look through another's eyes on a live game
        r = client.get(f"/api/games/{game.pk}/frames/?perspective=0")
        assert r.status_code == 403
    anonymous = _reads(api, game, {}) + _table_reads(api, table, {})
    _assert_nothing_leaks(anonymous, None, secrets, "anonymous")
    # the oracle is not vacuous: seat 0's own session sees its number by the same routes
    client = APIClient()
    client.force_login(users[0])
    own = dict((route, body) for route, body, _ in _reads(client, game, {}))
    assert _numbers_seen(own["sse"], None), "seat 0 sees its own choice in the stream"
    assert any(isinstance(m, dict) and m.get("seats") for m in [own["/api/accounts/me/"]])


def test_a_live_kolkhoz_games_chain_hashes_and_seed_by_every_other_route(api):
    """A live Kolkhoz game (hands dealt, a hidden card or two): no chain hash — the
    head's or any earlier one — and not the seed, by any read route."""
    from replays import engine
    from replays.advance import SeatBot, game_advance

    created = game_create_from_engine(ruleset={"preset": "kolkhoz"},
                                      seats=["A", "B", "C", "D"], seed="attack-k",
                                      secret="attack-k-secret")  # the same game every run
    game = created.game
    bots = {s: SeatBot(engine.bot("random"), "bot:random") for s in (1, 2, 3)}
    person = engine.bot("random")
    for _ in range(200):  # seat 0 plays what a bot would (assignments too); the bots answer
        game_advance(game=game, bots=bots, live=True)
        game.refresh_from_db()
        if game.head_seq > 40:
            break
        events = list(GameEvent.objects.filter(game=game).order_by("seq")
                      .values_list("payload", flat=True))
        inp = engine.bot_choose(events, 0, person, seed=game.seed_secret)
        if inp is not None:
            game_submit_input(game=game, expected_seq=len(events), inp=inp, seat=0)
    game.refresh_from_db()
    assert game.status == "live" and game.head_seq > 20
    secrets = _secrets_of(game)
    for viewer, headers in ((None, {}), (0, {"HTTP_AUTHORIZATION":
                                            f"Bearer {created.seat_tokens[0]}"})):
        for route, body, hdrs in _reads(api, game, headers):
            blob = json.dumps(body) + hdrs
            for secret in secrets:
                assert secret not in blob, (viewer, route)


def test_a_finished_games_frames_say_who_asked(api):
    """The frames of a finished game are cached once for everyone (``all``), but the
    body names its ``viewer`` — the first requester's. A spectator who came second was
    told it was that seat (the page shell then puts that seat at the bottom as its own)."""
    from .helpers import stored_bot_game

    created = stored_bot_game(seed="frames-viewer")
    gid = created.game.pk
    seat2 = api.get(f"/api/games/{gid}/frames/",
                    HTTP_AUTHORIZATION=f"Bearer {created.seat_tokens[2]}").json()
    assert seat2["viewer"] == 2
    assert api.get(f"/api/games/{gid}/frames/").json()["viewer"] is None
