"""HTTP Basic authentication for the API (leagues, disputes): DRF's, made safe to expose.

- A name or password holding a NUL character is refused (``authentication_failed``) before
  it reaches the database: PostgreSQL cannot compare such text (it was a 500), and
  django-axes records the name of every failed attempt.
- An address locked out by django-axes gets the lockout answer (429 ``locked_out``,
  accounts/lockout.py), as the sign-in API does, instead of a plain refusal.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions


class BasicAuthentication(authentication.BasicAuthentication):
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


class BasicScheme(OpenApiAuthenticationExtension):
    """The OpenAPI description of it: the same ``basicAuth`` as DRF's."""

    target_class = "accounts.authentication.BasicAuthentication"
    name = "basicAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {"type": "http", "scheme": "basic"}
