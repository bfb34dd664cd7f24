"""Sending Celery tasks by their registered name, once the caller's transaction commits.

Services enqueue work through here and never import a ``tasks`` module: a tasks module
imports the services it wraps, so the dependency points one way (tasks → services →
dispatch) and there is no import cycle (``lint-imports``, docs/architecture.md). The task
is looked up in the Celery app's registry (``current_app.tasks[name]``; autodiscovery
imports every app's ``tasks`` module), so it is sent with ``apply_async`` exactly as before
— eager mode in the tests included.
"""

from __future__ import annotations

from typing import Any

from celery import current_app

PLAY_BOT_SEATS = "replays.tasks.play_bot_seats"


def task_send(name: str, *args: Any) -> None:
    """Send the task registered as ``name`` with ``args`` to the default queue
    (``CELERY_TASK_DEFAULT_QUEUE``, read at send time so a deployment or a test can give
    its workers a queue of their own). Raises ``KeyError`` for an unknown task name."""
    task = current_app.tasks[name]
    task.apply_async(args, queue=task.app.conf.task_default_queue)


def bot_seats_enqueue(game_id: Any) -> None:
    """Let the bot seats of a game outside a tournament move (``play_bot_seats``)."""
    task_send(PLAY_BOT_SEATS, str(game_id))
