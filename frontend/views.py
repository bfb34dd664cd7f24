"""Pages. The browser holds no game rules: each page's ES module renders what the API
computed. Views only pick the template (and 404 for an unknown game or league)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from replays import selectors as replay_selectors
from replays.errors import NotFoundError
from tournaments.models import League, Table, Tournament

from .rulebook import rules_html


def index(request: HttpRequest) -> HttpResponse:
    """The landing page: the stored games, each linked to its replay."""
    return render(request, "frontend/index.html")


def replay(request: HttpRequest, game_id: str) -> HttpResponse:
    """The replay viewer of one game (frames from /api/games/{id}/frames/)."""
    try:
        game = replay_selectors.game_get(game_id=game_id)
    except NotFoundError as exc:
        raise Http404(str(exc)) from exc
    table = Table.objects.select_related("round__tournament").filter(game=game).first()
    return render(request, "frontend/replay.html", {"game": game, "table": table})


def leagues(request: HttpRequest) -> HttpResponse:
    """Every league with its tournaments."""
    return render(request, "frontend/leagues.html")


def tournament(request: HttpRequest, pk: int) -> HttpResponse:
    """A tournament: round-by-round tables linking to replays, and the standings."""
    t = get_object_or_404(Tournament.objects.select_related("season__league"), pk=pk)
    return render(request, "frontend/tournament.html", {"tournament": t})


def ladder(request: HttpRequest, pk: int) -> HttpResponse:
    """A league's rating ladder, each player's rating history as a chart."""
    league = get_object_or_404(League, pk=pk)
    return render(request, "frontend/ladder.html", {"league": league})


def rules(request: HttpRequest) -> HttpResponse:
    """The rulebook (docs/rules.md as HTML): the target of every clause link."""
    return render(request, "frontend/rules.html", {"rules_html": rules_html()})
