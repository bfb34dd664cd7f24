"""The arbiters' pages (mounted under /disputes/): the disputes list and a dispute's page,
raising a dispute from a replay step, taking one under review, previewing and making a
ruling, and the what-if form of any finished game.

The same services as the REST API decide everything (who may, what is valid); an
``ApplicationError`` becomes a message on the page with its HTTP status (403 for a
signed-in person who may not, 409 for the wrong status, 400 for bad input), never a 500.
Signed-in people raise; organisers and arbiters take under review; arbiters rule. What
the pages show of a game is what a spectator may see (``presenters``).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from replays import engine, sealing
from replays.audit import game_whatif
from replays.errors import ApplicationError, NotFoundError
from replays.models import Game, GameStatus
from replays.selectors import game_events, game_get
from replays.throttles import WholeGameThrottle

from . import presenters, selectors, services
from .forms import RaiseForm, RuleForm, WhatIfForm
from .models import DisputeStatus

PER_PAGE = 20


def _page(request: HttpRequest, template: str, ctx: dict[str, Any],
          status: int = 200) -> HttpResponse:
    user = request.user
    ctx = {"is_arbiter": services.is_arbiter(user),
           "may_review": services.is_organiser(user) or services.is_arbiter(user),
           "login_url": f"{reverse('login')}?{urlencode({'next': request.get_full_path()})}",
           **ctx}
    return render(request, template, ctx, status=status)


def _missing(request: HttpRequest, what: str) -> HttpResponse:
    return render(request, "frontend/not_found.html", {"what": what}, status=404)


def dispute_list(request: HttpRequest) -> HttpResponse:
    """Every dispute, newest first, 20 a page; ``?status=`` one status (400 for an unknown
    one), ``?game=`` one game (404 for an unknown game), ``?page=``."""
    status = request.GET.get("status") or ""
    statuses = [(s.value, s.label) for s in DisputeStatus]
    if status and status not in DisputeStatus.values:
        return _page(request, "disputes/list.html", {
            "error": f"There is no status “{status}”: choose one of the list.",
            "statuses": statuses, "status": ""}, status=400)
    game = None
    if request.GET.get("game"):
        try:
            game = game_get(game_id=request.GET["game"])
        except NotFoundError:
            return _missing(request, "No such game.")
    qs = selectors.dispute_list(game_id=game.pk if game else None,
                                status=status or None).select_related("game")
    page = Paginator(qs, PER_PAGE).get_page(request.GET.get("page"))
    rows = [{"d": d, "names": presenters.seat_names(d.game),
             "game_name": presenters.game_name(d.game)} for d in page.object_list]
    return _page(request, "disputes/list.html", {
        "page": page, "rows": rows, "statuses": statuses, "status": status, "game": game,
        "query": "&".join(f"{k}={v}" for k, v in (("status", status),
                                                    ("game", game.pk if game else ""))
                          if v)})


def _sealed(request: HttpRequest, game: Game) -> HttpResponse | None:
    """The 403 page for a sealed game (a duplicate round still being played: only its
    own seats may read it, ``replays.sealing``) when the viewer holds none of its seats;
    else None."""
    if not sealing.game_sealed(game=game) or sealing.holds_seat(game=game, user=request.user):
        return None
    return render(request, "frontend/sealed.html", {"table": None}, status=403)


def _detail_ctx(d: Any) -> dict[str, Any]:
    # a sealed game's steps are not shown on its dispute's pages until its round is over
    sealed = sealing.game_sealed(game=d.game)
    return {"d": d, "game": d.game, "names": presenters.seat_names(d.game),
            "game_name": presenters.game_name(d.game),
            "clause": presenters.clause_link(d.game.game, d.clause),
            "history": presenters.history(d), "sealed": sealed,
            "steps": ({"rows": [], "more": 0} if sealed
                      else presenters.steps(d.game, d.seq_from, d.seq_to)),
            "adjusted": presenters.preview_table(d.game, {"event": d.adjustment,
                                                          "diff": d.diff})
            if d.adjustment else None}


def dispute_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One dispute: its game (links into the replay at the disputed steps), the clause
    linked to the rulebook, the text, the status history, the ruling."""
    try:
        d = selectors.dispute_get(dispute_id=pk)
    except NotFoundError:
        return _missing(request, "No such dispute.")
    return _page(request, "disputes/detail.html", _detail_ctx(d))


