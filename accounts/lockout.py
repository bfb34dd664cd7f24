"""What a locked-out sign-in gets (django-axes calls these; settings ``AXES_*``).

After ``AXES_FAILURE_LIMIT`` failed sign-ins from one address, axes refuses that address's
sign-ins — right password included — for the cool-off (failures meanwhile restart it).
The answer is 429 with ``Retry-After`` (seconds): the JSON error envelope
``{"error": {"code": "locked_out", "message", "retry_after"}}`` on the API (``/api/…``:
the sign-in API, Basic authentication), a page on the sign-in form and the admin's.
"""

from __future__ import annotations

from typing import Any

from axes.helpers import get_cool_off
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from rest_framework.throttling import BaseThrottle


def client_address(request: HttpRequest) -> str | None:
    """The caller's address as the API throttles see it: the socket's address, or with
    ``NUM_PROXIES`` = N trusted proxies the N-th address from the right of
    X-Forwarded-For (never an address a client merely claims)."""
    return BaseThrottle().get_ident(request)


def lockout_response(request: HttpRequest, original_response: HttpResponse | None = None,
                     credentials: dict[str, Any] | None = None) -> HttpResponse:
    """429 for a locked-out address: JSON under /api/, else the lockout page."""
    cool_off = get_cool_off(request)
    seconds = max(1, int(cool_off.total_seconds())) if cool_off else 0
    minutes = max(1, round(seconds / 60))
    message = (f"too many failed sign-in attempts from this address: try again in "
               f"{minutes} minute{'s' if minutes != 1 else ''}")
    if request.path.startswith("/api/"):
        extra = {"retry_after": seconds} if seconds else {}
        response: HttpResponse = JsonResponse(
            {"error": {"code": "locked_out", "message": message, **extra}}, status=429)
    else:
        response = render(request, "registration/locked_out.html",
                          {"minutes": minutes if seconds else None}, status=429)
    if seconds:
        response["Retry-After"] = str(seconds)
    return response
