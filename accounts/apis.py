"""The accounts API: register, sign in / out (a session for the web and the API), who am
I and my seats, entering a tournament. Errors are ``replays.errors`` JSON bodies.

Sign-in gives a session cookie; unsafe requests made with it need the CSRF token
(returned as ``csrf_token``; send it as ``X-CSRFToken``). A seat's API token for a
game comes from ``POST /api/games/{id}/seat-token/``.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate, login, logout
from django.middleware.csrf import get_token
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from replays.errors import AuthError, MalformedError

from . import selectors, services


def _validated(cls: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    s = cls(data=data)
    if not s.is_valid():
        raise MalformedError("invalid request", details=s.errors)
    return dict(s.validated_data)


def _me(request: Request) -> dict[str, Any]:
    user = request.user
    player = getattr(user, "kolkhoz_player", None)
    return {"user": {"id": user.pk, "username": user.get_username()},
            "player": {"id": player.pk, "name": player.name,
                       "timeouts": player.timeouts} if player else None,
            "csrf_token": get_token(request._request),
            "seats": selectors.user_seats(user=user)}


class Credentials(serializers.Serializer):
    username = serializers.RegexField(r"^[\w.@+-]{2,100}$", max_length=100)
    password = serializers.CharField(max_length=256, trim_whitespace=False)


class RegisterApi(APIView):
    authentication_classes: list[Any] = []

    class RegisterInput(Credentials):
        email = serializers.EmailField(required=False, default="")

    @extend_schema(operation_id="accounts_register", request=RegisterInput,
                   responses={201: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT},
                   description="Create an account and its league player, and sign in. "
                               "400 `name_taken`, `weak_password`, `malformed`.")
    def post(self, request: Request) -> Response:
        data = _validated(self.RegisterInput, request.data)
        user = services.user_register(**data)
        login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
        request.user = user
        return Response(_me(request), status=201)


class LoginApi(APIView):
    authentication_classes: list[Any] = []

    @extend_schema(operation_id="accounts_login", request=Credentials,
                   responses={200: OpenApiTypes.OBJECT, 401: OpenApiTypes.OBJECT,
                              429: OpenApiTypes.OBJECT},
                   description="Sign in (session cookie). 401 `bad_credentials`; 429 "
                               "`locked_out` (with `retry_after` seconds and Retry-After) "
                               "after too many failures from one address "
                               "(`AXES_FAILURE_LIMIT`), even with the right password.")
    def post(self, request: Request) -> Response:
        data = _validated(Credentials, request.data)
        user = authenticate(request._request, username=data["username"],
                            password=data["password"])
        if user is None:
            raise AuthError("wrong name or password", code="bad_credentials")
        login(request._request, user)
        request.user = user
        return Response(_me(request))


class LogoutApi(APIView):
    authentication_classes = [SessionAuthentication]

    @extend_schema(operation_id="accounts_logout", request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        logout(request._request)
        return Response(status=204)


class MeApi(APIView):
    authentication_classes = [SessionAuthentication]

    @extend_schema(operation_id="accounts_me",
                   responses={200: OpenApiTypes.OBJECT, 401: OpenApiTypes.OBJECT},
                   description="The signed-in account, its player and its seats "
                               "(`your_turn` where a game awaits you). 401 when signed out.")
    def get(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise AuthError("not signed in", code="not_authenticated")
        return Response(_me(request))


class EntryApi(APIView):
    authentication_classes = [SessionAuthentication]

    class EntryInput(serializers.Serializer):
        tournament = serializers.IntegerField(min_value=1)

    @extend_schema(operation_id="accounts_enter", request=EntryInput,
                   responses={201: OpenApiTypes.OBJECT, 401: OpenApiTypes.OBJECT,
                              404: OpenApiTypes.OBJECT, 409: OpenApiTypes.OBJECT},
                   description="Enter the signed-in person in a tournament that has not "
                               "started. 409 `not_open`, `already_entered`.")
    def post(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise AuthError("not signed in", code="not_authenticated")
        data = _validated(self.EntryInput, request.data)
        entry = services.tournament_enter(user=request.user, tournament_id=data["tournament"])
        return Response({"tournament": entry.tournament_id, "player": entry.player.name},
                        status=201)
