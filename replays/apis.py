"""The replay API: one view per operation, small input/output serializers.

Errors are raised as ``replays.errors`` and rendered by
``config.exception_handler``. A request's viewer is its seat if it carries this
game's seat token (``Authorization: Bearer …``), else a spectator.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse, StreamingHttpResponse
from django.utils.cache import patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.renderers import BaseRenderer, BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from . import engine, live, selectors, services
from .auth import SeatTokenAuthentication
from .errors import AuthError, ForbiddenError, MalformedError
from .filters import GameFilter
from .models import Game, GameSeat
from .renderers import NDJSONRenderer
from .throttles import WholeGameThrottle

ERROR_SCHEMA = inline_serializer(
    "Error",
    {"error": inline_serializer("ErrorBody", {
        "code": serializers.CharField(), "message": serializers.CharField(),
        "rule": serializers.CharField(required=False, allow_null=True),
    })},
)


class GameOutputSerializer(serializers.ModelSerializer):
    seed = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = ["id", "status", "ruleset", "preset", "seats", "seed_commitment", "seed",
                  "engine_version", "rules_version", "head_seq", "head_hash",
                  "created_at", "updated_at"]

    def get_seed(self, game: Game) -> str | None:
        """The seed, revealed only once the game has ended."""
        return game.seed_revealed if game.status == "finished" else None


class CreatedGameSerializer(serializers.Serializer):
    game = GameOutputSerializer()
    seat_tokens = serializers.ListField(
        child=serializers.CharField(),
        help_text="One secret token per seat, in seat order. Shown once; stored hashed.",
    )


def _created(created: services.CreatedGame) -> dict[str, Any]:
    return {"game": GameOutputSerializer(created.game).data, "seat_tokens": created.seat_tokens}


def _viewer(request: Request, game: Game) -> int | None:
    return selectors.viewer_for(game=game, seat=request.auth)


class GameListApi(APIView):
    class Pagination(LimitOffsetPagination):
        default_limit = 50
        max_limit = 500

    pagination_class = Pagination  # the schema describes the paginated envelope
    throttle_scope = "create"

    def get_throttles(self) -> list[Any]:
        """Creating is throttled (scope ``create``: a game of bots is a whole game's work
        for the workers, on the tables' queue); listing is not."""
        return [WholeGameThrottle()] if self.request.method == "POST" else []

    class CreateInput(serializers.Serializer):
        ruleset = serializers.JSONField(required=False, allow_null=True, default=None)
        seats = serializers.ListField(child=serializers.CharField(max_length=100),
                                      min_length=1, max_length=8)
        first_planner = serializers.IntegerField(required=False, allow_null=True,
                                                 default=None, min_value=0)
        seed = serializers.CharField(
            required=False, allow_null=True, default=None, max_length=512,
            help_text="optional: your contribution to the deals; the server always mixes "
                      "in 128 secret random bits (docs/shuffle.md), revealed at the end")
        bots = serializers.ListField(
            child=serializers.CharField(max_length=40, allow_blank=True), required=False,
            max_length=8, help_text="per seat: a registered bot that plays it, or '' for a "
                                    "person (bots move through Celery)")

    @extend_schema(operation_id="games_list", responses=GameOutputSerializer(many=True),
                   parameters=[
                       OpenApiParameter("status", str, enum=["live", "finished"]),
                       OpenApiParameter("preset", str, description="ruleset preset"),
                       OpenApiParameter("player", str, description="a seat's player name"),
                   ])
    def get(self, request: Request) -> Response:
        filterset = GameFilter(request.query_params, queryset=selectors.game_list())
        if not filterset.is_valid():
            raise MalformedError("invalid filter", details=filterset.errors)
        qs = filterset.qs
        paginator = self.Pagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        return paginator.get_paginated_response(GameOutputSerializer(page, many=True).data)

    @extend_schema(operation_id="games_create", request=CreateInput,
                   responses={201: CreatedGameSerializer, 400: ERROR_SCHEMA, 422: ERROR_SCHEMA,
                              429: ERROR_SCHEMA})
    def post(self, request: Request) -> Response:
        data = _validated(self.CreateInput, request.data)
        bots = data.pop("bots", None)
        if bots:
            created = services.game_create_with_bots(bots=bots, **data)
        else:
            created = services.game_create_from_engine(**data)
        return Response(_created(created), status=201)


def _validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        raise MalformedError("invalid request", details=serializer.errors)
    return dict(serializer.validated_data)


class GameDetailApi(APIView):
    @extend_schema(operation_id="games_retrieve",
                   responses={200: GameOutputSerializer, 404: ERROR_SCHEMA})
    def get(self, request: Request, game_id: str) -> Response:
        game = selectors.game_get(game_id=game_id)
        return Response(GameOutputSerializer(game).data)


class GameEventsApi(APIView):
    renderer_classes = [JSONRenderer, NDJSONRenderer, BrowsableAPIRenderer]

    @extend_schema(
        operation_id="games_events",
        parameters=[OpenApiParameter("after", int, description="only seq > after")],
        responses={200: OpenApiTypes.OBJECT, 404: ERROR_SCHEMA},
        description=("The log redacted for the viewer. JSON: `{head_seq, head_hash, finished, "
                     "events}`; with `Accept: application/x-ndjson` (or `?format=ndjson`), "
                     "a stream of one event per line."),
    )
    def get(self, request: Request, game_id: str) -> Any:
        game = selectors.game_get(game_id=game_id)
        after = _after(request)
        events = selectors.game_events_for_viewer(game=game, viewer=_viewer(request, game),
                                                  after=after)
        response: Any
        if getattr(request.accepted_renderer, "format", None) == "ndjson":
            lines = (json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n"
                     for e in events)
            response = StreamingHttpResponse(lines, content_type="application/x-ndjson")
        else:
            response = Response({"game": str(game.pk), "head_seq": game.head_seq,
                                 "head_hash": game.head_hash,
                                 "finished": game.status == "finished", "events": events})
        patch_vary_headers(response, ["Authorization", "Accept"])  # differs per viewer
        return response


def _after(request: Request) -> int | None:
    raw = request.query_params.get("after")
    if raw in (None, ""):
        return None
    try:
        value = int(raw)
    except ValueError as exc:
        raise MalformedError("after must be an integer seq") from exc
    if value < -1:
        raise MalformedError("after must be >= -1")
    return value


class GameFramesApi(APIView):
    @extend_schema(
        operation_id="games_frames",
        responses={200: OpenApiTypes.OBJECT, 304: None, 400: ERROR_SCHEMA, 403: ERROR_SCHEMA,
                   404: ERROR_SCHEMA},
        parameters=[OpenApiParameter(
            "perspective", str,
            description=("`spectator` or a seat `0`-`3`: a finished game replayed as that "
                         "viewer saw it during play; on a live game a spectator's, or a "
                         "seat's with that seat's token (403 `perspective_forbidden`)."))],
        description=("The state after every step, rendered for the viewer, with each step's "
                     "caption and clause ids. ETag: the head hash (per viewer while live)."),
    )
    def get(self, request: Request, game_id: str) -> HttpResponse:
        game = selectors.game_get(game_id=game_id)
        viewer, as_played = selectors.frames_perspective(
            game=game, viewer=_viewer(request, game),
            perspective=request.query_params.get("perspective"))
        etag = f'"{selectors.game_etag(game=game, viewer=viewer, as_played=as_played)}"'
        headers = {"ETag": etag, "Vary": "Authorization, Accept",
                   "Cache-Control": "private, no-cache"}
        if etag in _if_none_match(request):
            return HttpResponse(status=304, headers=headers)
        body = selectors.game_frames_json(game=game, viewer=viewer, as_played=as_played)
        return HttpResponse(body, content_type="application/json", headers=headers)


def _if_none_match(request: Request) -> set[str]:
    raw = request.headers.get("If-None-Match", "")
    return {t.strip().removeprefix("W/") for t in raw.split(",") if t.strip()}


class GameRecordApi(APIView):
    @extend_schema(operation_id="games_record",
                   responses={200: OpenApiTypes.OBJECT, 404: ERROR_SCHEMA, 409: ERROR_SCHEMA})
    def get(self, request: Request, game_id: str) -> Response:
        game = selectors.game_get(game_id=game_id)
        return Response(selectors.game_record(game=game))


class GameVerifyApi(APIView):
    throttle_classes = [WholeGameThrottle]
    throttle_scope = "verify"

    @extend_schema(operation_id="games_verify",
                   responses={200: OpenApiTypes.OBJECT, 404: ERROR_SCHEMA, 429: ERROR_SCHEMA})
    def get(self, request: Request, game_id: str) -> Response:
        game = selectors.game_get(game_id=game_id)
        return Response(selectors.game_verify(game=game))


class GameImportApi(APIView):
    throttle_classes = [WholeGameThrottle]
    throttle_scope = "import"

    @extend_schema(operation_id="games_import", request=OpenApiTypes.OBJECT,
                   responses={201: CreatedGameSerializer, 400: ERROR_SCHEMA,
                              422: ERROR_SCHEMA, 429: ERROR_SCHEMA},
                   description="Import a kolkhoz-record/1 document (validated by the engine).")
    def post(self, request: Request) -> Response:
        created = services.game_import_record(record=request.data)
        return Response(_created(created), status=201)


class GameInputApi(APIView):
    class InputInput(serializers.Serializer):
        expected_seq = serializers.IntegerField(min_value=0)
        input = serializers.DictField()

    @extend_schema(operation_id="games_input", request=InputInput,
                   responses={201: OpenApiTypes.OBJECT, 400: ERROR_SCHEMA, 401: ERROR_SCHEMA,
                              403: ERROR_SCHEMA, 409: ERROR_SCHEMA, 422: ERROR_SCHEMA},
                   description="Submit the authenticated seat's decision at `expected_seq`.")
    def post(self, request: Request, game_id: str) -> Response:
        game = selectors.game_get(game_id=game_id)
        viewer = _viewer(request, game)
        if viewer is None:
            raise AuthError("this game's seat token is required")
        data = _validated(self.InputInput, request.data)
        new = services.game_submit_input(game=game, expected_seq=data["expected_seq"],
                                          inp=data["input"], seat=viewer)
        game.refresh_from_db()
        finished = game.status == "finished"
        events = engine.redact(new, viewer, finished=finished,
                               engine_version=game.engine_version)
        return Response({"head_seq": game.head_seq, "head_hash": game.head_hash,
                         "events": events}, status=201)


# -- audits: explanations, what-if, evidence -------------------------------------------


class GameExplainApi(APIView):
    @extend_schema(
        operation_id="games_explain",
        parameters=[OpenApiParameter("seq", int, description="one event's explanation")],
        responses={200: OpenApiTypes.OBJECT, 400: ERROR_SCHEMA, 404: ERROR_SCHEMA},
        description=("Plain-language explanations of the rulings, built from the facts and "
                     "clause ids the engine recorded, for the viewer (hidden cards stay "
                     "hidden). With `?seq=N`: `{seq, type, text, rules, facts, anchors, "
                     "event}`; without: `{head_seq, finished, explanations: [{seq, type, "
                     "text, rules}]}`."),
    )
    def get(self, request: Request, game_id: str) -> Response:
        from .audit import game_explain

        game = selectors.game_get(game_id=game_id)
        raw = request.query_params.get("seq")
        seq = None
        if raw not in (None, ""):
            try:
                seq = int(raw)
            except ValueError as exc:
                raise MalformedError("seq must be an integer") from exc
        response = Response(game_explain(game=game, viewer=_viewer(request, game), seq=seq))
        patch_vary_headers(response, ["Authorization"])
        return response


class GameWhatIfApi(APIView):
    throttle_classes = [WholeGameThrottle]
    throttle_scope = "whatif"

    class WhatIfInput(serializers.Serializer):
        options = serializers.DictField(required=False, default=dict,
                                        help_text="option name → value, e.g. "
                                                  '{"swap_scope": "hidden"}')
        preset = serializers.ChoiceField(choices=["kolkhoz", "kolkhoznik", "zone"],
                                         required=False, allow_null=True, default=None)

    @extend_schema(
        operation_id="games_whatif", request=WhatIfInput,
        responses={200: OpenApiTypes.OBJECT, 400: ERROR_SCHEMA, 404: ERROR_SCHEMA,
                   409: ERROR_SCHEMA, 422: ERROR_SCHEMA, 429: ERROR_SCHEMA},
        description=("Re-adjudicate a finished game's inputs under another ruleset or "
                     "interpretation option: `{illegal: {input, code, rule, message}}`, or "
                     "`{divergence: {seq, original, alternative}, scores: [before, after], "
                     "places: [before, after], explanation}`, or `{same: true}`."),
    )
    def post(self, request: Request, game_id: str) -> Response:
        from .audit import game_whatif

        game = selectors.game_get(game_id=game_id)
        data = _validated(self.WhatIfInput, request.data)
        return Response(game_whatif(game=game, options=dict(data["options"]),
                                    preset=data["preset"]))


class GameEvidenceApi(APIView):
    throttle_classes = [WholeGameThrottle]
    throttle_scope = "evidence"

    @extend_schema(
        operation_id="games_evidence",
        responses={200: OpenApiTypes.OBJECT, 404: ERROR_SCHEMA, 409: ERROR_SCHEMA,
                   429: ERROR_SCHEMA},
        description=("The evidence bundle (`kolkhoz-evidence/1`, one JSON file to download): "
                     "record, every event with its hash, seed and commitment, engine "
                     "version, and how to check it with `python -m kolkhoz_core verify`."),
    )
    def get(self, request: Request, game_id: str) -> HttpResponse:
        from .audit import game_evidence

        game = selectors.game_get(game_id=game_id)
        bundle = game_evidence(game=game)
        body = json.dumps(bundle, ensure_ascii=False, indent=1).encode("utf-8")
        return HttpResponse(body, content_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="kolkhoz-evidence-{game.pk}.json"',
            "ETag": f'"{game.head_hash}"',
        })
