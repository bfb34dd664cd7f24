"""Filters of the game list: game id, status, ruleset preset, player name."""

from __future__ import annotations

import django_filters

from .models import Game, GameStatus


class GameFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game", label="game id (GET /api/catalog/)")
    status = django_filters.ChoiceFilter(choices=GameStatus.choices)
    preset = django_filters.CharFilter(field_name="preset")
    player = django_filters.CharFilter(method="filter_player", label="player name")

    class Meta:
        model = Game
        fields = ["game", "status", "preset", "player"]

    def filter_player(self, queryset, name, value):  # type: ignore[no-untyped-def]
        return queryset.filter(seat_set__name__iexact=value).distinct()
