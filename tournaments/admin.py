"""Organisers' screens: leagues, seasons, players, tournaments with entries, rounds, tables."""

from django.contrib import admin

from . import models


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
    list_display = ("id", "round", "number", "status", "game")
    list_filter = ("status",)
    inlines = [TableSeatInline]


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "status", "starts_at")


@admin.register(models.Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("league", "player", "mu", "sigma", "games")
    list_filter = ("league",)
