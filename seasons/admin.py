"""Organisers' screens for seasons in divisions: the seasons (with an action that closes
them and opens the next), their divisions with the members, and the movements.

Seasons are opened through the services (the API, ``POST /api/leagues/{id}/seasons/``, or
``manage.py run_season``), which check everything a division needs; here the records
are read-only, so a division's members, seeds and movements always match what the
services decided."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from replays.errors import ApplicationError

from . import models, services


class ReadOnly:
    """Rows the services write: shown, never added, changed or deleted by hand."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(models.SeasonPlan)
class SeasonPlanAdmin(ReadOnly, admin.ModelAdmin):
    """A season in divisions; "Close the selected seasons" closes each finished one and
    opens the next from its movements (``seasons.services.season_close``)."""

    list_display = ("season", "status", "promote", "relegate", "opened_at", "closed_at")
    list_filter = ("status", "season__league")
    actions = ["close_seasons"]

    @admin.action(description="Close the selected seasons and open the next")
    def close_seasons(self, request: HttpRequest,
                      queryset: QuerySet[models.SeasonPlan]) -> None:
        for plan in queryset.select_related("season").order_by("season__number"):
            try:
                services.season_close(season=plan.season)
            except ApplicationError as e:
                self.message_user(request, f"{plan.season}: {e.code}: {e.message}",
                                  messages.ERROR)
            else:
                self.message_user(request, f"{plan.season}: closed.", messages.SUCCESS)


class MemberInline(ReadOnly, admin.TabularInline):
    model = models.DivisionMember
    fields = ("seed", "player", "ordinal", "final_rank", "final_points")
    extra = 0


@admin.register(models.Division)
class DivisionAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("season", "number", "name", "tournament")
    list_filter = ("season__league",)
    inlines = [MemberInline]


@admin.register(models.Movement)
class MovementAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("season", "player", "from_division", "to_number", "reason", "final_rank",
                    "by_seed")
    list_filter = ("reason", "season__league")
    search_fields = ("player__name",)
