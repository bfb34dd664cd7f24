"""Live updates: "game G moved" notifications, fed through Redis pub/sub.

What travels through Redis is only ``{"game": id, "head_seq": n}`` on the channel
``kolkhoz:game:<id>`` — never an event or a card. A listener wakes up, reads the store
and redacts for its own viewer (``replays.selectors``), so Redis never carries hidden
information and a lost message costs at most one poll interval.

Without ``REDIS_URL`` (the embedded default) ``publish`` does nothing and
``wait_for_head`` polls the store instead (every ``POLL_S`` seconds). This module waits
in the caller's thread (WSGI); ``live_async`` is the same wait as a coroutine (ASGI).
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from django.conf import settings

from .models import Game

log = logging.getLogger(__name__)
POLL_S = 0.25


def channel(game_id: Any) -> str:
    """The pub/sub channel of one game."""
    return f"kolkhoz:game:{game_id}"


_clients: dict[str, Any] = {}


def _redis() -> Any | None:
    """A Redis client for ``settings.REDIS_URL`` (one connection pool per URL and
    process; thread-safe), or None without Redis."""
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        return None
    client = _clients.get(url)
    if client is None:
        import redis

        client = _clients[url] = redis.Redis.from_url(url, socket_timeout=5,
                                                      socket_connect_timeout=2)
    return client


def publish(*, game_id: Any, head_seq: int) -> None:
    """Tell listeners that ``game_id``'s log now has ``head_seq`` events (best effort:
    a Redis failure is logged, never raised — listeners also re-check the store)."""
    client = _redis()
    if client is None:
        return
    try:
        client.publish(channel(game_id), json.dumps({"game": str(game_id),
                                                     "head_seq": head_seq}))
    except Exception:  # noqa: BLE001 - a notification must never fail a write
        log.warning("live: publish to Redis failed", exc_info=True)


def head_of(game_id: Any) -> tuple[int, str]:
    """``(head_seq, status)`` of a game from the store; ``(0, "finished")`` once it is gone
    (a listener then stops waiting)."""
    row = Game.objects.filter(pk=game_id).values_list("head_seq", "status").first()
    return (row[0], row[1]) if row else (0, "finished")


def wait_for_head(*, game_id: Any, beyond: int, timeout: float) -> int:
    """Block until the game's log has more than ``beyond`` events, the game is finished,
    or ``timeout`` seconds pass; returns the head seq (number of events) then.

    With Redis: subscribe first, then check the store (no lost wake-up), then wait for a
    message (re-checking the store every second in case one was missed). Without:
    poll the store every ``POLL_S`` seconds.
    """
    deadline = time.monotonic() + max(0.0, timeout)
    client = _redis()
    pubsub = None
    if client is not None:
        try:
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(channel(game_id))
        except Exception:  # noqa: BLE001 - fall back to polling the store
            log.warning("live: Redis subscribe failed; polling", exc_info=True)
            pubsub = None
    try:
        while True:
            head, status = head_of(game_id)
            if head > beyond or status == "finished":
                return head
            left = deadline - time.monotonic()
            if left <= 0:
                return head
            if pubsub is not None:
                try:
                    pubsub.get_message(timeout=min(1.0, left))
                except Exception:  # noqa: BLE001
                    log.warning("live: Redis read failed; polling", exc_info=True)
                    pubsub = None
            else:
                time.sleep(min(POLL_S, left))
    finally:
        if pubsub is not None:
            try:
                pubsub.close()
            except Exception:  # noqa: BLE001
                pass