# -- people at the table: commands, legal inputs, live state and stream -----------------


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


class SeatViewMixin:
    """A seat acts by its secret token (``Authorization: Bearer``) or, on the web, by
    the signed-in account that holds it (``GameSeat.user``; session + CSRF)."""

    authentication_classes = [SeatTokenAuthentication, SessionAuthentication]

    @staticmethod
    def seat_viewer(request: Request, game: Game) -> int | None:
        seat = _viewer(request, game)
        if seat is None and request.auth is None:
            seat = selectors.seat_of_user(game=game, user=request.user)
        return seat


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
        game = selectors.game_get(game_id=game_id)
        seat = _require_seat(self, request, game)
        data = _validated(self.CommandInput, request.data)
        new = services.game_submit_input(game=game, expected_seq=data["expected_seq"],
                                          inp=data["input"], seat=seat)
        game.refresh_from_db()
        events = engine.redact(new, seat, finished=game.status == "finished",
                               engine_version=game.engine_version)
        return Response({"head_seq": game.head_seq, "head_hash": game.head_hash,
                         "events": events}, status=201)


def _require_seat(view: SeatViewMixin, request: Request, game: Game) -> int:
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
        game = selectors.game_get(game_id=game_id)
        seat = _require_seat(self, request, game)
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
        game = selectors.game_get(game_id=game_id)
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
        game = selectors.game_get(game_id=game_id)
        viewer = self.seat_viewer(request, game)
        after = _after(request)
        last_id = request.headers.get("Last-Event-ID", "")
        if after is None and last_id.strip().lstrip("-").isdigit():
            after = int(last_id)
        after = -1 if after is None else after
        wait = _wait(request)
        if getattr(request.accepted_renderer, "format", None) == "sse":
            response: Any = StreamingHttpResponse(
                _sse(game.pk, viewer, after, wait), content_type="text/event-stream")
            response["X-Accel-Buffering"] = "no"
        else:
            head = live.wait_for_head(game_id=game.pk, beyond=after + 1, timeout=wait)
            game.refresh_from_db()
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
    import time

    deadline = time.monotonic() + wait
    yield "retry: 1000\n\n"
    while True:
        left = deadline - time.monotonic()
        head = live.wait_for_head(game_id=game_id, beyond=after + 1,
                                  timeout=max(0.0, min(left, SSE_HEARTBEAT_S)))
        game = Game.objects.get(pk=game_id)
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
        game = selectors.game_get(game_id=game_id)
        seat, token = services.game_seat_token_issue(game=game, user=request.user)
        return Response({"game": str(game.pk), "seat": seat, "token": token}, status=201)
