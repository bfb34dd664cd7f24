"""Celery tasks: thin wrappers that take ids and call one service each."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=20,
             default_retry_delay=2, soft_time_limit=300, time_limit=360, ignore_result=True)
def play_table(self, table_id: int) -> None:  # type: ignore[no-untyped-def]
    """Play a table's game to its end (idempotent, resumable: ``services.table_play``).
    A database error (lost connection, lock timeout) retries the task."""
    from django.db import DatabaseError

    try:
        services.table_play(table_id=table_id)
    except DatabaseError as exc:
        raise self.retry(exc=exc) from exc


@shared_task(ignore_result=True)
def start_due_tournaments() -> list[int]:
    """Celery beat: start the scheduled tournaments whose start time has passed."""
    return services.tournaments_start_due()


@shared_task(ignore_result=True)
def resume_stalled_tables() -> list[int]:
    """Celery beat: re-enqueue tables that made no progress for a minute."""
    return services.tables_resume_stalled()


@shared_task(ignore_result=True)
def enforce_move_deadlines() -> list[tuple[int, int]]:
    """Celery beat: apply the timeout policy where a person let a move deadline pass
    (``humans.deadlines_enforce``: the autopilot moves, the miss is recorded)."""
    from . import humans

    return humans.deadlines_enforce()
