"""People at the table: a seat's commands, its legal inputs, the live state, the live
stream (NDJSON long-poll or server-sent events) and a signed-in seat holder's API token
(``/api/games/{id}/commands/``, ``/legal/``, ``/state/``, ``/stream/``, ``/seat-token/``)."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from django.http import HttpResponse, StreamingHttpResponse
from django.utils.cache import patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import engine, live, selectors, services
from ..errors import AuthError, ForbiddenError, MalformedError
from ..models import Game, GameSeat
from ..renderers import NDJSONRenderer
from .common import ERROR_SCHEMA, SeatViewMixin, after_param, game_for, validated


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


class GameCommandApi(SeatViewMixin, APIView):
    """POST a seat's command (see the operation's description)."""

    class CommandInput(serializers.Serializer):
        expected_seq = serializers.IntegerField(
            min_value=0, help_text="the head seq the command was decided at")
        input = serializers.DictField(
            help_text="one input of RECORD_FORMAT.md: trump / swap / play / assign, "
                      "with this seat's number")

    @extend_schema(
        operation_id="games_command", request=CommandInput,
        responses={201: OpenApiTypes.OBJECT, 400: ERROR_SCHEMA, 401: ERROR_SCHEMA,
                   403: ERROR_SCHEMA, 409: ERROR_SCHEMA, 422: ERROR_SCHEMA},
        description=(
            "A seat's decision `{expected_seq, input}` (input shapes: RECORD_FORMAT.md). "
            "201 → `{head_seq, head_hash, events}` (the new events, redacted for the seat). "
            "Errors: 400 `malformed` or the engine's malformed-input code; 401 "
            "`invalid_token` / `not_authenticated` (no seat); 403 `forbidden` (another "
            "seat's input, or this token is another game's); 409 `stale_seq` (carries "
            "`expected_seq`, `head_seq`) or `game_finished`; 422 the engine's code, "
            "message and `rule` (the clause id) — nothing is appended. Each accepted "
            "decision is stored with its `time_used_ms` and `actor`; bots then move "
            "(Celery) and every listener of `/stream/` is woken."),
    )
    def post(self, request: Request, game_id: str) -> Response:
        game = game_for(request, game_id)
        seat = require_seat(self, request, game)
        data = validated(self.CommandInput, request.data)
        new = services.game_submit_input(game=game, expected_seq=data["expected_seq"],
                                          inp=data["input"], seat=seat)
        game.refresh_from_db()
        events = engine.redact(new, seat, finished=game.status == "finished",
                               engine_version=game.engine_version, game=game.game)
        return Response({"head_seq": game.head_seq,
                         "head_hash": selectors.head_hash_public(game=game),
                         "events": events}, status=201)


def require_seat(view: SeatViewMixin, request: Request, game: Game) -> int:
    """The seat ``request`` acts for in ``game``; raises ``ForbiddenError`` (a token of
    another game) or ``AuthError`` (``not_authenticated``: no seat)."""
    seat = view.seat_viewer(request, game)
    if seat is None:
        if isinstance(request.auth, GameSeat):
            raise ForbiddenError("this seat token belongs to another game")
        raise AuthError("a seat token (or a signed-in seat holder) is required",
                        code="not_authenticated")
    return seat


class GameLegalApi(SeatViewMixin, APIView):
    @extend_schema(
        operation_id="games_legal",
        responses={200: OpenApiTypes.OBJECT, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA,
                   404: ERROR_SCHEMA},
        description=(
            "The seat's legal inputs now, from the engine (`kolkhoz_core.choices`): "
            "`{game, head_seq, finished, seat, kind, to_move, yours, options, inputs}` — "
            "`options`: suits (trump), cards (play), `{pass}` / `{hand, cellar}` (swap), "
            "`{card: [fields]}` (assign); `inputs`: complete inputs (not for assign). "
            "Empty unless it is this seat's decision. Needs the seat's token or session."),
    )
    def get(self, request: Request, game_id: str) -> Response:
        game = game_for(request, game_id)
        seat = require_seat(self, request, game)
        return Response(selectors.game_legal(game=game, seat=seat))


class GameStateApi(SeatViewMixin, APIView):
    @extend_schema(
        operation_id="games_state",
        responses={200: OpenApiTypes.OBJECT, 404: ERROR_SCHEMA},
        description=(
            "The current position for the viewer (a seat: its own hand; a spectator of "
            "a live game: public facts only; a finished game: everything) and, for the "
            "seat to move, its legal inputs: `{game, head_seq, head_hash, finished, "
            "viewer, seats, state, legal}`."),
    )
    def get(self, request: Request, game_id: str) -> Response:
        game = game_for(request, game_id)
        viewer = self.seat_viewer(request, game)
        response = Response(selectors.game_live_state(game=game, viewer=viewer))
        patch_vary_headers(response, ["Authorization", "Cookie"])
        response["Cache-Control"] = "private, no-store"
        return response


STREAM_WAIT_DEFAULT_S = 20.0
STREAM_WAIT_MAX_S = 55.0
SSE_HEARTBEAT_S = 15.0


# One server-sent event as a client parses it: ``id`` (the seq), ``event`` (the event type,
# ``end`` at the game's end) and ``data`` (the event as JSON text).
SSE_EVENT_SCHEMA = inline_serializer("StreamEvent", {
    "id": serializers.CharField(required=False),
    "event": serializers.CharField(required=False),
    "data": serializers.CharField(required=False),
})


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
            "`wait` seconds or at the game's end (EventSource reconnects with "
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
        if getattr(request.accepted_renderer, "format", None) == "sse":
            response: Any = StreamingHttpResponse(
                _sse(game.pk, viewer, after, wait), content_type="text/event-stream")
            response["X-Accel-Buffering"] = "no"
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


def _sse(game_id: Any, viewer: int | None, after: int, wait: float) -> Any:
    """The server-sent events of one connection (see ``GameStreamApi``)."""
    deadline = time.monotonic() + wait
    yield "retry: 1000\n\n"
    while True:
        left = deadline - time.monotonic()
        head = live.wait_for_head(game_id=game_id, beyond=after + 1,
                                  timeout=max(0.0, min(left, SSE_HEARTBEAT_S)))
        game = Game.objects.filter(pk=game_id).first()
        if game is None:  # deleted meanwhile (an admin's clean-up): the stream just ends
            return
        for event in _redacted_after(game, viewer, after):
            data = json.dumps(event, separators=(",", ":"), ensure_ascii=False)
            yield f"id: {event.get('seq')}\nevent: {event.get('type')}\ndata: {data}\n\n"
            after = int(event.get("seq", after))
        if game.status == "finished" and after + 1 >= game.head_seq:
            yield f"event: end\ndata: {json.dumps({'head_seq': game.head_seq})}\n\n"
            return
        if time.monotonic() >= deadline:
            return
        if head <= after + 1:
            yield ": keepalive\n\n"


class GameSeatTokenApi(APIView):
    authentication_classes = [SessionAuthentication]

    @extend_schema(
        operation_id="games_seat_token", request=None,
        responses={201: OpenApiTypes.OBJECT, 403: ERROR_SCHEMA, 404: ERROR_SCHEMA},
        description=(
            "For a signed-in account that holds a seat of this game: a fresh secret seat "
            "token `{seat, token}` for the API (`Authorization: Bearer`). Shown once, "
            "stored hashed; the seat's previous token stops working. 403 `not_seated`."),
    )
    def post(self, request: Request, game_id: str) -> Response:
        game = game_for(request, game_id)
        seat, token = services.game_seat_token_issue(game=game, user=request.user)
        return Response({"game": str(game.pk), "seat": seat, "token": token}, status=201)
