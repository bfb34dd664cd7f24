"""GET /api/games/{id}/stream/: the viewer's redacted events, NDJSON long-poll or
server-sent events, resumable with ``?after=`` / ``Last-Event-ID``, woken through Redis
pub/sub (or by polling the store without Redis)."""

from __future__ import annotations

import json
import threading
import time

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from replays import live
from replays.services import game_create_from_engine, game_submit_input
from tests.replays.helpers import stored_bot_game

from .helpers import bearer, first_legal_input

ONE_YEAR = {"preset": "kolkhoz", "options": {"years": 1}}


def ndjson(response) -> list[dict]:
    return [json.loads(line) for line in response.content.decode().splitlines() if line]


@pytest.mark.django_db
def test_long_poll_returns_at_once_when_there_are_events_and_resumes_after(api):
    game = stored_bot_game("kolkhoz", "stream-1").game
    r = api.get(f"/api/games/{game.pk}/stream/?after=-1&wait=5")
    events = ndjson(r)
    assert [e["seq"] for e in events] == list(range(game.head_seq))
    assert r["X-Head-Seq"] == str(game.head_seq) and r["X-Game-Status"] == "finished"
    resumed = ndjson(api.get(f"/api/games/{game.pk}/stream/?after=10&wait=5"))
    assert resumed == events[11:]
    t0 = time.monotonic()
    assert ndjson(api.get(f"/api/games/{game.pk}/stream/?after={game.head_seq - 1}&wait=5")) == []
    assert time.monotonic() - t0 < 2  # a finished game never waits


@pytest.mark.django_db
def test_long_poll_of_a_live_game_waits_then_answers_empty(api):
    created = game_create_from_engine(ruleset=ONE_YEAR, seats=list("ABCD"), first_planner=0,
                                      seed="stream-2")
    head = created.game.head_seq
    t0 = time.monotonic()
    r = api.get(f"/api/games/{created.game.pk}/stream/?after={head - 1}&wait=0.4")
    assert r.status_code == 200 and ndjson(r) == []
    assert 0.3 <= time.monotonic() - t0 < 3
    assert r["X-Head-Seq"] == str(head) and r["X-Game-Status"] == "live"


@pytest.mark.django_db(transaction=True)
def test_a_game_deleted_while_its_stream_waits_is_a_404_not_a_500(api, monkeypatch):
    """A database flush while a long-poll waits (games are protected from deletion, but a
    test server flushes between tests while a page still polls): the reread finds no
    game and answers 404 instead of a 500; server-sent events just end."""
    created = game_create_from_engine(ruleset=ONE_YEAR, seats=list("ABCD"), first_planner=0,
                                      seed="stream-gone")
    game = created.game

    def wait_then_gone(*, game_id, beyond, timeout):
        call_command("flush", interactive=False, verbosity=0)
        return beyond - 1

    monkeypatch.setattr(live, "wait_for_head", wait_then_gone)
    r = api.get(f"/api/games/{game.pk}/stream/?after={game.head_seq - 1}&wait=1")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"


@pytest.mark.django_db
def test_each_viewer_gets_its_own_redaction(api):
    created = game_create_from_engine(ruleset=ONE_YEAR, seats=list("ABCD"), first_planner=0,
                                      seed="stream-3")
    gid = created.game.pk
    for seat, token in enumerate(created.seat_tokens):
        deal = next(e for e in ndjson(api.get(f"/api/games/{gid}/stream/?wait=0",
                                              **bearer(token))) if e["type"] == "deal")
        assert all(c is not None for c in deal["hands"][seat])
        assert all(c is None for i, h in enumerate(deal["hands"]) if i != seat for c in h)
    spectator = next(e for e in ndjson(api.get(f"/api/games/{gid}/stream/?wait=0"))
                     if e["type"] == "deal")
    assert all(c is None for h in spectator["hands"] for c in h)
    assert "stream-3" not in api.get(f"/api/games/{gid}/stream/?wait=0").content.decode()


@pytest.mark.django_db
def test_server_sent_events_of_a_finished_game_end_with_end(api):
    game = stored_bot_game("kolkhoz", "stream-4").game
    r = api.get(f"/api/games/{game.pk}/stream/?wait=5", HTTP_ACCEPT="text/event-stream")
    assert r.status_code == 200 and r["Content-Type"].startswith("text/event-stream")
    text = b"".join(r.streaming_content).decode()
    blocks = [b for b in text.split("\n\n") if b.startswith("id:")]
    assert len(blocks) == game.head_seq
    first = dict(line.split(": ", 1) for line in blocks[0].splitlines())
    assert first["id"] == "0" and first["event"] == "game"
    assert json.loads(first["data"])["type"] == "game"
    assert "event: end" in text
    # EventSource's reconnection: Last-Event-ID resumes after that seq
    again = api.get(f"/api/games/{game.pk}/stream/?format=sse&wait=5",
                    HTTP_LAST_EVENT_ID=str(game.head_seq - 2))
    body = b"".join(again.streaming_content).decode()
    assert [b for b in body.split("\n\n") if b.startswith("id:")][0].startswith(
        f"id: {game.head_seq - 1}")


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["after=x", "after=-5", "wait=abc", "wait=1000", "wait=-1"])
def test_bad_stream_parameters_are_400(api, query):
    game = stored_bot_game("kolkhoz", "stream-5", upto=5).game
    r = api.get(f"/api/games/{game.pk}/stream/?{query}")
    assert r.status_code == 400 and r.json()["error"]["code"] == "malformed"
    sse = api.get(f"/api/games/{game.pk}/stream/?{query}", HTTP_ACCEPT="text/event-stream")
    assert sse.status_code == 400 and b"event: error" in sse.content


