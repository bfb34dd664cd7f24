"""Replaying a game: its log redacted for the viewer (JSON or NDJSON) and its frames
(``/api/games/{id}/events/``, ``/frames/``, with the head hash as ETag)."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse, StreamingHttpResponse
from django.utils.cache import patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import selectors
from ..renderers import NDJSONRenderer
from .common import ERROR_SCHEMA, after_param, if_none_match, viewer_of


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
        after = after_param(request)
        events = selectors.game_events_for_viewer(game=game, viewer=viewer_of(request, game),
                                                  after=after)
        response: Any
        if getattr(request.accepted_renderer, "format", None) == "ndjson":
            lines = (json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n"
                     for e in events)
            response = StreamingHttpResponse(lines, content_type="application/x-ndjson")
        else:
            response = Response({"game": str(game.pk), "head_seq": game.head_seq,
                                 "head_hash": selectors.head_hash_public(game=game),
                                 "finished": game.status == "finished", "events": events})
        patch_vary_headers(response, ["Authorization", "Accept"])  # differs per viewer
        return response


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
            game=game, viewer=viewer_of(request, game),
            perspective=request.query_params.get("perspective"))
        etag = f'"{selectors.game_etag(game=game, viewer=viewer, as_played=as_played)}"'
        headers = {"ETag": etag, "Vary": "Authorization, Accept",
                   "Cache-Control": "private, no-cache"}
        if etag in if_none_match(request):
            return HttpResponse(status=304, headers=headers)
        body = selectors.game_frames_json(game=game, viewer=viewer, as_played=as_played)
        return HttpResponse(body, content_type="application/json", headers=headers)
