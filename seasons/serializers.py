"""Input and output serializers of the seasons API (no logic here; the output shapes are
``seasons.selectors.season_summary``'s)."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.models import Format

#: ``Tournament.fill_policy``'s choices (one enum in the schema: FillPolicyEnum)
FILL_POLICIES = [("bots", "Fill with house bots"), ("bye", "Give byes")]


class MemberMovementSerializer(serializers.Serializer):
    """Where a member goes: recorded when the season closed, else (``projected``) what
    the current standings would give."""

    reason = serializers.ChoiceField(choices=["promoted", "relegated", "stayed", "withdrawn"])
    to_division = serializers.IntegerField(allow_null=True,
                                           help_text="the next season's division; null: "
                                                     "leaves the league")
    by_seed = serializers.BooleanField(help_text="a rank shared across the line, decided "
                                                 "by the seed (the higher rated first)")
    projected = serializers.BooleanField()


class MemberSerializer(serializers.Serializer):
    player = serializers.CharField()
    player_id = serializers.IntegerField()
    seed = serializers.IntegerField(help_text="place in the division's rating order at "
                                              "the opening (1 = highest rated)")
    ordinal = serializers.FloatField(allow_null=True,
                                     help_text="ladder ordinal (mu − 3σ) at the opening; "
                                               "null: unrated")
    rank = serializers.IntegerField(allow_null=True,
                                    help_text="final rank once closed, else current")
    points = serializers.FloatField(allow_null=True)
    games = serializers.IntegerField()
    withdrawn = serializers.BooleanField()
    movement = MemberMovementSerializer(allow_null=True)


class DivisionTournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()


class DivisionSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="1 = the strongest")
    name = serializers.CharField()
    size = serializers.IntegerField()
    tournament = DivisionTournamentSerializer()
    members = MemberSerializer(many=True)


class MovementSerializer(serializers.Serializer):
    player = serializers.CharField()
    player_id = serializers.IntegerField()
    reason = serializers.ChoiceField(
        choices=["promoted", "relegated", "stayed", "withdrawn", "joined"])
    from_division = serializers.IntegerField(allow_null=True,
                                             help_text="null: a newcomer who joined")
    to_division = serializers.IntegerField(allow_null=True, help_text="null: left the league")
    final_rank = serializers.IntegerField(allow_null=True)
    by_seed = serializers.BooleanField()


class SeasonSettingsSerializer(serializers.Serializer):
    format = serializers.CharField()
    rounds = serializers.IntegerField()
    ruleset = serializers.JSONField()
    table_size = serializers.IntegerField()
    fill_policy = serializers.CharField()
    placement_points = serializers.ListField(child=serializers.FloatField(), allow_null=True)
    rated = serializers.BooleanField()


class SeasonSerializer(serializers.Serializer):
    """A season in divisions (``seasons.selectors.season_summary``)."""

    id = serializers.IntegerField()
    league = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True)
    status = serializers.ChoiceField(choices=["open", "closed"])
    promote = serializers.IntegerField()
    relegate = serializers.IntegerField()
    settings = SeasonSettingsSerializer()
    opened_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    previous = serializers.IntegerField(allow_null=True)
    next = serializers.IntegerField(allow_null=True)
    divisions = DivisionSerializer(many=True)
    movements = MovementSerializer(many=True)


class SeasonCloseOutput(serializers.Serializer):
    closed = SeasonSerializer()
    next = SeasonSerializer(allow_null=True)


class SeasonOpenInput(serializers.Serializer):
    players = serializers.ListField(child=serializers.CharField(max_length=100), min_length=1,
                                    max_length=512,
                                    help_text="registered player names; the unrated are "
                                              "seeded in this order after the rated")
    divisions = serializers.IntegerField(required=False, allow_null=True, default=None,
                                         min_value=1, max_value=64)
    division_size = serializers.IntegerField(required=False, allow_null=True, default=None,
                                             min_value=1, max_value=512)
    promote = serializers.IntegerField(required=False, default=1, min_value=0, max_value=64)
    relegate = serializers.IntegerField(required=False, default=1, min_value=0, max_value=64)
    number = serializers.IntegerField(required=False, allow_null=True, default=None,
                                      min_value=1, max_value=100000)
    format = serializers.ChoiceField(choices=Format.choices, required=False, default="swiss")
    rounds = serializers.IntegerField(required=False, default=3, min_value=1, max_value=100)
    ruleset = serializers.JSONField(required=False, allow_null=True, default=None)
    table_size = serializers.IntegerField(required=False, allow_null=True, default=None,
                                          min_value=1, max_value=64)
    fill_policy = serializers.ChoiceField(choices=FILL_POLICIES, required=False,
                                          default="bots")
    placement_points = serializers.ListField(
        child=serializers.JSONField(), required=False, allow_null=True, default=None,
        min_length=1, max_length=64)
    rated = serializers.BooleanField(required=False, default=True)
    seed = serializers.CharField(max_length=40, required=False, default="1")
    starts_at = serializers.DateTimeField(required=False, allow_null=True, default=None)
    start = serializers.BooleanField(required=False, default=True,
                                     help_text="start every division's tournament now "
                                               "(ignored when starts_at schedules them)")


class SeasonCloseInput(serializers.Serializer):
    open_next = serializers.BooleanField(required=False, default=True)
    joining = serializers.ListField(child=serializers.CharField(max_length=100),
                                    required=False, default=list, max_length=512,
                                    help_text="players joining the last division of the "
                                              "next season")


class SeasonNextInput(serializers.Serializer):
    joining = serializers.ListField(child=serializers.CharField(max_length=100),
                                    required=False, default=list, max_length=512)
