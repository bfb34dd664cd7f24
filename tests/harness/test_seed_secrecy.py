"""Seeds nobody can guess or read early (issue 12; docs/shuffle.md).

Each test plays the attacker of a finding: rebuild a live table's hands from what
anonymous reads of the tournament return; recover a client's short seed from its
published commitment. Then the promise kept for after the end: a finished
tournament reveals its seed material, and anyone re-derives every table's deals.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import string
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client

from replays import engine
from replays.models import Game
from replays.selectors import game_events
from tests.harness.test_security import leaked
from tests.humans.helpers import make_mixed_tournament, make_person
from tests.leagues.league_helpers import make_tournament, play_inline
from tests.replays.test_leak import hidden_from
from tournaments import seeds as table_seeds
from tournaments import services
from tournaments.errors import LeagueError
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db


def _strings(body: Any) -> set[str]:
    """Every string and number in a JSON body (candidate seeds for the attacker)."""
    out: set[str] = set()
    if isinstance(body, dict):
        for k, v in body.items():
            out.add(str(k))
            out |= _strings(v)
    elif isinstance(body, list):
        for v in body:
            out |= _strings(v)
    elif body is not None:
        out.add(str(body))
    return out


def _first_deal(game: Game) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The events before the first deal, and the stored deal event."""
    log = game_events(game=game)
    at = next(i for i, e in enumerate(log) if e["type"] == "deal")
    return log[:at], log[at]


def _deals_from(prefix: list[dict[str, Any]], seed: str) -> Any:
    inp = engine.chance_input(prefix, seed)
    return inp and inp.get("hands")


def _public_reads(client: Any, t: Tournament, table: Table) -> list[tuple[str, Any]]:
    league = t.season.league
    paths = [f"/api/tournaments/{t.pk}/", "/api/tournaments/", f"/api/tournaments/{t.pk}/games/",
             f"/api/tournaments/{t.pk}/standings/",
             f"/api/tournaments/{t.pk}/standings/?format=csv",
             f"/api/tables/{table.pk}/", "/api/tables/", f"/api/leagues/{league.pk}/",
             "/api/leagues/", f"/api/ratings/?league={league.pk}", "/api/players/",
             f"/api/games/{table.game_id}/", "/api/games/?limit=500",
             f"/tournaments/{t.pk}/", "/leagues/", f"/leagues/{league.pk}/ladder/",
             f"/games/{table.game_id}/", "/", f"/api/tournaments/{t.pk + 10_000}/",
             f"/api/tables/{table.pk + 10_000}/", f"/api/tournaments/{t.pk}/?format=bogus"]
    out = []
    for path in paths:
        r = client.get(path)
        assert r.status_code < 500, path
        text = r.content.decode(errors="replace")
        try:
            out.append((path, json.loads(text)))
        except ValueError:
            out.append((path, text))
    for path, body in [(f"/api/tournaments/{t.pk}/start/", {}),
                       (f"/api/tournaments/{t.pk}/withdraw/", {"player": "nobody"}),
                       ("/api/tournaments/", {"league": league.pk, "name": "x"})]:
        r = client.post(path, body, content_type="application/json")
        assert 400 <= r.status_code < 500, path
        out.append((f"POST {path}", r.content.decode(errors="replace")))
    return out


