"""Filters of the game list (``GET /api/games/``): game id, status, ruleset preset, player
name (contains, any case), tournament, and a date range of when the game was created.

A bad value is a 400 ``malformed`` naming the parameter (``filter_errors_message``): an
unknown status, a game id that is no id, a tournament that is not a positive integer, a
date that is not ``YYYY-MM-DD``, or ``date_from`` after ``date_to``.

The tournament filter follows the reverse relation that ``tournaments.Table`` declares on
its game (``Game.table``, ``table__round__tournament``) by name: no import of the
tournaments app (the layers run one way, docs/architecture.md)."""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from django.core.validators import RegexValidator

from .models import Game, GameStatus

GAME_ID = RegexValidator(r"^[a-z][a-z0-9_]{0,31}$",
                         "a game id is lower-case letters, digits and _ (GET /api/catalog/)")


class _IntegerFilter(django_filters.NumberFilter):
    """A whole number (``NumberFilter`` would take ``1.5``)."""

    field_class = forms.IntegerField


class _GameFilterForm(forms.Form):
    def clean(self) -> dict[str, Any]:
        data = super().clean()
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", f"must not be before date_from ({start.isoformat()})")
        return data


class GameFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game", validators=[GAME_ID],
                                     label="game id (GET /api/catalog/)")
    status = django_filters.ChoiceFilter(choices=GameStatus.choices)
    preset = django_filters.CharFilter(field_name="preset", max_length=32)
    player = django_filters.CharFilter(method="filter_player", max_length=100,
                                       label="part of a seat's player name (any case)")
    tournament = _IntegerFilter(field_name="table__round__tournament", min_value=1,
                                max_value=2**63 - 1,
                                label="tournament id: the games of its tables")
    date_from = django_filters.DateFilter(field_name="created_at", lookup_expr="date__gte",
                                          label="created on or after (YYYY-MM-DD, UTC)")
    date_to = django_filters.DateFilter(field_name="created_at", lookup_expr="date__lte",
                                        label="created on or before (YYYY-MM-DD, UTC)")

    class Meta:
        model = Game
        fields = ["game", "status", "preset", "player", "tournament", "date_from", "date_to"]
        form = _GameFilterForm

    def filter_player(self, queryset, name, value):  # type: ignore[no-untyped-def]
        return queryset.filter(seat_set__name__icontains=value).distinct()


def filter_errors_message(errors: dict[str, list[str]]) -> str:
    """One readable line from a filter form's errors: ``"invalid filter: status: Select a
    valid choice. …; date_to: …"``."""
    parts = [f"{field}: {' '.join(str(m) for m in messages)}"
             for field, messages in errors.items()]
    return "invalid filter: " + "; ".join(parts)
