"""``input_accepted``: sent once a player's (or the autopilot's) input is committed.

Keyword arguments: ``game_id`` (UUID), ``seat`` (int) and ``actor`` (``seat:N`` or
``autopilot``). It exists so that the apps that know who sits where can let their bots
move without ``replays`` importing them: ``tournaments`` enqueues the game's table
(``tournaments.tasks.play_table``), and ``replays`` itself enqueues
``replays.tasks.play_bot_seats`` for a game outside a tournament with bot seats.
Receivers only enqueue tasks; they hold no game logic.
"""

from __future__ import annotations

from typing import Any

from django.dispatch import Signal

from .dispatch import bot_seats_enqueue
from .models import GameSeat

input_accepted = Signal()


def enqueue_bot_seats(sender: Any, *, game_id: Any, **kwargs: Any) -> None:
    """Receiver: a game outside a tournament whose seats include bots → let them move."""
    if GameSeat.objects.filter(game_id=game_id).exclude(bot="").exists():
        bot_seats_enqueue(game_id)
