"""Who holds a game's seats: the secret seat tokens (stored hashed), the accounts and the
registered bots that hold them. ``replays.services`` re-exports these writes."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any

from . import engine
from .errors import ForbiddenError
from .models import Game, GameSeat


def token_hash(token: str) -> str:
    """How a seat token is stored: sha256 hex (tokens are 256-bit random)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def game_seat_token_issue(*, game: Game, user: Any) -> tuple[int, str]:
    """A fresh secret token for the seat ``user`` holds in ``game`` (web sign-in →
    API token): ``(seat, token)``. The token is shown once and stored hashed; the
    seat's previous token stops working. Raises ``ForbiddenError`` (``not_seated``) if
    the user holds no seat in this game."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise ForbiddenError("sign in to get your seat's token", code="not_seated")
    seat = GameSeat.objects.filter(game=game, user=user).order_by("index").first()
    if seat is None:
        raise ForbiddenError("you hold no seat in this game", code="not_seated")
    token = secrets.token_urlsafe(32)
    GameSeat.objects.filter(pk=seat.pk).update(token_hash=token_hash(token))
    return seat.index, token


def game_seats_assign(*, game: Game, users: Sequence[Any | None] = (),
                      bots: Sequence[str] = ()) -> None:
    """Say who holds each seat: ``users[i]`` (an account, or None) and ``bots[i]`` (a
    registered bot name, or ``""`` for a person). Used when a tournament seats people,
    and for games outside tournaments whose bot seats ``game_bots_play`` moves."""
    for index, user in enumerate(users):
        if user is not None:
            GameSeat.objects.filter(game=game, index=index).update(user=user)
    for index, bot in enumerate(bots):
        if bot:
            engine.bot(bot, game=game.game)  # KeyError for an unknown bot
            GameSeat.objects.filter(game=game, index=index).update(bot=bot)
