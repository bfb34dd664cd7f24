"""Attack on commit durability (issue 13: ``durable`` vs ``reproducible``).

``game_append(reproducible=True)`` runs ``SET LOCAL synchronous_commit TO OFF`` "for this
transaction only". But ``SET LOCAL`` inside a savepoint lasts until the *outer*
transaction ends: a reproducible append made inside a caller's transaction makes the
caller's whole commit asynchronous — whatever else it holds (a person's input, a new
game and the seat tokens just shown to its creator).

Given PostgreSQL / when a person's input is accepted, a game with bot seats is created,
or a caller's transaction makes a reproducible append / then that transaction commits
with ``synchronous_commit`` on.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection, transaction

from replays import engine, services
from replays.advance import stored_events

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("postgres")]


def _setting() -> str:
    with connection.cursor() as cur:
        cur.execute("SHOW synchronous_commit")
        return str(cur.fetchone()[0])


def _people(seed: str) -> Any:
    return services.game_create_from_engine(ruleset={"preset": "kolkhoz"},
                                           seats=["A", "B", "C", "D"], first_planner=0,
                                           seed=seed).game


def test_a_persons_input_commits_durably(monkeypatch):
    seen: list[str] = []
    real = services._send_input_accepted
    monkeypatch.setattr(services, "_send_input_accepted",
                        lambda **kw: (seen.append(_setting()), real(**kw))[1])
    game = _people("durable-input")
    events = stored_events(game)
    services.game_submit_input(game=game, expected_seq=len(events),
                               inp=engine.legal_for(events, 0)["inputs"][0], seat=0)
    assert seen == ["on"]


def test_a_reproducible_append_leaves_the_callers_transaction_durable():
    game = _people("durable-outer")
    events = stored_events(game)
    inp = engine.legal_for(events, 0)["inputs"][0]
    new = engine.definition().decide(engine.fold_log(events).state, inp, seed=None)
    with transaction.atomic():  # e.g. a request that also holds a person's input
        services.game_append(game=game, expected_seq=len(events), events=new,
                             reproducible=True)
        assert _setting() == "on"


def test_a_game_created_with_bot_seats_commits_durably(monkeypatch):
    """The 201 hands its creator the seat tokens: the game must survive a crash."""
    seen: list[str] = []
    real = services.game_seats_assign
    monkeypatch.setattr(services, "game_seats_assign",
                        lambda **kw: (seen.append(_setting()), real(**kw))[1])
    monkeypatch.setattr(services.dispatch, "bot_seats_enqueue", lambda game_id: None)
    services.game_create_with_bots(bots=["", "random", "random", "random"],
                                   seats=["P", "B1", "B2", "B3"],
                                   ruleset={"preset": "kolkhoz"}, seed="durable-bots")
    assert seen == ["on"]


def test_a_bot_stretch_in_its_own_transaction_still_commits_asynchronously(monkeypatch):
    """The throughput the option exists for stays: the table task's own appends."""
    from replays import store
    from replays.advance import SeatBot, game_advance

    game = _people("async-bots")
    seen: list[str] = []
    real = store._insert_events
    monkeypatch.setattr(store, "_insert_events",
                        lambda rows: (seen.append(_setting()), real(rows))[1])
    bots = {s: SeatBot(engine.bot("random"), "bot:random") for s in range(4)}
    done = game_advance(game=game, bots=bots)
    assert done.finished and seen and set(seen) == {"off"}
