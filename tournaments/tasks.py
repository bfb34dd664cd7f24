"""Celery tasks: thin wrappers that take ids and call one service each."""

from __future__ import annotations

import logging
from typing import Any

from celery import Task, shared_task
from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist

from . import humans, recovery, services

log = logging.getLogger(__name__)


class TableTask(Task):  # type: ignore[misc]
    """``play_table``'s base: Celery's retry and failure hooks record the error on the
    table (``tournaments.recovery``): each retry notes it, the final failure parks the
    table as ``failed``, a clean run clears it. A hook that cannot reach the database
    only logs: the stalled-table sweep picks the table up later."""

    def _record(self, what: str, fn: Any, table_id: Any, **kwargs: Any) -> None:
        try:
            fn(table_id=int(table_id), **kwargs)
        except Exception:  # noqa: BLE001 - a hook must never raise
            log.exception("could not record the %s of table %s", what, table_id)

    def on_retry(self, exc: BaseException, task_id: str, args: Any, kwargs: Any,
                 einfo: Any) -> None:
        self._record("retry", recovery.table_note_retry, args[0], exc=exc)

    def on_failure(self, exc: BaseException, task_id: str, args: Any, kwargs: Any,
                   einfo: Any) -> None:
        log.error("table %s failed after its retries: %r", args[0], exc)
        self._record("failure", recovery.table_mark_failed, args[0], exc=exc)

    def on_success(self, retval: Any, task_id: str, args: Any, kwargs: Any) -> None:
        self._record("success", recovery.table_clear_error, args[0])


@shared_task(base=TableTask, bind=True, acks_late=True, reject_on_worker_lost=True,
             autoretry_for=(Exception,), dont_autoretry_for=(ObjectDoesNotExist,),
             max_retries=settings.KOLKHOZ_TABLE_TASK_RETRIES,
             retry_backoff=settings.KOLKHOZ_TABLE_TASK_BACKOFF_S,
             retry_backoff_max=settings.KOLKHOZ_TABLE_TASK_BACKOFF_MAX_S,
             retry_jitter=settings.KOLKHOZ_TABLE_TASK_JITTER,
             soft_time_limit=300, time_limit=360, ignore_result=True)
def play_table(self, table_id: int) -> None:  # type: ignore[no-untyped-def]
    """Play a table's game to its end (idempotent, resumable: ``services.table_play``).
    Any exception (a lost connection, a lock timeout, a bug) retries the task with
    exponential backoff; after the last retry the table is marked ``failed``."""
    services.table_play(table_id=table_id)


@shared_task(ignore_result=True)
def start_due_tournaments() -> list[int]:
    """Celery beat: start the scheduled tournaments whose start time has passed."""
    return services.tournaments_start_due()


@shared_task(ignore_result=True)
def resume_stalled_tables() -> list[int]:
    """Celery beat: re-enqueue tables that made no progress for a minute (never the
    ``failed`` ones: those wait for an organiser's resume)."""
    return services.tables_resume_stalled()


@shared_task(ignore_result=True)
def enforce_move_deadlines() -> list[tuple[int, int]]:
    """Celery beat: apply the timeout policy where a person let a move deadline pass
    (``humans.deadlines_enforce``: the autopilot moves, the miss is recorded)."""
    return humans.deadlines_enforce()
