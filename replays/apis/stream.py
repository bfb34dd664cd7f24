"""The live stream ``/api/games/{id}/stream/``: the viewer's redacted events, as an NDJSON
long-poll or as server-sent events, under both servers:

- **WSGI** (gunicorn, the test client): the view waits in its thread
  (``live.wait_for_head``) and the server-sent events are a blocking generator;
- **ASGI** (uvicorn, ``config.asgi``): the same view runs in a small bounded pool only to
  authenticate, validate and read the store; the waiting is a coroutine
  (``live_async.wait_for_head``, one Redis subscription per process) and the server-sent
  events an async generator, so a waiting client holds no thread. A long-poll that must
  wait answers ``WaitFirst`` to ``config.asgi``, which waits and runs the view again with
  the head it saw (``request.stream_waited_head``).

Both write the same bytes: one ``_sse_step`` reads the store and redacts for the viewer
(``selectors.game_events_for_viewer``); Redis only ever says "game G has n events".
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

from django.http import HttpResponse, StreamingHttpResponse
from django.utils.cache import patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from .. import live, selectors
from ..errors import MalformedError
from ..models import Game
from ..renderers import NDJSONRenderer
from .common import ERROR_SCHEMA, SeatViewMixin, after_param, game_for


class SSERenderer(BaseRenderer):
    """``text/event-stream`` (server-sent events). The stream itself is written by
    ``GameStreamApi``; this renders only error bodies, as one ``error`` event."""

    media_type = "text/event-stream"
    format = "sse"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None,
               renderer_context: dict[str, Any] | None = None) -> bytes:
        body = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        return f"event: error\ndata: {body}\n\n".encode()


STREAM_WAIT_DEFAULT_S = 20.0
STREAM_WAIT_MAX_S = 55.0
SSE_HEARTBEAT_S = 15.0
# A server-sent-event stream closes at a random moment of the last quarter of its ``wait``,
# not at ``wait`` exactly: a crowd that connected together (a table going live, a server
# restart) then reconnects spread over that quarter instead of all at once (issue 20: a
# thousand spectators' reconnections at the same second doubled the p95 latency).
SSE_CLOSE_SPREAD = 0.25


def sse_close_after(wait: float) -> float:
    """Seconds an SSE stream asked to ``wait`` seconds stays open: uniform in
    ``[wait × (1 − SSE_CLOSE_SPREAD), wait]`` (never longer than asked)."""
    return wait * (1.0 - SSE_CLOSE_SPREAD * random.random())


# One server-sent event as a client parses it: ``id`` (the seq), ``event`` (the event type,
# ``end`` at the game's end) and ``data`` (the event as JSON text).
SSE_EVENT_SCHEMA = inline_serializer("StreamEvent", {
    "id": serializers.CharField(required=False),
    "event": serializers.CharField(required=False),
    "data": serializers.CharField(required=False),
})


class WaitFirst(HttpResponse):
    """Not an answer: under ASGI, a long-poll that has to wait hands this to
    ``config.asgi``, which waits for ``game_id``'s head to pass ``beyond`` (at most
    ``timeout`` seconds) without a thread, then runs the view again. Never sent."""

    def __init__(self, *, game_id: Any, beyond: int, timeout: float) -> None:
        super().__init__(status=200)
        self.game_id, self.beyond, self.timeout = game_id, beyond, timeout


class GameStreamApi(SeatViewMixin, APIView):
    renderer_classes = [JSONRenderer, NDJSONRenderer, SSERenderer]  # errors: JSON

    @extend_schema(
        operation_id="games_stream",
        parameters=[
            OpenApiParameter("after", int, description="resume: only events with seq > after"),
            OpenApiParameter("wait", float, description=(
                f"seconds to wait for a new event (default {STREAM_WAIT_DEFAULT_S:g}, "
                f"max {STREAM_WAIT_MAX_S:g})")),
        ],
        responses={(200, "application/x-ndjson"): OpenApiTypes.STR,
                   (200, "text/event-stream"): SSE_EVENT_SCHEMA, 404: ERROR_SCHEMA},
        description=(
            "The viewer's redacted events as they happen (a seat sees its own hidden "
            "cards; a spectator of a live game public facts only; once the game is over "
            "everything). Woken through Redis pub/sub (`REDIS_URL`), else by polling the "
            "store. NDJSON long-poll (default, `Accept: application/x-ndjson`): answers "
            "as soon as there are events after `after` (at once if there already are), or "
            "empty after `wait` seconds; headers `X-Head-Seq`, `X-Game-Status`. "
            "Server-sent events (`Accept: text/event-stream` or `?format=sse`): each event "
            "as `id: <seq>`, `event: <type>`, `data: <json>`; heartbeats; closes after "
            "`wait` seconds (at a random moment of its last quarter, so that clients which "
            "connected together do not all reconnect together) or at the game's end "
            "(EventSource reconnects with "
            "`Last-Event-ID`, honoured like `after`)."),
    )
    def get(self, request: Request, game_id: str) -> Any:
        game = game_for(request, game_id)
        viewer = self.seat_viewer(request, game)
        after = after_param(request)
        last_id = request.headers.get("Last-Event-ID", "").strip()
        if after is None and re.fullmatch(r"-?[0-9]{1,18}", last_id, flags=re.ASCII):
            after = max(-1, int(last_id))  # str.isdigit took "²", which int refuses
        after = -1 if after is None else after
        wait = _wait(request)
        served_async = getattr(request._request, "stream_async", False)
        if getattr(request.accepted_renderer, "format", None) == "sse":
            body = (_sse_async(game.pk, viewer, after, wait) if served_async
                    else _sse(game.pk, viewer, after, wait))
            response: Any = StreamingHttpResponse(body, content_type="text/event-stream")
            response["X-Accel-Buffering"] = "no"
            if served_async:
                response.sse_source = body  # config.asgi sends it as it is
        else:
            waited = getattr(request._request, "stream_waited_head", None)
            if waited is not None:
                head = waited
            elif served_async and wait > 0:
                head, status = live.head_of(game.pk)
                if head <= after + 1 and status != "finished":
                    return WaitFirst(game_id=game.pk, beyond=after + 1, timeout=wait)
            else:
                head = live.wait_for_head(game_id=game.pk, beyond=after + 1, timeout=wait)
            # Read again after the wait; a game deleted meanwhile is a 404, not a 500.
            game = selectors.game_get(game_id=game.pk)
            events = _redacted_after(game, viewer, after)
            lines = "".join(json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n"
                            for e in events)
            response = HttpResponse(lines, content_type="application/x-ndjson")
            response["X-Head-Seq"] = str(max(head, game.head_seq))
            response["X-Game-Status"] = game.status
        response["Cache-Control"] = "no-store"
        patch_vary_headers(response, ["Authorization", "Cookie", "Accept"])
        return response


def _wait(request: Request) -> float:
    raw = request.query_params.get("wait")
    if raw in (None, ""):
        return STREAM_WAIT_DEFAULT_S
    try:
        value = float(raw)
    except ValueError as exc:
        raise MalformedError("wait must be a number of seconds") from exc
    if not 0 <= value <= STREAM_WAIT_MAX_S:
        raise MalformedError(f"wait must be between 0 and {STREAM_WAIT_MAX_S:g}")
    return value


def _redacted_after(game: Game, viewer: int | None, after: int) -> list[dict[str, Any]]:
    return selectors.game_events_for_viewer(game=game, viewer=viewer, after=after)


def sse_step(game_id: Any, viewer: int | None, after: int) -> tuple[str, int, str]:
    """One read of the store for one viewer: ``(text, after, state)`` — the server-sent
    events of ``game_id``'s events with seq > ``after`` redacted for ``viewer`` (a seat
    number, None for a spectator), the last seq written, and ``"more"``, ``"end"`` (the
    game is finished and all of it was written, ``end`` event included) or ``"gone"``
    (no such game any more). Blocking (the ORM): ASGI runs it in the bounded pool."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:  # deleted meanwhile (an admin's clean-up): the stream just ends
        return "", after, "gone"
    parts = []
    for event in _redacted_after(game, viewer, after):
        data = json.dumps(event, separators=(",", ":"), ensure_ascii=False)
        parts.append(f"id: {event.get('seq')}\nevent: {event.get('type')}\ndata: {data}\n\n")
        after = int(event.get("seq", after))
    if game.status == "finished" and after + 1 >= game.head_seq:
        parts.append(f"event: end\ndata: {json.dumps({'head_seq': game.head_seq})}\n\n")
        return "".join(parts), after, "end"
    return "".join(parts), after, "more"


