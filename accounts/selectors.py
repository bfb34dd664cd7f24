"""Reads for people: an account's seats in live and finished games."""

from __future__ import annotations

from typing import Any

from replays import engine
from replays.models import GameSeat
from replays.selectors import game_events


def user_seats(*, user: Any, limit: int = 50) -> list[dict[str, Any]]:
    """The account's seats, newest game first: ``[{game, seat, status, your_turn,
    head_seq, play_url}]`` (``your_turn``: the game awaits this seat's decision)."""
    out = []
    seats = (GameSeat.objects.filter(user=user).select_related("game")
             .order_by("-game__created_at")[:limit])
    for s in seats:
        live = s.game.status == "live"
        movers = engine.may_act(game_events(game=s.game), game=s.game.game) if live else ()
        out.append({"game": str(s.game_id), "seat": s.index, "status": s.game.status,
                    "your_turn": s.index in movers, "head_seq": s.game.head_seq,
                    "play_url": f"/play/{s.game_id}/"})
    return out
