"""Who may act is a set (issue 13, GAMES.md): the store accepts a seat's input while that
seat may act, judged under the game-row lock against the latest head.

Given the fake game «Odd one out» (three seats choose a number at the same time; a
``reveal`` shows them), registered only in these tests / when the seats choose against
the same head, one after another or at the same moment / then every choice is accepted
(no spurious 409), a seat choosing twice gets 409 ``already_decided``, a turn-based
Kolkhoz decision against a stale head still gets 409 ``stale_seq``, and no viewer sees
another seat's number before the reveal.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from gamekit import registry
from replays import engine
from replays.errors import ConflictError
from replays.models import Game, GameEvent
from replays.services import game_create_from_engine, game_submit_input
from tests.core.fake_game import OddOneOut

SEATS = ["Anya", "Boris", "Vera"]


@pytest.fixture
def oddoneout():
    with registry.registered(OddOneOut()):
        yield


def _new(seed: str = "odd-1") -> Game:
    return game_create_from_engine(ruleset=None, seats=SEATS, seed=seed,
                                   game="oddoneout").game


def _choose(seat: int, number: int) -> dict[str, Any]:
    return {"type": "choose", "seat": seat, "number": number}


@pytest.mark.django_db
@pytest.mark.usefixtures("oddoneout")
def test_every_seat_choosing_against_the_same_head_is_accepted():
    game = _new()
    head = game.head_seq  # the opening and the chance bonus
    assert engine.may_act(list(GameEvent.objects.filter(game=game).order_by("seq")
                                .values_list("payload", flat=True)),
                          game="oddoneout") == {0, 1, 2}
    for seat, number in ((1, 2), (0, 1), (2, 2)):
        game_submit_input(game=game, expected_seq=head, inp=_choose(seat, number), seat=seat)
    types = list(GameEvent.objects.filter(game=game, seq__gte=head).order_by("seq")
                 .values_list("type", flat=True))
    assert types[:4] == ["choose", "choose", "choose", "reveal"]
    reveal = GameEvent.objects.get(game=game, seq=head + 3).payload
    assert reveal["numbers"] == [1, 2, 2]


@pytest.mark.django_db
@pytest.mark.usefixtures("oddoneout")
def test_a_seat_choosing_twice_gets_already_decided_and_nothing_is_appended():
    game = _new()
    head = game.head_seq
    game_submit_input(game=game, expected_seq=head, inp=_choose(0, 3), seat=0)
    for expected in (head, head + 1):  # the same request again, and against the new head
        with pytest.raises(ConflictError) as err:
            game_submit_input(game=game, expected_seq=expected, inp=_choose(0, 1), seat=0)
        assert err.value.code == "already_decided"
        assert err.value.extra["decided_seq"] == head
    game.refresh_from_db()
    assert game.head_seq == head + 1


@pytest.mark.django_db
@pytest.mark.usefixtures("oddoneout")
def test_a_choice_against_a_head_before_the_reveal_is_stale():
    # given a round whose reveal happened after the client read the log
    game = _new()
    head = game.head_seq
    for seat in range(3):
        game_submit_input(game=game, expected_seq=head + seat, inp=_choose(seat, 1), seat=seat)
    # when seat 0 sends a choice decided at the old head, then it is stale (a new round)
    with pytest.raises(ConflictError) as err:
        game_submit_input(game=game, expected_seq=head, inp=_choose(0, 2), seat=0)
    assert err.value.code == "stale_seq"


@pytest.mark.django_db
def test_a_stale_turn_based_decision_is_still_409_stale_seq():
    game = game_create_from_engine(ruleset={"preset": "kolkhoz"},
                                   seats=["A", "B", "C", "D"], first_planner=0,
                                   seed="stale").game
    events = list(GameEvent.objects.filter(game=game).order_by("seq")
                  .values_list("payload", flat=True))
    seat = engine.to_move(events)
    inp = engine.legal_for(events, seat)["inputs"][0]
    game_submit_input(game=game, expected_seq=len(events), inp=inp, seat=seat)
    with pytest.raises(ConflictError) as err:
        game_submit_input(game=game, expected_seq=len(events), inp=inp, seat=seat)
    assert err.value.code == "stale_seq"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("oddoneout", "postgres")
def test_two_seats_choosing_at_the_same_moment_are_both_accepted():
    """Real PostgreSQL, two connections: both writers reach the row lock together."""
    assert connection.vendor == "postgresql"
    game = _new("odd-race")
    head = game.head_seq
    barrier = threading.Barrier(2)
    results: dict[int, Any] = {}

    def submit(seat: int) -> None:
        from django.db import connection as conn
        try:
            barrier.wait()
            mine = Game.objects.get(pk=game.pk)
            game_submit_input(game=mine, expected_seq=head, inp=_choose(seat, seat + 1),
                              seat=seat)
            results[seat] = "ok"
        except Exception as exc:  # noqa: BLE001 - reported below
            results[seat] = exc
        finally:
            conn.close()

    threads = [threading.Thread(target=submit, args=(s,)) for s in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert results == {0: "ok", 1: "ok"}
    chosen = GameEvent.objects.filter(game=game, type="choose").values_list("seq", flat=True)
    assert sorted(chosen) == [head, head + 1]


class _LaxOdd(OddOneOut):
    """A game whose ``decide`` forgets to check who may act (seat 2 never may)."""

    id = "oddlax"
    record_format = "oddlax-record/1"

    def may_act(self, state):  # type: ignore[no-untyped-def]
        return super().may_act(state) - {2}

    def decide(self, state, inp, *, seed):  # type: ignore[no-untyped-def]
        if inp.get("type") == "choose" and inp.get("seat") == 2:
            return [{"seq": state.seq, "type": "choose", "seat": 2, "number": 1, "rules": []}]
        return super().decide(state, inp, seed=seed)


@pytest.mark.django_db
def test_the_store_never_appends_a_decision_of_a_seat_that_may_not_act():
    with registry.registered(_LaxOdd()):
        game = game_create_from_engine(ruleset=None, seats=SEATS, seed="lax",
                                       secret="lax-secret", game="oddlax").game
        head = game.head_seq
        with pytest.raises(ConflictError) as err:
            game_submit_input(game=game, expected_seq=head, inp=_choose(2, 1), seat=2)
        assert err.value.code == "not_your_turn"
        game.refresh_from_db()
        assert game.head_seq == head


@pytest.mark.django_db
@pytest.mark.usefixtures("oddoneout")
def test_a_game_without_the_optional_audits_answers_422_not_supported(api):
    from replays.audit import game_regress
    from replays.services import game_import_record

    log = engine.play_bot_game(preset=None, seats=SEATS, seed="no-audits", game="oddoneout")
    record = engine.to_record(log, seed="no-audits", game="oddoneout")
    game = game_import_record(record=record).game
    r = api.post(f"/api/games/{game.pk}/whatif/", {"options": {}}, format="json")
    assert r.status_code == 422 and r.json()["error"]["code"] == "not_supported"
    r = api.get(f"/api/games/{game.pk}/evidence/")
    assert r.status_code == 422 and r.json()["error"]["code"] == "not_supported"
    report = game_regress(game=game)
    assert report["ok"] is False and report["error"]["code"] == "not_supported"
