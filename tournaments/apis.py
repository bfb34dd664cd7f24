"""The league API: leagues, tournaments, tables, players, standings, the ladder.

Reads are public. Writes (creating leagues and tournaments, starting a tournament)
need an organiser: a staff user or a member of the ``organisers`` group, signed in
(session) or by HTTP Basic authentication.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, permissions
from rest_framework.authentication import SessionAuthentication
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from replays import sealing
from replays.apis import GameOutputSerializer, game_for
from replays.auth import BasicAuthentication
from replays.errors import MalformedError, NotFoundError
from replays.models import Game

from . import clock, recovery, selectors, serializers, services
from .models import League, Player, RatingChange, Season, Table, Tournament
from .renderers import StandingsCSVRenderer


class IsOrganiserOrReadOnly(permissions.BasePermission):
    """Anyone may read; writing needs a staff user or a member of ``organisers``."""

    message = "only organisers may change leagues and tournaments"

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return selectors.user_is_organiser(request.user)


class OrganiserView:
    authentication_classes = [SessionAuthentication, BasicAuthentication]
    permission_classes = [IsOrganiserOrReadOnly]


class LeagueListApi(OrganiserView, generics.ListAPIView):
    """GET: leagues, newest first (paginated). POST: create a league (organisers)."""

    queryset = League.objects.all()
    serializer_class = serializers.LeagueSerializer

    @extend_schema(request=serializers.LeagueInput, responses={201: serializers.LeagueSerializer})
    def post(self, request: Request) -> Response:
        inp = serializers.LeagueInput(data=request.data)
        inp.is_valid(raise_exception=True)
        league = services.league_create(**inp.validated_data)
        return Response(serializers.LeagueSerializer(league).data, status=201)


class LeagueDetailApi(OrganiserView, generics.RetrieveAPIView):
    queryset = League.objects.all()
    serializer_class = serializers.LeagueSerializer


class TournamentListApi(OrganiserView, generics.ListAPIView):
    """GET: tournaments (``?league=ID``, ``?status=``, ``?game=ID``). POST: create one
    (organisers) of the league's game, at a ``table_size`` from the game's seat range
    (400 ``bad_table_size``; ``unknown_game``, ``game_mismatch``,
    ``bad_placement_points``, ``bad_entries``, ``unknown_bot``), plain or ``duplicate``
    (docs/duplicate.md; 400 ``duplicate_unsupported``, ``duplicate_people_single_table``);
    its players are bot or person player names already registered."""

    serializer_class = serializers.TournamentSerializer

    def get_queryset(self) -> Any:
        qs = Tournament.objects.select_related("season").all()
        league = self.request.query_params.get("league")
        status = self.request.query_params.get("status")
        game = self.request.query_params.get("game")
        if league:
            if not league.isdigit():
                raise MalformedError("league must be a league id")
            qs = qs.filter(season__league_id=int(league))
        if status:
            qs = qs.filter(status=status)
        if game:
            qs = qs.filter(game=game)
        return qs

    @extend_schema(request=serializers.TournamentInput,
                   responses={201: serializers.TournamentSerializer})
    def post(self, request: Request) -> Response:
        inp = serializers.TournamentInput(data=request.data)
        inp.is_valid(raise_exception=True)
        data = dict(inp.validated_data)
        league = League.objects.filter(pk=data.pop("league")).first()
        if league is None:
            raise NotFoundError("no such league")
        season = Season.objects.filter(league=league).order_by("-number").first()
        assert season is not None
        names = data.pop("players")
        players = list(Player.objects.filter(name__in=names))
        missing = sorted(set(names) - {p.name for p in players})
        if missing:
            raise MalformedError(f"unknown players: {', '.join(missing)}", code="unknown_player")
        order = {n: i for i, n in enumerate(names)}
        players.sort(key=lambda p: order[p.name])
        t = services.tournament_create(season=season, players=players, **data)
        return Response(serializers.TournamentSerializer(t).data, status=201)


class TournamentDetailApi(OrganiserView, generics.RetrieveAPIView):
    """A tournament with its rounds, tables (seats, results, game ids) and byes."""

    queryset = Tournament.objects.prefetch_related("round_set__tables__seats__player")
    serializer_class = serializers.TournamentDetailSerializer


class TournamentStartApi(OrganiserView, APIView):
    """POST: start a draft or scheduled tournament now (organisers)."""

    @extend_schema(request=None, responses={200: serializers.TournamentSerializer})
    def post(self, request: Request, pk: int) -> Response:
        t = get_object_or_404(Tournament, pk=pk)
        services.tournament_start(tournament=t)
        t.refresh_from_db()
        return Response(serializers.TournamentSerializer(t).data)


class TournamentWithdrawApi(OrganiserView, APIView):
    """POST ``{"player": name}``: withdraw an entry (organisers). A withdrawn player is not
    paired again; in a round-robin or series a house bot takes their later seats."""

    @extend_schema(request=serializers.WithdrawInput, responses={204: None})
    def post(self, request: Request, pk: int) -> Response:
        t = get_object_or_404(Tournament, pk=pk)
        inp = serializers.WithdrawInput(data=request.data)
        inp.is_valid(raise_exception=True)
        player = Player.objects.filter(name=inp.validated_data["player"]).first()
        if player is None:
            raise NotFoundError("no such player")
        services.entry_withdraw(tournament=t, player=player)
        return Response(status=204)


class TournamentGamesApi(generics.ListAPIView):
    """The games of a tournament's tables (the replay store's game objects), in round
    and table order; a duplicate round's games only once the round is over (sealed
    until then, ``replays.sealing``)."""

    serializer_class = GameOutputSerializer

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return Game.objects.none()
        t = get_object_or_404(Tournament, pk=self.kwargs["pk"])
        return (sealing.games_unsealed(Game.objects.filter(table__round__tournament=t))
                .order_by("table__round__number", "table__number"))


class StandingsApi(APIView):
    """The standings: placement points (default ``table_size-1`` … 0 — 3/2/1/0 at four
    seats —, ties split, a smaller remainder table's scaled), then the game's score
    total (Kolkhoz: cellar), then its tie-break values (Kolkhoz: medals), then
    opponents' points; full ties share a rank, listed by name. JSON (a list of rows,
    each with ``byes``, ``house_bots``, ``tiebreak_order`` and ``separated_from_next``:
    which tie-break put it above the next row with equal points, with both values), or
    CSV with ``?format=csv`` (the game's columns, then the added ones:
    ``tournaments.scoring.ADDED_CSV_COLUMNS``). 404 for an unknown tournament."""

    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, StandingsCSVRenderer]
    csv_columns: tuple[str, ...] | None = None

    @extend_schema(responses={200: serializers.StandingSerializer(many=True)})
    def get(self, request: Request, pk: int) -> Response:
        t = get_object_or_404(Tournament, pk=pk)
        self.csv_columns = selectors.tournament_csv_columns(tournament=t)
        rows = selectors.tournament_standings(tournament=t)
        resp = Response(rows)
        if getattr(request.accepted_renderer, "format", "") == "csv":
            resp["Content-Disposition"] = f'attachment; filename="standings-{t.pk}.csv"'
        return resp


class TableListApi(generics.ListAPIView):
    """Tables (``?tournament=ID``, ``?status=``), with seats, results and game ids."""

    serializer_class = serializers.TableSerializer

    def get_queryset(self) -> Any:
        qs = (Table.objects.select_related("round__tournament")
              .prefetch_related("seats__player"))
        for param, field in (("tournament", "round__tournament_id"), ("round", "round_id")):
            v = self.request.query_params.get(param)
            if v:
                if not v.isdigit():
                    raise MalformedError(f"{param} must be an id")
                qs = qs.filter(**{field: int(v)})
        status = self.request.query_params.get("status")
        if status:
            qs = qs.filter(status=status)
        return qs.order_by("round__tournament_id", "round__number", "number")


class TableDetailApi(generics.RetrieveAPIView):
    """A table with its seats, result, game id and status; organisers also see the
    error of a table whose task failed (``error``; null for everyone else)."""

    queryset = (Table.objects.select_related("round__tournament")
                .prefetch_related("seats__player"))
    serializer_class = serializers.TableSerializer


class TableResumeApi(OrganiserView, APIView):
    """POST: resume a ``failed`` table once the cause of its error is fixed (organisers):
    it goes back to ``playing``, its error is cleared and its task enqueued; it
    continues from the stored log. 409 ``not_failed`` when the table is not failed,
    404 when there is no such table, 401/403 for anyone but an organiser."""

    @extend_schema(request=None, responses={200: serializers.TableSerializer})
    def post(self, request: Request, pk: int) -> Response:
        get_object_or_404(Table, pk=pk)
        recovery.table_resume(table_id=pk)
        table = (Table.objects.select_related("round__tournament")
                 .prefetch_related("seats__player").get(pk=pk))
        return Response(serializers.TableSerializer(table, context={"request": request}).data)


class GameClockApi(APIView):
    """GET: the deadline of the turns running now in a game played at a tournament
    table (``clock.game_clock``): ``{game, now, limit_s, window, policy, turns: [{seat,
    started_at, due_at, seconds_left}]}``; ``limit_s`` null and no turns when the game
    has no deadline. 404 ``not_found`` for an unknown game. Public, but a sealed game's
    (a duplicate round still being played) only to its seats: 403 ``game_sealed``."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, game_id: str) -> Response:
        response = Response(clock.game_clock(game=game_for(request, game_id)))
        response["Cache-Control"] = "no-store"
        return response


