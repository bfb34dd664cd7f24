"""The games this installation hosts: ``GET /api/catalog/`` (anonymous read)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import catalog

OPTIONS_SCHEMA = inline_serializer("CatalogOption", many=True, fields={
    "name": serializers.CharField(),
    "values": serializers.ListField(child=serializers.JSONField()),
    "default": serializers.JSONField(),
})

GAMES_SCHEMA = inline_serializer("CatalogGame", many=True, fields={
    "id": serializers.CharField(help_text="the game id (Game.game, the `game` filter)"),
    "name": serializers.CharField(),
    "seats": inline_serializer("CatalogSeats", {"min": serializers.IntegerField(),
                                                "max": serializers.IntegerField()}),
    "record_format": serializers.CharField(help_text="the `format` of its records"),
    "engine_version": serializers.CharField(help_text="the engine new games run"),
    "rules_version": serializers.CharField(),
    "engine_versions": serializers.ListField(
        child=serializers.CharField(),
        help_text="every engine version this installation runs (current last)"),
    "presets": serializers.DictField(
        child=serializers.DictField(), help_text="preset name -> the options it sets"),
    "options": OPTIONS_SCHEMA,
    "bots": serializers.ListField(child=serializers.CharField()),
})


class CatalogApi(APIView):
    authentication_classes: list[type] = []

    @extend_schema(operation_id="catalog_list", responses={200: GAMES_SCHEMA},
                   description="Every registered game (docs/seam.md): id, name, seat range, "
                               "record format, engine and rules versions, the engine "
                               "versions available, presets, options and bots.")
    def get(self, request: Request) -> Response:
        """``[{id, name, seats: {min, max}, record_format, engine_version, rules_version,
        engine_versions, presets, options: [{name, values, default}], bots}]``, by id."""
        return Response(catalog.catalog())
