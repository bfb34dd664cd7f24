"""The account pages (server-rendered, on the site's base template): sign-up, "My games"
and entering a tournament from it. Sign-in, sign-out and the password pages are Django's
own auth views (``web_urls``); the sign-in form keeps django-axes' lockout (the
``AxesStandaloneBackend`` sees every ``LoginView`` attempt)."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from replays.errors import ApplicationError

from . import pages, services
from .forms import SignUpForm


def _next(request: HttpRequest, default: str) -> str:
    """The ``next`` address of the request if it is on this site, else ``default``."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()},
                                                  require_https=request.is_secure()):
        return target
    return default


def signup(request: HttpRequest) -> HttpResponse:
    """GET: the sign-up form. POST: create the account and its player (the
    registration service's checks), sign in and go to ``next`` or "My games"; bad input
    shows the form again with its errors (200, never a 500). A signed-in visitor is sent
    to "My games"."""
    if request.user.is_authenticated:
        return redirect("my_games")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        if user is not None:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome, {user.get_username()}! Your account is ready.")
            return HttpResponseRedirect(_next(request, reverse("my_games")))
    return render(request, "accounts/signup.html",
                  {"form": form, "next": _next(request, "")})


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    """Every seat the signed-in person holds (live games first, "Your turn" where a game
    awaits them, the time left on a deadline) and the open tournaments with an Enter
    button (``pages.my_seats``, ``pages.open_tournaments``)."""
    seats = pages.my_seats(user=request.user)
    return render(request, "accounts/my_games.html", {
        "live": [s for s in seats if s["status"] == "live"],
        "finished": [s for s in seats if s["status"] != "live"],
        "your_turn": sum(1 for s in seats if s["your_turn"]),
        "tournaments": pages.open_tournaments(user=request.user)})


@require_POST
def enter(request: HttpRequest) -> HttpResponse:
    """POST ``tournament`` (an id): enter the signed-in person (``services.
    tournament_enter``, the same as ``POST /api/accounts/entries/``), then back to "My
    games" with a message saying what happened (a refusal — not open, already entered,
    full, unknown — is a message, never an error page)."""
    if not request.user.is_authenticated:  # sign in, then back to My games (not here)
        return redirect_to_login(reverse("my_games"))
    raw = request.POST.get("tournament", "")
    if not re.fullmatch(r"[0-9]{1,18}", raw, flags=re.ASCII):  # isdigit() took "²"
        messages.error(request, "Choose a tournament to enter.")
        return redirect("my_games")
    try:
        entry = services.tournament_enter(user=request.user, tournament_id=int(raw))
    except ApplicationError as exc:
        messages.error(request, f"Could not enter: {exc.message}.")
    else:
        messages.success(request, f"You are entered in {entry.tournament.name}. Your game "
                                  "appears here when its round starts.")
    return redirect("my_games")
