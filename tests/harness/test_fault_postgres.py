"""Fault: the PostgreSQL connection dropped during an append.

A second connection terminates the appending backend (``pg_terminate_backend``) at a
chosen moment inside ``game_append``'s transaction: after the head check, halfway through
the COPY of the events, after the COPY before the head moves, after the head moved just
before the commit. Every time the append is all-or-nothing: the caller gets a database
error, nothing of the batch is stored (no event, the head where it was), the chain
verifies, and the same append retried on a new connection stores the batch exactly.
"""

from __future__ import annotations

import time
from typing import Any

import psycopg
import pytest
from django.db import DatabaseError, connection

from replays import services, store
from replays.models import Game, GameEvent
from replays.selectors import chain_check, game_events, game_verify
from tests.replays.helpers import bot_log

from .conftest import database_url_of_test

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def _terminate_this_backend() -> None:
    """From a second connection, kill the backend of Django's connection; wait until gone."""
    pid = connection.connection.info.backend_pid
    with psycopg.connect(database_url_of_test(), autocommit=True) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s)", [pid]).fetchone()[0]
        deadline = time.monotonic() + 10
        while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s",
                            [pid]).fetchone():
            assert time.monotonic() < deadline, "the backend did not exit"
            time.sleep(0.02)


def _moment_after_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    original = store.chain.canonical_json
    calls = {"n": 0}

    def canonical_json(event: Any) -> str:
        if calls["n"] == 0:
            _terminate_this_backend()
        calls["n"] += 1
        return original(event)

    monkeypatch.setattr(store.chain, "canonical_json", canonical_json)


def _moment_mid_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    original = store._copy_row
    calls = {"n": 0}

    def copy_row(row: tuple[Any, ...]) -> tuple[Any, ...]:
        calls["n"] += 1
        if calls["n"] == 40:  # halfway through the batch's rows
            _terminate_this_backend()
        return original(row)

    monkeypatch.setattr(store, "_copy_row", copy_row)


def _moment_after_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    original = store._insert_events

    def insert(rows: list[tuple[Any, ...]]) -> None:
        original(rows)
        _terminate_this_backend()

    monkeypatch.setattr(store, "_insert_events", insert)


def _moment_before_commit(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Game.save

    def save(self: Game, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        if "head_seq" in (kwargs.get("update_fields") or []):
            _terminate_this_backend()

    monkeypatch.setattr(Game, "save", save)


MOMENTS = {
    "after-the-head-check": _moment_after_lock,
    "mid-copy": _moment_mid_copy,
    "after-the-copy": _moment_after_copy,
    "before-the-commit": _moment_before_commit,
}


@pytest.mark.parametrize("reproducible", [False, True], ids=["durable", "bot-batch"])
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_connection_dropped_during_an_append_is_all_or_nothing(postgres, monkeypatch,
                                                               moment, reproducible):
    log = bot_log("kolkhoz", "fault-pg")
    cut = 10
    game = services.game_create(events=log[:cut], seed="fault-pg").game
    batch = log[cut:cut + 80]
    head_before = (game.head_seq, game.head_hash)

    with monkeypatch.context() as m:
        MOMENTS[moment](m)
        with pytest.raises(DatabaseError):
            services.game_append(game=game, expected_seq=cut, events=batch,
                                 reproducible=reproducible)
    # the caller's view of the game is unchanged too
    assert (game.head_seq, game.head_hash) == head_before
    connection.close()  # what Django does at the end of the request or task

    stored = Game.objects.get(pk=game.pk)
    assert (stored.head_seq, stored.head_hash) == head_before
    assert GameEvent.objects.filter(game=stored).count() == cut
    assert game_events(game=stored) == log[:cut]
    assert chain_check(game=stored)["ok"]

    # the retry (a redelivered task, a client's resend) stores the batch exactly once
    services.game_append(game=stored, expected_seq=cut, events=batch,
                         reproducible=reproducible)
    assert game_events(game=stored) == log[:cut + len(batch)]
    assert game_verify(game=stored)["ok"]
