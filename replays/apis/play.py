"""People at the table: a seat's commands, its legal inputs, the live state and a
signed-in seat holder's API token (``/api/games/{id}/commands/``, ``/legal/``,
``/state/``, ``/seat-token/``; the live stream ``/stream/`` is ``stream``)."""

from __future__ import annotations

from django.utils.cache import patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import engine, selectors, services
from ..errors import AuthError, ForbiddenError
from ..models import Game, GameSeat
from .common import ERROR_SCHEMA, SeatViewMixin, game_for, validated


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
