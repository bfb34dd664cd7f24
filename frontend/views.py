"""Pages. The browser holds no game rules: each page's ES module renders what the API
computed. Views only pick the template (and 404 for an unknown game or league; the index
also fills its filter form's choices)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static

from replays import catalog, engine, sealing
from replays import selectors as replay_selectors
from replays.errors import NotFoundError
from replays.models import Game
from seasons import selectors as season_selectors
from tournaments.models import League, Table, Tournament

from .rulebook import game_rules_path, rulebooks, rules_html


def _not_found(request: HttpRequest, what: str) -> HttpResponse:
    """A page's own 404 (HTML; the API's stay JSON)."""
    return render(request, "frontend/not_found.html", {"what": what}, status=404)


#: the game list's filters the index page's form carries in its URL (``replays.filters``)
INDEX_FILTERS = ("game", "status", "player", "tournament", "date_from", "date_to")


def index(request: HttpRequest) -> HttpResponse:
    """The landing page: the stored games a page at a time, each linked to its replay,
    filtered by the form's query (the same names as /api/games/'s filters, so a filtered
    page can be linked; index.js asks the API and shows its 400 message for a bad one)."""
    query = {name: request.GET.get(name, "") for name in INDEX_FILTERS}
    return render(request, "frontend/index.html", {
        "games": catalog.catalog(),
        "tournaments": Tournament.objects.select_related("season__league").order_by("-pk"),
        "query": query, "filtered": any(query.values()),
    })


def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico`` (asked for by browsers on pages without a ``<link rel=icon>``: the
    API docs, the admin, JSON in a tab): a temporary redirect to the site's SVG icon (its
    static address is the storage's to choose — a hashing storage would change it with
    each release — so the redirect is not permanent)."""
    return redirect(static("frontend/favicon.svg"))


def _game_name(game: Game) -> str:
    """The display name of the game's game (``GameDefinition.name``), or its id when
    this installation does not host it."""
    try:
        return engine.definition(None, game.game).name
    except engine.UnknownGame:
        return game.game


def _shell_context(game: Game) -> dict[str, object]:
    """What the page shell's template needs: the game, its game's name, and where each
    rulebook document is served (clause links: ``rulebook.rulebooks``)."""
    return {"game": game, "game_name": _game_name(game), "rulebooks": rulebooks()}


def _sealed(request: HttpRequest, game: Game) -> HttpResponse | None:
    """The page (403) a viewer gets for a sealed game — a duplicate round still being
    played, served only to its own seats (``replays.sealing``) — else None."""
    if not sealing.game_sealed(game=game) or sealing.holds_seat(game=game, user=request.user):
        return None
    table = Table.objects.select_related("round__tournament").filter(game=game).first()
    return render(request, "frontend/sealed.html", {"table": table}, status=403)


def replay(request: HttpRequest, game_id: str) -> HttpResponse:
    """The replay viewer of one game (the page shell; frames from
    /api/games/{id}/frames/); a sealed game's page says when it will be shown."""
    try:
        game = replay_selectors.game_get(game_id=game_id)
    except NotFoundError:
        return _not_found(request, "No such game.")
    sealed = _sealed(request, game)
    if sealed is not None:
        return sealed
    table = Table.objects.select_related("round__tournament").filter(game=game).first()
    return render(request, "frontend/replay.html", {**_shell_context(game), "table": table})


def play(request: HttpRequest, game_id: str) -> HttpResponse:
    """The play page of one game: the page shell plus a seat's decisions (state and legal
    inputs from /api/games/{id}/state/, commands to /commands/, the live /stream/); a
    sealed game's page says when it will be shown."""
    try:
        game = replay_selectors.game_get(game_id=game_id)
    except NotFoundError:
        return _not_found(request, "No such game.")
    return _sealed(request, game) or render(request, "frontend/play.html",
                                            _shell_context(game))


def leagues(request: HttpRequest) -> HttpResponse:
    """Every league with its tournaments."""
    return render(request, "frontend/leagues.html")


def tournament(request: HttpRequest, pk: int) -> HttpResponse:
    """A tournament: round-by-round tables linking to replays, and the standings."""
    t = Tournament.objects.select_related("season__league").filter(pk=pk).first()
    if t is None:
        return _not_found(request, "No such tournament.")
    return render(request, "frontend/tournament.html", {
        "tournament": t, "division": season_selectors.division_of(tournament=t)})


def ladder(request: HttpRequest, pk: int) -> HttpResponse:
    """A league's rating ladder, each player's rating history as a chart."""
    league = League.objects.filter(pk=pk).first()
    if league is None:
        return _not_found(request, "No such league.")
    return render(request, "frontend/ladder.html", {"league": league})


def season(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A league's season in divisions: each division's members with their rank and
    movement, the season's movements, and the league's seasons before and after it."""
    league = League.objects.filter(pk=pk).first()
    if league is None:
        return _not_found(request, "No such league.")
    plan = season_selectors.season_plan(league=league, number=number)
    if plan is None:
        return _not_found(request, "No such season in divisions.")
    return render(request, "frontend/season.html", {"league": league, "season": plan.season})


def rules(request: HttpRequest) -> HttpResponse:
    """The rulebook (docs/rules.md as HTML): the target of every clause link."""
    return render(request, "frontend/rules.html", {"rules_html": rules_html(),
                                                   "game_name": "Kolkhoz"})


def game_rules(request: HttpRequest, game_id: str) -> HttpResponse:
    """A further game's rulebook (docs/<game_id>/rules.md as HTML), the target of that
    game's clause links; 404 for a game without one."""
    path = game_rules_path(game_id)
    if path is None:
        return _not_found(request, "No rulebook for that game.")
    try:
        name = engine.definition(None, game_id).name
    except LookupError:
        name = game_id
    return render(request, "frontend/rules.html", {"rules_html": rules_html(path),
                                                   "game_name": name})
