"""The event store: a ``Game`` and its append-only ``GameEvent`` log.

Events are written only by ``replays.services.game_append``; on PostgreSQL a
trigger (migration 0002) refuses any UPDATE or DELETE of an event row.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class GameStatus(models.TextChoices):
    LIVE = "live", "Live"
    FINISHED = "finished", "Finished"


class Game(models.Model):
    """One game: its setup, pinned engine/rules versions and the head of its log."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # The registered game id (``gamekit.registry``; docs/seam.md): which game's rules run it.
    game = models.CharField(max_length=32, default="kolkhoz", db_default="kolkhoz",
                            db_index=True)
    ruleset = models.JSONField(default=dict)  # the game event's resolved ruleset
    preset = models.CharField(max_length=32, blank=True, default="", db_index=True)
    seats = models.JSONField(default=list)  # seat names, seat order
    status = models.CharField(
        max_length=16, choices=GameStatus.choices, default=GameStatus.LIVE, db_index=True
    )
    seed_commitment = models.CharField(max_length=64, blank=True, default="")
    # The seed itself: kept server-side for dealing; never served before the end.
    seed_secret = models.TextField(blank=True, default="")
    seed_revealed = models.TextField(null=True, blank=True)
    engine_version = models.CharField(max_length=64)
    rules_version = models.CharField(max_length=128)
    head_seq = models.PositiveIntegerField(default=0)  # number of events = next seq
    head_hash = models.CharField(max_length=64, default="0" * 64)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Game {self.id} ({self.status}, {self.head_seq} events)"


class GameSeat(models.Model):
    """A seat of a game: the player's name and the hash of its secret seat token."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_set")
    index = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=100, db_index=True)
    token_hash = models.CharField(max_length=64, unique=True)
    # The account that holds the seat (web sessions act for it), or null.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="game_seats")
    # A registered bot of the game (``engine.bot``) that plays this seat in a game outside a
    # tournament; blank for a person (tournament tables keep their bots on Player).
    bot = models.CharField(max_length=40, blank=True, default="")

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="unique_game_seat"),
        ]


class GameEvent(models.Model):
    """One event of a game's log, exactly as the engine emitted it (``payload``)."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=32)
    payload = models.JSONField()
    visibility = models.CharField(max_length=16, default="public")
    actor = models.CharField(max_length=64, blank=True, default="")
    # A decision's time used (ms from the previous event to its acceptance); null for
    # consequences, chance and imported games. Kept out of ``payload`` (the engine's).
    time_used_ms = models.PositiveIntegerField(null=True, blank=True)
    recorded_at = models.DateTimeField(auto_now_add=True)
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="unique_game_event_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq} {self.type}"
