"""JSON error pages for routes no view matched (the API's errors are always JSON)."""

from django.http import HttpRequest, JsonResponse


def not_found(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    return JsonResponse({"error": {"code": "not_found", "message": f"no route {request.path}"}},
                        status=404)


def server_error(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"error": {"code": "server_error", "message": "internal error"}},
                        status=500)
