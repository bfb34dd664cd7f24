"""Small input/output serializers for the league API (no logic here)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from . import duplicate_scores
from . import seeds as table_seeds
from .humans import table_limits
from .models import League, Player, RatingChange, Round, Table, Tournament
from .selectors import seed_material_public, user_is_organiser
from .standings import tournament_terms


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name", "kind", "bot_name", "bot_version", "bot_settings", "created_at"]


class LeagueSerializer(serializers.ModelSerializer):
    """A league: ``game`` is the registered game id its tournaments play (``GET
    /api/catalog/``)."""

    class Meta:
        model = League
        fields = ["id", "name", "slug", "game", "description", "ruleset", "created_at"]


class LeagueInput(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    slug = serializers.SlugField(max_length=120, required=False)
    game = serializers.CharField(
        max_length=32, required=False, default="kolkhoz",
        help_text="a registered game id (GET /api/catalog/); 400 unknown_game otherwise")
    ruleset = serializers.JSONField(required=False, allow_null=True, default=None)


class TableSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.CharField(source="player.name")
    player_id = serializers.IntegerField()


class TableSerializer(serializers.ModelSerializer):
    """A table; ``error`` (the last error of its task, "" if none) and ``failed_at`` are
    shown to organisers only (null for everyone else). ``your_seat``: the seat the
    signed-in viewer's player holds at this table (null for anyone else), so the
    tournament page can link a person to their own game's play page. ``board``: which
    board of its round this table is (a one-table duplicate round played as boards,
    docs/duplicate.md), else null. ``sealed``: true while the table's duplicate round is
    still being played — its game is served only to its own seats and its result
    (``places``, ``scores``, ``tiebreaks``, ``medals``) is shown empty until the round is
    over."""

    seats = TableSeatSerializer(many=True, read_only=True)
    tournament = serializers.IntegerField(source="round.tournament_id", read_only=True)
    round_number = serializers.IntegerField(source="round.number", read_only=True)
    error = serializers.SerializerMethodField()
    failed_at = serializers.SerializerMethodField()
    deadlines = serializers.SerializerMethodField()
    your_seat = serializers.SerializerMethodField()
    sealed = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = ["id", "tournament", "round_number", "number", "board", "status", "game",
                  "seats", "places", "scores", "tiebreaks", "medals", "deadlines", "error",
                  "failed_at", "your_seat", "sealed", "updated_at"]

    def get_sealed(self, table: Table) -> bool:
        """Whether the table's round is a duplicate round still being played."""
        return duplicate_scores.round_sealed(table.round)

    def to_representation(self, table: Table) -> dict[str, Any]:
        """The fields; a sealed table's result shown empty (as a table not yet over)."""
        data = super().to_representation(table)
        if data["sealed"]:
            data.update(places=[], scores=[], tiebreaks={}, medals=[])
        return data

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_your_seat(self, table: Table) -> int | None:
        """The viewer's seat at the table (their account's player), else null."""
        if "viewer_player" not in self.context:
            request = self.context.get("request")
            user = getattr(request, "user", None)
            player = (getattr(user, "kolkhoz_player", None)
                      if user is not None and user.is_authenticated else None)
            self.context["viewer_player"] = player.pk if player is not None else None
        mine = self.context["viewer_player"]
        if mine is None:
            return None
        return next((s.seat for s in table.seats.all() if s.player_id == mine), None)

    @extend_schema_field(serializers.DictField())
    def get_deadlines(self, table: Table) -> dict[str, Any]:
        """The table's effective deadlines (``humans.table_limits``):
        ``{move_time_limit_s, window_time_limit_s, timeout_policy}`` — seconds, null for
        no limit; the window limit is null for a game without response windows."""
        limits = table_limits(table)
        return {"move_time_limit_s": limits.move, "window_time_limit_s": limits.window,
                "timeout_policy": limits.policy}

    def _organiser(self) -> bool:
        if "organiser" not in self.context:
            request = self.context.get("request")
            self.context["organiser"] = bool(
                request is not None and user_is_organiser(request.user))
        return bool(self.context["organiser"])

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_error(self, table: Table) -> str | None:
        return table.error if self._organiser() else None

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_failed_at(self, table: Table) -> str | None:
        if not self._organiser() or table.failed_at is None:
            return None
        return serializers.DateTimeField().to_representation(table.failed_at)


