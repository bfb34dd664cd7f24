"""Frames are computed once per (game, head hash, viewer) and cached; Redis when set."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache

from replays import engine, frames
from replays.models import Game
from replays.services import game_append

from .helpers import bot_log, store

pytestmark = pytest.mark.django_db


def test_frames_are_cached_per_head_hash_and_viewer(monkeypatch):
    log = bot_log(seed="cache")
    game = store(log[:6], seed="cache").game
    calls = []
    real = engine.states
    monkeypatch.setattr(engine, "states", lambda ev, **kw: calls.append(1) or real(ev, **kw))
    first = frames.game_frames_json(game=game, viewer=None)
    assert frames.game_frames_json(game=game, viewer=None) == first
    assert len(calls) == 1
    frames.game_frames_json(game=game, viewer=0)  # another viewer: its own entry
    assert len(calls) == 2
    game_append(game=game, expected_seq=6, events=log[6:8])  # new head: recomputed
    game = Game.objects.get(pk=game.pk)
    assert frames.game_frames_json(game=game, viewer=None) != first
    assert len(calls) == 3


@pytest.mark.redis
def test_the_cache_is_redis_when_redis_url_is_set(redis_url, api):
    import redis

    assert settings.CACHES["default"]["BACKEND"].endswith("RedisCache")
    game = store(bot_log(seed="redis"), seed="redis").game
    assert api.get(f"/api/games/{game.pk}/frames/").status_code == 200
    key = f"frames:{frames.FRAMES_FORMAT}:{game.pk}:{game.head_hash}:all"
    assert cache.get(key) is not None
    client = redis.Redis.from_url(redis_url)
    assert client.keys(f"*{key}"), "the frames entry is stored in Redis"


def test_frames_cached_by_an_earlier_format_are_never_served(monkeypatch):
    """An upgrade keeps the head hash; the format in the key keeps old renderings out."""
    game = store(bot_log(seed="fmt"), seed="fmt").game
    stale = b'{"old":"rendering"}'
    cache.set(f"frames:{frames.FRAMES_FORMAT}:{game.pk}:{game.head_hash}:all", stale, 60)
    assert frames.game_frames_json(game=game, viewer=None) == stale
    monkeypatch.setattr(frames, "FRAMES_FORMAT", frames.FRAMES_FORMAT + "-next")
    assert frames.game_frames_json(game=game, viewer=None) != stale
