"""Opening a season in divisions: by rating (``season_open``) or from the previous
season's movements (``season_next``). ``seasons.services`` re-exports them with
``seasons.closing.season_close``: the app's one entry point for writes.

Every division is one tournament created by ``tournaments.services.tournament_create``
(and started by ``tournament_start``): the league's own checks apply to each. Services
are keyword-only, run in one transaction under the league's row lock, and store nothing
when they raise. The rules are ``seasons.divisions`` and docs/seasons.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import Max

from tournaments import games, selectors, services
from tournaments.errors import LeagueError
from tournaments.models import League, Player, Season

from . import divisions as rules
from .errors import SeasonError, SeasonStateError
from .models import Division, DivisionMember, Movement, SeasonPlan, SeasonStatus

#: the tournament settings a plan keeps for its divisions (and the next season's)
SETTINGS = ("format", "rounds", "ruleset", "table_size", "fill_policy", "placement_points",
            "rated", "seed")
SEED_MAX = 64  # tournaments.Tournament.seed
NAME_MAX = 80  # of the league's name in a division tournament's (120 characters at most)


def league_lock(league_id: int) -> League:
    """Take the league's row lock for the rest of the transaction (one season writer per
    league at a time, as the ladder's writers; a no-op on SQLite)."""
    return League.objects.select_for_update().get(pk=league_id)


def _check_open_plan(league: League) -> None:
    open_plan = (SeasonPlan.objects.filter(season__league=league, status=SeasonStatus.OPEN)
                 .select_related("season").first())
    if open_plan is not None:
        raise SeasonStateError(f"season {open_plan.season.number} of {league.name} is still "
                               "open: close it first", code="season_in_progress",
                               season=open_plan.season.number)


def _season_for(league: League, number: int | None) -> Season:
    """The season to fill: ``number`` (created if missing; it must come after every
    season in divisions), else the latest season if it is still empty, else a new one."""
    latest = Season.objects.filter(league=league).order_by("-number").first()
    last_plan = (SeasonPlan.objects.filter(season__league=league)
                 .aggregate(m=Max("season__number"))["m"] or 0)
    if number is None:
        if latest is not None and not latest.tournaments.exists() \
                and not hasattr(latest, "division_plan"):
            return latest
        number = (latest.number if latest else 0) + 1
    if number < 1 or number <= last_plan:
        raise SeasonError(f"season {number}: a new season in divisions comes after season "
                          f"{last_plan}", code="bad_season_number")
    season, _ = Season.objects.get_or_create(
        league=league, number=number, defaults={"name": f"{league.name} — season {number}"})
    if season.tournaments.exists() or hasattr(season, "division_plan"):
        raise SeasonStateError(f"season {number} of {league.name} already has tournaments",
                               code="season_taken", season=number)
    return season


def _check_sizes(sizes: Sequence[int], table_size: int, promote: int, relegate: int,
                 when: str = "") -> None:
    """Every division seats at least one full table; ``promote`` and ``relegate`` each fit
    in the smallest division, and with two divisions or more so does their sum."""
    for k, size in enumerate(sizes, start=1):
        if size < table_size:
            raise SeasonError(f"division {k} would have {size} players{when}; a division "
                              f"plays at {table_size}-seat tables and needs at least "
                              f"{table_size}", code="division_too_small", division=k)
    limit = promote + relegate if len(sizes) > 1 else max(promote, relegate)
    if limit > min(sizes):
        raise SeasonError(f"promote {promote} and relegate {relegate} do not fit in the "
                          f"smallest division's {min(sizes)} players", code="bad_movement")


def _ratings(league: League) -> dict[str, float]:
    """The league's ladder: player name → ordinal (mu − 3σ)."""
    return {row["player"]: row["ordinal"] for row in selectors.league_ladder(league=league)}


