"""Tables whose task fails: the error recorded while Celery retries, the table parked as
``failed`` once the retries are used up, and an organiser's resume.

The ``play_table`` task (``tournaments.tasks``) retries any exception with Celery's own
exponential backoff (``retry_backoff``, settings ``KOLKHOZ_TABLE_TASK_*``); each retry
records the error here and touches the table (so the stalled-table sweep, which waits a
minute, never starts a second chain beside it). When the last retry fails the table is
marked ``failed`` with its error: the sweep skips it, its bots stop, the round waits.
The error is shown to organisers (API, admin, tournament page); once its cause is fixed
an organiser resumes the table (``POST /api/tables/{id}/resume/`` or the admin action),
which enqueues its task again — it continues from the stored log (``table_play``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from replays.errors import ConflictError

from . import dispatch
from .models import Table, TableStatus

LIVE = (TableStatus.PENDING, TableStatus.PLAYING)
ERROR_LIMIT = 2000  # characters of an error kept on the table


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:ERROR_LIMIT]


def table_note_retry(*, table_id: int, exc: BaseException) -> None:
    """Record ``exc`` on a live table whose task is about to be retried (status kept)."""
    Table.objects.filter(pk=table_id, status__in=LIVE).update(
        error=_describe(exc), updated_at=timezone.now())


def table_mark_failed(*, table_id: int, exc: BaseException) -> bool:
    """Park a live table as ``failed`` with ``exc`` as its error (its task used every
    retry). Returns whether it was marked (False: finished meanwhile, or already
    failed)."""
    now = timezone.now()
    return bool(Table.objects.filter(pk=table_id, status__in=LIVE).update(
        status=TableStatus.FAILED, error=_describe(exc), failed_at=now, updated_at=now))


def table_clear_error(*, table_id: int) -> None:
    """Forget a live table's last error (its task has just run cleanly)."""
    Table.objects.filter(pk=table_id, status__in=LIVE).exclude(error="").update(error="")


def table_resume(*, table_id: int) -> Table:
    """Resume a ``failed`` table: back to ``playing`` with its error cleared, its task
    enqueued once this transaction commits. Raises ``ConflictError`` (409,
    ``not_failed``) when the table is not failed, ``Table.DoesNotExist`` when there is
    no such table."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table_id)
        if table.status != TableStatus.FAILED:
            raise ConflictError(f"table {table_id} is {table.status}, not failed",
                                code="not_failed")
        table.status = TableStatus.PLAYING
        table.error = ""
        table.failed_at = None
        table.save(update_fields=["status", "error", "failed_at", "updated_at"])
        transaction.on_commit(lambda: dispatch.tables_enqueue([table_id]))
    return table
