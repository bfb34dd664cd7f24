"""Audits of a game: explanations of its rulings, what-if re-adjudication and the
evidence bundle (``/api/games/{id}/explain/``, ``/whatif/``, ``/evidence/``)."""

from __future__ import annotations

import json

from django.http import HttpResponse
from django.utils.cache import patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import selectors
from ..audit import game_evidence, game_explain, game_whatif
from ..errors import MalformedError
from ..throttles import WholeGameThrottle
from .common import ERROR_SCHEMA, game_for, validated, viewer_of


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
        game = game_for(request, game_id)
        raw = request.query_params.get("seq")
        seq = None
        if raw not in (None, ""):
            try:
                seq = int(raw)
            except ValueError as exc:
                raise MalformedError("seq must be an integer") from exc
        response = Response(game_explain(game=game, viewer=viewer_of(request, game),
                                         seq=seq))
        patch_vary_headers(response, ["Authorization"])
        return response


class GameWhatIfApi(APIView):
    throttle_classes = [WholeGameThrottle]
    throttle_scope = "whatif"

    class WhatIfInput(serializers.Serializer):
        options = serializers.DictField(required=False, default=dict,
                                        help_text="option name → value, e.g. "
                                                  '{"swap_scope": "hidden"}')
        # any game's preset name (Korova "tactical", Arne "misere", ...): the game's
        # engine judges it — one it does not have is 400 in every game, with the game's
        # code (Kolkhoz ``unknown_preset``, the others ``invalid_ruleset``; docs/engine-api.md)
        preset = serializers.CharField(max_length=40, required=False, allow_null=True,
                                       default=None,
                                       help_text="a preset of this game, e.g. kolkhoznik")

    @extend_schema(
        operation_id="games_whatif", request=WhatIfInput,
        responses={200: OpenApiTypes.OBJECT, 400: ERROR_SCHEMA, 404: ERROR_SCHEMA,
                   409: ERROR_SCHEMA, 422: ERROR_SCHEMA, 429: ERROR_SCHEMA},
        description=("Re-adjudicate a finished game's inputs under another ruleset or "
                     "interpretation option: `{illegal: {input, code, rule, message}}`, or "
                     "`{divergence: {seq, original, alternative}, scores: [before, after], "
                     "places: [before, after], explanation}`, or `{same: true}`. A preset or an "
                     "option the game does not have: 400 with the game's own code (Kolkhoz "
                     "`unknown_preset` / `unknown_option`, the other games "
                     "`invalid_ruleset`)."),
    )
    def post(self, request: Request, game_id: str) -> Response:
        game = game_for(request, game_id)
        data = validated(self.WhatIfInput, request.data)
        return Response(game_whatif(game=game, options=dict(data["options"]),
                                    preset=data["preset"]))


class GameEvidenceApi(APIView):
    throttle_classes = [WholeGameThrottle]
    throttle_scope = "evidence"

    @extend_schema(
        operation_id="games_evidence",
        responses={200: OpenApiTypes.OBJECT, 404: ERROR_SCHEMA, 409: ERROR_SCHEMA,
                   422: ERROR_SCHEMA, 429: ERROR_SCHEMA},
        description=("The evidence bundle (`kolkhoz-evidence/1`, one JSON file to download): "
                     "record, every event with its hash, seed and commitment, engine "
                     "version, and how to check it with `python -m kolkhoz_core verify`. "
                     "409 `game_not_finished`; 422 `not_supported` for a game without "
                     "evidence bundles (every game but Kolkhoz: its record and "
                     "`/verify/` instead)."),
    )
    def get(self, request: Request, game_id: str) -> HttpResponse:
        game = game_for(request, game_id)
        bundle = game_evidence(game=game)
        body = json.dumps(bundle, ensure_ascii=False, indent=1).encode("utf-8")
        return HttpResponse(body, content_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="kolkhoz-evidence-{game.pk}.json"',
            "ETag": f'"{selectors.head_hash_public(game=game)}"',
        })
