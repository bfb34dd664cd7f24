"""A league's game, as tournaments need it — reached only through the seam
(``replays.catalog`` and ``replays.engine``, docs/seam.md): which games may be played,
the table size a tournament takes from the game's seat range, the default ruleset, the
check of its bots and rulesets, the placement points for its table size, and the names
the standings give the game's figures (``tournaments.scoring.Terms``).

Table size: a game of one size (``seats = (n, n)``, Kolkhoz's four) plays at that size;
a game with a range (``(min, max)``) plays at the size the organiser picks from it —
by default 4 when the range holds it, else its maximum — and a remainder of players sits
at smaller tables down to the game's minimum (``tournaments.pairing``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from replays import catalog, engine
from replays.errors import MalformedError

from . import points as placement
from .errors import LeagueError
from .scoring import Terms

DEFAULT_GAME = engine.DEFAULT_GAME
PREFERRED_TABLE_SIZE = 4


def game_check(game: Any) -> str:
    """``game`` if it is a registered game id; raises ``LeagueError`` (``unknown_game``,
    400, with ``games``: the registered ids) otherwise."""
    try:
        return catalog.game_require(game)
    except MalformedError as exc:
        raise LeagueError(exc.message, code="unknown_game", **exc.extra) from None


def seat_range(game: str) -> tuple[int, int]:
    """The game's ``(min, max)`` seats at a table (its definition's ``seats``)."""
    lo, hi = engine.definition(None, game).seats
    return int(lo), int(hi)


def default_table_size(game: str) -> int:
    """The table size a tournament of ``game`` gets unless the organiser picks one: the
    game's fixed size; for a range, 4 if it holds it, else its maximum."""
    lo, hi = seat_range(game)
    return PREFERRED_TABLE_SIZE if lo <= PREFERRED_TABLE_SIZE <= hi else hi


def table_size_check(game: str, table_size: Any = None) -> int:
    """The table size of a tournament of ``game``: ``table_size`` if it is within the
    game's seat range (None: ``default_table_size``); raises ``LeagueError``
    (``bad_table_size``, with ``seats: {min, max}``) for one outside it or not an
    integer."""
    if table_size is None:
        return default_table_size(game)
    lo, hi = seat_range(game)
    if isinstance(table_size, bool) or not isinstance(table_size, int) \
            or not lo <= table_size <= hi:
        what = f"exactly {lo}" if lo == hi else f"{lo} to {hi}"
        raise LeagueError(f"a {game} table has {what} seats, not {table_size!r}",
                          code="bad_table_size", seats={"min": lo, "max": hi})
    return table_size


def min_seats(game: str) -> int:
    """The fewest seats of a (remainder) table of ``game``: its minimum."""
    return seat_range(game)[0]


def default_ruleset(game: str) -> dict[str, Any]:
    """The ruleset a league or tournament of ``game`` plays unless given one: its first
    preset (Kolkhoz: ``{"preset": "kolkhoz"}``), or ``{}`` — the game's own default —
    for a game without presets."""
    presets = engine.definition(None, game).presets()
    return {"preset": next(iter(presets))} if presets else {}


def ruleset_check(game: str, ruleset: dict[str, Any] | None) -> dict[str, Any]:
    """``ruleset`` (None or empty: ``default_ruleset``) once ``game``'s engine accepts
    it; raises the game's typed ruleset error (``engine.is_engine_error``) otherwise."""
    ruleset = ruleset or default_ruleset(game)
    engine.build_ruleset(ruleset or None, game=game)
    return ruleset


def bot_check(game: str, bot_name: str, settings: dict[str, Any] | None = None) -> Any:
    """The bot ``bot_name`` of ``game`` with ``settings``; raises ``LeagueError``
    (``unknown_bot``) when the game has no such bot or refuses the settings."""
    try:
        return engine.bot(bot_name, game=game, **(settings or {}))
    except (KeyError, TypeError, ValueError) as e:
        raise LeagueError(f"{game} has no bot {bot_name!r} with these settings ({e})",
                          code="unknown_bot") from e


def placement_points_check(points: Sequence[Any] | None, table_size: int) -> list[Any]:
    """The placement points of a tournament with ``table_size``-seat tables: ``points``
    (one number per place, never increasing) or, for None, ``table_size-1`` … 0;
    raises ``LeagueError`` (``bad_placement_points``) otherwise."""
    if points is None:
        return list(placement.default_placement_points(table_size))
    try:
        placement.check_points(points, table_size)
    except ValueError as e:
        raise LeagueError(f"placement points: {e}", code="bad_placement_points") from e
    return list(points)


def duplicate_check(game: str) -> None:
    """Raise ``LeagueError`` (``duplicate_unsupported``) unless ``game`` deals from its
    seed alone (its definition's ``deals_from_seed``, docs/seam.md): a duplicate
    tournament gives every table of a round the same seed to deal the same cards."""
    if not getattr(engine.definition(None, game), "deals_from_seed", True):
        raise LeagueError(f"{game} does not deal from its seed alone: its tables cannot be "
                          "dealt the same cards, so it cannot be played duplicate",
                          code="duplicate_unsupported")


def terms(game: str, ruleset: Any = None) -> Terms:
    """What ``game`` calls the figures of its outcome, for the standings: its
    definition's ``score_name``, ``tiebreak_names`` and whether a lower score is better
    under ``ruleset`` (the tournament's ``{preset, options}``: ``lower_wins``; Arne's
    misère)."""
    defn = engine.definition(None, game)
    try:
        lower = defn.lower_wins(ruleset or None)
    except Exception:  # noqa: BLE001 - an invalid ruleset is refused elsewhere
        lower = bool(defn.lower_score_wins)
    return Terms(score_name=str(defn.score_name),
                 tiebreaks=tuple(str(n) for n in defn.tiebreak_names),
                 lower_score_wins=bool(lower))
