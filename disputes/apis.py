"""The disputes API (mounted under /api/): raise, list, read, take under review,
preview a ruling (the before/after diff of standings and ratings) and rule.

Signed in by session or HTTP Basic. Anyone may read; any signed-in user may raise a
dispute; organisers/arbiters take one under review; only arbiters preview and rule
(403 ``not_arbiter`` otherwise). Errors are ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from replays.apis import ERROR_SCHEMA
from replays.auth import BasicAuthentication
from replays.errors import MalformedError
from replays.pagination import BoundedPagination
from replays.selectors import game_get

from . import selectors, services
from .models import Dispute


class DisputeOutput(serializers.ModelSerializer):
    game = serializers.CharField(source="game_id")
    status = serializers.CharField()
    raised_by = serializers.CharField(source="raised_by.username", default=None,
                                      allow_null=True)
    arbiter = serializers.CharField(source="arbiter.username", default=None, allow_null=True)

    class Meta:
        model = Dispute
        fields = ["id", "game", "seq_from", "seq_to", "clause", "text", "raised_by", "status",
                  "arbiter", "ruling", "adjustment", "ruling_seq", "diff", "history",
                  "created_at", "updated_at", "decided_at"]


def _validated(cls: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    s = cls(data=data)
    if not s.is_valid():
        raise MalformedError("invalid request", details=s.errors)
    return dict(s.validated_data)


class _Auth:
    authentication_classes = [SessionAuthentication, BasicAuthentication]
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]


class DisputeListApi(_Auth, APIView):
    pagination_class = BoundedPagination  # the schema describes the paginated envelope

    class RaiseInput(serializers.Serializer):
        game = serializers.CharField()
        seq_from = serializers.IntegerField(min_value=0)
        seq_to = serializers.IntegerField(min_value=0)
        clause = serializers.CharField(max_length=64)
        text = serializers.CharField(max_length=10000)

    @extend_schema(operation_id="disputes_list", responses=DisputeOutput(many=True),
                   parameters=[OpenApiParameter("game", str), OpenApiParameter("status", str)])
    def get(self, request: Request) -> Response:
        game_id = request.query_params.get("game") or None
        if game_id:
            game_id = game_get(game_id=game_id).pk  # 404 for a bad game id
        qs = selectors.dispute_list(game_id=game_id,
                                    status=request.query_params.get("status") or None)
        paginator = BoundedPagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        return paginator.get_paginated_response(DisputeOutput(page, many=True).data)

    @extend_schema(operation_id="disputes_raise", request=RaiseInput,
                   responses={201: DisputeOutput, 400: ERROR_SCHEMA, 403: ERROR_SCHEMA,
                              404: ERROR_SCHEMA})
    def post(self, request: Request) -> Response:
        data = _validated(self.RaiseInput, request.data)
        game = game_get(game_id=data.pop("game"))
        d = services.dispute_raise(game=game, user=request.user, **data)
        return Response(DisputeOutput(d).data, status=201)


class DisputeDetailApi(_Auth, APIView):
    class EditInput(serializers.Serializer):
        game = serializers.CharField(required=False, help_text="never changes (400)")
        seq_from = serializers.IntegerField(min_value=0, required=False)
        seq_to = serializers.IntegerField(min_value=0, required=False)
        clause = serializers.CharField(max_length=64, required=False)
        text = serializers.CharField(max_length=10000, required=False)

    @extend_schema(operation_id="disputes_retrieve",
                   responses={200: DisputeOutput, 404: ERROR_SCHEMA})
    def get(self, request: Request, pk: str) -> Response:
        return Response(DisputeOutput(selectors.dispute_get(dispute_id=pk)).data)

    @extend_schema(operation_id="disputes_edit", request=EditInput,
                   responses={200: DisputeOutput, 400: ERROR_SCHEMA, 403: ERROR_SCHEMA,
                              404: ERROR_SCHEMA, 409: ERROR_SCHEMA},
                   description=("Change an OPEN dispute's steps, clause or text (its raiser, "
                                "an organiser or an arbiter; 403 `not_raiser`). Once it is "
                                "under review or decided they are frozen: 409 "
                                "`dispute_frozen`; the game never changes (400 "
                                "`frozen_field`)."))
    def patch(self, request: Request, pk: str) -> Response:
        if not hasattr(request.data, "keys"):
            raise MalformedError("send an object {seq_from?, seq_to?, clause?, text?}")
        extra = sorted(set(request.data.keys()) - set(self.EditInput().fields))
        if extra:
            raise MalformedError(f"a dispute has no editable field {extra[0]!r}",
                                 code="frozen_field")
        data = _validated(self.EditInput, request.data)
        d = services.dispute_edit(dispute=selectors.dispute_get(dispute_id=pk),
                                  user=request.user, **data)
        return Response(DisputeOutput(d).data)


class DisputeReviewApi(_Auth, APIView):
    @extend_schema(operation_id="disputes_review", request=None,
                   responses={200: DisputeOutput, 403: ERROR_SCHEMA, 404: ERROR_SCHEMA,
                              409: ERROR_SCHEMA})
    def post(self, request: Request, pk: str) -> Response:
        d = services.dispute_review(dispute=selectors.dispute_get(dispute_id=pk),
                                    user=request.user)
        return Response(DisputeOutput(d).data)


class AdjustmentInput(serializers.Serializer):
    type = serializers.CharField(help_text="result_adjusted | game_voided")
    places = serializers.ListField(child=serializers.IntegerField(), required=False)
    scores = serializers.ListField(child=serializers.IntegerField(), required=False)


class DisputePreviewApi(_Auth, APIView):
    class PreviewInput(serializers.Serializer):
        adjustment = AdjustmentInput()

    @extend_schema(operation_id="disputes_preview", request=PreviewInput,
                   responses={200: OpenApiTypes.OBJECT, 400: ERROR_SCHEMA, 403: ERROR_SCHEMA,
                              404: ERROR_SCHEMA, 409: ERROR_SCHEMA},
                   description=("What upholding would do, without doing it: `{event, diff, "
                                "confirm}` — the compensating event, the before/after diff "
                                "of the table, the standings and the ratings, and the token "
                                "to confirm with."))
    def post(self, request: Request, pk: str) -> Response:
        data = _validated(self.PreviewInput, request.data)
        d = selectors.dispute_get(dispute_id=pk)
        return Response(services.dispute_preview(dispute=d, user=request.user,
                                                 adjustment=dict(data["adjustment"])))


class DisputeRuleApi(_Auth, APIView):
    class RuleInput(serializers.Serializer):
        decision = serializers.CharField(help_text="upheld | dismissed")
        ruling = serializers.CharField(max_length=10000)
        adjustment = AdjustmentInput(required=False)
        confirm = serializers.CharField(required=False, allow_null=True, default=None,
                                        help_text="the preview's confirm token (upheld)")

    @extend_schema(operation_id="disputes_rule", request=RuleInput,
                   responses={200: DisputeOutput, 400: ERROR_SCHEMA, 403: ERROR_SCHEMA,
                              404: ERROR_SCHEMA, 409: ERROR_SCHEMA})
    def post(self, request: Request, pk: str) -> Response:
        data = _validated(self.RuleInput, request.data)
        d = selectors.dispute_get(dispute_id=pk)
        adjustment = dict(data["adjustment"]) if data.get("adjustment") else None
        d = services.dispute_rule(dispute=d, user=request.user, decision=data["decision"],
                                  ruling=data["ruling"], adjustment=adjustment,
                                  confirm=data["confirm"])
        return Response(DisputeOutput(d).data)