@require_POST
def dispute_review(request: HttpRequest, pk: int) -> HttpResponse:
    """Take an open dispute under review (organisers and arbiters): back to its page,
    or its page with the reason it was refused (401/403/409)."""
    try:
        d = selectors.dispute_get(dispute_id=pk)
    except NotFoundError:
        return _missing(request, "No such dispute.")
    if not request.user.is_authenticated:
        return _page(request, "disputes/detail.html", {
            **_detail_ctx(d), "error": "Sign in as an organiser or arbiter to take a "
                                       "dispute under review."}, status=401)
    try:
        services.dispute_review(dispute=d, user=request.user)
    except ApplicationError as e:
        return _page(request, "disputes/detail.html", {**_detail_ctx(d), "error": e.message},
                     status=e.status)
    return redirect("dispute_page", pk=d.pk)


@require_http_methods(["GET", "POST"])
def dispute_raise(request: HttpRequest, game_id: str | None = None) -> HttpResponse:
    """The form to raise a dispute, prefilled from ``/disputes/raise/<game>/?step=<n>``
    (or ``?game=<id>&step=<n>``): the step, its sentence and its first clause. POST
    raises it (signed-in people; 403 otherwise) and goes to its page; bad input: the
    form again with its errors (400)."""
    source = request.POST if request.method == "POST" else request.GET
    try:
        game = game_get(game_id=game_id or source.get("game", ""))
    except NotFoundError:
        return _missing(request, "No such game: open a replay and use “Dispute this step”.")
    sealed = _sealed(request, game)
    if sealed is not None:
        return sealed
    ctx: dict[str, Any] = {"game": game, "names": presenters.seat_names(game),
                           "game_name": presenters.game_name(game)}
    step = None
    raw = request.GET.get("step")
    if raw not in (None, ""):
        try:
            step = presenters.step_of(game, int(raw))
        except ValueError:
            step = None
        if step is None:
            return _page(request, "disputes/raise.html", {
                **ctx, "form": RaiseForm(), "error": f"This game has no step {raw} (its "
                f"steps are 0 to {game.head_seq - 1})."}, status=400)
    ctx["step"] = step
    ctx["suggested"] = [presenters.clause_link(game.game, c)
                        for c in (step or {}).get("rules", [])]
    if request.method == "GET":
        initial = {"seq_from": step["seq"], "seq_to": step["seq"],
                   "clause": (step["rules"] or [""])[0]} if step else {}
        return _page(request, "disputes/raise.html", {**ctx, "form": RaiseForm(initial=initial)})
    form = RaiseForm(request.POST)
    if not request.user.is_authenticated:
        return _page(request, "disputes/raise.html", {**ctx, "form": form}, status=403)
    if not form.is_valid():
        return _page(request, "disputes/raise.html", {**ctx, "form": form}, status=400)
    try:
        d = services.dispute_raise(game=game, user=request.user, **form.cleaned_data)
    except ApplicationError as e:
        field = {"bad_seq_range": "seq_to", "unknown_clause": "clause"}.get(e.code)
        form.add_error(field if field else None, e.message)
        return _page(request, "disputes/raise.html", {**ctx, "form": form}, status=e.status)
    return redirect("dispute_page", pk=d.pk)


def _current(game: Game) -> dict[str, Any] | None:
    """The result as it stands; None for a live game and for a sealed one (a duplicate
    round still being played: its result is shown to nobody yet, docs/duplicate.md)."""
    if game.status != GameStatus.FINISHED or sealing.game_sealed(game=game):
        return None
    return services.effective_result(game_events(game=game), game=game.game)


