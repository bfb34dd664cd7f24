"""Template tags for pages that show a game: ``{% held_seat user game as seat %}`` — the
index of the seat ``user`` holds in ``game`` (None for a visitor or a spectator), so a
page can offer "Play your seat" (the replay page of a live game)."""

from __future__ import annotations

from typing import Any

from django import template

from replays.models import GameSeat

register = template.Library()


@register.simple_tag
def held_seat(user: Any, game: Any) -> int | None:
    """The seat index ``user`` holds in ``game``, or None."""
    if user is None or not getattr(user, "is_authenticated", False) or game is None:
        return None
    return (GameSeat.objects.filter(game=game, user=user)
            .values_list("index", flat=True).first())
