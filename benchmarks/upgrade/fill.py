"""Fill a database with games the way users of an OLDER release would have stored them
(docs/verify.md "Checking an upgrade"; run by ``benchmarks/upgrade_check.sh``).

Run with the OLD code on the path and its settings:

    cd OLD_TREE && PYTHONPATH=OLD_TREE DATABASE_URL=... python NEW_TREE/benchmarks/upgrade/fill.py

It uses only what users had: the HTTP API (through Django's test client, on the real
database), the accounts and tournament services the tests use, and the stored logs of
frozen engine releases. Celery runs eagerly (bots answer inside each request). The
leagues themselves come from ``manage.py run_league`` (the shell script). Each section
is independent: one the old code cannot do is reported as ``skipped`` with its error,
never fatal. Prints one JSON object (also written to ``--out FILE``): how many games of each kind
were stored, their ids, the seat tokens of the live games.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
import traceback
from pathlib import Path
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
for rate in ("VERIFY", "WHATIF", "EVIDENCE", "IMPORT", "CREATE"):
    os.environ.setdefault(f"THROTTLE_RATE_{rate}", "10000/minute")
sys.path.insert(0, os.getcwd())

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import Group, User  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402

from config.celery import app as celery_app  # noqa: E402

celery_app.conf.task_always_eager = True

NEW_TREE = Path(__file__).resolve().parents[2]
# The other games' worked examples kept in the repository (Kolkhoz's are among
# tests/fixtures/records), plus any directories UPGRADE_EXAMPLES names (colon-separated).
EXAMPLE_DIRS = [NEW_TREE / "tests" / game / "examples" for game in ("gongzhu", "korova", "arne")]
EXAMPLE_DIRS += [Path(p) for p in os.environ.get("UPGRADE_EXAMPLES", "").split(":") if p]
PASSWORD = "a-long-enough-password-42"
SUMMARY: dict[str, Any] = {"games": {}, "ids": {}, "skipped": {}, "tokens": {}}
RNG = random.Random("kolkhoz-upgrade-fill")


def kind(name: str, game_id: Any) -> None:
    SUMMARY["games"][name] = SUMMARY["games"].get(name, 0) + 1
    SUMMARY["ids"].setdefault(name, []).append(str(game_id))


SECTIONS = []


def section(fn):
    SECTIONS.append(fn)
    return fn


def run(fn) -> None:
    try:
        fn()
    except Exception as exc:  # an older release may lack a feature: say so, go on
        SUMMARY["skipped"][fn.__name__] = f"{type(exc).__name__}: {exc}"
        traceback.print_exc(file=sys.stderr)


def ok(response, *codes: int) -> Any:
    if response.status_code not in (codes or (200,)):
        raise RuntimeError(f"{response.status_code} {response.content[:300]!r}")
    return response.json()


def bearer(token: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def an_input(legal: dict[str, Any]) -> dict[str, Any]:
    """A random legal input from ``GET legal/`` (assign: a field per card)."""
    if legal["kind"] == "assign":
        return {"type": "assign", "seat": legal["seat"],
                "cards": {c: RNG.choice(f) for c, f in sorted(legal["options"].items())}}
    return RNG.choice(legal["inputs"])


def play_seats(api: APIClient, game_id: str, tokens: dict[int, str], *,
               moves: int | None = None) -> int:
    """Seats (their tokens) decide through the API until the game ends, no listed seat
    is to move, or ``moves`` decisions were made. Returns the decisions made."""
    made = 0
    while moves is None or made < moves:
        progressed = False
        for token in tokens.values():
            legal = ok(api.get(f"/api/games/{game_id}/legal/", **bearer(token)))
            if legal["finished"]:
                return made
            if not legal.get("yours"):
                continue
            ok(api.post(f"/api/games/{game_id}/commands/",
                        {"expected_seq": legal["head_seq"], "input": an_input(legal)},
                        format="json", **bearer(token)), 201)
            made += 1
            progressed = True
            if moves is not None and made >= moves:
                return made
        if not progressed:
            return made
    return made


API = APIClient()
SEATS = ["Anya", "Boris", "Pyotr", "Vera"]
ONE_YEAR = {"preset": "kolkhoz", "options": {"years": 1}}


@section
def standalone_bot_games():
    """POST /api/games/ with four bots: played to the end by (eager) Celery."""
    for preset, bots in (("kolkhoz", ["random", "heuristic", "random", "heuristic"]),
                         ("kolkhoznik", ["heuristic"] * 4), ("zone", ["random"] * 4)):
        body = ok(API.post("/api/games/", {"seats": SEATS, "ruleset": {"preset": preset},
                                           "bots": bots, "seed": f"fill-{preset}"},
                           format="json"), 201)
        gid = body["game"]["id"]
        status = ok(API.get(f"/api/games/{gid}/"))["status"]
        kind(f"standalone_bots_{status}", gid)


@section
def standalone_people_games():
    """POST /api/games/ without bots: four people with seat tokens, through commands/."""
    for ruleset, moves, label in ((ONE_YEAR, None, "finished"), (None, None, "finished"),
                                  (None, 9, "live"), ({"preset": "zone"}, 7, "live")):
        body = ok(API.post("/api/games/", {"seats": SEATS, "ruleset": ruleset},
                           format="json"), 201)
        gid = body["game"]["id"]
        play_seats(API, gid, dict(enumerate(body["seat_tokens"])), moves=moves)
        status = ok(API.get(f"/api/games/{gid}/"))["status"]
        assert status == label, (status, label)
        kind(f"standalone_people_{status}", gid)
        if status == "live":  # a seat's view is compared too (snapshot.py)
            SUMMARY["tokens"][gid] = dict(enumerate(body["seat_tokens"]))


@section
def standalone_mixed_games():
    """One person and three bots: the bots move until the person must decide."""
    for ruleset, moves in ((ONE_YEAR, None), (None, 5)):
        body = ok(API.post("/api/games/", {"seats": SEATS, "ruleset": ruleset,
                                           "bots": ["", "random", "heuristic", "random"]},
                           format="json"), 201)
        gid = body["game"]["id"]
        play_seats(API, gid, {0: body["seat_tokens"][0]}, moves=moves)
        status = ok(API.get(f"/api/games/{gid}/"))["status"]
        kind(f"standalone_mixed_{status}", gid)
        if status == "live":
            SUMMARY["tokens"][gid] = {0: body["seat_tokens"][0]}


@section
def imported_records():
    """POST /api/games/import/ of every fixture and example record; the refused
    ones (illegal inputs, other games' formats) are counted, nothing stored."""
    files = sorted(p for p in (NEW_TREE / "tests/fixtures/records").glob("*.json")
                   if not p.name.endswith(".expected.json"))
    files += sorted(p for d in EXAMPLE_DIRS for p in d.rglob("*.json")
                    if not p.name.endswith(".expected.json"))
    refused = {}
    for path in files:
        r = API.post("/api/games/import/", json.loads(path.read_text()), format="json")
        if r.status_code == 201:
            kind("imported", r.json()["game"]["id"])
        else:
            refused[str(path.relative_to(path.parents[1]))] = (
                f"{r.status_code} {r.json().get('error', {}).get('code')}")
    SUMMARY["import_refused"] = refused


@section
def frozen_release_games():
    """Logs played under a frozen earlier engine (tests/fixtures/releases/V/), stored as
    they were then: pinned to that release."""
    from replays.services import game_create

    for path in sorted((NEW_TREE / "tests/fixtures/releases").glob("*/*.log.jsonl")):
        log = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        created = game_create(events=log, seed=log[-1].get("seed"))
        kind(f"release_{log[0].get('engine_version')}", created.game.pk)


def person(name: str) -> Any:
    from accounts.services import user_register

    return User.objects.filter(username=name).first() or user_register(
        username=name, password=PASSWORD)


@section
def people_in_tournaments():
    """A person and three bots at a one-year match series table (as tests/humans do),
    moving through the API with a seat token: one table played out, one left mid-game."""
    from replays.services import game_seat_token_issue
    from tournaments import services
    from tournaments.models import Table

    for name, moves in (("anya", None), ("boris", 4)):
        user = person(name)
        stamp = time.time_ns()
        league = services.league_create(name=f"People {name}", slug=f"people-{name}-{stamp}",
                                        ruleset=ONE_YEAR)
        bots = [services.player_bot_get_or_create(name=f"bot-{name}-{i}", bot_name=b)
                for i, b in enumerate(("random", "heuristic", "random"))]
        t = services.tournament_create(season=league.seasons.get(), name=f"Mixed {name}",
                                       format="series", rounds=1,
                                       players=[user.kolkhoz_player, *bots],
                                       ruleset=ONE_YEAR, seed=f"people-{name}", rated=False)
        services.tournament_start(tournament=t)
        table = Table.objects.select_related("game").get(round__tournament=t)
        seat, token = game_seat_token_issue(game=table.game, user=user)
        gid = str(table.game.pk)
        play_seats(API, gid, {seat: token}, moves=moves)
        status = ok(API.get(f"/api/games/{gid}/"))["status"]
        kind(f"tournament_person_{status}", gid)
        if status == "live":
            SUMMARY["tokens"][gid] = {seat: token}


@section
def scheduled_tournament():
    """A tournament entered but not started (no games yet)."""
    from tournaments import services

    league = services.league_create(name="Later", slug=f"later-{time.time_ns()}",
                                    ruleset={"preset": "kolkhoz"})
    bots = [services.player_bot_get_or_create(name=f"later-{i}", bot_name="random")
            for i in range(4)]
    services.tournament_create(season=league.seasons.get(), name="Later", format="series",
                               rounds=2, players=bots, seed="later")


def user(name: str, group: str | None = None) -> APIClient:
    account = User.objects.filter(username=name).first() or User.objects.create_user(
        name, password=PASSWORD)
    if group:
        account.groups.add(Group.objects.get_or_create(name=group)[0])
    client = APIClient()
    client.force_authenticate(account)
    return client


def rule(game_id: Any, adjustment: dict[str, Any] | None, clause: str) -> None:
    raiser, arbiter = user("raiser"), user("arbiter", "arbiters")
    did = ok(raiser.post("/api/disputes/", {"game": str(game_id), "seq_from": 2, "seq_to": 9,
                                            "clause": clause, "text": "upgrade fill"},
                         format="json"), 201)["id"]
    ok(arbiter.post(f"/api/disputes/{did}/review/"))
    if adjustment is None:
        ok(arbiter.post(f"/api/disputes/{did}/rule/",
                        {"decision": "dismissed", "ruling": "No."}, format="json"))
        return
    preview = ok(arbiter.post(f"/api/disputes/{did}/preview/", {"adjustment": adjustment},
                              format="json"))
    ok(arbiter.post(f"/api/disputes/{did}/rule/",
                    {"decision": "upheld", "ruling": "Upheld.", "adjustment": adjustment,
                     "confirm": preview["confirm"]}, format="json"))


@section
def arbiters_rulings():
    """Compensating events: result_adjusted and game_voided on the first league's tables,
    a result_adjusted on a stand-alone game, and a dismissal (nothing appended)."""
    from tournaments.models import Table

    tables = list(Table.objects.filter(round__tournament_id=1, status="finished")
                  .order_by("round__number", "number"))
    first, voided = tables[0], next(t for t in tables if t.round.number == 2)
    places = list(first.places)
    swapped = [places[1], places[0], *places[2:]]
    if swapped == places:
        swapped = [4, 3, 2, 1] if places != [4, 3, 2, 1] else [1, 2, 3, 4]
    rule(first.game_id, {"type": "result_adjusted", "places": swapped}, "req.take")
    kind("tournament_result_adjusted", first.game_id)
    rule(voided.game_id, {"type": "game_voided"}, "setup.players")
    kind("tournament_game_voided", voided.game_id)
    standalone = SUMMARY["ids"]["standalone_bots_finished"][0]
    rule(standalone, {"type": "result_adjusted", "places": [4, 3, 2, 1]}, "score")
    kind("standalone_result_adjusted", standalone)
    rule(SUMMARY["ids"]["standalone_bots_finished"][1], None, "trick.winner")


if __name__ == "__main__":
    from replays.models import Game

    for fn in SECTIONS:
        run(fn)
    SUMMARY["total_games"] = Game.objects.count()
    SUMMARY["by_status"] = {s: Game.objects.filter(status=s).count()
                            for s in ("live", "finished")}
    text = json.dumps(SUMMARY, indent=1, sort_keys=True)
    if len(sys.argv) > 2 and sys.argv[1] == "--out":
        Path(sys.argv[2]).write_text(text)
    print(text)
