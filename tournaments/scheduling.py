"""Writes that set a league up and schedule its rounds: leagues, bot players and
tournaments, then each round's tables (pairing, seating, one seeded game per table in the
event store), enqueued for the workers (``tournaments.dispatch``).

Services are keyword-only and named ``<entity>_<action>``; ``tournaments.services``
re-exports them. Every game is written through ``replays.services``.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from replays import engine
from replays import seeds as game_seeds
from replays.services import game_create_from_engine

from . import dispatch, duplicate_rounds, games, humans, pairing
from . import seeds as table_seeds
from .errors import LeagueError
from .models import (
    Bye,
    Entry,
    Format,
    League,
    Player,
    PlayerKind,
    Round,
    RoundStatus,
    Season,
    Table,
    TableSeat,
    Tournament,
    TournamentStatus,
)
from .standings import entries_of, standings_rows

DEFAULT_RULESET: dict[str, Any] = {"preset": "kolkhoz"}  # Kolkhoz's (games.default_ruleset)
HOUSE_BOT = "random"  # every game has a ``random`` bot (docs/seam.md)
log = logging.getLogger(__name__)


# -- creation ---------------------------------------------------------------------------
def league_create(*, name: str, slug: str | None = None,
                  ruleset: dict[str, Any] | None = None,
                  game: str = games.DEFAULT_GAME) -> League:
    """A new league of ``game`` (a registered game id, default ``kolkhoz``) and its first
    season. ``ruleset``: the default for its tournaments (None: the game's default,
    ``games.default_ruleset``), validated by the game's engine. Raises LeagueError
    (``unknown_game``) or the engine's RulesetError; nothing is stored then."""
    game = games.game_check(game)
    ruleset = games.ruleset_check(game, ruleset)
    league = League.objects.create(name=name, slug=slug or slugify(name)[:120],
                                   ruleset=ruleset, game=game)
    Season.objects.create(league=league, number=1, name=f"{name} — season 1")
    return league


def player_bot_get_or_create(*, name: str, bot_name: str,
                             settings: dict[str, Any] | None = None,
                             game: str = games.DEFAULT_GAME) -> Player:
    """A bot player: ``bot_name`` must be a registered bot of ``game``
    (``engine.bot``); its version and settings are recorded — its identity. Raises
    LeagueError for an unknown game or bot (``unknown_game``, ``unknown_bot``), and
    ``bot_identity_mismatch`` when a player of that name exists with another identity
    (another bot, version or settings: a player's record never changes bots, so the
    ladder keeps versions apart; docs/bots.md "League identity")."""
    settings = settings or {}
    bot = games.bot_check(games.game_check(game), bot_name, settings)
    ident = engine.identity(bot)
    wanted = {"kind": PlayerKind.BOT, "bot_name": bot_name,
              "bot_version": str(ident["version"]),
              "bot_settings": json.loads(json.dumps(ident["settings"], default=str))}
    player, created = Player.objects.get_or_create(name=name, defaults=wanted)
    if not created:
        have = {"kind": player.kind, "bot_name": player.bot_name,
                "bot_version": player.bot_version, "bot_settings": player.bot_settings}
        if have != wanted:
            raise LeagueError(f"player {name!r} is already {_label(have)}, not "
                              f"{_label(wanted)}: a new bot version or settings is a new "
                              "player", code="bot_identity_mismatch")
    return player


def _label(p: dict[str, Any]) -> str:
    if p["kind"] != PlayerKind.BOT:
        return "a person"
    return f"bot {p['bot_name']} v{p['bot_version']} {json.dumps(p['bot_settings'])}"


