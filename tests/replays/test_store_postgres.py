"""The event store on a real PostgreSQL: the append-only trigger, a real two-thread
race for one seq, and tampering found at the exact seq."""

from __future__ import annotations

import threading

import pytest
from django.db import DatabaseError, connection, transaction

from replays import selectors
from replays.errors import ConflictError
from replays.models import Game, GameEvent
from replays.services import game_append

from .helpers import bot_log, store

pytestmark = [pytest.mark.postgres, pytest.mark.usefixtures("postgres")]


@pytest.mark.django_db
def test_the_trigger_refuses_update_of_an_event():
    created = store(bot_log()[:2])
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        GameEvent.objects.filter(game=created.game, seq=1).update(payload={"type": "x"})
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        with connection.cursor() as cur:
            cur.execute("UPDATE replays_gameevent SET type = 'x' WHERE game_id = %s",
                        [created.game.pk])
    assert GameEvent.objects.get(game=created.game, seq=1).payload == bot_log()[1]


@pytest.mark.django_db
def test_the_trigger_refuses_delete_of_an_event():
    created = store(bot_log()[:2])
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        with connection.cursor() as cur:
            cur.execute("DELETE FROM replays_gameevent WHERE game_id = %s", [created.game.pk])
    assert GameEvent.objects.filter(game=created.game).count() == 2


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_appends_at_one_seq_one_wins_one_conflicts():
    """Round after round, two threads (two connections) append different batches at
    the same expected seq: exactly one wins, the other gets 409; the log stays gap-free."""
    log = bot_log()
    game = store(log[:4]).game
    lock = threading.Lock()

    def writer(barrier, expected, events, results):
        try:
            barrier.wait(timeout=10)
            game_append(game=Game.objects.get(pk=game.pk), expected_seq=expected,
                        events=events)
            outcome = "ok"
        except ConflictError:
            outcome = "conflict"
        finally:
            connection.close()
        with lock:
            results.append(outcome)

    rounds = 0
    while rounds < 15:
        head = Game.objects.get(pk=game.pk).head_seq
        if head + 2 > len(log):
            break
        results: list[str] = []
        barrier = threading.Barrier(2)
        batches = (log[head:head + 1], log[head:head + 2])
        threads = [threading.Thread(target=writer, args=(barrier, head, b, results))
                   for b in batches]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert sorted(results) == ["conflict", "ok"], results
        rounds += 1
    assert rounds >= 3
    game = Game.objects.get(pk=game.pk)
    seqs = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(game.head_seq))  # gap-free, no duplicate
    assert selectors.game_events(game=game) == log[:game.head_seq]
    assert selectors.chain_check(game=game)["ok"]


@pytest.mark.django_db
def test_a_tampered_payload_fails_verify_at_the_exact_seq():
    log = bot_log()
    game = store(log).game
    target = 7
    with connection.cursor() as cur:
        # What someone with superuser rights could do: bypass the trigger.
        cur.execute("SET LOCAL session_replication_role = replica")
        cur.execute(
            "UPDATE replays_gameevent SET payload = jsonb_set(payload::jsonb, '{tampered}', "
            "'true')::jsonb WHERE game_id = %s AND seq = %s", [game.pk, target])
        cur.execute("SET LOCAL session_replication_role = origin")
    report = selectors.game_verify(game=Game.objects.get(pk=game.pk))
    assert not report["ok"]
    assert report["chain"]["first_bad_seq"] == target
    assert report["adjudication"]["first_divergence"]["seq"] == target
