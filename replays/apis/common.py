"""What the replay API's views share: the error schema, the game serializers, the viewer
of a request and the small parsers of its input (``MalformedError`` on bad input)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field, inline_serializer
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request

from .. import sealing, selectors, services
from ..auth import SeatTokenAuthentication
from ..errors import MalformedError
from ..models import Game

ERROR_SCHEMA = inline_serializer(
    "Error",
    {"error": inline_serializer("ErrorBody", {
        "code": serializers.CharField(), "message": serializers.CharField(),
        "rule": serializers.CharField(required=False, allow_null=True),
    })},
)


class GameOutputSerializer(serializers.ModelSerializer):
    seed = serializers.SerializerMethodField()
    head_hash = serializers.SerializerMethodField(
        help_text="the hash chain's head once the game is finished; while it is live an "
                  "opaque tag of the head (`live-…`, changes with every append)")

    class Meta:
        model = Game
        fields = ["id", "game", "status", "ruleset", "preset", "seats", "seed_commitment", "seed",
                  "engine_version", "rules_version", "head_seq", "head_hash",
                  "created_at", "updated_at"]

    def get_head_hash(self, game: Game) -> str:
        """``selectors.head_hash_public``: never a live game's chain hash."""
        return selectors.head_hash_public(game=game)

    def get_seed(self, game: Game) -> str | None:
        """The seed, revealed only once the game has ended."""
        return game.seed_revealed if game.status == "finished" else None


class GameListItemSerializer(GameOutputSerializer):
    """A game in the list: the game's fields, plus who won and its tournament table."""

    winners = serializers.SerializerMethodField(
        help_text="the names in first place once the game is finished (several on a shared "
                  "first place); null while it is live (nothing of a live game is read) "
                  "or once an arbiter voided it")
    tournament = serializers.SerializerMethodField(
        help_text="the tournament table that played it, or null: {id, name, round, table}")

    class Meta(GameOutputSerializer.Meta):
        fields = [*GameOutputSerializer.Meta.fields, "winners", "tournament"]

    @extend_schema_field(serializers.ListField(child=serializers.CharField(), allow_null=True))
    def get_winners(self, game: Game) -> list[str] | None:
        """From ``context["winners"]`` (``replays.results.winners`` of the page)."""
        return self.context.get("winners", {}).get(game.pk)

    @extend_schema_field(inline_serializer("GameTournament", {
        "id": serializers.IntegerField(), "name": serializers.CharField(),
        "round": serializers.IntegerField(), "table": serializers.IntegerField()},
        allow_null=True))
    def get_tournament(self, game: Game) -> dict[str, Any] | None:
        """The table's tournament (``Game.table``, declared by tournaments.Table)."""
        table = getattr(game, "table", None)
        if table is None:
            return None
        t = table.round.tournament
        return {"id": t.pk, "name": t.name, "round": table.round.number,
                "table": table.number}


class CreatedGameSerializer(serializers.Serializer):
    game = GameOutputSerializer()
    seat_tokens = serializers.ListField(
        child=serializers.CharField(),
        help_text="One secret token per seat, in seat order. Shown once; stored hashed.",
    )


def created_body(created: services.CreatedGame) -> dict[str, Any]:
    """The 201 body of a created or imported game: ``{game, seat_tokens}``."""
    return {"game": GameOutputSerializer(created.game).data, "seat_tokens": created.seat_tokens}


def viewer_of(request: Request, game: Game) -> int | None:
    """The request's viewer of ``game``: the seat whose token it carries, else None (a
    spectator)."""
    return selectors.viewer_for(game=game, seat=request.auth)


def game_for(request: Request, game_id: Any) -> Game:
    """The game ``game_id`` as ``request`` may read it: ``selectors.game_get`` (404
    ``not_found``), then, while the game is sealed (a duplicate round still being
    played, ``replays.sealing``), only for a request holding one of its seats — its seat
    token, or a signed-in account holding a seat; anyone else gets 403 ``game_sealed``."""
    game = selectors.game_get(game_id=game_id)
    if sealing.game_sealed(game=game) and not sealing.holds_seat(
            game=game, seat=viewer_of(request, game), user=sealing.request_user(request)):
        raise sealing.sealed_error()
    return game


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """``data`` validated by ``serializer_class``; raises ``MalformedError`` (400, with the
    serializer's ``details``)."""
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        raise MalformedError("invalid request", details=serializer.errors)
    return dict(serializer.validated_data)


def after_param(request: Request) -> int | None:
    """The ``after`` query parameter (a seq, ≥ -1), None when absent; raises
    ``MalformedError``."""
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


def if_none_match(request: Request) -> set[str]:
    """The entity tags of the request's ``If-None-Match`` (weak ones as strong)."""
    raw = request.headers.get("If-None-Match", "")
    return {t.strip().removeprefix("W/") for t in raw.split(",") if t.strip()}


class SeatViewMixin:
    """A seat acts by its secret token (``Authorization: Bearer``) or, on the web, by
    the signed-in account that holds it (``GameSeat.user``; session + CSRF)."""

    authentication_classes = [SeatTokenAuthentication, SessionAuthentication]

    @staticmethod
    def seat_viewer(request: Request, game: Game) -> int | None:
        """The seat ``request`` is for in ``game``: its token's seat, else (no token)
        the seat the signed-in account holds; None for a spectator."""
        seat = viewer_of(request, game)
        if seat is None and request.auth is None:
            seat = selectors.seat_of_user(game=game, user=request.user)
        return seat
