"""Games in the store: list, create, detail, import, a seat's input, the record and the
verification (``/api/games/``, ``…/import/``, ``…/{id}/``, ``/inputs/``, ``/record/``,
``/verify/``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import engine, results, selectors, services
from ..errors import AuthError, MalformedError
from ..filters import GameFilter, filter_errors_message
from ..pagination import BoundedPagination
from ..throttles import WholeGameThrottle
from .common import (
    ERROR_SCHEMA,
    CreatedGameSerializer,
    GameListItemSerializer,
    GameOutputSerializer,
    created_body,
    game_for,
    validated,
    viewer_of,
)

#: the most seats a request may name: an upper bound over every game (Korova's ten); each
#: game's own range is checked when the game is created (400 ``bad_seats``)
MAX_SEATS = 10


class GameListApi(APIView):
    class Pagination(BoundedPagination):
        """``?limit=`` (default 50, at most 500) and ``?offset=`` (replays.pagination)."""

    pagination_class = Pagination  # the schema describes the paginated envelope
    throttle_scope = "create"

    def get_throttles(self) -> list[Any]:
        """Creating is throttled (scope ``create``: a game of bots is a whole game's work
        for the workers, on the tables' queue); listing is not."""
        return [WholeGameThrottle()] if self.request.method == "POST" else []

    class CreateInput(serializers.Serializer):
        game = serializers.CharField(
            required=False, default=engine.DEFAULT_GAME, max_length=32,
            help_text="a registered game id (GET /api/catalog/); default kolkhoz")
        ruleset = serializers.JSONField(required=False, allow_null=True, default=None)
        seats = serializers.ListField(child=serializers.CharField(max_length=100),
                                      min_length=1, max_length=MAX_SEATS,
                                      help_text="one name per seat; how many a game takes: "
                                                "its seat range (GET /api/catalog/)")
        first_planner = serializers.IntegerField(required=False, allow_null=True,
                                                 default=None, min_value=0)
        setup = serializers.JSONField(
            required=False, allow_null=True, default=None,
            help_text="optional: the game's own choices fixed at creation, an object "
                      "(Arne: colours — one per seat —, first_player, dummy_colour); "
                      "refused with the engine's code (Arne: 422 invalid_setup)")
        seed = serializers.CharField(
            required=False, allow_null=True, default=None, max_length=512,
            help_text="optional: your contribution to the deals; the server always mixes "
                      "in 128 secret random bits (docs/shuffle.md), revealed at the end")
        bots = serializers.ListField(
            child=serializers.CharField(max_length=40, allow_blank=True), required=False,
            max_length=MAX_SEATS, help_text="per seat: a registered bot that plays it, or '' for a "
                                    "person (bots move through Celery)")

    @extend_schema(operation_id="games_list", responses={200: GameListItemSerializer(many=True),
                                                         400: ERROR_SCHEMA},
                   parameters=[
                       OpenApiParameter("game", str, description="game id (GET /api/catalog/)"),
                       OpenApiParameter("status", str, enum=["live", "finished"]),
                       OpenApiParameter("preset", str, description="ruleset preset"),
                       OpenApiParameter("player", str,
                                        description="part of a seat's player name, any case"),
                       OpenApiParameter("tournament", int,
                                        description="a tournament id: its tables' games"),
                       OpenApiParameter("date_from", OpenApiTypes.DATE,
                                        description="created on or after (UTC)"),
                       OpenApiParameter("date_to", OpenApiTypes.DATE,
                                        description="created on or before (UTC)"),
                   ])
    def get(self, request: Request) -> Response:
        """The stored games, newest first, filtered (``replays.filters.GameFilter``) and
        paginated: ``{count, next, previous, results: [game + winners + tournament]}``.
        A bad filter value: 400 ``malformed`` naming the parameter, with ``details``."""
        filterset = GameFilter(request.query_params, queryset=selectors.game_list())
        if not filterset.is_valid():
            raise MalformedError(filter_errors_message(filterset.errors),
                                 details=filterset.errors)
        qs = filterset.qs.select_related("table__round__tournament")
        paginator = self.Pagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        context = {"winners": results.winners(page)}
        return paginator.get_paginated_response(
            GameListItemSerializer(page, many=True, context=context).data)

    @extend_schema(operation_id="games_create", request=CreateInput,
                   responses={201: CreatedGameSerializer, 400: ERROR_SCHEMA, 422: ERROR_SCHEMA,
                              429: ERROR_SCHEMA})
    def post(self, request: Request) -> Response:
        data = validated(self.CreateInput, request.data)
        bots = data.pop("bots", None)
        if bots:
            created = services.game_create_with_bots(bots=bots, **data)
        else:
            created = services.game_create_from_engine(**data)
        return Response(created_body(created), status=201)


class GameDetailApi(APIView):
    @extend_schema(operation_id="games_retrieve",
                   responses={200: GameOutputSerializer, 404: ERROR_SCHEMA})
    def get(self, request: Request, game_id: str) -> Response:
        game = game_for(request, game_id)
        return Response(GameOutputSerializer(game).data)


class GameRecordApi(APIView):
    @extend_schema(operation_id="games_record",
                   responses={200: OpenApiTypes.OBJECT, 404: ERROR_SCHEMA, 409: ERROR_SCHEMA})
    def get(self, request: Request, game_id: str) -> Response:
        game = game_for(request, game_id)
        return Response(selectors.game_record(game=game))


class GameVerifyApi(APIView):
    throttle_classes = [WholeGameThrottle]
    throttle_scope = "verify"

    @extend_schema(operation_id="games_verify",
                   responses={200: OpenApiTypes.OBJECT, 404: ERROR_SCHEMA, 429: ERROR_SCHEMA})
    def get(self, request: Request, game_id: str) -> Response:
        game = game_for(request, game_id)
        return Response(selectors.game_verify(game=game))


class GameImportApi(APIView):
    throttle_classes = [WholeGameThrottle]
    throttle_scope = "import"

    @extend_schema(operation_id="games_import", request=OpenApiTypes.OBJECT,
                   responses={201: CreatedGameSerializer, 400: ERROR_SCHEMA,
                              422: ERROR_SCHEMA, 429: ERROR_SCHEMA},
                   description="Import a game's record (e.g. kolkhoz-record/1): its `format` "
                               "names the game (400 `unknown_format` otherwise); validated by "
                               "that game's engine.")
    def post(self, request: Request) -> Response:
        created = services.game_import_record(record=request.data)
        return Response(created_body(created), status=201)


class GameInputApi(APIView):
    class InputInput(serializers.Serializer):
        expected_seq = serializers.IntegerField(min_value=0)
        input = serializers.DictField()

    @extend_schema(operation_id="games_input", request=InputInput,
                   responses={201: OpenApiTypes.OBJECT, 400: ERROR_SCHEMA, 401: ERROR_SCHEMA,
                              403: ERROR_SCHEMA, 409: ERROR_SCHEMA, 422: ERROR_SCHEMA},
                   description="Submit the authenticated seat's decision at `expected_seq`.")
    def post(self, request: Request, game_id: str) -> Response:
        game = game_for(request, game_id)
        viewer = viewer_of(request, game)
        if viewer is None:
            raise AuthError("this game's seat token is required")
        data = validated(self.InputInput, request.data)
        new = services.game_submit_input(game=game, expected_seq=data["expected_seq"],
                                          inp=data["input"], seat=viewer)
        game.refresh_from_db()
        finished = game.status == "finished"
        events = engine.redact(new, viewer, finished=finished,
                               engine_version=game.engine_version, game=game.game)
        return Response({"head_seq": game.head_seq,
                         "head_hash": selectors.head_hash_public(game=game),
                         "events": events}, status=201)
