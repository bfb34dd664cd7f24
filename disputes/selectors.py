"""Reads of disputes."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from replays.errors import NotFoundError

from .models import Dispute


def dispute_list(*, game_id: Any = None, status: str | None = None) -> QuerySet[Dispute]:
    """Disputes, newest first; optionally of one game and/or in one status."""
    qs = Dispute.objects.select_related("raised_by", "arbiter").all()
    if game_id:
        qs = qs.filter(game_id=game_id)
    if status:
        qs = qs.filter(status=status)
    return qs


def dispute_get(*, dispute_id: Any) -> Dispute:
    """The dispute with this id, or NotFoundError (404 ``not_found``)."""
    try:
        return Dispute.objects.select_related("raised_by", "arbiter").get(pk=int(dispute_id))
    except (Dispute.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFoundError(f"no dispute {dispute_id}") from exc