def test_server_sent_event_streams_close_spread_over_the_last_quarter_of_wait():
    """A crowd that connected together reconnects spread out (issue 20): each stream's
    close falls in [0.75 × wait, wait], never after ``wait``, and not all at one moment."""
    from replays.apis.stream import sse_close_after

    draws = [sse_close_after(40.0) for _ in range(400)]
    assert all(30.0 <= d <= 40.0 for d in draws)
    assert max(draws) - min(draws) > 5.0  # spread over the quarter, not one instant
    assert sse_close_after(0.0) == 0.0


@pytest.mark.django_db
def test_a_live_games_server_sent_events_close_within_wait(api):
    """A live game's SSE stream asked to wait 2 s ends on its own between 1.5 s and 2 s
    (plus the last store read), with nothing new to send."""
    created = game_create_from_engine(ruleset=ONE_YEAR, seats=list("ABCD"), first_planner=0,
                                      seed="stream-close")
    started = time.monotonic()
    r = api.get(f"/api/games/{created.game.pk}/stream/?format=sse&wait=2")
    body = b"".join(r.streaming_content)
    took = time.monotonic() - started
    assert 1.5 <= took <= 3.5, took
    assert body.startswith(b"retry: 1000") and b"event: end" not in body


@pytest.mark.django_db
def test_unknown_game_stream_is_404(api):
    assert api.get("/api/games/00000000-0000-0000-0000-000000000000/stream/").status_code == 404


def _wake_up(settings, redis: str | None, *, sse: bool = False) -> None:
    """A stream waiting on a live game answers with the move another thread makes 0.6 s
    later: woken through Redis (``redis``) or, with none, by polling the store."""
    settings.REDIS_URL = redis or ""
    assert (live._redis() is None) is (redis is None)  # the path under test is the one taken
    created = game_create_from_engine(ruleset=ONE_YEAR, seats=list("ABCD"), first_planner=0,
                                      seed=f"wake-{redis is not None}-{sse}")
    game = created.game
    head = game.head_seq
    api = APIClient()
    legal = api.get(f"/api/games/{game.pk}/legal/", **bearer(created.seat_tokens[0])).json()

    def move() -> None:
        from django.db import connection

        time.sleep(0.6)
        game_submit_input(game=game.__class__.objects.get(pk=game.pk), expected_seq=head,
                          inp=first_legal_input(legal), seat=0)
        connection.close()

    mover = threading.Thread(target=move)
    t0 = time.monotonic()
    mover.start()
    if sse:
        r = api.get(f"/api/games/{game.pk}/stream/?format=sse&after={head - 1}&wait=20")
        text = ""
        for chunk in r.streaming_content:  # read up to the first event, then hang up
            text += chunk.decode() if isinstance(chunk, bytes) else chunk
            if "\nid: " in f"\n{text}":
                break
        r.close()
        block = text[text.index("id: "):].split("\n\n")[0]
        fields = dict(line.split(": ", 1) for line in block.splitlines())
        events = [{"seq": int(fields["id"]), **json.loads(fields["data"])}]
    else:
        events = ndjson(api.get(f"/api/games/{game.pk}/stream/?after={head - 1}&wait=20"))
    elapsed = time.monotonic() - t0
    mover.join()
    assert events and events[0]["seq"] == head and events[0]["type"] == "trump"
    assert 0.5 <= elapsed < 5


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_waiting_stream_is_woken_through_redis(postgres, redis_url, settings):
    _wake_up(settings, redis_url)


# The embedded default (no REDIS_URL: `make demo`): these run on SQLite in CI's second leg.
@pytest.mark.django_db(transaction=True)
def test_without_redis_the_stream_polls_the_store(settings):
    _wake_up(settings, None)


@pytest.mark.django_db(transaction=True)
def test_without_redis_server_sent_events_poll_the_store(settings):
    _wake_up(settings, None, sse=True)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_redis_carries_notifications_never_cards(redis_url, settings):
    import redis

    settings.REDIS_URL = redis_url
    client = redis.Redis.from_url(redis_url)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    created = game_create_from_engine(ruleset=ONE_YEAR, seats=list("ABCD"), first_planner=0,
                                      seed="pubsub")
    pubsub.subscribe(live.channel(created.game.pk))
    time.sleep(0.1)
    live.publish(game_id=created.game.pk, head_seq=created.game.head_seq)
    message = None
    for _ in range(50):
        message = pubsub.get_message(timeout=0.1)
        if message:
            break
    pubsub.close()
    assert message is not None
    assert json.loads(message["data"]) == {"game": str(created.game.pk),
                                           "head_seq": created.game.head_seq}