class RoundSerializer(serializers.ModelSerializer):
    """A round with its tables and byes. In a duplicate tournament, once the round is
    finished, ``identical_deals``: how many leading chance events (deals, draws) were
    identical at every table of the round, and ``deals``: the most any of its tables
    had (docs/duplicate.md: how far the comparison reaches per game); null otherwise."""

    tables = TableSerializer(many=True, read_only=True)
    byes = serializers.SlugRelatedField(many=True, read_only=True, slug_field="player_id")
    identical_deals = serializers.SerializerMethodField()
    deals = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["id", "number", "status", "starts_at", "finished_at", "tables", "byes",
                  "identical_deals", "deals"]

    def _deals(self, rnd: Round) -> dict[str, int] | None:
        cache = self.context.setdefault("round_deals", {})
        if rnd.pk not in cache:
            cache[rnd.pk] = duplicate_scores.round_deals(rnd)
        return cache[rnd.pk]

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_identical_deals(self, rnd: Round) -> int | None:
        deals = self._deals(rnd)
        return None if deals is None else deals["identical"]

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_deals(self, rnd: Round) -> int | None:
        deals = self._deals(rnd)
        return None if deals is None else deals["most"]


class TournamentSerializer(serializers.ModelSerializer):
    """A tournament. ``game``: the registered game id it plays (its league's);
    ``table_size``: seats at a full table (a remainder table may have fewer, down to
    the game's minimum). ``seed_commitment`` = sha256(seed#secret) is public from
    creation; ``seed`` and ``secret`` are null until the tournament is finished, then
    anyone can re-derive every table's game seed (``tournaments.seeds``,
    docs/shuffle.md). ``move_time_limit_s`` (null: none), ``window_time_limit_s`` (one
    offer in a response window; null: the default, docs/humans.md) and
    ``timeout_policy``: its people's deadlines (a table may override them).
    ``duplicate``: duplicate play — every table of a round dealt the same cards, a
    duplicate score (matchpoints) in the standings (docs/duplicate.md)."""

    league = serializers.IntegerField(source="season.league_id", read_only=True)
    players = serializers.SerializerMethodField()
    seed = serializers.SerializerMethodField()
    secret = serializers.SerializerMethodField()
    seed_scheme = serializers.SerializerMethodField()
    terms = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = ["id", "league", "season", "name", "game", "table_size", "format",
                  "duplicate", "rounds", "ruleset", "seed",
                  "secret", "seed_commitment", "seed_scheme", "secret_from_round",
                  "status", "starts_at", "rated", "placement_points", "fill_policy",
                  "move_time_limit_s", "window_time_limit_s", "timeout_policy",
                  "terms", "players", "created_at", "finished_at"]
        read_only_fields = ["move_time_limit_s", "window_time_limit_s", "timeout_policy"]

    def get_seed(self, t: Tournament) -> str | None:
        """The organiser's seed, once the tournament is finished (no game left live)."""
        return t.seed if seed_material_public(t) else None

    def get_secret(self, t: Tournament) -> str | None:
        """The server's secret, once the tournament is finished (no game left live)."""
        return (t.secret or None) if seed_material_public(t) else None

    def get_seed_scheme(self, t: Tournament) -> str:
        """How the tables' seeds derive: ``kolkhoz-table-seed/1``; ``legacy`` for a
        tournament finished before secrets existed; ``legacy-then-kolkhoz-table-seed/1``
        for one running then (rounds before ``secret_from_round`` are legacy)."""
        if not t.secret:
            return "legacy"
        if t.secret_from_round > 1:
            return f"legacy-then-{table_seeds.SCHEME}"
        return table_seeds.SCHEME

    @extend_schema_field(serializers.DictField())
    def get_terms(self, t: Tournament) -> dict[str, Any]:
        """What the standings call the game's figures: ``{score: name (Kolkhoz:
        cellar), tiebreaks: [names, in tie-break order], lower_score_wins: bool}``."""
        terms = tournament_terms(t)
        return {"score": terms.score_name, "tiebreaks": list(terms.tiebreaks),
                "lower_score_wins": terms.lower_score_wins}

    def get_players(self, t: Tournament) -> list[str]:
        return [e.player.name for e in t.entries.filter(house=False).select_related("player")]


class TournamentDetailSerializer(TournamentSerializer):
    rounds_detail = RoundSerializer(source="round_set", many=True, read_only=True)

    class Meta(TournamentSerializer.Meta):
        fields = TournamentSerializer.Meta.fields + ["rounds_detail"]


