"""The seasons API (mounted under /api/): a league's seasons in divisions, opening one,
closing one, opening the next from the moves.

Reads are public. Writes need an organiser (a staff user or a member of ``organisers``,
signed in or by HTTP Basic), as every league write (``tournaments.apis.OrganiserView``):
401/403 otherwise. Every error is the shared envelope ``{"error": {code, message, …}}``
and nothing is stored when one is returned.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from replays.errors import NotFoundError
from tournaments.apis import OrganiserView
from tournaments.models import League

from . import selectors, serializers, services
from .models import SeasonPlan

ERROR = OpenApiResponse(response=OpenApiTypes.OBJECT,
                        description="the error envelope `{error: {code, message, …}}`")


def _plan(pk: int, number: int) -> SeasonPlan:
    league = get_object_or_404(League, pk=pk)
    plan = selectors.season_plan(league=league, number=number)
    if plan is None:
        raise NotFoundError(f"{league.name} has no season {number} in divisions")
    return plan


def _summary(plan: SeasonPlan | None) -> dict[str, Any] | None:
    return None if plan is None else serializers.SeasonSerializer(
        selectors.season_summary(plan=plan)).data


class LeagueSeasonsApi(OrganiserView, generics.ListAPIView):
    """GET: the league's seasons in divisions, newest first (paginated ``{count, next,
    previous, results}``; each a season as ``GET …/seasons/{number}/`` gives it). 404
    for an unknown league.

    POST (organisers): open a season in divisions by rating (``seasons.services.
    season_open``). Body: ``players`` (registered names), ``divisions`` or
    ``division_size`` (exactly one), ``promote``/``relegate`` (default 1 each), optional
    ``number``, and each division's tournament settings: ``format`` (default swiss),
    ``rounds`` (3), ``ruleset``, ``table_size``, ``fill_policy``, ``placement_points``,
    ``rated``, ``seed``, ``starts_at``, ``start`` (default true: start them now). 201:
    the season. 400: ``malformed``, ``unknown_player``, ``bad_divisions``,
    ``division_too_small``, ``bad_movement``, ``bad_season_number``, ``bad_seed``,
    ``bad_entries``, a division's tournament error (``bad_format``, ``bad_table_size``,
    ``bad_placement_points``, …, with ``division``) or a ruleset error; 409:
    ``season_in_progress`` (another season in divisions is open), ``season_taken``."""

    serializer_class = serializers.SeasonSerializer

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return SeasonPlan.objects.none()
        league = get_object_or_404(League, pk=self.kwargs["pk"])
        return selectors.season_plans(league=league)

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        data = [selectors.season_summary(plan=plan) for plan in page or []]
        return self.get_paginated_response(serializers.SeasonSerializer(data, many=True).data)

    @extend_schema(request=serializers.SeasonOpenInput,
                   responses={201: serializers.SeasonSerializer, 409: ERROR})
    def post(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        inp = serializers.SeasonOpenInput(data=request.data)
        inp.is_valid(raise_exception=True)
        data = dict(inp.validated_data)
        players = services.players_named(data.pop("players"))
        season = services.season_open(league=league, players=players, **data)
        return Response(_summary(season.division_plan), status=201)


class SeasonDetailApi(APIView):
    """GET: season ``number`` of the league, in divisions: ``{id, league, number, name,
    status, promote, relegate, settings, opened_at, closed_at, previous, next,
    divisions: [{number, name, size, tournament, members: [{player, seed, ordinal, rank,
    points, games, withdrawn, movement}]}], movements: [...]}`` (members in seed order;
    ``movement`` projected from the current standings while open). 404 ``not_found``
    for an unknown league or a season not played in divisions. Public."""

    @extend_schema(responses={200: serializers.SeasonSerializer})
    def get(self, request: Request, pk: int, number: int) -> Response:
        return Response(_summary(_plan(pk, number)))


class SeasonCloseApi(OrganiserView, APIView):
    """POST (organisers): close the season once every division's tournament is finished
    (``seasons.services.season_close``): records every member's movement and, unless
    ``open_next`` is false, opens the next season from them with ``joining`` (player
    names) in its last division. Idempotent: closing a closed season changes nothing.
    200: ``{closed: season, next: season | null}``. 400: ``malformed``,
    ``unknown_player``, ``bad_entries``, ``division_too_small`` (the next season would
    leave a division short of a table: close with ``open_next: false`` and open the next
    season by rating); 404; 409: ``season_unfinished`` (with ``divisions`` still
    playing), ``season_in_progress``, ``season_taken``."""

    @extend_schema(request=serializers.SeasonCloseInput,
                   responses={200: serializers.SeasonCloseOutput, 409: ERROR})
    def post(self, request: Request, pk: int, number: int) -> Response:
        plan = _plan(pk, number)
        inp = serializers.SeasonCloseInput(data=request.data)
        inp.is_valid(raise_exception=True)
        joining = services.players_named(inp.validated_data["joining"])
        services.season_close(season=plan.season, open_next=inp.validated_data["open_next"],
                              joining=joining)
        plan.refresh_from_db()
        following = SeasonPlan.objects.filter(previous=plan).first()
        return Response({"closed": _summary(plan), "next": _summary(following)})


class SeasonNextApi(OrganiserView, APIView):
    """POST (organisers): open the season after this closed one from its movements
    (``seasons.services.season_next``), ``joining`` (player names) in the last division.
    Idempotent: when it is already open it is returned. 201: the next season. 400:
    ``malformed``, ``unknown_player``, ``bad_entries``, ``division_too_small``; 404; 409:
    ``season_not_closed``, ``season_in_progress``, ``season_taken``."""

    @extend_schema(request=serializers.SeasonNextInput,
                   responses={201: serializers.SeasonSerializer, 409: ERROR})
    def post(self, request: Request, pk: int, number: int) -> Response:
        plan = _plan(pk, number)
        inp = serializers.SeasonNextInput(data=request.data)
        inp.is_valid(raise_exception=True)
        joining = services.players_named(inp.validated_data["joining"])
        season = services.season_next(season=plan.season, joining=joining)
        return Response(_summary(season.division_plan), status=201)
