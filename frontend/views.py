"""Pages. The browser holds no game rules: it renders what the API computed."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def index(request: HttpRequest) -> HttpResponse:
    """The landing page: the list of stored games, with links into the API."""
    return render(request, "frontend/index.html")
