"""League → Season → Tournament → Round → Table (the game's table size, one
``replays.Game``), players (people or bots), entries, byes, ladder ratings and every
rating change.

A league and its tournaments play one registered game (``game``: its id, ``kolkhoz`` for
everything stored before other games existed); the table size comes from the game's
seat range (``tournaments.games``). Every game lives in ``replays`` as an event log; a
table only points at it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class League(models.Model):
    """A league of one game (``game``, a registered game id): where a rating ladder
    lives. ``ruleset`` is the default for its tournaments."""

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=120, unique=True)
    # db_default: a writer that does not know the column still stores a Kolkhoz league
    game = models.CharField(max_length=32, default="kolkhoz", db_default="kolkhoz")
    description = models.TextField(blank=True, default="")
    ruleset = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    """A season of a league (numbered from 1)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveIntegerField(default=1)
    name = models.CharField(max_length=120, blank=True, default="")

    class Meta:
        ordering = ["league", "number"]
        constraints = [models.UniqueConstraint(fields=["league", "number"],
                                               name="unique_season_number")]

    def __str__(self) -> str:
        return self.name or f"{self.league} — season {self.number}"


class PlayerKind(models.TextChoices):
    HUMAN = "human", "Human"
    BOT = "bot", "Bot"


class Player(models.Model):
    """A person (a Django user) or a bot (registered name + version + settings)."""

    name = models.CharField(max_length=100, unique=True)
    kind = models.CharField(max_length=8, choices=PlayerKind.choices, default=PlayerKind.BOT)
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="kolkhoz_player")
    bot_name = models.CharField(max_length=40, blank=True, default="")
    bot_version = models.CharField(max_length=20, blank=True, default="")
    bot_settings = models.JSONField(default=dict, blank=True)
    # Moves the autopilot made for this person because a deadline passed (every game).
    timeouts = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_bot(self) -> bool:
        return self.kind == PlayerKind.BOT


class Format(models.TextChoices):
    ROUND_ROBIN = "round-robin", "Round-robin"
    SWISS = "swiss", "Swiss"
    SERIES = "series", "Match series"


class TournamentStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    SCHEDULED = "scheduled", "Scheduled"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


class TimeoutPolicy(models.TextChoices):
    """What happens when a person's move deadline passes."""

    # The seat's autopilot bot plays that move (recorded with actor "autopilot").
    AUTOPILOT = "autopilot", "The autopilot plays the move"
    # The same, and after ``max_timeouts`` timeouts in the game the autopilot keeps the
    # seat for the rest of the game (no more waiting for that person).
    AUTOPILOT_THEN_SEAT = "autopilot-then-seat", "Autopilot; takes the seat after repeats"


class Tournament(models.Model):
    """A tournament of its league's game: its format, rounds, ruleset, table size and
    master seed."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=120)
    game = models.CharField(max_length=32, default="kolkhoz", db_default="kolkhoz",
                            db_index=True)
    # Seats at a full table: the game's fixed size, or the organiser's pick from its
    # range (smaller remainder tables down to the game's minimum; docs/tournaments-core.md)
    table_size = models.PositiveSmallIntegerField(default=4, db_default=4)
    format = models.CharField(max_length=16, choices=Format.choices, default=Format.SWISS)
    # Duplicate play (docs/duplicate.md): every table of a round is dealt the same cards,
    # seats are spread so each player holds each seat's cards in turn, and a duplicate
    # score (matchpoints) compares results on the same cards. db_default: a writer that
    # does not know the column stores a plain tournament.
    duplicate = models.BooleanField(
        default=False, db_default=False,
        help_text="duplicate play: every table of a round gets the same deal; fixed once "
                  "the tournament has rounds (docs/duplicate.md)")
    rounds = models.PositiveIntegerField(default=3)
    ruleset = models.JSONField(default=dict, blank=True)
    # The organiser's seed (it selects the deals, with the secret) and the server's
    # secret (tournaments.seeds): both served only once the tournament is finished;
    # the commitment sha256(seed#secret) is public from creation (docs/shuffle.md).
    seed = models.CharField(max_length=64, default="1")
    secret = models.CharField(max_length=128, blank=True, default="")
    seed_commitment = models.CharField(max_length=64, blank=True, default="")
    # True when a bot-only benchmark or demo run chose the secret (never seats a person).
    secret_explicit = models.BooleanField(default=False)
    # The first round whose tables draw their seeds from the secret: 1, except for a
    # tournament that was running when secrets were introduced (its earlier rounds used
    # the legacy "{seed}/r{round}/t{table}" seeds; docs/shuffle.md).
    secret_from_round = models.PositiveIntegerField(default=1)
    status = models.CharField(max_length=12, choices=TournamentStatus.choices,
                              default=TournamentStatus.DRAFT, db_index=True)
    starts_at = models.DateTimeField(null=True, blank=True, db_index=True)
    rated = models.BooleanField(default=True)
    # one value per place of a full table; default table_size-1 … 0 ([3, 2, 1, 0])
    placement_points = models.JSONField(default=list, blank=True)
    fill_policy = models.CharField(max_length=8, default="bots",
                                   choices=[("bots", "Fill with house bots"),
                                            ("bye", "Give byes")])
    # Per-move time limit of a person's seat at this tournament's tables (seconds);
    # null: no limit. A table may override it.
    move_time_limit_s = models.PositiveIntegerField(null=True, blank=True)
    # Time limit of one offer in a response window (a game with windows, e.g. Arne's
    # before/after-windows; seconds). Null: the default short limit
    # (``tournaments.humans.DEFAULT_WINDOW_LIMIT_S``, never above the move limit) when the
    # tournament has a move limit, none when it has not. A table may override it.
    window_time_limit_s = models.PositiveIntegerField(
        null=True, blank=True,
        help_text="seconds for one offer in a response window (Arne); empty: 20 s, or the "
                  "move limit if shorter; the autopilot passes when it runs out")
    timeout_policy = models.CharField(max_length=24, choices=TimeoutPolicy.choices,
                                      default=TimeoutPolicy.AUTOPILOT)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def league(self) -> League:
        return self.season.league


class Entry(models.Model):
    """A player entered in a tournament (withdrawn players are not paired again)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    withdrawn = models.BooleanField(default=False)
    house = models.BooleanField(default=False)  # a house bot seated to fill a table
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"],
                                               name="unique_entry")]


class RoundStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


class Round(models.Model):
    """One round of a tournament (numbered from 1)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=12, choices=RoundStatus.choices,
                              default=RoundStatus.PENDING, db_index=True)
    starts_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Position of this round in its league's rating order (1, 2, …), given under the
    # league's lock when its games are rated; null: not rated (yet).
    rating_seq = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="unique_round_number")]


class TableStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    PLAYING = "playing", "Playing"
    FINISHED = "finished", "Finished"
    # Its task failed after every retry: parked (the sweep skips it) until an organiser
    # resumes it (``tournaments.recovery.table_resume``).
    FAILED = "failed", "Failed"


class Table(models.Model):
    """A table of a round: its seats (the tournament's table size, or fewer at a
    remainder table) and one game (``replays.Game``)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()
    game = models.OneToOneField("replays.Game", null=True, blank=True, on_delete=models.PROTECT,
                                related_name="table")
    # A duplicate round of one table is played as several boards (docs/duplicate.md): the
    # same players rotate seats over the round's one deal, each board a table of its own
    # (numbered like any table) with its board number here; null for every other table.
    board = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=12, choices=TableStatus.choices,
                              default=TableStatus.PENDING, db_index=True)
    # the game's Outcome, seat order: places, scores, tie-break values by name
    places = models.JSONField(default=list, blank=True)
    scores = models.JSONField(default=list, blank=True)
    tiebreaks = models.JSONField(default=dict, blank=True, db_default={})
    medals = models.JSONField(default=list, blank=True)  # Kolkhoz's tiebreaks["medals"]
    # Move deadlines for its people: null/blank → the tournament's settings.
    move_time_limit_s = models.PositiveIntegerField(null=True, blank=True)
    window_time_limit_s = models.PositiveIntegerField(
        null=True, blank=True,
        help_text="seconds for one offer in a response window (Arne); empty: the "
                  "tournament's")
    timeout_policy = models.CharField(max_length=24, choices=TimeoutPolicy.choices,
                                      blank=True, default="")
    autopilot_bot = models.CharField(max_length=40, default="random")
    max_timeouts = models.PositiveSmallIntegerField(default=3)
    # The last error of its task (kept while it retries; cleared when it runs cleanly or
    # is resumed) and when it was given up on (status ``failed``). Organisers only.
    error = models.TextField(blank=True, default="")
    failed_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"],
                                               name="unique_table_number")]


class TableSeat(models.Model):
    """Who sits in seat 0, 1, … of a table (Kolkhoz: seat 0 is the first planner)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="table_seats")
    timeouts = models.PositiveIntegerField(default=0)  # deadlines missed in this game
    autopilot = models.BooleanField(default=False)  # the autopilot holds the seat now

    class Meta:
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="unique_table_seat"),
            models.CheckConstraint(condition=models.Q(seat__lt=64), name="seat_below_64"),
        ]


class Bye(models.Model):
    """A player who sits out a round (fill policy ``bye``)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="byes")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="unique_bye")]


class Rating(models.Model):
    """A player's current ladder rating in a league (openskill Plackett–Luce mu, sigma)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["league", "-mu"]
        constraints = [models.UniqueConstraint(fields=["league", "player"],
                                               name="unique_rating")]


class RatingChange(models.Model):
    """One player's rating change from one rated game, with everything used to compute it,
    so the ladder can be rebuilt from the games (``rebuild_ratings``)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.ForeignKey("replays.Game", on_delete=models.PROTECT,
                             related_name="rating_changes")
    # Position of this change in the league's ladder, unique per league: a game's
    # changes are consecutive, in seat order; games in the league's rating order.
    order = models.PositiveIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    inputs = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "order", "player"]
        constraints = [models.UniqueConstraint(fields=["league", "player", "game"],
                                               name="unique_rating_change"),
                       models.UniqueConstraint(fields=["league", "order"],
                                               name="unique_rating_order")]


class MoveTimeout(models.Model):
    """One missed move deadline: who, where in the game, and what the policy did."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="timeouts")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="move_timeouts")
    seq = models.PositiveIntegerField()  # the seq of the input the autopilot made
    turn_started_at = models.DateTimeField()
    limit_s = models.PositiveIntegerField()
    policy = models.CharField(max_length=24, choices=TimeoutPolicy.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"],
                                               name="unique_timeout_seq")]