def tournament_create(*, season: Season, name: str, format: str, rounds: int,
                      players: Sequence[Player], ruleset: dict[str, Any] | None = None,
                      seed: str = "1", starts_at: Any = None, rated: bool = True,
                      fill_policy: str = "bots",
                      placement_points: Sequence[float] | None = None,
                      secret: str | None = None, game: str | None = None,
                      table_size: int | None = None, duplicate: bool = False) -> Tournament:
    """A tournament of the league's game with its entries.

    ``game``: the league's (None: it; another id is refused). ``table_size``: seats at
    a full table — the game's fixed size, or a size from its range (None: 4 if the
    range holds it, else its maximum; ``tournaments.games``). ``ruleset``: None → the
    league's, else the game's default. ``placement_points``: one number per place of
    a full table, never increasing (None: ``table_size-1`` … 0, 3/2/1/0 at four).
    Entries: a round-robin needs a multiple of the table size (or a count the game's
    smaller tables can split, ``pairing.table_sizes``), a series exactly the table
    size, a Swiss at least the table size (a remainder sits at smaller tables when the
    game allows them, else gets byes or house bots by ``fill_policy``); every bot
    player's bot must be one of the game's.

    ``seed`` is the organiser's (it selects the deals); the server adds a 128-bit
    ``secret`` and publishes only the commitment until the tournament ends
    (``tournaments.seeds``, docs/shuffle.md). A bot-only benchmark or demo may pass an
    explicit ``secret`` to be reproducible; such a tournament never seats a person.

    ``duplicate``: duplicate play (docs/duplicate.md) — every table of a round is dealt
    the same cards, full tables only (a remainder gets byes or house bots by
    ``fill_policy``, so a round-robin needs a multiple of the table size); refused for a
    game that does not deal from its seed alone, and when a round would have a single
    table (played as boards) with a person entered.
    Raises LeagueError (``unknown_game``, ``game_mismatch``, ``bad_table_size``,
    ``bad_placement_points``, ``unknown_bot``, ``bad_entries``, ``bad_format``,
    ``secret_with_people``, ``duplicate_unsupported``, ``duplicate_people_single_table``)
    or the engine's RulesetError; nothing is stored then."""
    league = season.league
    game = games.game_check(game or league.game)
    if game != league.game:
        raise LeagueError(f"league {league.name!r} plays {league.game}, not {game}",
                          code="game_mismatch")
    ruleset = games.ruleset_check(game, ruleset or league.ruleset or None)
    if format not in Format.values:
        raise LeagueError(f"format must be one of {', '.join(Format.values)}", code="bad_format")
    size = games.table_size_check(game, table_size)
    points = games.placement_points_check(placement_points, size)
    if len({p.pk for p in players}) != len(players):
        raise LeagueError("a player is entered twice", code="bad_entries")
    if not isinstance(duplicate, bool):
        raise LeagueError("duplicate must be true or false", code="bad_format")
    _check_entry_count(format, len(players), size, size if duplicate else games.min_seats(game))
    if rounds < 1:
        raise LeagueError("a tournament has at least one round", code="bad_format")
    if fill_policy not in ("bots", "bye"):
        raise LeagueError("fill_policy must be 'bots' or 'bye'", code="bad_format")
    if secret is not None and any(p.kind != PlayerKind.BOT for p in players):
        raise LeagueError("an explicit secret is only for bot-only runs: with people at "
                          "the tables the server chooses it", code="secret_with_people")
    for p in players:
        if p.kind == PlayerKind.BOT:
            bot = games.bot_check(game, p.bot_name, p.bot_settings)
            if p.bot_version and str(bot.version) != p.bot_version:
                raise LeagueError(f"player {p.name!r} is {p.bot_name} v{p.bot_version}, but "
                                  f"this server runs v{bot.version}: enter the new version "
                                  "as a new player", code="bot_version_changed")
    if duplicate:
        duplicate_rounds.creation_check(game=game, format=format, players=players, size=size,
                                        fill_policy=fill_policy)
    chosen = secret if secret is not None else game_seeds.new_secret()
    with transaction.atomic():
        t = Tournament.objects.create(
            season=season, name=name, format=format, rounds=rounds, ruleset=ruleset,
            game=game, table_size=size, duplicate=duplicate,
            seed=str(seed), secret=chosen, secret_explicit=secret is not None,
            seed_commitment=table_seeds.commitment(str(seed), chosen),
            starts_at=starts_at, rated=rated, fill_policy=fill_policy,
            placement_points=points,
            status=TournamentStatus.SCHEDULED if starts_at else TournamentStatus.DRAFT)
        Entry.objects.bulk_create([Entry(tournament=t, player=p) for p in players])
    return t


def _check_entry_count(format: str, n: int, size: int = 4, lo: int | None = None) -> None:
    """Raise LeagueError(``bad_entries``) unless ``n`` players can play ``format`` at
    ``size``-seat tables (smaller ones down to ``lo`` for a round-robin's remainder)."""
    if format == Format.ROUND_ROBIN and (n < size or pairing.table_sizes(n, size, lo) is None):
        if lo is None or lo >= size:
            rule = f"a multiple of {size} players"
        else:
            rule = f"at least {size} players that split into tables of {max(2, lo)} to {size}"
        raise LeagueError(f"a round-robin of {size}-seat tables needs {rule}, it has {n}",
                          code="bad_entries")
    if format == Format.SERIES and n != size:
        raise LeagueError(f"a match series is played by exactly {size} players, it has {n}",
                          code="bad_entries")
    if format == Format.SWISS and n < size:
        raise LeagueError(f"a Swiss tournament needs at least {size} players, it has {n}",
                          code="bad_entries")


