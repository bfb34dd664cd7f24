"""OpenAPI (drf-spectacular) description of the seat-token authentication."""

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class SeatTokenScheme(OpenApiAuthenticationExtension):
    target_class = "replays.auth.SeatTokenAuthentication"
    name = "seatToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A seat's secret token (returned once when the game is created): "
                           "the request then sees the game as that seat.",
        }
