"""A ``Dispute``: a challenge to the rulings of one game's seq range, and the arbiter's
ruling on it. An upheld ruling is never an edit: it is a compensating event
(``result_adjusted`` or ``game_voided``) appended to the game's log after ``game_end``;
``ruling_seq`` points at it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

# What may not change once a dispute is under review (or decided): what it is about.
FROZEN_FIELDS = ("game", "seq_from", "seq_to", "clause", "text")


class DisputeStatus(models.TextChoices):
    OPEN = "open", "Open"
    UNDER_REVIEW = "under_review", "Under review"
    UPHELD = "upheld", "Upheld"
    DISMISSED = "dismissed", "Dismissed"


class Dispute(models.Model):
    """Who raised what about which events (``seq_from``..``seq_to``, inclusive) of a game,
    citing which clause; its status (open → under review → upheld / dismissed) and the
    arbiter's ruling, with the before/after diff the arbiter confirmed."""

    game = models.ForeignKey("replays.Game", on_delete=models.PROTECT, related_name="disputes")
    seq_from = models.PositiveIntegerField()
    seq_to = models.PositiveIntegerField()
    clause = models.CharField(max_length=64, help_text="the clause id in question "
                              "(docs/rules.md anchor), e.g. req.take")
    text = models.TextField(help_text="what is disputed, in the raiser's words")
    raised_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="disputes_raised")
    status = models.CharField(max_length=16, choices=DisputeStatus.choices,
                              default=DisputeStatus.OPEN, db_index=True)
    arbiter = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="disputes_ruled")
    ruling = models.TextField(blank=True, default="")
    adjustment = models.JSONField(null=True, blank=True,
                                  help_text="the compensating event appended (upheld)")
    ruling_seq = models.PositiveIntegerField(null=True, blank=True)
    diff = models.JSONField(null=True, blank=True,
                            help_text="standings and ratings before/after, as confirmed")
    history = models.JSONField(default=list, blank=True,
                               help_text="every status change: [{status, at, by}], oldest first")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(seq_to__gte=models.F("seq_from")),
                                   name="dispute_seq_range"),
        ]

    def __str__(self) -> str:
        return (f"Dispute {self.pk} on {self.game_id} [{self.seq_from}..{self.seq_to}] "
                f"({self.status})")
