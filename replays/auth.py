"""Seat-token authentication: ``Authorization: Bearer <seat token>``.

A token is created per seat when a game is created, shown once, stored hashed
(``GameSeat.token_hash``). ``request.auth`` is then the ``GameSeat``; accounts and
web sign-in come later, built on these tokens.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from .errors import AuthError
from .selectors import seat_for_token


class SeatTokenAuthentication(BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request: Any) -> tuple[AnonymousUser, Any] | None:
        header = get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.lower().encode():
            return None
        if len(header) != 2:
            raise AuthError("Authorization: Bearer <seat token> expected")
        try:
            token = header[1].decode("ascii")
        except UnicodeDecodeError as exc:
            raise AuthError("invalid seat token") from exc
        seat = seat_for_token(token=token)
        if seat is None:
            raise AuthError("invalid seat token")
        return AnonymousUser(), seat

    def authenticate_header(self, request: Any) -> str:
        return self.keyword