def _divisions_create(*, league: League, season: Season, groups: Sequence[Sequence[Player]],
                      settings: dict[str, Any], secret: str | None, starts_at: Any,
                      start: bool) -> None:
    """One division per group (Division 1 first): each group seeded by rating (unrated
    players in the group's order), its tournament created (and started unless
    ``starts_at`` schedules it or ``start`` is false), its members stored."""
    ratings = _ratings(league)
    for k, group in enumerate(groups, start=1):
        by_name = {p.name: p for p in group}
        order = rules.rating_order([p.name for p in group], ratings)
        seed = f"{settings['seed']}/s{season.number}/d{k}"
        if len(seed) > SEED_MAX:
            raise SeasonError(f"the seed is too long: {seed!r} has more than {SEED_MAX} "
                              "characters", code="bad_seed")
        try:
            t = services.tournament_create(
                season=season,
                name=f"{league.name[:NAME_MAX]} — season {season.number}, division {k}",
                format=settings["format"], rounds=settings["rounds"],
                players=[by_name[n] for n in order], ruleset=settings["ruleset"],
                seed=seed, starts_at=starts_at, rated=settings["rated"],
                fill_policy=settings["fill_policy"],
                placement_points=settings["placement_points"], secret=secret,
                game=league.game, table_size=settings["table_size"])
        except LeagueError as e:
            raise SeasonError(f"division {k}: {e.message}", code=str(e.code), division=k,
                              **e.extra) from e
        division = Division.objects.create(season=season, number=k, name=f"Division {k}",
                                           tournament=t)
        DivisionMember.objects.bulk_create([
            DivisionMember(division=division, season=season, player=by_name[n], seed=i,
                           ordinal=ratings.get(n)) for i, n in enumerate(order, start=1)])
        if start and starts_at is None:
            services.tournament_start(tournament=t)


def players_named(names: Sequence[str]) -> list[Player]:
    """The players of ``names``, in that order. Raises SeasonError (``unknown_player``
    naming them; ``bad_entries`` for a name given twice)."""
    if len(set(names)) != len(names):
        raise SeasonError("a player is given twice", code="bad_entries")
    found = {p.name: p for p in Player.objects.filter(name__in=list(names))}
    missing = [n for n in names if n not in found]
    if missing:
        raise SeasonError(f"unknown players: {', '.join(missing)}", code="unknown_player",
                          players=missing)
    return [found[n] for n in names]


