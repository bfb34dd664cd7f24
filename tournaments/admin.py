"""Organisers' screens: leagues, seasons, players, tournaments with entries, rounds, tables.

A league's and a tournament's game, table size, ruleset and placement points are checked
as the services check them (``tournaments.games``) before anything is saved; a league's
game is fixed once it exists (its ladder is one game's)."""

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from replays import engine
from replays.errors import ConflictError

from . import games, models, recovery
from .errors import LeagueError


def _checked(form: forms.ModelForm, check: Any) -> None:
    """Run ``check()``; a LeagueError or a game's ruleset error becomes a form error."""
    try:
        check()
    except LeagueError as e:
        field = {"unknown_game": "game", "game_mismatch": "game",
                 "bad_table_size": "table_size",
                 "bad_placement_points": "placement_points",
                 "duplicate_unsupported": "duplicate"}.get(str(e.code))
        form.add_error(field if field in form.fields else None, e.message)
    except Exception as e:  # a game's typed ruleset error
        if not engine.is_engine_error(e):
            raise
        form.add_error("ruleset" if "ruleset" in form.fields else None,
                       engine.error_info(e)["message"])


class LeagueForm(forms.ModelForm):
    class Meta:
        model = models.League
        fields = "__all__"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        game = data.get("game", self.instance.game)

        def check() -> None:
            games.game_check(game)
            data["ruleset"] = games.ruleset_check(game, data.get("ruleset"))
        _checked(self, check)
        return data


@admin.register(models.League)
class LeagueAdmin(admin.ModelAdmin):
    form = LeagueForm
    list_display = ("name", "slug", "game", "created_at")
    list_filter = ("game",)
    prepopulated_fields = {"slug": ("name",)}

    def get_readonly_fields(self, request, obj=None):  # type: ignore[no-untyped-def]
        return ("game",) if obj is not None else ()


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


class TournamentForm(forms.ModelForm):
    class Meta:
        model = models.Tournament
        fields = "__all__"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        season = data.get("season") or getattr(self.instance, "season", None)
        if season is None:
            return data
        game = data.get("game") or season.league.game

        def check() -> None:
            games.game_check(game)
            if game != season.league.game:
                raise LeagueError(f"league {season.league.name!r} plays "
                                  f"{season.league.game}, not {game}", code="game_mismatch")
            data["ruleset"] = games.ruleset_check(game, data.get("ruleset")
                                                  or season.league.ruleset or None)
            # an untouched field: the instance's size, or the game's default for a new one
            size_in = (data.get("table_size") if "table_size" in self.changed_data
                       else self.instance.table_size if self.instance.pk else None)
            size = games.table_size_check(game, size_in)
            data["table_size"] = size
            data["placement_points"] = games.placement_points_check(
                data.get("placement_points") or None, size)
            if data.get("duplicate"):  # its entries are checked when it starts
                games.duplicate_check(game)
        _checked(self, check)
        return data


@admin.register(models.Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """The seed secret never shows, not even to staff (docs/shuffle.md): the API reveals
    it once the tournament is finished. The organiser's seed and the commitment are
    fixed once the tournament exists (a changed seed would change later tables' deals),
    and so are its game and table size once it has rounds. The game must be its
    league's, the table size within the game's seat range, the placement points one per
    place (empty: ``table_size-1`` … 0). ``duplicate`` (docs/duplicate.md) needs a game
    that deals from its seed, and is fixed once the tournament has rounds; its entries
    are checked when it starts (no person in a field of one table a round)."""

    form = TournamentForm
    list_display = ("name", "season", "game", "table_size", "format", "duplicate", "rounds",
                    "status", "starts_at")
    list_filter = ("game", "format", "duplicate", "status")
    exclude = ("secret", "secret_explicit")
    inlines = [EntryInline]

    def get_readonly_fields(self, request, obj=None):  # type: ignore[no-untyped-def]
        if obj is None:
            return ("seed_commitment",)
        fixed = ("game", "table_size", "duplicate") if obj.round_set.exists() else ()
        return ("seed", "seed_commitment", *fixed)

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

    list_display = ("id", "round", "number", "board", "status", "short_error", "failed_at",
                    "game")
    list_filter = ("status", "round__tournament__game")
    readonly_fields = ("error", "failed_at")
    inlines = [TableSeatInline]
    actions = ["resume_tables"]
    RESULT_FIELDS = ("places", "scores", "tiebreaks", "medals")

    def get_exclude(self, request: HttpRequest, obj: models.Table | None = None) -> Any:
        """A table of a duplicate round still being played shows (and saves) no result:
        it is sealed for staff too until the round is over (docs/duplicate.md "Hidden
        information")."""
        from .duplicate_scores import round_sealed

        excluded = list(super().get_exclude(request, obj) or [])
        if obj is not None and round_sealed(obj.round):
            excluded += self.RESULT_FIELDS
        return excluded

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
