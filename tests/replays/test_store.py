"""The event store: appends at an expected seq, conflicts, the hash chain."""

from __future__ import annotations

import pytest

from replays import chain, selectors
from replays.errors import ConflictError, MalformedError
from replays.models import Game, GameEvent, GameStatus
from replays.services import game_append, token_hash

from .helpers import SEATS, bot_log, store

pytestmark = pytest.mark.django_db


def test_create_stores_opening_events_with_chain_and_seat_tokens():
    events = bot_log()[:2]
    created = store(events)
    game = Game.objects.get(pk=created.game.pk)
    assert game.head_seq == 2 and game.status == GameStatus.LIVE
    assert game.seats == SEATS
    rows = list(GameEvent.objects.filter(game=game).order_by("seq"))
    assert [r.payload for r in rows] == events
    assert [r.seq for r in rows] == [0, 1]
    assert [r.type for r in rows] == [e["type"] for e in events]
    assert rows[0].prev_hash == chain.GENESIS and rows[1].prev_hash == rows[0].hash
    assert game.head_hash == rows[1].hash == chain.hashes(events)[-1]
    # tokens: one per seat, stored only hashed
    assert len(created.seat_tokens) == 4 and len(set(created.seat_tokens)) == 4
    hashes = set(game.seat_set.values_list("token_hash", flat=True))
    assert hashes == {token_hash(t) for t in created.seat_tokens}
    assert not hashes & set(created.seat_tokens)


def test_given_a_live_game_when_appending_at_head_then_the_log_grows():
    log = bot_log()
    created = store(log[:2])
    game_append(game=created.game, expected_seq=2, events=log[2:10])
    game = Game.objects.get(pk=created.game.pk)
    assert game.head_seq == 10
    assert selectors.game_events(game=game) == log[:10]
    assert selectors.chain_check(game=game)["ok"]


def test_given_a_stale_expected_seq_then_conflict_and_nothing_written():
    log = bot_log()
    created = store(log[:5])
    with pytest.raises(ConflictError) as err:
        game_append(game=created.game, expected_seq=4, events=[{**log[4]}])
    assert err.value.status == 409 and err.value.code == "stale_seq"
    with pytest.raises(ConflictError):
        game_append(game=created.game, expected_seq=6, events=log[6:7])
    assert GameEvent.objects.filter(game=created.game).count() == 5


def test_an_event_whose_seq_field_disagrees_is_malformed():
    log = bot_log()
    created = store(log[:2])
    with pytest.raises(MalformedError):
        game_append(game=created.game, expected_seq=2, events=[log[3]])
    with pytest.raises(MalformedError):
        game_append(game=created.game, expected_seq=2, events=[])
    with pytest.raises(MalformedError):
        game_append(game=created.game, expected_seq=2, events=[{"seq": 2}])


def test_the_whole_game_finishes_and_reveals_its_seed():
    log = bot_log(seed="reveal-me")
    created = store(log[:3], seed="reveal-me")
    game_append(game=created.game, expected_seq=3, events=log[3:])
    game = Game.objects.get(pk=created.game.pk)
    assert game.status == GameStatus.FINISHED
    assert game.seed_revealed == log[-1].get("seed")
    assert game.head_seq == len(log)


def test_our_chain_equals_the_engines_hash_chain():
    import kolkhoz_core

    log = bot_log()
    assert chain.hashes(log) == list(kolkhoz_core.hash_chain(log))
    assert chain.canonical_json(log[0]) == kolkhoz_core.canonical_json(log[0])


def test_canonical_json_keeps_non_ascii_and_sorts_keys():
    assert chain.canonical_json({"b": 1, "a": "Пётр"}) == '{"a":"Пётр","b":1}'
