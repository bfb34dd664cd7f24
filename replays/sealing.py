"""Sealed games: games served to nobody but their own seats for a while.

Why: the tables of a duplicate tournament's round are dealt the same cards
(docs/duplicate.md), so whoever watched one table of the round — its moves, or its
``game_end``, which reveals the seed every table of the round shares — would know the
hands at every other table. Until every table of that round has finished, each of its
games is served only to the people who hold a seat at it: every other request for it is
refused (403 ``game_sealed``) and the game lists leave it out.

The rule comes from above: the app that knows when a game is sealed (``tournaments``,
in its ``AppConfig.ready``) registers a function returning a ``Q`` over ``Game`` that
matches the games sealed now (:func:`seal_rule_register`); ``replays`` never imports it
(the layers run one way, docs/architecture.md). With no rule registered nothing is
sealed.

Who holds a seat: a request carrying that game's seat token (``Authorization: Bearer``),
or a signed-in account holding one of its seats (``GameSeat.user``). Nobody else —
organisers, arbiters and staff included — reads a sealed game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user
from django.db.models import Q, QuerySet

from .errors import ForbiddenError
from .models import Game, GameSeat

_rules: list[Callable[[], Q]] = []

SEALED_MESSAGE = ("this game's round is still being played: its tables share their deals "
                  "(a duplicate tournament), so until every table of the round has "
                  "finished it is shown only to its own seats")


def seal_rule_register(rule: Callable[[], Q]) -> None:
    """Add ``rule`` (a function returning a ``Q`` over ``Game`` that matches the games
    sealed now) to the rules; registering the same function twice is a no-op."""
    if rule not in _rules:
        _rules.append(rule)


def sealed_q() -> Q | None:
    """A ``Q`` matching every game sealed now (any registered rule), or None when no
    rule is registered."""
    out: Q | None = None
    for rule in _rules:
        q = rule()
        out = q if out is None else out | q
    return out


def game_sealed(*, game: Game) -> bool:
    """Whether ``game`` is sealed now (one query; False with no rule)."""
    q = sealed_q()
    return q is not None and Game.objects.filter(pk=game.pk).filter(q).exists()


def games_unsealed(qs: QuerySet[Game]) -> QuerySet[Game]:
    """``qs`` without the games sealed now (what any list serves)."""
    q = sealed_q()
    return qs if q is None else qs.exclude(pk__in=Game.objects.filter(q).values("pk"))


def request_user(request: Any) -> Any:
    """The account a request is signed in as — the API's authenticated user, else the
    session's (read from the session itself: DRF replaces ``request.user`` by its own
    authenticators' answer; a read of one's own game needs no CSRF token) — or None."""
    user = getattr(request, "user", None)
    if user is not None and getattr(user, "is_authenticated", False):
        return user
    django_request = getattr(request, "_request", request)
    if not hasattr(django_request, "session"):
        return None
    user = get_user(django_request)
    return user if getattr(user, "is_authenticated", False) else None


def holds_seat(*, game: Game, seat: int | None = None, user: Any = None) -> bool:
    """Whether the viewer holds a seat of ``game``: ``seat`` (the seat its token gave,
    None: none) or ``user`` (an account) holding one."""
    if seat is not None:
        return True
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return GameSeat.objects.filter(game=game, user=user).exists()


def sealed_error() -> ForbiddenError:
    """The error a sealed game's reader gets: 403 ``game_sealed``."""
    return ForbiddenError(SEALED_MESSAGE, code="game_sealed")


def game_require_unsealed(*, game: Game, seat: int | None = None, user: Any = None) -> None:
    """Raise ``ForbiddenError`` (403 ``game_sealed``) when ``game`` is sealed and the
    viewer (``seat`` from its token, or the signed-in ``user``) holds none of its seats;
    nothing otherwise."""
    if game_sealed(game=game) and not holds_seat(game=game, seat=seat, user=user):
        raise sealed_error()