# -- scheduling ---------------------------------------------------------------------------
def _int_seed(*parts: Any) -> int:
    digest = hashlib.sha256("/".join(str(p) for p in parts).encode()).hexdigest()
    return int(digest[:12], 16)


def game_seed(tournament: Tournament, round_no: int, table_no: int) -> str:
    """The secret seed of a table's game (64 hex digits): an HMAC of the tournament's
    secret over its seed, round and table (``tournaments.seeds.table_seed``). Raises
    ``LeagueError`` (``no_secret``) for a tournament without a secret."""
    if not tournament.secret:
        raise LeagueError("this tournament has no seed secret", code="no_secret")
    return table_seeds.table_seed(tournament.seed, tournament.secret, round_no, table_no)


def entry_withdraw(*, tournament: Tournament, player: Player) -> None:
    """Withdraw a player: never paired again. In a fixed schedule (round-robin, series)
    a house bot takes their seat in later rounds, so the schedule stays as published;
    their finished games keep counting in the standings. Raises LeagueError
    (``not_entered``; ``too_few_entries`` when a Swiss with a round still to pair would
    be left with fewer players than its table size)."""
    active = entries_of(tournament)
    size = tournament.table_size
    if (tournament.format == Format.SWISS and player in active and len(active) <= size
            and tournament.round_set.count() < tournament.rounds):
        raise LeagueError(f"a Swiss tournament pairs at least {size} players: withdrawing "
                          "one would leave its next round unpairable", code="too_few_entries")
    updated = (tournament.entries.filter(player=player, withdrawn=False)
               .update(withdrawn=True))
    if not updated:
        raise LeagueError(f"{player.name} is not an active entry of {tournament.name}",
                          code="not_entered")


def min_table(t: Tournament) -> int:
    """The fewest seats a table of ``t`` may have: the game's minimum, or the table size
    for a duplicate tournament (its tables must all be dealt the same cards)."""
    return t.table_size if t.duplicate else games.min_seats(t.game)


def _house_bot(name: str, game: str) -> Player:
    return player_bot_get_or_create(name=name, bot_name=HOUSE_BOT, game=game)


def _pairings(t: Tournament, number: int) -> tuple[list[tuple[str, ...]], list[str]]:
    """Tables (name tuples in seat order, seat 0 = first planner) and byes for round
    ``number``, at the tournament's table size (smaller remainder tables down to the
    game's minimum)."""
    players = entries_of(t)
    names = [p.name for p in players]
    size, lo = t.table_size, min_table(t)
    if t.format in (Format.ROUND_ROBIN, Format.SERIES):
        everyone = [p.name for p in entries_of(t, withdrawn=True)]
        if t.format == Format.ROUND_ROBIN:
            tables = pairing.round_robin(everyone, t.rounds, seed=_int_seed(t.seed, "rr"),
                                         seats=size, min_seats=lo)[number - 1]
        else:
            tables = [pairing.match_series(everyone, t.rounds, seats=size)[number - 1]]
        gone = [n for n in everyone if n not in set(names)]
        stand_in = {n: f"house-bot-{i + 1}" for i, n in enumerate(gone)}
        return [tuple(stand_in.get(n, n) for n in tb) for tb in tables], []
    history = pairing.PairingHistory()
    entered = {p.name for p in entries_of(t, withdrawn=True)}
    for rnd in t.round_set.filter(number__lt=number).order_by("number"):
        for table in rnd.tables.order_by("number"):
            history.tables.append(tuple(s.player.name for s in
                                        table.seats.select_related("player").order_by("seat")))
        history.byes.extend(b.player.name for b in rnd.byes.select_related("player"))
    # a seat not held by an entry is a house bot's (they fill tables, never enter)
    history.bots = {name for table in history.tables for name in table} - entered
    rows = {r["player"]: r for r in standings_rows(tournament=t)}
    ranked = sorted(names, key=lambda n: (rows[n]["rank"] if n in rows else 10**6, n))
    st = [pairing.PlayerStanding(player=n, points=rows[n]["points"] if n in rows else 0.0)
          for n in ranked]
    sr = pairing.swiss_round(st, history, seed=_int_seed(t.seed, "swiss", number),
                             fill="bots" if t.fill_policy == "bots" else "bye",
                             seats=size, min_seats=lo,
                             table_cost=(duplicate_rounds.swiss_table_cost(t, number)
                                         if t.duplicate else None))
    return [tuple(tb) for tb in sr.tables], list(sr.byes)


