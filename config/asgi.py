"""ASGI entry point (``uvicorn config.asgi:application``): the whole app, with the live
stream ``/api/games/{id}/stream/`` served without a thread per client.

Every other path is Django's own ``ASGIHandler``. The stream path differs in two ways
(``replays/apis/stream.py``):

- its view — authentication, parameters, the store reads and the redaction, exactly the
  WSGI code — runs through the synchronous middleware chain in a small bounded pool
  (``replays.live_async.EXECUTOR``) and returns at once: server-sent events as an async
  generator that waits on ``replays.live_async`` (one Redis subscription per process);
  a long-poll that must wait as ``WaitFirst``, after which this handler waits without a
  thread and runs the view again with the head it saw;
- it is not wrapped in a per-request ``ThreadSensitiveContext`` (Django's default gives
  each request its own thread for thread-sensitive calls, kept until the response ends —
  a thread per listener for as long as it listens), and its ``request_started`` /
  ``request_finished`` signals run in the pool too (``handle_stream``).

A client that hangs up cancels its generator (Django's disconnect listener); its waiter
is removed. Under WSGI (gunicorn ``config.wsgi``) the same view waits in its thread.
"""

from __future__ import annotations

import asyncio
import os
import re
from contextlib import aclosing
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)  # as django.core.asgi does, before the imports below

from django.core import signals  # noqa: E402
from django.core.exceptions import RequestAborted  # noqa: E402
from django.core.handlers.asgi import ASGIHandler, get_script_prefix  # noqa: E402
from django.core.handlers.base import BaseHandler  # noqa: E402
from django.http import HttpRequest, HttpResponseBase  # noqa: E402
from django.urls import set_script_prefix  # noqa: E402

from replays import live_async  # noqa: E402
from replays.apis.stream import WaitFirst  # noqa: E402

STREAM_PATH = re.compile(r"/api/games/[^/]+/stream/")


def is_stream(path: str) -> bool:
    """True for the live stream's path (``/api/games/<id>/stream/``)."""
    return STREAM_PATH.fullmatch(path) is not None


class StreamingASGIHandler(ASGIHandler):
    """Django's ASGI handler, with the stream path served as the module docstring says."""

    def __init__(self) -> None:
        super().__init__()
        self.sync_handler = BaseHandler()
        self.sync_handler.load_middleware(is_async=False)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        root = scope.get("root_path", "")
        if scope["type"] == "http" and is_stream(path.removeprefix(root) if root else path):
            await self.handle_stream(scope, receive, send)
            return
        await super().__call__(scope, receive, send)

    async def handle_stream(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """``ASGIHandler.handle`` for the stream path: the same steps, but the request's
        signals, middleware and view run in the pool in one hop (``_respond``), and
        its close in another — never a thread of its own, nor Django's one shared
        thread for thread-sensitive calls (a thousand reconnecting clients queue there)."""
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))
        request, error_response = self.create_request(scope, body_file)
        if request is None:
            body_file.close()
            await self.send_response(error_response, send)
            await live_async.run_sync(error_response.close)
            return
        request.stream_async = True

        async def process() -> HttpResponseBase:
            response = await live_async.run_sync(self._respond, request, scope)
            if isinstance(response, WaitFirst):
                request.stream_waited_head = await live_async.wait_for_head(
                    game_id=response.game_id, beyond=response.beyond,
                    timeout=response.timeout)
                response = await live_async.run_sync(self.sync_handler.get_response, request)
            response._handler_class = self.__class__
            try:
                await self.send_response(response, send)
            except asyncio.CancelledError:
                pass  # the client went away while we were sending
            return response

        tasks = [asyncio.create_task(self.listen_for_disconnect(receive)),
                 asyncio.create_task(process())]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:  # as Django's handle: a disconnect cancels the response
            if not task.done():
                task.cancel()
            try:
                await task
            except (asyncio.CancelledError, RequestAborted):
                pass
        body_file.close()
        if tasks[1].cancelled() or tasks[1].exception() is not None:
            await live_async.run_sync(signals.request_finished.send, sender=self.__class__)
        else:
            await live_async.run_sync(tasks[1].result().close)

    def _respond(self, request: HttpRequest, scope: dict[str, Any]) -> HttpResponseBase:
        signals.request_started.send(sender=self.__class__, scope=scope)
        response: HttpResponseBase = self.sync_handler.get_response(request)
        return response

    async def send_response(self, response: HttpResponseBase, send: Any) -> None:
        """Django's, except for a stream's server-sent events (``sse_source``, bytes
        already): each part goes out as it comes, without Django's per-chunk wrapping
        (a thousand listeners make that the hot path)."""
        source = getattr(response, "sse_source", None)
        if source is None:
            await super().send_response(response, send)
            return
        headers = [(k.encode("ascii"), v.encode("latin1")) for k, v in response.items()]
        headers += [(b"Set-Cookie", c.output(header="").encode("ascii").strip())
                    for c in response.cookies.values()]
        await send({"type": "http.response.start", "status": response.status_code,
                    "headers": headers})
        async with aclosing(source):
            async for part in source:
                await send({"type": "http.response.body", "body": part, "more_body": True})
        await send({"type": "http.response.body", "body": b"", "more_body": False})


application = StreamingASGIHandler()
