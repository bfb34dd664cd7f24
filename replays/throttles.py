"""Rate limits for the endpoints that re-adjudicate, export or create whole games
(verify, what-if, evidence, import, and ``POST /api/games/``: a game of bots is a whole
game for the workers): DRF's ``ScopedRateThrottle`` — per caller (an anonymous
caller by address, see ``NUM_PROXIES``; a signed-in one by account) and per view's
``throttle_scope``, at ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope]`` (settings
``THROTTLE_RATE_<SCOPE>``). Over the rate: 429 ``throttled`` with ``Retry-After``
(config/exception_handler.py). Counts live in the default cache.
"""

from __future__ import annotations

from typing import Any

from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle


class WholeGameThrottle(ScopedRateThrottle):
    """``ScopedRateThrottle`` that reads the rates at each request (DRF's binds them when
    the class is defined, so changed settings would never apply)."""

    @property
    def THROTTLE_RATES(self) -> dict[str, Any]:  # noqa: N802 - DRF's attribute name
        return api_settings.DEFAULT_THROTTLE_RATES