class TournamentInput(serializers.Serializer):
    league = serializers.IntegerField()
    name = serializers.CharField(max_length=120)
    game = serializers.CharField(
        max_length=32, required=False, allow_null=True, default=None,
        help_text="the league's game id (default); another is refused (game_mismatch)")
    table_size = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=64,
        help_text="seats at a full table: the game's fixed size, or one from its seat "
                  "range (default 4 if the range holds it, else its maximum); 400 "
                  "bad_table_size outside it")
    format = serializers.ChoiceField(choices=["round-robin", "swiss", "series"])
    duplicate = serializers.BooleanField(
        required=False, default=False,
        help_text="duplicate play (docs/duplicate.md): every table of a round is dealt the "
                  "same cards and the standings add matchpoints; full tables only. 400 "
                  "duplicate_unsupported for a game that does not deal from its seed, "
                  "duplicate_people_single_table when a round would have one table and a "
                  "person is entered")
    rounds = serializers.IntegerField(min_value=1, max_value=100)
    players = serializers.ListField(child=serializers.CharField(max_length=100), min_length=2,
                                    max_length=512)
    placement_points = serializers.ListField(
        child=serializers.JSONField(), required=False, allow_null=True, default=None,
        min_length=1, max_length=64,
        help_text="one value per place of a full table, never increasing (default "
                  "table_size-1 … 0: 3/2/1/0 at four seats); 400 bad_placement_points")
    ruleset = serializers.JSONField(required=False, allow_null=True, default=None)
    seed = serializers.CharField(
        max_length=64, required=False, default="1",
        help_text="the organiser's seed: selects the deals together with a secret the "
                  "server adds; both are revealed when the tournament is finished")
    starts_at = serializers.DateTimeField(required=False, allow_null=True, default=None)
    rated = serializers.BooleanField(required=False, default=True)
    fill_policy = serializers.ChoiceField(choices=["bots", "bye"], required=False,
                                          default="bots")


class WithdrawInput(serializers.Serializer):
    player = serializers.CharField(max_length=100)


class SeparationSerializer(serializers.Serializer):
    """What put a standings row above the next one with equal points
    (``tournaments.tiebreaks.Separation``): the first criterion of ``tiebreak_order``
    on which they differ and both values, or a shared rank (equal on every criterion:
    listed by name)."""

    tiebreak = serializers.CharField(allow_null=True, help_text="null: a shared rank")
    values = serializers.ListField(child=serializers.FloatField(), allow_null=True,
                                   help_text="[this row's, the next row's]")
    values_exact = serializers.ListField(child=serializers.CharField(), allow_null=True,
                                         help_text='exact: "17/2", "12"')
    lower_wins = serializers.BooleanField(help_text="the smaller value ranks higher")
    shared_rank = serializers.BooleanField()


class StandingSerializer(serializers.Serializer):
    """A standings row (``tournaments.scoring.StandingRow.as_dict``). ``score`` sums the
    game scores and also appears under the game's own name (Kolkhoz: ``cellar``);
    ``tiebreaks`` maps each tie-break name to its sum, each also a key of its own
    (Kolkhoz: ``medals``); ``places`` counts finishes per place up to the table size,
    also as ``firsts``, ``seconds``, … (Kolkhoz: to ``fourths``). ``byes`` and
    ``house_bots`` count the paired rounds' byes and house-bot seats at the player's
    tables; ``tiebreak_order`` (the same on every row) names the criteria after points;
    ``separated_from_next`` says what put the row above the next one with equal points
    (null when the points differ, and on the last row). A duplicate tournament's
    duplicate score (docs/duplicate.md; all null for a plain one): ``matchpoints`` (1
    for each result beaten at the same seat of the same deal, ½ for each tied),
    ``matchpoints_exact`` (a fraction), ``matchpoints_max`` (the most that could have
    been earned) and ``matchpoint_pct`` (their ratio in %, 2 decimals)."""

    rank = serializers.IntegerField()
    player = serializers.CharField()
    games = serializers.IntegerField()
    points = serializers.FloatField()
    points_exact = serializers.CharField()
    score = serializers.FloatField()
    cellar = serializers.IntegerField(required=False, help_text="Kolkhoz: the cellar totals")
    medals = serializers.IntegerField(required=False, help_text="Kolkhoz: the medals")
    tiebreaks = serializers.DictField(child=serializers.FloatField())
    opponents_points = serializers.FloatField()
    opponents_points_exact = serializers.CharField()
    places = serializers.ListField(child=serializers.IntegerField())
    firsts = serializers.IntegerField()
    seconds = serializers.IntegerField()
    thirds = serializers.IntegerField(required=False)
    fourths = serializers.IntegerField(required=False)
    byes = serializers.IntegerField()
    house_bots = serializers.IntegerField()
    tiebreak_order = serializers.ListField(child=serializers.CharField())
    separated_from_next = SeparationSerializer(allow_null=True)
    matchpoints = serializers.FloatField(allow_null=True)
    matchpoints_exact = serializers.CharField(allow_null=True)
    matchpoints_max = serializers.IntegerField(allow_null=True)
    matchpoint_pct = serializers.FloatField(allow_null=True)


class LadderRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    player_id = serializers.IntegerField()
    bot = serializers.JSONField(allow_null=True, help_text=(
        "a bot player's identity {name, version, settings}; null for a person (two "
        "versions or settings of a bot are two players, two rows)"))
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    last_played_at = serializers.DateTimeField(allow_null=True)


class RatingChangeSerializer(serializers.ModelSerializer):
    league = serializers.CharField(source="league.slug")

    class Meta:
        model = RatingChange
        fields = ["order", "league", "game", "mu_before", "sigma_before", "mu_after",
                  "sigma_after", "inputs", "created_at"]