def _sse(game_id: Any, viewer: int | None, after: int, wait: float) -> Iterator[str]:
    """The server-sent events of one connection under WSGI (see ``GameStreamApi``)."""
    deadline = time.monotonic() + sse_close_after(wait)
    yield "retry: 1000\n\n"
    while True:
        left = deadline - time.monotonic()
        head = live.wait_for_head(game_id=game_id, beyond=after + 1,
                                  timeout=max(0.0, min(left, SSE_HEARTBEAT_S)))
        text, after, state = sse_step(game_id, viewer, after)
        if text:
            yield text
        if state != "more" or time.monotonic() >= deadline:
            return
        if head <= after + 1:
            yield ": keepalive\n\n"


def _sse_step_bytes(game_id: Any, viewer: int | None, after: int) -> tuple[bytes, int, str]:
    """``sse_step`` with its text encoded once (for every listener that shares it)."""
    text, after, state = sse_step(game_id, viewer, after)
    return text.encode(), after, state


async def _sse_async(game_id: Any, viewer: int | None, after: int,
                     wait: float) -> AsyncIterator[bytes]:
    """The same events under ASGI: waits as a coroutine; the store reads of every
    listener of the same game, viewer and position are shared (``live_async.Hub.shared``:
    one read and one redaction for a thousand spectators; the key names the viewer, so a
    seat's own view is never handed to another)."""
    from .. import live_async

    hub = live_async.hub()
    deadline = time.monotonic() + sse_close_after(wait)
    yield b"retry: 1000\n\n"
    while True:
        left = deadline - time.monotonic()
        head = await live_async.wait_for_head(game_id=game_id, beyond=after + 1, on=hub,
                                              timeout=max(0.0, min(left, SSE_HEARTBEAT_S)))
        text, after, state = await hub.shared(
            ("sse", str(game_id), viewer, after), _sse_step_bytes, game_id, viewer, after)
        if text:
            yield text
        elif head > after + 1 and state == "more":
            # the head said there were events and the read found none (a read begun
            # before the append): wait a beat rather than spin without yielding
            await asyncio.sleep(live.POLL_S / 5)
        if state != "more" or time.monotonic() >= deadline:
            return
        if head <= after + 1:
            yield b": keepalive\n\n"