def season_open(*, league: League, players: Sequence[Player], divisions: int | None = None,
                division_size: int | None = None, promote: int = 1, relegate: int = 1,
                number: int | None = None, format: str = "swiss", rounds: int = 3,
                ruleset: dict[str, Any] | None = None, table_size: int | None = None,
                fill_policy: str = "bots", placement_points: Sequence[float] | None = None,
                rated: bool = True, seed: str = "1", secret: str | None = None,
                starts_at: Any = None, start: bool = True) -> Season:
    """Open a season of ``league`` in divisions, by rating.

    ``players`` are ordered by the league's ladder (``seasons.divisions.rating_order``:
    rated by ordinal mu − 3σ, highest first, equal ordinals by name; then the unrated in
    the order given) and cut into ``divisions`` divisions — or ``max(1, n //
    division_size)`` — of sizes within one of each other, the larger on top; Division 1
    is the strongest. Each division plays one tournament of the league's game with the
    given settings (as ``tournament_create`` takes them; its seed is
    ``{seed}/s{season}/d{division}``), started at once unless ``starts_at`` schedules it
    or ``start`` is false. ``promote``/``relegate``: how many move up from each division
    but the first and down from each but the last when the season closes. ``number``:
    the season's number (None: the league's latest season if it is empty, else the next).

    Returns the season (its ``division_plan``, ``divisions``). Raises SeasonError (400:
    ``bad_divisions``, ``division_too_small``, ``bad_movement``, ``bad_season_number``,
    ``bad_seed``, ``bad_entries``; a division's tournament refused: its code, e.g.
    ``bad_format``, with ``division``), a game's ruleset error (400), or
    SeasonStateError (409: ``season_in_progress`` while another season in divisions is
    open, ``season_taken`` when the season already has tournaments). Nothing is stored
    then."""
    for name, value in (("promote", promote), ("relegate", relegate)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SeasonError(f"{name} must be a count (0 or more)", code="bad_movement")
    try:
        sizes = rules.division_sizes(len(players), divisions=divisions,
                                     division_size=division_size)
    except ValueError as e:
        raise SeasonError(f"divisions: {e}", code="bad_divisions") from e
    if len({p.pk for p in players}) != len(players):
        raise SeasonError("a player is entered twice", code="bad_entries")
    game = games.game_check(league.game)
    size = games.table_size_check(game, table_size)
    _check_sizes(sizes, size, promote, relegate)
    if len(f"{seed}/s{number or 1}/d{len(sizes)}") > SEED_MAX:  # again once numbered
        raise SeasonError(f"the seed is too long (at most {SEED_MAX - 12} characters)",
                          code="bad_seed")
    ruleset = games.ruleset_check(game, ruleset or league.ruleset or None)
    settings = {"format": format, "rounds": rounds, "ruleset": ruleset, "table_size": size,
                "fill_policy": fill_policy, "rated": rated, "seed": str(seed),
                "placement_points": (list(placement_points)
                                     if placement_points is not None else None)}
    with transaction.atomic():
        league = league_lock(league.pk)
        _check_open_plan(league)
        season = _season_for(league, number)
        order = rules.rating_order([p.name for p in players], _ratings(league))
        by_name = {p.name: p for p in players}
        groups = [[by_name[n] for n in g] for g in rules.split(order, sizes)]
        _divisions_create(league=league, season=season, groups=groups, settings=settings,
                          secret=secret, starts_at=starts_at, start=start)
        SeasonPlan.objects.create(season=season, promote=promote, relegate=relegate,
                                  settings=settings)
    return season


def season_next(*, season: Season, joining: Sequence[Player] = (), start: bool = True,
                secret: str | None = None) -> Season:
    """Open the season after a closed ``season`` from its movements
    (``seasons.divisions.next_groups``): each division keeps its stayers and gets those
    relegated from above and promoted from below, every division seeded by rating
    again; ``joining`` (players new to the league, or back after withdrawing) join the
    last division, recorded as ``joined`` movements. The plan's promote, relegate and
    tournament settings carry over. Idempotent: when the next season was already opened
    from ``season`` it is returned as it is (``joining`` then ignored).

    Raises SeasonStateError (409: ``season_not_closed``, ``season_in_progress`` when
    another season in divisions is open, ``season_taken``) or SeasonError (400:
    ``no_divisions``, ``bad_entries`` for a newcomer already in a division,
    ``division_too_small`` when the moves, withdrawals or newcomers leave a division
    short of a table — then close without ``open_next`` and open the next season by
    rating with ``season_open``). Nothing is stored then."""
    with transaction.atomic():
        league = league_lock(season.league_id)
        plan = SeasonPlan.objects.select_for_update().filter(season=season).first()
        if plan is None:
            raise SeasonError(f"season {season.number} is not played in divisions",
                              code="no_divisions")
        if plan.status != SeasonStatus.CLOSED:
            raise SeasonStateError(f"season {season.number} is not closed yet",
                                   code="season_not_closed")
        existing = SeasonPlan.objects.filter(previous=plan).select_related("season").first()
        if existing is not None:
            return existing.season
        _check_open_plan(league)
        count = season.divisions.count()
        seeds = dict(DivisionMember.objects.filter(season=season)
                     .values_list("player_id", "seed"))
        moves = [rules.Move(m.player.name, m.from_division.number, m.to_number, m.reason,
                            m.final_rank or 0, seeds.get(m.player_id, 0))
                 for m in Movement.objects.filter(season=season, from_division__isnull=False)
                 .select_related("player", "from_division")]
        try:
            groups = rules.next_groups(moves, count, [p.name for p in joining])
        except ValueError as e:
            raise SeasonError(str(e), code="bad_entries") from e
        settings = dict(plan.settings)
        _check_sizes([len(g) for g in groups], settings["table_size"], plan.promote,
                     plan.relegate, when=" after this season's moves")
        nxt = _season_for(league, season.number + 1)
        Movement.objects.bulk_create([
            Movement(season=season, player=p, to_number=count, reason=rules.JOINED)
            for p in joining])
        players = {p.name: p for p in Player.objects.filter(
            name__in=[n for g in groups for n in g])}
        _divisions_create(league=league, season=nxt,
                          groups=[[players[n] for n in g] for g in groups],
                          settings=settings, secret=secret, starts_at=None, start=start)
        for division in nxt.divisions.all():
            Movement.objects.filter(season=season, to_number=division.number).update(
                to_division=division)
        SeasonPlan.objects.create(season=nxt, promote=plan.promote, relegate=plan.relegate,
                                  settings=settings, previous=plan)
    return nxt
