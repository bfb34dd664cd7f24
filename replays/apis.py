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
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from . import engine, selectors, services
from .errors import AuthError, MalformedError
from .filters import GameFilter
from .models import Game
from .renderers import NDJSONRenderer

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

    class CreateInput(serializers.Serializer):
        ruleset = serializers.JSONField(required=False, allow_null=True, default=None)
        seats = serializers.ListField(child=serializers.CharField(max_length=100),
                                      min_length=1, max_length=8)
        first_planner = serializers.IntegerField(required=False, allow_null=True,
                                                 default=None, min_value=0)
        seed = serializers.CharField(required=False, allow_null=True, default=None,
                                     max_length=512)

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
                   responses={201: CreatedGameSerializer, 400: ERROR_SCHEMA, 422: ERROR_SCHEMA})
    def post(self, request: Request) -> Response:
        data = _validated(self.CreateInput, request.data)
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
    @extend_schema(operation_id="games_verify",
                   responses={200: OpenApiTypes.OBJECT, 404: ERROR_SCHEMA})
    def get(self, request: Request, game_id: str) -> Response:
        game = selectors.game_get(game_id=game_id)
        return Response(selectors.game_verify(game=game))


class GameImportApi(APIView):
    @extend_schema(operation_id="games_import", request=OpenApiTypes.OBJECT,
                   responses={201: CreatedGameSerializer, 400: ERROR_SCHEMA,
                              422: ERROR_SCHEMA},
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
        events = engine.redact(new, viewer, finished=finished)
        return Response({"head_seq": game.head_seq, "head_hash": game.head_hash,
                         "events": events}, status=201)
