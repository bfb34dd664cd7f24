"""Organisers' screens: leagues, seasons, players, tournaments with entries, rounds, tables."""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from replays.errors import ConflictError

from . import models, recovery


@admin.register(models.League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "created_at")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(models.Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("league", "number", "name")


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "bot_name", "bot_version")
    list_filter = ("kind",)
    search_fields = ("name",)


class EntryInline(admin.TabularInline):
    model = models.Entry
    extra = 0


@admin.register(models.Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """The seed secret never shows, not even to staff (docs/shuffle.md): the API reveals
    it once the tournament is finished. The organiser's seed and the commitment are
    fixed once the tournament exists (a changed seed would change later tables' deals)."""

    list_display = ("name", "season", "format", "rounds", "status", "starts_at")
    list_filter = ("format", "status")
    exclude = ("secret", "secret_explicit")
    inlines = [EntryInline]

    def get_readonly_fields(self, request, obj=None):  # type: ignore[no-untyped-def]
        return ("seed", "seed_commitment") if obj is not None else ("seed_commitment",)

    def save_model(self, request, obj, form, change):  # type: ignore[no-untyped-def]
        if not change:  # a tournament made in the admin gets its secret like any other
            from replays.seeds import new_secret

            from .seeds import commitment

            obj.secret = new_secret()
            obj.seed_commitment = commitment(obj.seed, obj.secret)
        super().save_model(request, obj, form, change)


class TableSeatInline(admin.TabularInline):
    model = models.TableSeat
    extra = 0


@admin.register(models.Table)
class TableAdmin(admin.ModelAdmin):
    """Tables; a ``failed`` one shows its task's error and is resumed with the action
    "Resume failed tables" once the cause is fixed (``tournaments.recovery``)."""

    list_display = ("id", "round", "number", "status", "short_error", "failed_at", "game")
    list_filter = ("status",)
    readonly_fields = ("error", "failed_at")
    inlines = [TableSeatInline]
    actions = ["resume_tables"]

    @admin.display(description="error")
    def short_error(self, table: models.Table) -> str:
        return table.error[:120]

    @admin.action(description="Resume failed tables")
    def resume_tables(self, request: HttpRequest, queryset: QuerySet[models.Table]) -> None:
        resumed, skipped = 0, []
        for table in queryset.order_by("pk"):
            try:
                recovery.table_resume(table_id=table.pk)
                resumed += 1
            except ConflictError:
                skipped.append(str(table.pk))
        self.message_user(request, f"{resumed} table(s) resumed.", messages.SUCCESS)
        if skipped:
            self.message_user(request, f"Not failed, left as they are: {', '.join(skipped)}.",
                              messages.WARNING)


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "status", "starts_at")


@admin.register(models.Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("league", "player", "mu", "sigma", "games")
    list_filter = ("league",)