def test_anonymous_reads_of_a_live_table_with_a_person_rebuild_no_hand():
    """Finding: the tournament API served its seed, each table's game seed was
    ``{seed}/r{round}/t{table}``, so anyone rebuilt every hand of a live table."""
    person = make_person("seated-person")
    t = make_mixed_tournament(person=person, seed="attack-me")
    services.tournament_start(tournament=t)
    table = Table.objects.select_related("game").get(round__tournament=t)
    prefix, deal = _first_deal(table.game)
    assert hidden_from(game_events(game=table.game), None), "a live table hides cards"
    reads = _public_reads(Client(), t, table)
    candidates: set[str] = set()
    for _path, body in reads:
        candidates |= _strings(body) if not isinstance(body, str) else set()
    candidates |= {"1", "attack-me", ""}
    tries = {c for c in candidates if len(c) < 200}
    tries |= {f"{c}/r1/t1" for c in tries}
    for guess in sorted(tries):
        assert _deals_from(prefix, guess) != deal["hands"], f"deal rebuilt from {guess!r}"
    secret_bits = {table.game.seed_secret, t.secret}
    forbidden = hidden_from(game_events(game=table.game), None)
    for path, body in reads:
        text = body if isinstance(body, str) else json.dumps(body)
        for secret in secret_bits:
            assert secret not in text, f"a secret in {path}"
        assert not leaked(body, forbidden), f"a hidden card in {path}"
    detail = dict(reads)[f"/api/tournaments/{t.pk}/"]
    assert detail["seed"] is None and detail["secret"] is None
    assert detail["seed_commitment"] == table_seeds.commitment(t.seed, t.secret)


def test_non_staff_see_no_admin_page_and_staff_never_the_secret():
    person = make_person("admin-prober")
    t = make_mixed_tournament(person=person, seed="admin-probe")
    services.tournament_start(tournament=t)
    table = Table.objects.get(round__tournament=t)
    paths = ["/admin/tournaments/tournament/", f"/admin/tournaments/tournament/{t.pk}/change/",
             "/admin/tournaments/table/", f"/admin/tournaments/table/{table.pk}/change/"]
    signed_in = Client()
    signed_in.force_login(person)
    for client in (Client(), signed_in):
        for path in paths:
            r = client.get(path)
            assert r.status_code == 302 and "/login/" in r["Location"], path
    staff = User.objects.create_user("organiser-staff", password="a-long-password-9",
                                     is_staff=True)
    staff.user_permissions.add(*Permission.objects.filter(
        content_type__app_label="tournaments", codename__startswith="view_"))
    staff.user_permissions.add(Permission.objects.get(codename="change_tournament"))
    browser = Client()
    browser.force_login(staff)
    for path in paths:
        r = browser.get(path)
        assert r.status_code == 200, path
        page = r.content.decode()
        assert t.secret not in page and table.game.seed_secret not in page, path


def _recover(commitment: str, alphabet: str, longest: int) -> str | None:
    for n in range(1, longest + 1):
        for chars in itertools.product(alphabet, repeat=n):
            guess = "".join(chars)
            if hashlib.sha256(guess.encode()).hexdigest() == commitment:
                return guess
    return None


def test_a_short_client_seed_is_not_recoverable_from_its_commitment(api):
    """Finding: ``"seed": "4242"`` was recovered from the published sha256 in 0.016 s."""
    r = api.post("/api/games/", {"seats": ["A", "B", "C", "D"], "seed": "4242"},
                 format="json")
    assert r.status_code == 201
    body = r.json()
    gid = body.get("id") or body["game"]["id"]
    game = Game.objects.get(pk=gid)
    commitment = game.seed_commitment
    assert _recover(commitment, string.digits, 5) is None
    assert hashlib.sha256(game.seed_secret.encode()).hexdigest() == commitment
    secret = game.seed_secret.rsplit("#", 1)[1]
    assert game.seed_secret.startswith("4242#") and len(secret) == 32
    int(secret, 16)  # 128 bits of hex
    again = api.post("/api/games/", {"seats": ["A", "B", "C", "D"], "seed": "4242"},
                     format="json").json()
    other = Game.objects.get(pk=again.get("id") or again["game"]["id"])
    assert other.seed_commitment != commitment, "the same chosen seed, another game"
    no_seed = api.post("/api/games/", {"seats": ["A", "B", "C", "D"]}, format="json").json()
    unseeded = Game.objects.get(pk=no_seed.get("id") or no_seed["game"]["id"])
    assert len(unseeded.seed_secret) == 32, "no chosen seed: the secret alone"
    assert any(e["type"] == "deal" for e in game_events(game=unseeded)), "dealt by the server"