@require_http_methods(["GET", "POST"])
def dispute_rule(request: HttpRequest, pk: int) -> HttpResponse:
    """An arbiter's ruling page. GET: the form (one place and score per player,
    prefilled with the result as it stands). POST ``action=preview``: the before/after
    table with names and a confirm button; ``confirm``: uphold (with the preview's
    token); ``dismiss``: dismiss. Others: the reason they may not (401/403/409)."""
    try:
        d = selectors.dispute_get(dispute_id=pk)
    except NotFoundError:
        return _missing(request, "No such dispute.")
    game = d.game
    names = presenters.seat_names(game)
    current = _current(game)
    form = RuleForm(request.POST or None, names=names, current=current)
    ctx: dict[str, Any] = {**_detail_ctx(d), "form": form, "current": current,
                           "standing": ", ".join(
                               f"{n} {presenters.ordinal(p)} ({s})" for n, p, s in zip(
                                   names, current["places"], current["scores"], strict=False))
                           if current else ""}
    if not services.is_arbiter(request.user):
        ctx["error"] = ("Only an arbiter may rule on a dispute. "
                        + ("" if request.user.is_authenticated else "Sign in as one."))
        return _page(request, "disputes/rule.html", ctx,
                     status=403 if request.user.is_authenticated else 401)
    if d.status != DisputeStatus.UNDER_REVIEW:
        ctx["error"] = (f"This dispute is {d.get_status_display().lower()}: only a dispute "
                        "under review can be ruled on.")
        return _page(request, "disputes/rule.html", ctx,
                     status=409 if request.method == "POST" else 200)
    if request.method == "GET":
        return _page(request, "disputes/rule.html", ctx)
    action = request.POST.get("action")
    if action not in ("preview", "confirm", "dismiss") or not form.is_valid():
        ctx["error"] = "Choose Preview, Confirm or Dismiss, and fill in the form."
        return _page(request, "disputes/rule.html", ctx, status=400)
    try:
        if action == "preview":
            preview = services.dispute_preview(dispute=d, user=request.user,
                                               adjustment=form.adjustment())
            ctx["preview"] = presenters.preview_table(game, preview)
            ctx["confirm"] = preview["confirm"]
            return _page(request, "disputes/rule.html", ctx)
        services.dispute_rule(dispute=d, user=request.user,
                              decision="upheld" if action == "confirm" else "dismissed",
                              ruling=form.cleaned_data["ruling"],
                              adjustment=form.adjustment() if action == "confirm" else None,
                              confirm=form.cleaned_data.get("confirm") or None)
    except ApplicationError as e:
        ctx["error"] = e.message
        return _page(request, "disputes/rule.html", ctx, status=e.status)
    return redirect("dispute_page", pk=d.pk)


def _shown_value(field: Any, value: Any) -> Any:
    """A chosen option as the form names it: a choice field's label, else the value as
    typed (a number option has no choices)."""
    choices = getattr(field, "choices", None)
    return (dict(choices).get(value) if choices else None) or value


def whatif(request: HttpRequest, game_id: str) -> HttpResponse:
    """The what-if form of a game: pick a preset or options (the game's own list), and
    with ``?run=1`` the result in plain words (who would have scored what, the places,
    the first step ruled differently). A live game: 409 (its inputs would show hidden
    cards); a bad option value: 400; the API's what-if rate limit applies (429)."""
    try:
        game = game_get(game_id=game_id)
    except NotFoundError:
        return _missing(request, "No such game.")
    sealed = _sealed(request, game)
    if sealed is not None:
        return sealed
    running = request.GET.get("run") == "1"
    try:
        form = WhatIfForm(request.GET if running else None, game=game)
    except LookupError:  # engine.UnknownGame: a game this installation does not host
        return _missing(request, "This installation does not host that game's rules.")
    ctx: dict[str, Any] = {"game": game, "form": form, "names": presenters.seat_names(game),
                           "game_name": presenters.game_name(game)}
    if game.status != GameStatus.FINISHED:
        ctx["error"] = ("A what-if is asked of a finished game: while it is played, its "
                        "decisions would show hidden cards.")
        return _page(request, "disputes/whatif.html", ctx, status=409 if running else 200)
    if not running:
        return _page(request, "disputes/whatif.html", ctx)
    if not form.is_valid():
        return _page(request, "disputes/whatif.html", ctx, status=400)
    throttle = WholeGameThrottle()
    if not throttle.allow_request(request, SimpleNamespace(throttle_scope="whatif")):
        ctx["error"] = "Too many what-ifs for now: try again in a minute."
        return _page(request, "disputes/whatif.html", ctx, status=429)
    options, preset = form.chosen()
    try:
        result = game_whatif(game=game, options=options, preset=preset)
    except ApplicationError as e:
        ctx["error"] = e.message
        return _page(request, "disputes/whatif.html", ctx, status=e.status)
    except Exception as e:  # the engine's typed errors: an alternative it refuses
        if not engine.is_engine_error(e):
            raise
        ctx["error"] = f"That reading cannot be used: {engine.error_info(e)['message']}"
        return _page(request, "disputes/whatif.html", ctx, status=400)
    ctx["result"] = presenters.whatif_words(game, result)
    ctx["asked"] = [(form.fields[k].label, _shown_value(form.fields[k], form.data.get(k)))
                    for k in form.fields if form.data.get(k)]
    return _page(request, "disputes/whatif.html", ctx)
