"""A season in divisions (``tournaments.Season`` is the season itself): its plan
(promotion and relegation, the divisions' tournament settings, open or closed), its
divisions (one tournament each; Division 1 the strongest), their members (seeded by
rating at the opening, with their final rank once closed) and the movements recorded when
it closed (docs/seasons.md)."""

from __future__ import annotations

from django.db import models


class SeasonStatus(models.TextChoices):
    OPEN = "open", "Open"
    CLOSED = "closed", "Closed"


class SeasonPlan(models.Model):
    """How a league season is played in divisions: the number promoted from each
    division but the first and relegated from each but the last, the settings every
    division's tournament was created with (``settings``: format, rounds, ruleset,
    table_size, fill_policy, placement_points, rated, seed — the next season reuses
    them), and its state. ``previous``: the season whose movements made this one
    (null: opened by rating)."""

    season = models.OneToOneField("tournaments.Season", on_delete=models.CASCADE,
                                  related_name="division_plan")
    promote = models.PositiveSmallIntegerField(default=0)
    relegate = models.PositiveSmallIntegerField(default=0)
    settings = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=8, choices=SeasonStatus.choices,
                              default=SeasonStatus.OPEN, db_index=True)
    previous = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="next_plan")
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season__league", "season__number"]

    def __str__(self) -> str:
        return f"{self.season} ({self.status})"


class Division(models.Model):
    """One division of a season (``number`` 1 = the strongest) and the tournament its
    members play."""

    season = models.ForeignKey("tournaments.Season", on_delete=models.CASCADE,
                               related_name="divisions")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60)
    # RESTRICT: a tournament is not deleted under its division, but a season's deletion
    # takes both
    tournament = models.OneToOneField("tournaments.Tournament", on_delete=models.RESTRICT,
                                      related_name="division")

    class Meta:
        ordering = ["season", "number"]
        constraints = [models.UniqueConstraint(fields=["season", "number"],
                                               name="unique_division_number")]

    def __str__(self) -> str:
        return f"{self.season} — {self.name}"


class DivisionMember(models.Model):
    """A player in a division: ``seed`` their place in the division's rating order at the
    opening (1 = highest rated), ``ordinal`` their ladder ordinal then (null: unrated),
    and, once the season is closed, their final ``final_rank`` and ``final_points`` in
    the division's tournament."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="members")
    season = models.ForeignKey("tournaments.Season", on_delete=models.CASCADE,
                               related_name="division_members")
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT,
                               related_name="division_memberships")
    seed = models.PositiveSmallIntegerField()
    ordinal = models.FloatField(null=True, blank=True)
    final_rank = models.PositiveIntegerField(null=True, blank=True)
    final_points = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["division", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="unique_season_member"),
            models.UniqueConstraint(fields=["division", "seed"], name="unique_division_seed"),
        ]


class MovementReason(models.TextChoices):
    PROMOTED = "promoted", "Promoted"
    RELEGATED = "relegated", "Relegated"
    STAYED = "stayed", "Stayed"
    WITHDRAWN = "withdrawn", "Withdrawn (left the league)"
    JOINED = "joined", "Joined"


class Movement(models.Model):
    """Where a player went when ``season`` closed: from ``from_division`` (null for a
    newcomer who joined for the next season) to the next season's division number
    ``to_number`` (null: left the league), with the ``reason``, their ``final_rank``, and
    ``by_seed`` when a rank shared across the promotion or relegation line was decided
    by the season's seed. ``to_division`` is set once the next season is opened."""

    season = models.ForeignKey("tournaments.Season", on_delete=models.CASCADE,
                               related_name="movements")
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT,
                               related_name="division_movements")
    from_division = models.ForeignKey(Division, null=True, blank=True,
                                      on_delete=models.CASCADE, related_name="movements_out")
    to_number = models.PositiveSmallIntegerField(null=True, blank=True)
    to_division = models.ForeignKey(Division, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="movements_in")
    reason = models.CharField(max_length=12, choices=MovementReason.choices)
    final_rank = models.PositiveIntegerField(null=True, blank=True)
    by_seed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "from_division__number", "final_rank", "id"]
        constraints = [
            models.UniqueConstraint(fields=["season", "player"],
                                    condition=~models.Q(reason="joined"),
                                    name="unique_season_movement"),
            models.UniqueConstraint(fields=["season", "player"],
                                    condition=models.Q(reason="joined"),
                                    name="unique_season_joining"),
        ]
