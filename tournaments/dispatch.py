"""Enqueueing the tables' Celery task by name (``replays.dispatch``): services, people's
moves and the organiser's resume send ``play_table`` through here, so none of them imports
``tournaments.tasks`` (which imports them)."""

from __future__ import annotations

from collections.abc import Iterable

from replays.dispatch import task_send

PLAY_TABLE = "tournaments.tasks.play_table"


def tables_enqueue(table_ids: Iterable[int]) -> None:
    """Send one ``play_table`` task per table id (idempotent on the worker's side: a
    duplicate plays nothing twice)."""
    for table_id in table_ids:
        task_send(PLAY_TABLE, table_id)
