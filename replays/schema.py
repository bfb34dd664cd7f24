"""OpenAPI (drf-spectacular) description of the API's authentication (``replays.auth``)
and of the shared error envelope."""

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


class BasicScheme(OpenApiAuthenticationExtension):
    """HTTP Basic (``replays.auth.BasicAuthentication``): the same ``basicAuth`` as DRF's."""

    target_class = "replays.auth.BasicAuthentication"
    name = "basicAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {"type": "http", "scheme": "basic"}


# Every operation can answer with the one error envelope of config/exception_handler.py:
# 400 (a malformed body, query or header), 401/403 (a bad token or credentials, a missing
# permission), 404 (an unknown id in the path or query), 413 (a body too large), 415 (a body of
# another media type).
_ERROR_REF = {"$ref": "#/components/schemas/Error"}
_ERROR_SCHEMA = {
    "type": "object",
    "properties": {"error": {
        "type": "object",
        "properties": {"code": {"type": "string"}, "message": {"type": "string"},
                       "rule": {"type": "string", "nullable": True}},
        "required": ["code", "message"],
    }},
    "required": ["error"],
}
# as server-sent events, an error is one ``event: error`` whose ``data`` is the envelope
_SSE_ERROR = {"type": "object", "properties": {"event": {"type": "string"},
                                               "data": {"type": "string"}}}
_ERROR_DESCRIPTIONS = {
    "400": "Malformed request (`{error: {code, message}}`)",
    "401": "Invalid or malformed credentials",
    "403": "Not allowed",
    "404": "Not found",
    "413": "Request body too large",
    "415": "Unsupported media type",
}


def document_error_responses(result: dict[str, Any], generator: Any, request: Any,
                             public: bool) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: add the error responses every operation can
    give (the shared error envelope) where an operation did not document them itself."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault("Error", _ERROR_SCHEMA)
    for item in result.get("paths", {}).values():
        for op in item.values():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            codes = ["400", "401", "403", "404"]  # 404: an unknown id in the path or query
            if "requestBody" in op:
                codes += ["413", "415"]
            # an error is rendered like the operation's answers (e.g. CSV with ?format=csv)
            types = {t for r in op["responses"].values() if isinstance(r, dict)
                     for t in r.get("content") or {}} or {"application/json"}
            for code, response in op["responses"].items():  # errors a view documented
                sse = (response.get("content") or {}).get("text/event-stream")
                if str(code) >= "400" and sse and sse.get("schema") == _ERROR_REF:
                    sse["schema"] = _SSE_ERROR
            for code in codes:
                op["responses"].setdefault(code, {
                    "description": _ERROR_DESCRIPTIONS[code],
                    "content": {t: {"schema": _SSE_ERROR if t == "text/event-stream"
                                    else _ERROR_REF} for t in sorted(types)},
                })
    return result
