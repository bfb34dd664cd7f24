"""Replaying a game: its log redacted for the viewer (JSON or NDJSON) and its frames
(``/api/games/{id}/events/``, ``/frames/``, with the head hash as ETag; the frames are
built by ``replays.frames``)."""

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

from .. import frames, selectors
from ..renderers import NDJSONRenderer
from .common import (
    ERROR_SCHEMA,
    SeatViewMixin,
    after_param,
    game_for,
    if_none_match,
    viewer_of,
)


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
        game = game_for(request, game_id)
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


class GameFramesApi(SeatViewMixin, APIView):
    @extend_schema(
        operation_id="games_frames",
        responses={200: OpenApiTypes.OBJECT, 304: None, 400: ERROR_SCHEMA, 403: ERROR_SCHEMA,
                   404: ERROR_SCHEMA},
        parameters=[
            OpenApiParameter("perspective", str, description=(
                "`spectator` or a seat number: a finished game replayed as that viewer "
                "saw it during play; on a live game a spectator's, or a seat's by that "
                "seat only (its token, or the signed-in account holding it; else 403 "
                "`perspective_forbidden`)")),
            OpenApiParameter("after", int, description=(
                "only the frames of steps with seq > after (a page that holds the "
                "earlier ones)")),
        ],
        description=(
            "The state after every step, rendered for the viewer: `{game, game_type, "
            "head_seq, head_hash, finished, viewer, as_played, seats, clauses, frames: "
            "[{seq, type, caption, explanation, rules, event, state}]}` plus the game's "
            "render hints (Kolkhoz: `quota`). `explanation` is the game's own words for "
            "the step, `caption` its first sentence; `clauses` maps each cited clause id "
            "to its rulebook anchor. The viewer: the seat of the token, else the seat the "
            "signed-in account holds, else a spectator. ETag: the head hash (per viewer "
            "while live)."),
    )
    def get(self, request: Request, game_id: str) -> HttpResponse:
        game = game_for(request, game_id)
        viewer, as_played = frames.frames_perspective(
            game=game, viewer=self.seat_viewer(request, game),
            perspective=request.query_params.get("perspective"))
        after = after_param(request)
        etag = f'"{selectors.game_etag(game=game, viewer=viewer, as_played=as_played)}"'
        headers = {"ETag": etag, "Vary": "Authorization, Accept, Cookie",
                   "Cache-Control": "private, no-cache"}
        if etag in if_none_match(request):
            return HttpResponse(status=304, headers=headers)
        body = frames.game_frames_json(game=game, viewer=viewer, as_played=as_played,
                                       after=after)
        return HttpResponse(body, content_type="application/json", headers=headers)