def test_a_finished_tournament_reveals_its_seed_material_and_every_deal_rederives(api):
    t = make_tournament(n=8, fmt="swiss", rounds=2, seed="open-after")
    services.tournament_start(tournament=t)
    live = api.get(f"/api/tournaments/{t.pk}/").json()
    assert live["seed"] is None and live["secret"] is None
    play_inline(t)
    body = api.get(f"/api/tournaments/{t.pk}/").json()
    assert body["status"] == "finished" and body["seed_scheme"] == table_seeds.SCHEME
    seed, secret = body["seed"], body["secret"]
    assert (hashlib.sha256(f"{seed}#{secret}".encode()).hexdigest()
            == live["seed_commitment"] == body["seed_commitment"])
    tables = list(Table.objects.filter(round__tournament=t).select_related("round", "game"))
    assert len(tables) == 4
    for table in tables:
        revealed = api.get(f"/api/games/{table.game_id}/").json()["seed"]
        derived = table_seeds.table_seed(seed, secret, table.round.number, table.number)
        assert revealed == derived
        prefix, deal = _first_deal(table.game)
        assert _deals_from(prefix, derived) == deal["hands"]


def test_an_explicit_secret_is_for_bot_only_runs():
    from accounts.services import tournament_enter
    from replays.errors import ConflictError

    person = make_person("explicit-secret")
    league = services.league_create(name="Explicit", slug="explicit-secret")
    bots = [services.player_bot_get_or_create(name=f"explicit-{i}", bot_name="random")
            for i in range(4)]
    with pytest.raises(LeagueError) as err:
        services.tournament_create(season=league.seasons.get(), name="x", format="series",
                                   rounds=1, players=[person.kolkhoz_player, *bots[:3]],
                                   secret="known")
    assert err.value.code == "secret_with_people"
    t = services.tournament_create(season=league.seasons.get(), name="bench", format="swiss",
                                   rounds=1, players=bots, secret="known", seed="s")
    same = services.tournament_create(season=league.seasons.get(), name="bench2",
                                      format="swiss", rounds=1, players=bots, secret="known",
                                      seed="s")
    assert t.seed_commitment == same.seed_commitment, "reproducible from seed and secret"
    with pytest.raises(ConflictError) as entered:
        tournament_enter(user=person, tournament_id=t.pk)
    assert entered.value.code == "bots_only"
    fresh = services.tournament_create(season=league.seasons.get(), name="fresh",
                                       format="swiss", rounds=1, players=bots, seed="s")
    assert len(fresh.secret) == 32 and fresh.seed_commitment != t.seed_commitment


def test_a_tournament_marked_finished_with_a_table_still_live_keeps_its_secret(api):
    """Finding (review): the API revealed ``seed`` and ``secret`` whenever the status read
    ``finished`` — and staff can set that status in the admin, say to close a stuck
    tournament, while a person still plays a table: anyone then rebuilt that table's
    hands. The seed material is served only once no table's game is live."""
    person = make_person("closed-early")
    t = make_mixed_tournament(person=person, seed="closed-early")
    services.tournament_start(tournament=t)
    table = Table.objects.select_related("game").get(round__tournament=t)
    assert table.game.status == "live"
    Tournament.objects.filter(pk=t.pk).update(status="finished")  # the admin's status field
    body = api.get(f"/api/tournaments/{t.pk}/").json()
    assert body["status"] == "finished"
    assert body["seed"] is None and body["secret"] is None
    listed = next(x for x in api.get("/api/tournaments/").json()["results"] if x["id"] == t.pk)
    assert listed["seed"] is None and listed["secret"] is None
    page = api.get(f"/tournaments/{t.pk}/").content.decode()
    assert t.secret not in page
