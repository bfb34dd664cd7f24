"""The API's authentication classes, shared by every app (they sit at the lowest Django
layer so that ``tournaments``, ``disputes`` and ``accounts`` can all use them):

- ``SeatTokenAuthentication``: ``Authorization: Bearer <seat token>``. A token is created
  per seat when a game is created, shown once, stored hashed (``GameSeat.token_hash``);
  ``request.auth`` is then the ``GameSeat``.
- ``BasicAuthentication``: HTTP Basic for accounts (leagues, disputes), DRF's made safe
  to expose — a name or password holding a NUL character is refused
  (``authentication_failed``) before it reaches the database (PostgreSQL cannot compare
  such text; it was a 500), and an address locked out by django-axes gets the lockout
  answer (429 ``locked_out``, ``accounts/lockout.py``) as the sign-in API does.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from rest_framework import authentication, exceptions
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


class BasicAuthentication(authentication.BasicAuthentication):
    """DRF's HTTP Basic authentication, refusing NUL characters and reporting django-axes'
    lockout (see the module docstring). Raises ``AuthenticationFailed`` (401)."""

    def authenticate_credentials(self, userid: str, password: str,
                                 request: Any = None) -> tuple[Any, None]:
        if "\x00" in userid or "\x00" in password:
            raise exceptions.AuthenticationFailed("Invalid username/password.")
        try:
            return super().authenticate_credentials(userid, password, request)
        except exceptions.AuthenticationFailed:
            # axes marks the DRF request; its middleware answers for the Django request
            if request is not None and getattr(request, "axes_locked_out", False):
                request._request.axes_locked_out = True
            raise
