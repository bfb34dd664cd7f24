"""Live updates for the ASGI server: ``live.wait_for_head`` as a coroutine, so that a
waiting stream holds no thread.

One ``Hub`` per event loop (per uvicorn worker process) holds **one** Redis connection,
pattern-subscribed to ``kolkhoz:game:*`` (what ``live.publish`` sends: only
``{"game": id, "head_seq": n}``, never an event or a card). Each game someone waits on
has a ``_Watch``: its last known head and status and an ``asyncio.Event`` set on every
change, so a message wakes all of that game's waiters at once. The store is read for a
watch (one query, shared by all its waiters) when it is new, when the subscription was
lost and re-made (messages may have been missed), and once a second while it is waited
on (as ``live.wait_for_head`` re-checks); without Redis every ``live.POLL_S`` seconds.

Blocking work (the ORM) runs in bounded pools, never one thread per client: a request's
authentication and view in ``EXECUTOR`` (``STREAM_THREADS``, default 8), the reads that
every listener waits on in ``FANOUT`` (``STREAM_FANOUT_THREADS``, default 4).
``shared`` runs one blocking call per key at a time and hands its result to every caller
of that key (a thousand spectators at the same position share one read and one
redaction; the key names the viewer, so a seat's view is never handed to anyone else).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
import weakref
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections, connections

from . import live

log = logging.getLogger(__name__)
T = TypeVar("T")

EXECUTOR = ThreadPoolExecutor(max_workers=int(os.environ.get("STREAM_THREADS", "8")),
                              thread_name_prefix="stream")
# The reads every listener waits on (a game's head, the shared redacted events) have a
# small pool of their own, so that a thousand clients reconnecting at once (each
# authenticated in EXECUTOR) never queue in front of the next event's delivery.
FANOUT = ThreadPoolExecutor(max_workers=int(os.environ.get("STREAM_FANOUT_THREADS", "4")),
                            thread_name_prefix="stream-fanout")
RECHECK_S = 1.0  # the store is re-read this often while a game is waited on (Redis up)
RECONNECT_S = 1.0


def _with_connections(fn: Callable[..., T]) -> Callable[..., T]:
    """``fn`` with Django's connection hygiene around it (the pool's threads never see
    ``request_finished``): an unusable or expired connection is dropped first and after."""
    def job(*args: Any, **kwargs: Any) -> T:
        close_old_connections()
        try:
            return fn(*args, **kwargs)
        finally:
            close_old_connections()
    return job


async def run_sync(fn: Callable[..., T], *args: Any, pool: ThreadPoolExecutor = EXECUTOR,
                   **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` in ``pool`` (``EXECUTOR`` unless told; not
    thread-sensitive), awaited."""
    call = sync_to_async(_with_connections(fn), thread_sensitive=False, executor=pool)
    return await call(*args, **kwargs)


def close_pool_connections() -> None:
    """Close the database connection of every thread of ``EXECUTOR`` and ``FANOUT`` (one
    close job per thread, held at a barrier so that each lands on a thread of its own):
    a test's teardown, before its database is dropped."""
    for pool in (EXECUTOR, FANOUT):
        size = pool._max_workers
        barrier = threading.Barrier(size)

        def close(barrier: threading.Barrier = barrier) -> None:
            connections.close_all()
            try:
                barrier.wait(timeout=5)
            except threading.BrokenBarrierError:
                pass

        for future in [pool.submit(close) for _ in range(size)]:
            future.result()