class PlayerListApi(generics.ListAPIView):
    queryset = Player.objects.all()
    serializer_class = serializers.PlayerSerializer


class PlayerDetailApi(generics.RetrieveAPIView):
    queryset = Player.objects.all()
    serializer_class = serializers.PlayerSerializer


class PlayerRatingsApi(generics.ListAPIView):
    """A player's rating history (every change, in ladder order; ``?league=ID``)."""

    serializer_class = serializers.RatingChangeSerializer

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return RatingChange.objects.none()
        player = get_object_or_404(Player, pk=self.kwargs["pk"])
        league = None
        lid = self.request.query_params.get("league")
        if lid:
            if not lid.isdigit():
                raise MalformedError("league must be a league id")
            league = get_object_or_404(League, pk=int(lid))
        return selectors.player_rating_history(player=player, league=league)


class LadderApi(APIView):
    """The rating ladder of a league (``?league=ID``, required): openskill Plackett–Luce
    mu and sigma, ordinal = mu − 3σ, provisional while sigma is high."""

    @extend_schema(parameters=[OpenApiParameter("league", int, required=True)],
                   responses={200: serializers.LadderRowSerializer(many=True)})
    def get(self, request: Request) -> Response:
        lid = request.query_params.get("league", "")
        if not lid.isdigit():
            raise MalformedError("?league=ID is required", code="missing_league")
        league = get_object_or_404(League, pk=int(lid))
        return Response(serializers.LadderRowSerializer(
            selectors.league_ladder(league=league), many=True).data)
