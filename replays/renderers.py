"""Renderers for the formats the API offers beyond JSON: NDJSON for event streams.

DRF selects a renderer by ``Accept`` or by its ``?format=`` query parameter, so
every format offered has a registered renderer (``format = "ndjson"``).
"""

from __future__ import annotations

import json
from typing import Any

from rest_framework.renderers import BaseRenderer


class NDJSONRenderer(BaseRenderer):
    """One JSON document per line; a list is rendered item by item."""

    media_type = "application/x-ndjson"
    format = "ndjson"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None,
               renderer_context: dict[str, Any] | None = None) -> bytes:
        items = data if isinstance(data, list) else [data]
        return "".join(
            json.dumps(item, separators=(",", ":"), ensure_ascii=False) + "\n" for item in items
        ).encode("utf-8")