class _Watch:
    """One game's known head while someone waits on it."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.head = -1
        self.status = ""
        self.checked = float("-inf")  # loop time of the last store read
        self.epoch = -1  # the hub's subscription epoch that read saw (-1: none)
        self.users = 0
        self.changed = asyncio.Event()
        self.pending: asyncio.Future[tuple[int, str]] | None = None
        self.ticker: asyncio.Task[None] | None = None

    def wake(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()


class Hub:
    """The per-loop listener (module docstring)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.watches: dict[str, _Watch] = {}
        self.flights: dict[Hashable, asyncio.Future[Any]] = {}
        self.connected = False
        self.epoch = 0
        self._ready = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start listening (once); wait up to 2 s for the subscription (else poll)."""
        if not self.url:
            return
        if self._task is None:
            self._task = asyncio.create_task(self._listen(), name="live-hub")
        if not self._ready.is_set():
            try:
                await asyncio.wait_for(asyncio.shield(self._ready.wait()), 2.0)
            except TimeoutError:
                pass

    async def _listen(self) -> None:
        import redis.asyncio as aioredis

        while True:
            client = aioredis.Redis.from_url(self.url, socket_connect_timeout=2)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.psubscribe(live.channel("*"))
                await pubsub.get_message(timeout=1.0)  # the psubscribe confirmation
                self.epoch += 1
                self.connected = True
                self._ready.set()
                for watch in self.watches.values():  # messages may have been missed
                    watch.wake()
                async for message in pubsub.listen():
                    self._on_message(message)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis went away: poll, then re-subscribe
                log.warning("live_async: Redis subscription lost; polling", exc_info=True)
            finally:
                self.connected = False
                try:
                    await pubsub.aclose()
                    await client.aclose()
                except Exception:  # noqa: BLE001
                    pass
            await asyncio.sleep(RECONNECT_S)

    def _on_message(self, message: dict[str, Any]) -> None:
        try:
            body = json.loads(message["data"])
            game_id, head = str(body["game"]), int(body["head_seq"])
        except (KeyError, TypeError, ValueError):
            return
        watch = self.watches.get(game_id)
        if watch is not None and head > watch.head:
            watch.head = head
            watch.wake()

    def watch(self, game_id: str) -> _Watch:
        """Count one more waiter on ``game_id`` (a new watch starts its re-check timer)."""
        w = self.watches.get(game_id)
        if w is None:
            w = self.watches[game_id] = _Watch(game_id)
            w.ticker = asyncio.create_task(self._tick(w), name=f"live-tick-{game_id}")
        w.users += 1
        return w

    def unwatch(self, w: _Watch) -> None:
        """One waiter fewer; the last one takes the watch and its timer away."""
        w.users -= 1
        if w.users <= 0 and self.watches.get(w.game_id) is w:
            del self.watches[w.game_id]
            if w.ticker is not None:
                w.ticker.cancel()

    async def _tick(self, w: _Watch) -> None:
        """Re-read ``w``'s head from the store every ``RECHECK_S`` (``live.POLL_S``
        without Redis) while it is waited on: one timer per game, not per waiter."""
        while True:
            await asyncio.sleep(RECHECK_S if self.connected else live.POLL_S)
            try:
                await self.refresh(w, max_age=0.0)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the store is down: try again next tick
                log.warning("live_async: reading the head failed", exc_info=True)

    def trusted(self, w: _Watch) -> bool:
        """True when ``w``'s head is current: read from the store while subscribed, and
        every message since applied (same subscription epoch)."""
        return self.connected and w.epoch == self.epoch

    async def refresh(self, w: _Watch, *, max_age: float) -> None:
        """Read ``w``'s head from the store unless it was read less than ``max_age``
        seconds ago; one read at a time per game, shared by its waiters."""
        loop = asyncio.get_running_loop()
        if w.pending is None:
            if loop.time() - w.checked < max_age:
                return
            epoch = self.epoch if self.connected else -1
            fut = asyncio.ensure_future(run_sync(live.head_of, w.game_id, pool=FANOUT))

            def done(f: asyncio.Future[tuple[int, str]]) -> None:
                w.pending = None
                if f.cancelled() or f.exception() is not None:
                    return
                head, status = f.result()
                w.checked, w.epoch = loop.time(), epoch
                if head > w.head or status != w.status:
                    w.head, w.status = max(head, w.head), status
                    w.wake()

            fut.add_done_callback(done)
            w.pending = fut
        await asyncio.shield(w.pending)

    async def shared(self, key: Hashable, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the pool, once for all concurrent callers with ``key``."""
        fut = self.flights.get(key)
        if fut is None or fut.done():  # never a finished read again: it may be stale
            fut = asyncio.ensure_future(run_sync(fn, *args, pool=FANOUT))
            self.flights[key] = fut

            def forget(f: asyncio.Future[Any], key: Hashable = key) -> None:
                if self.flights.get(key) is f:
                    del self.flights[key]

            fut.add_done_callback(forget)
        result: T = await asyncio.shield(fut)
        return result


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """This event loop's hub (made on first use, for ``settings.REDIS_URL``)."""
    loop = asyncio.get_running_loop()
    h = _hubs.get(loop)
    if h is None:
        h = _hubs[loop] = Hub(getattr(settings, "REDIS_URL", "") or "")
    return h


async def wait_for_head(*, game_id: Any, beyond: int, timeout: float,
                        on: Hub | None = None) -> int:
    """``live.wait_for_head`` without a thread: returns the head seq once it is more than
    ``beyond``, the game is finished (or gone), or ``timeout`` seconds have passed.
    ``on``: this loop's hub if the caller has it at hand. A cancelled waiter (the client
    went away) leaves nothing behind."""
    h = on or hub()
    await h.start()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max(0.0, timeout)
    w = h.watch(str(game_id))
    try:
        while True:
            if not h.trusted(w):  # new, or not read since the subscription was (re)made
                await h.refresh(w, max_age=0.0 if h.connected else live.POLL_S / 2)
            if w.head > beyond or w.status == "finished":
                return w.head
            left = deadline - loop.time()
            if left <= 0:
                return max(w.head, 0)
            try:
                async with asyncio.timeout(left):  # a timer, not a task, per waiter
                    await w.changed.wait()
            except TimeoutError:
                pass
    finally:
        h.unwatch(w)


async def shared(key: Hashable, fn: Callable[..., T], *args: Any) -> T:
    """``Hub.shared`` of this loop's hub."""
    return await hub().shared(key, fn, *args)