def round_schedule(*, tournament: Tournament, number: int) -> Round:
    """Create round ``number``: its tables (the table size, or a remainder table down to
    the game's minimum), each table's game of the tournament's game in the event store
    (seeded), and byes; the tables are enqueued for the workers once the transaction
    commits. Idempotent: an existing round is returned as it is."""
    existing = tournament.round_set.filter(number=number).first()
    if existing is not None:
        return existing
    tables, byes = _pairings(tournament, number)
    boards: list[int | None] = [None] * len(tables)
    if tournament.duplicate:  # same deal at every table, seats spread (docs/duplicate.md)
        tables, boards = duplicate_rounds.seat_round(tournament, number, tables)
    by_name = {p.name: p for p in entries_of(tournament)}
    lo = max(2, min(min_table(tournament), tournament.table_size))
    with transaction.atomic():
        rnd = Round.objects.create(tournament=tournament, number=number,
                                   status=RoundStatus.RUNNING, starts_at=timezone.now())
        for name in byes:
            Bye.objects.create(round=rnd, player=by_name[name])
        for k, (names, board) in enumerate(zip(tables, boards, strict=True), start=1):
            if not lo <= len(names) <= tournament.table_size:
                raise LeagueError(f"a table must have {lo} to {tournament.table_size} seats",
                                  code="bad_table")
            seats = [by_name.get(n) or _house_bot(n, tournament.game) for n in names]
            if tournament.secret_explicit and any(p.kind != PlayerKind.BOT for p in seats):
                raise LeagueError("a tournament with an explicit secret seats bots only",
                                  code="secret_with_people")
            created = game_create_from_engine(ruleset=tournament.ruleset or None,
                                              seats=[p.name for p in seats], first_planner=0,
                                              secret=(duplicate_rounds.round_seed(tournament,
                                                                                  number)
                                                      if tournament.duplicate
                                                      else game_seed(tournament, number, k)),
                                              game=tournament.game)
            table = Table.objects.create(round=rnd, number=k, game=created.game, board=board)
            TableSeat.objects.bulk_create(
                [TableSeat(table=table, seat=i, player=p) for i, p in enumerate(seats)])
            humans.table_seat_people(game=created.game, players=seats)
        ids = list(rnd.tables.values_list("id", flat=True))
        transaction.on_commit(lambda: dispatch.tables_enqueue(ids))
    return rnd


def tournament_start(*, tournament: Tournament) -> Round:
    """Start a tournament: status running, round 1 scheduled and enqueued. Raises
    LeagueError(``not_startable``) unless it is a draft or scheduled, or
    (``bad_entries``) when its entries no longer fit its format (people entered since
    it was created), or (``duplicate_unsupported``, ``duplicate_people_single_table``)
    when a duplicate tournament no longer can be played so: nothing is started."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if t.status not in (TournamentStatus.DRAFT, TournamentStatus.SCHEDULED):
            raise LeagueError(f"tournament {t.name!r} is {t.status}", code="not_startable")
        # a fixed schedule (round-robin, series) pairs withdrawn entries too (house bots)
        entered = entries_of(t, withdrawn=t.format != Format.SWISS)
        _check_entry_count(t.format, len(entered), t.table_size, min_table(t))
        if t.duplicate:  # people entered since it was created (the admin)
            duplicate_rounds.creation_check(game=t.game, format=t.format, players=entered,
                                            size=t.table_size, fill_policy=t.fill_policy)
        t.status = TournamentStatus.RUNNING
        t.save(update_fields=["status"])
        return round_schedule(tournament=t, number=1)


def tournaments_start_due(*, now: Any = None) -> list[int]:
    """Start every scheduled tournament whose time has come (Celery beat). Returns ids.
    One that cannot start (``LeagueError``, or any other error: logged) stays scheduled
    and never keeps the others from starting."""
    now = now or timezone.now()
    started = []
    for t in Tournament.objects.filter(status=TournamentStatus.SCHEDULED,
                                       starts_at__lte=now).order_by("starts_at", "pk"):
        try:
            tournament_start(tournament=t)
            started.append(t.pk)
        except LeagueError:
            continue
        except Exception:  # noqa: BLE001 - one tournament must not stop the others
            log.exception("tournament %s could not start", t.pk)
    return started
