"""Celery tasks of the event store: thin wrappers that take ids and call one service."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(acks_late=True, ignore_result=True, soft_time_limit=120, time_limit=150)
def play_bot_seats(game_id: str) -> int:
    """Move the bot seats of a game outside a tournament until a person must act
    (``services.game_bots_play``: idempotent, reproducible from the seed and the seq)."""
    return services.game_bots_play(game_id=game_id)
