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
  a thread per listener for as long as it listens).

A client that hangs up cancels its generator (Django's disconnect listener); its waiter
is removed. Under WSGI (gunicorn ``config.wsgi``) the same view waits in its thread.
"""

from __future__ import annotations

import os
import re
from contextlib import aclosing
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)  # as django.core.asgi does, before the imports below

from django.core.handlers.asgi import ASGIHandler  # noqa: E402
from django.core.handlers.base import BaseHandler  # noqa: E402
from django.http import HttpRequest, HttpResponseBase  # noqa: E402

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
            await self.handle(scope, receive, send)  # no ThreadSensitiveContext: see above
            return
        await super().__call__(scope, receive, send)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        if not is_stream(request.path_info):
            return await super().get_response_async(request)
        request.stream_async = True
        response = await live_async.run_sync(self.sync_handler.get_response, request)
        if isinstance(response, WaitFirst):
            request.stream_waited_head = await live_async.wait_for_head(
                game_id=response.game_id, beyond=response.beyond, timeout=response.timeout)
            response = await live_async.run_sync(self.sync_handler.get_response, request)
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
