"""POST /api/games/{id}/commands/ and GET /legal/, /state/: a person at a table of bots.

Given a one-year match series (a person and three random bots) started with eager
Celery / when the person acts through the API / then each error path answers with its
code and appends nothing, and an accepted decision is stored with its time used and
actor while the bots answer at once."""

from __future__ import annotations

import time

import pytest
from rest_framework.test import APIClient

from replays.models import GameEvent
from replays.selectors import game_events, game_verify
from replays.services import game_create_from_engine
from tournaments import services
from tournaments.models import TableStatus

from .helpers import (
    bearer,
    first_legal_input,
    make_mixed_tournament,
    make_person,
    person_seat,
    seat_token,
    stored_rows,
    the_table,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


@pytest.fixture
def table_and_token():
    person = make_person()
    t = make_mixed_tournament(person=person)
    services.tournament_start(tournament=t)
    table = the_table(t)
    return table, person, seat_token(table, person)


def error_of(response, status):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"}
    return body["error"]


def legal(api, table, token):
    r = api.get(f"/api/games/{table.game.pk}/legal/", **bearer(token))
    assert r.status_code == 200, r.content
    return r.json()


def test_the_bots_move_until_the_person_must_decide(api, table_and_token):
    table, person, token = table_and_token
    seat = person_seat(table, person)
    body = legal(api, table, token)
    assert body["yours"] and body["to_move"] == seat and body["seat"] == seat
    assert body["head_seq"] == table.game.head_seq
    assert body["options"]
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING


def test_an_accepted_command_is_stamped_and_the_bots_answer(api, table_and_token):
    table, person, token = table_and_token
    seat = person_seat(table, person)
    before = legal(api, table, token)
    inp = first_legal_input(before)
    time.sleep(0.3)  # thinking
    r = api.post(f"/api/games/{table.game.pk}/commands/",
                 {"expected_seq": before["head_seq"], "input": inp}, format="json", **bearer(token))
    assert r.status_code == 201, r.content
    body = r.json()
    first = body["events"][0]
    assert first["type"] == inp["type"] and first["seq"] == before["head_seq"]
    row = GameEvent.objects.get(game=table.game, seq=before["head_seq"])
    assert row.actor == f"seat:{seat}" and 300 <= row.time_used_ms < 60_000
    assert "time_used_ms" not in row.payload and "actor" not in row.payload
    # the bots moved on (Celery, eager here) to the person's next decision or the end
    after = legal(api, table, token)
    assert after["head_seq"] > body["head_seq"] or after["yours"]
    bot_rows = [r for r in stored_rows(table.game) if r.actor.startswith("bot:")]
    assert bot_rows or after["yours"]
    table.game.refresh_from_db()
    assert game_verify(game=table.game)["ok"]


def test_an_illegal_input_is_422_with_the_clause_and_nothing_is_appended(api, table_and_token):
    table, person, token = table_and_token
    seat = person_seat(table, person)
    body = legal(api, table, token)
    head = body["head_seq"]
    if body["kind"] == "trump":
        bad = {"type": "play", "seat": seat, "card": "2H"}  # not the phase for a play
    else:
        bad = {"type": "trump", "seat": seat, "suit": "H"}
    r = api.post(f"/api/games/{table.game.pk}/commands/", {"expected_seq": head, "input": bad},
                 format="json", **bearer(token))
    err = error_of(r, 422) if r.status_code == 422 else error_of(r, 400)
    assert err["code"] and err["message"]
    if r.status_code == 422:
        assert err["rule"]
    table.game.refresh_from_db()
    assert table.game.head_seq == head


def test_a_card_not_in_hand_is_refused_with_a_rule(api, table_and_token):
    """Play until the person must play a card, then try one they do not hold: 422 with
    the engine's code, message and clause id; nothing appended."""
    table, person, token = table_and_token
    seat = person_seat(table, person)
    for _ in range(50):
        body = legal(api, table, token)
        if body["kind"] == "play" and body["yours"]:
            break
        r = api.post(f"/api/games/{table.game.pk}/commands/",
                     {"expected_seq": body["head_seq"], "input": first_legal_input(body)},
                     format="json", **bearer(token))
        assert r.status_code == 201, r.content
    else:
        pytest.fail("the person never had to play")
    state = api.get(f"/api/games/{table.game.pk}/state/", **bearer(token)).json()
    hand = set(state["state"]["hand"])
    card = next(c for c in ("2H", "3H", "4H", "2D", "3D", "4D", "2C", "3S") if c not in hand)
    r = api.post(f"/api/games/{table.game.pk}/commands/",
                 {"expected_seq": body["head_seq"],
                  "input": {"type": "play", "seat": seat, "card": card}},
                 format="json", **bearer(token))
    err = error_of(r, 422)
    assert err["rule"] and err["code"] != "malformed"
    table.game.refresh_from_db()
    assert table.game.head_seq == body["head_seq"]


def test_a_stale_expected_seq_is_409(api, table_and_token):
    table, person, token = table_and_token
    body = legal(api, table, token)
    for stale in (body["head_seq"] - 1, body["head_seq"] + 1):
        r = api.post(f"/api/games/{table.game.pk}/commands/",
                     {"expected_seq": stale, "input": first_legal_input(body)}, format="json",
                     **bearer(token))
        err = error_of(r, 409)
        assert err["code"] == "stale_seq" and err["head_seq"] == body["head_seq"]
    table.game.refresh_from_db()
    assert table.game.head_seq == body["head_seq"]


def test_another_seats_input_is_403(api, table_and_token):
    table, person, token = table_and_token
    seat = person_seat(table, person)
    body = legal(api, table, token)
    inp = {**first_legal_input(body), "seat": (seat + 1) % 4}
    err = error_of(api.post(f"/api/games/{table.game.pk}/commands/",
                            {"expected_seq": body["head_seq"], "input": inp}, format="json",
                            **bearer(token)), 403)
    assert err["code"] == "forbidden"


def test_tokens_of_another_seat_or_game_and_no_token():
    api = APIClient()
    created = game_create_from_engine(ruleset={"preset": "kolkhoz", "options": {"years": 1}},
                                      seats=["A", "B", "C", "D"], first_planner=0, seed="tok")
    other = game_create_from_engine(ruleset=None, seats=["E", "F", "G", "H"], first_planner=0,
                                    seed="tok2")
    gid = created.game.pk
    body = api.get(f"/api/games/{gid}/legal/", **bearer(created.seat_tokens[0])).json()
    assert body["yours"] and body["kind"] == "trump"
    inp = first_legal_input(body)
    cmd = {"expected_seq": body["head_seq"], "input": inp}
    # seat 1's token acting for seat 0
    err = error_of(api.post(f"/api/games/{gid}/commands/", cmd, format="json",
                            **bearer(created.seat_tokens[1])), 403)
    assert err["code"] == "forbidden"
    # seat 1 sees no options, and not seat 0's hand
    seat1 = api.get(f"/api/games/{gid}/legal/", **bearer(created.seat_tokens[1])).json()
    assert not seat1["yours"] and seat1["options"] == [] and seat1["to_move"] == 0
    view = api.get(f"/api/games/{gid}/state/", **bearer(created.seat_tokens[1])).json()
    assert view["viewer"] == 1 and all(c is None for c in view["state"]["hands"][0])
    assert all(c is not None for c in view["state"]["hands"][1])
    # another game's token
    err = error_of(api.post(f"/api/games/{gid}/commands/", cmd, format="json",
                            **bearer(other.seat_tokens[0])), 403)
    assert err["code"] == "forbidden"
    error_of(api.get(f"/api/games/{gid}/legal/", **bearer(other.seat_tokens[0])), 403)
    # no token, a bad token
    err = error_of(api.post(f"/api/games/{gid}/commands/", cmd, format="json"), 401)
    assert err["code"] == "not_authenticated"
    error_of(api.get(f"/api/games/{gid}/legal/"), 401)
    err = error_of(api.post(f"/api/games/{gid}/commands/", cmd, format="json",
                            **bearer("nope")), 401)
    assert err["code"] == "invalid_token"
    # malformed bodies are 400, never 500
    for bad in ({}, {"expected_seq": "x", "input": inp}, {"expected_seq": 2, "input": []},
                {"expected_seq": -1, "input": inp}):
        error_of(api.post(f"/api/games/{gid}/commands/", bad, format="json",
                          **bearer(created.seat_tokens[0])), 400)
    assert created.game.__class__.objects.get(pk=gid).head_seq == body["head_seq"]
    # the right token: accepted
    r = api.post(f"/api/games/{gid}/commands/", cmd, format="json",
                 **bearer(created.seat_tokens[0]))
    assert r.status_code == 201


def test_input_after_the_game_ended_is_409():
    api = APIClient()
    created = game_create_from_engine(ruleset={"preset": "kolkhoz", "options": {"years": 1}},
                                      seats=["A", "B", "C", "D"], first_planner=0, seed="end")
    gid = created.game.pk
    tokens = created.seat_tokens
    last = None
    for _ in range(500):
        probe = api.get(f"/api/games/{gid}/legal/", **bearer(tokens[0])).json()
        if probe["finished"]:
            break
        mover = probe["to_move"]
        body = api.get(f"/api/games/{gid}/legal/", **bearer(tokens[mover])).json()
        last = first_legal_input(body)
        r = api.post(f"/api/games/{gid}/commands/",
                     {"expected_seq": body["head_seq"], "input": last}, format="json",
                     **bearer(tokens[mover]))
        assert r.status_code == 201, r.content
    else:
        pytest.fail("the game did not end")
    head = created.game.__class__.objects.get(pk=gid).head_seq
    err = error_of(api.post(f"/api/games/{gid}/commands/",
                            {"expected_seq": head, "input": {**last, "seat": 0}},
                            format="json", **bearer(tokens[0])), 409)
    assert err["code"] == "game_finished"
    assert game_events(game=created.game)[-1]["type"] == "game_end"
    # finished: everything public, even to a spectator
    spectator = api.get(f"/api/games/{gid}/state/").json()
    assert spectator["finished"] and all(
        c is not None for hand in spectator["state"]["hands"] for c in hand)
    assert spectator["legal"]["to_move"] is None


def test_a_spectator_of_a_live_game_sees_public_facts_only(api, table_and_token):
    table, person, token = table_and_token
    seat = person_seat(table, person)
    spectator = api.get(f"/api/games/{table.game.pk}/state/").json()
    assert spectator["viewer"] is None and spectator["legal"]["options"] == []
    assert all(c is None for hand in spectator["state"]["hands"] for c in hand)
    mine = api.get(f"/api/games/{table.game.pk}/state/", **bearer(token)).json()
    assert mine["viewer"] == seat and all(c is not None for c in mine["state"]["hand"])
    stream = api.get(f"/api/games/{table.game.pk}/stream/?after=-1&wait=0")
    assert stream.status_code == 200
    assert stream["Content-Type"].startswith("application/x-ndjson")
    deal = next(line for line in stream.content.decode().splitlines() if '"deal"' in line)
    assert '"hands":[[null' in deal


def test_web_session_of_the_seat_holder_acts_for_the_seat(table_and_token):
    table, person, _ = table_and_token
    seat = person_seat(table, person)
    web = APIClient(enforce_csrf_checks=True)
    web.force_login(person)
    body = web.get(f"/api/games/{table.game.pk}/legal/").json()
    assert body["seat"] == seat and body["yours"]
    cmd = {"expected_seq": body["head_seq"], "input": first_legal_input(body)}
    # without the CSRF token: refused
    r = web.post(f"/api/games/{table.game.pk}/commands/", cmd, format="json")
    assert r.status_code == 403
    page = web.get(f"/play/{table.game.pk}/")
    assert page.status_code == 200
    csrf = web.cookies["csrftoken"].value
    r = web.post(f"/api/games/{table.game.pk}/commands/", cmd, format="json",
                 HTTP_X_CSRFTOKEN=csrf)
    assert r.status_code == 201, r.content
    # someone else's session is a spectator: cannot act
    other = make_person("boris")
    spy = APIClient()
    spy.force_login(other)
    assert spy.get(f"/api/games/{table.game.pk}/legal/").status_code == 401
    assert spy.get(f"/api/games/{table.game.pk}/state/").json()["viewer"] is None


def test_seat_token_from_the_session_replaces_the_old_one(table_and_token):
    table, person, old = table_and_token
    web = APIClient()
    web.force_login(person)
    r = web.post(f"/api/games/{table.game.pk}/seat-token/")
    assert r.status_code == 201
    new = r.json()["token"]
    api = APIClient()
    assert api.get(f"/api/games/{table.game.pk}/legal/", **bearer(new)).status_code == 200
    assert api.get(f"/api/games/{table.game.pk}/legal/", **bearer(old)).status_code == 401
    stranger = APIClient()
    stranger.force_login(make_person("vera"))
    assert error_of(stranger.post(f"/api/games/{table.game.pk}/seat-token/"), 403)[
        "code"] == "not_seated"


def test_a_whole_game_through_the_api_verifies_and_the_bots_replay_from_seed_and_seq(
        api, table_and_token):
    """Given the person always takes the first legal input / when the game ends / then it
    verifies, the table is finished, and every bot decision equals what the bot draws
    from ``seq_rng(seed, seat, seq)`` at that point of the stored log."""
    from replays import engine

    table, person, token = table_and_token
    for _ in range(300):
        body = legal(api, table, token)
        if body["finished"]:
            break
        assert body["yours"], body
        r = api.post(f"/api/games/{table.game.pk}/commands/",
                     {"expected_seq": body["head_seq"], "input": first_legal_input(body)},
                     format="json", **bearer(token))
        assert r.status_code == 201, r.content
    else:
        pytest.fail("the game did not end")
    table.refresh_from_db()
    table.game.refresh_from_db()
    assert table.status == TableStatus.FINISHED and table.places
    assert game_verify(game=table.game)["ok"]
    rows = stored_rows(table.game)
    events = [r.payload for r in rows]
    seed = table.game.seed_secret
    checked = 0
    for row in rows:
        if row.actor.startswith("bot:"):
            again = engine.bot_choose(events[: row.seq], row.payload["seat"],
                                      engine.bot(row.actor.split(":", 1)[1]), seed=seed)
            stored = {k: v for k, v in row.payload.items() if k not in ("seq", "rules", "facts")}
            assert {k: again[k] for k in stored} == stored
            checked += 1
    assert checked > 10
    decisions = [r for r in rows if r.actor.startswith(("seat:", "bot:"))]
    assert all(r.time_used_ms is not None for r in decisions if r.actor.startswith("seat:"))


ODD_INPUTS = [
    {"type": "play", "seat": 0, "card": 7}, {"type": "play", "seat": 0, "card": "ZZ"},
    {"type": "play", "seat": 0}, {"type": "trump", "seat": 0, "suit": ["H"]},
    {"type": "trump", "seat": 0, "suit": "Q"}, {"type": "swap", "seat": 0, "hand": None},
    {"type": "swap", "seat": 0, "pass": "yes"}, {"type": "assign", "seat": 0, "cards": []},
    {"type": "assign", "seat": 0, "cards": {"KH": "Z"}}, {"type": "nope", "seat": 0},
    {"type": "deal", "seat": 0, "year": 1, "hands": []}, {"seat": 0},
    {"type": None, "seat": 0}, {"type": "play", "seat": 0, "card": "KH", "extra": {"x": 1}},
]


@pytest.mark.parametrize("inp", ODD_INPUTS)
def test_odd_inputs_are_4xx_never_500(inp):
    api = APIClient()
    created = game_create_from_engine(ruleset=None, seats=list("ABCD"), first_planner=0,
                                      seed="odd")
    gid = created.game.pk
    head = created.game.head_seq
    r = api.post(f"/api/games/{gid}/commands/", {"expected_seq": head, "input": inp},
                 format="json", **bearer(created.seat_tokens[0]))
    assert r.status_code in (400, 403, 409, 422), r.content
    assert set(r.json()) == {"error"}
    assert created.game.__class__.objects.get(pk=gid).head_seq == head
