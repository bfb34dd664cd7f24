"""Attack on the store's judging under real concurrency (PostgreSQL, one connection per
thread): the same seat's choice sent twice at once, together with the two other seats'
choices that complete the round (the reveal starts a new round while the duplicate is
waiting for the lock).

Given the fake simultaneous game at the start of a round / when seat 0's choice is sent
twice and seats 1 and 2 choose, all at the same moment, every request decided at the
same head / then seat 0 has exactly one choice in the round (the duplicate is 409
``already_decided``, or ``stale_seq`` once the reveal began the next round — never a
second choice in the new round), seats 1 and 2 are accepted, and the log verifies.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from gamekit import registry
from replays.errors import ConflictError
from replays.models import Game, GameEvent
from replays.selectors import game_verify
from replays.services import game_create_from_engine, game_submit_input
from tests.core.fake_game import OddOneOut

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("postgres")]


@pytest.mark.parametrize("attempt", range(4))
def test_a_duplicate_choice_racing_the_reveal_is_never_a_second_choice(attempt):
    assert connection.vendor == "postgresql"
    with registry.registered(OddOneOut()):
        game = game_create_from_engine(ruleset=None, seats=["A", "B", "C"],
                                       seed=f"race-{attempt}", game="oddoneout").game
        head = game.head_seq
        jobs = [(0, 1), (0, 1), (1, 2), (2, 3)]
        barrier = threading.Barrier(len(jobs))
        results: dict[int, Any] = {}

        def submit(i: int, seat: int, number: int) -> None:
            from django.db import connection as conn
            try:
                barrier.wait()
                mine = Game.objects.get(pk=game.pk)
                game_submit_input(game=mine, expected_seq=head, seat=seat,
                                  inp={"type": "choose", "seat": seat, "number": number})
                results[i] = "ok"
            except ConflictError as exc:
                results[i] = exc.code
            except Exception as exc:  # noqa: BLE001 - reported below
                results[i] = repr(exc)
            finally:
                conn.close()

        threads = [threading.Thread(target=submit, args=(i, *job)) for i, job in enumerate(jobs)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert results[2] == results[3] == "ok", results
        assert sorted([results[0], results[1]]) in (["already_decided", "ok"],
                                                    ["ok", "stale_seq"]), results
        seats = list(GameEvent.objects.filter(game=game, type="choose").order_by("seq")
                     .values_list("payload__seat", flat=True))
        assert sorted(seats) == [0, 1, 2], seats  # one choice each, all in round 1
        game.refresh_from_db()
        assert game_verify(game=game)["ok"]
