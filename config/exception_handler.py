"""The one place where errors become HTTP responses.

Every error body is ``{"error": {"code": str, "message": str, ...}}``:
- ``replays.errors.ApplicationError`` subclasses carry their own status and code
  (400 malformed, 401 invalid token, 404 not found, 409 stale seq, 422 illegal);
- the engine's ``KolkhozError`` (if one escapes a service) → 422 with its ``rule``,
  or 400 when no rule was broken (malformed input);
- DRF's own exceptions keep their status and get a code (``parse_error`` → 400 …);
- a body over DATA_UPLOAD_MAX_MEMORY_SIZE → 413 ``too_large``;
- a game pinned to an engine version this installation does not carry → 409
  ``engine_unavailable`` (naming the version; the game itself is not at fault).
- a game that does not offer an optional capability (``gamekit.seam.NotSupported``:
  what-if, evidence, regression…) → 422 ``not_supported`` naming the feature;
- a throttled request → 429 ``throttled`` with ``retry_after`` (seconds, also the
  Retry-After header).
Anything else stays a 500, so real bugs are not hidden.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from replays import engine
from replays.errors import ApplicationError


def _body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, **extra}}


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ApplicationError):
        return Response(_body(exc.code, exc.message, **exc.extra), status=exc.status)
    if engine.is_engine_error(exc):
        info = engine.error_info(exc)
        code = status.HTTP_422_UNPROCESSABLE_ENTITY if info["rule"] else 400
        return Response(_body(info["code"], info["message"], rule=info["rule"]), status=code)
    if isinstance(exc, engine.EngineUnavailable):
        return Response(_body("engine_unavailable", str(exc), version=exc.version),
                        status=status.HTTP_409_CONFLICT)
    if isinstance(exc, engine.NotSupported):
        return Response(_body("not_supported", str(exc), feature=exc.feature),
                        status=status.HTTP_422_UNPROCESSABLE_ENTITY)
    if isinstance(exc, RequestDataTooBig):
        return Response(_body("too_large", "the request body is larger than this server "
                              "accepts"), status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = _body("malformed", "invalid request", details=exc.detail)
    elif isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        # DRF has set Retry-After; the body says it too
        response.data = _body("throttled", str(exc.detail), retry_after=int(exc.wait))
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else exc.default_code
        response.data = _body(str(code), str(exc.detail))
    return response
