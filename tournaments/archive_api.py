"""``GET /api/tournaments/{id}/archive/``: a finished tournament as one download
(``tournaments.archives``, docs/archives.md)."""

from __future__ import annotations

from typing import Any

from django.http import FileResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from replays.apis.common import ERROR_SCHEMA
from replays.errors import MalformedError
from replays.renderers import NDJSONRenderer
from replays.throttles import WholeGameThrottle

from .archives import FORMATS, tournament_archive
from .models import Tournament


class ZipRenderer(BaseRenderer):
    """Names the ``zip`` format (``?format=zip``, ``Accept: application/zip``) for DRF's
    content negotiation; the archive itself is a file response, and an error is JSON."""

    media_type = "application/zip"
    format = "zip"

    def render(self, data: Any, accepted_media_type: str | None = None,
               renderer_context: dict[str, Any] | None = None) -> bytes:
        return bytes(JSONRenderer().render(data))


class TournamentArchiveApi(APIView):
    """GET: a finished tournament's archive (``kolkhoz-tournament-archive/1``): every
    table's game record (the bytes ``/api/games/{id}/record/`` serves; Kolkhoz also its
    evidence bundle), ``standings.json`` and ``standings.csv`` (as the standings
    endpoint serves them), ``manifest.json`` (tournament, seed, secret, commitment, every
    file's sha256, per game its round, table, seats, result, table seed and head hash)
    and ``README.txt`` (how to verify it offline: ``python -m gamekit.archive verify
    tournament-ID.zip``). ``?format=zip`` (default) or ``ndjson`` (one line ``{"name",
    "text"}`` per file, ``manifest.json`` last). Errors: 404 ``not_found``; 409
    ``tournament_not_finished`` while the tournament is not finished or any of its games
    is live (the archive would carry the secret and hidden cards); 400 ``bad_format``;
    429 ``throttled`` (the ``evidence`` rate: it exports whole games). Public."""

    renderer_classes = [JSONRenderer, ZipRenderer, NDJSONRenderer]
    throttle_classes = [WholeGameThrottle]
    throttle_scope = "evidence"

    @extend_schema(
        operation_id="tournaments_archive",
        parameters=[OpenApiParameter("format", str, enum=list(FORMATS), required=False,
                                     description="zip (default) or ndjson")],
        responses={(200, "application/zip"): OpenApiTypes.BINARY,
                   (200, "application/x-ndjson"): OpenApiTypes.STR,
                   (400, "application/json"): ERROR_SCHEMA,
                   (404, "application/json"): ERROR_SCHEMA,
                   (409, "application/json"): ERROR_SCHEMA,
                   (429, "application/json"): ERROR_SCHEMA},
        description=("A finished tournament as one archive to verify offline "
                     "(docs/archives.md): every game's record, the standings (JSON and "
                     "CSV), manifest.json with the seed, secret, commitment and every "
                     "file's sha256, and README.txt. 409 `tournament_not_finished` until "
                     "the tournament is finished and no game of it is live."),
    )
    def get(self, request: Request, pk: int) -> FileResponse:
        t = get_object_or_404(Tournament.objects.select_related("season__league"), pk=pk)
        fmt = request.query_params.get("format") or "zip"
        if fmt not in FORMATS:
            raise MalformedError(f"format must be one of {', '.join(FORMATS)}",
                                 code="bad_format")
        archive = tournament_archive(tournament=t, fmt=fmt)
        response = FileResponse(archive.file, as_attachment=True, filename=archive.filename,
                                content_type=archive.content_type)
        response["Content-Length"] = str(archive.size)
        response["Cache-Control"] = "no-store"
        return response

    def handle_exception(self, exc: Exception) -> Response:
        """Every error is JSON, whatever format was asked for."""
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return super().handle_exception(exc)
