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
    list_display = ("name", "season", "format", "rounds", "status", "starts_at")
    list_filter = ("format", "status")
    inlines = [EntryInline]


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
