"""Ladder ratings: OpenSkill's Plackett–Luce model on the final places of games.

Pure Python (no Django); the only dependency is the ``openskill`` library
(6.x, ``openskill.models.PlackettLuce`` with its default parameters:
``mu = 25``, ``sigma = 25/3``, ``beta = 25/6``, ``tau = 25/300``).  Every
rating update is ``PlackettLuce.rate`` (which also applies the model's own
per-game ``tau`` dynamics); the displayed skill is
``PlackettLuceRating.ordinal()`` = ``mu - 3*sigma``.

Policies
--------
* **Places → ranks.**  Each game is rated from its final places (1 = best);
  tied players get equal ranks, which openskill treats as a draw between
  them.  Each player is a one-player team, and a game has any number of
  them from 2 up (Plackett–Luce rates a full ranking of any length): a
  Kolkhoz table's four, a 3-seat game's three, a smaller remainder table's
  two or three alike — nothing here assumes a table size.
* **Provisional.**  A rating is provisional while ``sigma >
  PROVISIONAL_SIGMA`` = 0.8 × the initial sigma (≈ 6.667).  From a fresh
  rating that takes about 11 rated four-player games (larger tables tell
  more per game, so fewer; smaller ones more); a long break can make a player
  provisional again (below).
* **Inactivity.**  Before a player's next game, each full
  ``IDLE_PERIOD_DAYS`` (30) days since their previous rated game adds
  ``IDLE_TAU²`` to the variance, with ``IDLE_TAU`` = initial sigma / 5
  (≈ 1.667): ``sigma' = min(sqrt(sigma² + k·IDLE_TAU²), initial sigma)``,
  never below the old sigma.  It is the same additive-dynamics form the
  model applies per game with ``tau`` (openskill has no time-based decay of
  its own, so this one formula is written here).  A settled player
  (sigma ≈ 4, ~30 games) turns provisional again after ~10 idle months and
  reaches the cap after ~19.
  The idle time is counted from the player's latest game time so far and
  is never negative: a game rated after a game that was played later (two
  overlapping tournaments of one league, the later one finishing first)
  counts 0 idle days, and the player's last game time never moves back.
* **Order.**  Games are rated in ``order`` (the league's application order:
  the Django app numbers each rated round when it applies it), then
  ``played_at``, then ``game_id``.
* **Determinism.**  :func:`rebuild` sorts games by that key and replays
  them through the same code as :meth:`Ladder.record`, so an incremental
  ladder and a rebuilt one hold bit-identical numbers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from openskill.models import PlackettLuce

__all__ = [
    "INITIAL_MU",
    "INITIAL_SIGMA",
    "PROVISIONAL_SIGMA",
    "IDLE_PERIOD_DAYS",
    "IDLE_TAU",
    "RatingChange",
    "RatedGame",
    "LadderEntry",
    "Ladder",
    "model",
    "rate_game",
    "rebuild",
    "provisional",
    "inflate_sigma",
    "ordinal",
]

_MODEL = PlackettLuce()

INITIAL_MU: float = _MODEL.mu
"""Initial mean skill (openskill default, 25)."""
INITIAL_SIGMA: float = _MODEL.sigma
"""Initial skill uncertainty (openskill default, 25/3)."""
PROVISIONAL_SIGMA: float = 0.8 * INITIAL_SIGMA
"""A rating is provisional while sigma is above this (≈ 6.667)."""
IDLE_PERIOD_DAYS: int = 30
"""Length of one idle period for :func:`inflate_sigma`, in days."""
IDLE_TAU: float = INITIAL_SIGMA / 5
"""Standard deviation added (in quadrature) per idle period (≈ 1.667)."""


def model() -> PlackettLuce:
    """The Plackett–Luce model used for the ladder (openskill defaults).

    Returns the module's shared ``openskill.models.PlackettLuce`` instance.
    """
    return _MODEL


def ordinal(mu: float, sigma: float) -> float:
    """Conservative skill ``mu - 3*sigma`` via openskill's ``ordinal()``."""
    return float(_MODEL.rating(mu=mu, sigma=sigma).ordinal())


def provisional(sigma: float, threshold: float = PROVISIONAL_SIGMA) -> bool:
    """True while ``sigma`` is above ``threshold`` (default ``PROVISIONAL_SIGMA``).

    ``sigma``: skill uncertainty in rating points.  Raises ValueError if
    ``sigma`` is negative or not finite.
    """
    if not math.isfinite(sigma) or sigma < 0:
        raise ValueError(f"sigma must be a finite non-negative number, got {sigma!r}")
    return sigma > threshold


def inflate_sigma(
    sigma: float,
    idle_days: float,
    *,
    period_days: float = IDLE_PERIOD_DAYS,
    tau: float = IDLE_TAU,
    cap: float = INITIAL_SIGMA,
) -> float:
    """Grow ``sigma`` for inactivity, applied before a player's next game.

    ``sigma``: current uncertainty (rating points).  ``idle_days``: days since
    the player's previous rated game.  Each *full* ``period_days`` adds
    ``tau**2`` to the variance: ``sqrt(sigma**2 + k*tau**2)`` with
    ``k = floor(idle_days / period_days)``, capped at ``cap`` (the model's
    initial sigma) and never lower than ``sigma``.  Source: the additive
    dynamics factor of Weng–Lin / openskill (``tau``), scaled to idle time.
    Raises ValueError for a negative or non-finite ``sigma`` or
    ``idle_days``, or a non-positive ``period_days``.
    """
    if not math.isfinite(sigma) or sigma < 0:
        raise ValueError(f"sigma must be a finite non-negative number, got {sigma!r}")
    if not math.isfinite(idle_days) or idle_days < 0:
        raise ValueError(f"idle_days must be a finite non-negative number, got {idle_days!r}")
    if period_days <= 0:
        raise ValueError(f"period_days must be positive, got {period_days!r}")
    periods = math.floor(idle_days / period_days)
    if periods == 0:
        return sigma
    return max(sigma, min(cap, math.sqrt(sigma * sigma + periods * tau * tau)))


@dataclass(frozen=True)
class RatingChange:
    """One player's rating change from one game, with every input used.

    ``mu_before``/``sigma_before`` are the values fed to the model (after any
    inactivity inflation); ``sigma_stored`` is the sigma held before
    inflation and ``idle_days`` the idle time that inflated it (``None`` if
    unknown).  ``ordinal_*`` = ``mu - 3*sigma``.  ``players``/``places``: the
    whole table in seat order as rated; ``place``: this player's place.
    """

    player: str
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    ordinal_before: float
    ordinal_after: float
    place: int
    players: tuple[str, ...]
    places: tuple[int, ...]
    game_id: str | None = None
    sigma_stored: float | None = None
    idle_days: int | None = None

    @property
    def provisional(self) -> bool:
        """Whether the rating after this game is provisional."""
        return provisional(self.sigma_after)


def _check_game(players: Sequence[str], places: Sequence[int]) -> None:
    if len(players) < 2:
        raise ValueError(f"a rated game needs at least 2 players, got {len(players)}")
    if len(players) != len(places):
        raise ValueError(f"players and places differ in length ({len(players)} vs {len(places)})")
    for p in players:
        if not isinstance(p, str) or not p:
            raise ValueError(f"player names must be non-empty strings, got {p!r}")
    if len(set(players)) != len(players):
        dupes = sorted({p for p in players if list(players).count(p) > 1})
        raise ValueError(f"duplicate players in one game: {dupes}")
    for q in places:
        if isinstance(q, bool) or not isinstance(q, int) or q < 1:
            raise ValueError(f"places must be integers >= 1, got {list(places)!r}")


def rate_game(
    ratings: Mapping[str, tuple[float, float]],
    players: Sequence[str],
    places: Sequence[int],
    *,
    game_id: str | None = None,
) -> list[RatingChange]:
    """Rate one game with openskill's Plackett–Luce model (``PlackettLuce.rate``).

    ``ratings``: ``{name: (mu, sigma)}`` before the game; a player missing
    from it starts at the model's initial rating.  ``players``: the table in
    seat order, any size from 2 (Kolkhoz: 4).  ``places``: final places, 1 = best; equal
    places are ties (passed to openskill as equal ranks).  Returns one
    :class:`RatingChange` per player, in seat order; ``ratings`` is not
    modified.  Raises ValueError for fewer than 2 players, duplicate names,
    length mismatch, or places that are not integers >= 1.
    """
    _check_game(players, places)
    before = [ratings.get(p, (INITIAL_MU, INITIAL_SIGMA)) for p in players]
    teams = [
        [_MODEL.rating(mu=mu, sigma=sigma, name=p)]
        for p, (mu, sigma) in zip(players, before, strict=True)
    ]
    result = _MODEL.rate(teams, ranks=[float(q) for q in places])
    changes = []
    for p, q, (mu, sigma), team_before, team_after in zip(
        players, places, before, teams, result, strict=True
    ):
        after = team_after[0]
        changes.append(
            RatingChange(
                player=p,
                mu_before=mu,
                sigma_before=sigma,
                mu_after=after.mu,
                sigma_after=after.sigma,
                ordinal_before=team_before[0].ordinal(),
                ordinal_after=after.ordinal(),
                place=q,
                players=tuple(players),
                places=tuple(places),
                game_id=game_id,
            )
        )
    return changes


def _utc_naive(dt: datetime) -> datetime:
    if dt.tzinfo is not None:
        dt = dt.astimezone(UTC).replace(tzinfo=None)
    return dt


@dataclass(frozen=True)
class RatedGame:
    """A finished, rated game as the ladder needs it.

    ``game_id``: unique id (orders games played at the same instant).
    ``players``/``places``: seat order, places 1 = best, ties equal.
    ``played_at``: when it was played (naive = UTC, aware converted to UTC);
    ``None`` disables inactivity inflation for the players of this game.
    ``order``: its position in the ladder's application order (games with equal
    ``order`` are sorted by ``played_at``, then ``game_id``; 0 = unnumbered).
    """

    game_id: str
    players: tuple[str, ...]
    places: tuple[int, ...]
    played_at: datetime | None = None
    order: int = 0

    def order_key(self) -> tuple[int, datetime, str]:
        """Sort key used by :func:`rebuild`:
        ``(order, played_at or datetime.min, game_id)``."""
        when = _utc_naive(self.played_at) if self.played_at else datetime.min
        return (self.order, when, self.game_id)


@dataclass
class LadderEntry:
    """A player's current ladder state: ``mu``, ``sigma``, games rated, last game time."""

    player: str
    mu: float = INITIAL_MU
    sigma: float = INITIAL_SIGMA
    games: int = 0
    last_played: datetime | None = None

    @property
    def ordinal(self) -> float:
        """``mu - 3*sigma`` (openskill ordinal)."""
        return ordinal(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        """True while sigma is above ``PROVISIONAL_SIGMA``."""
        return provisional(self.sigma)


@dataclass
class Ladder:
    """The rating ladder: current entries plus every :class:`RatingChange`.

    Feed games in :meth:`RatedGame.order_key` order with :meth:`record`, or
    build the whole ladder with :func:`rebuild`; both give identical numbers.
    """

    entries: dict[str, LadderEntry] = field(default_factory=dict)
    changes: list[RatingChange] = field(default_factory=list)
    _last_key: tuple[int, datetime, str] | None = None
    _seen: set[str] = field(default_factory=set)

    def record(self, game: RatedGame) -> list[RatingChange]:
        """Rate ``game`` and apply it: inflate idle sigmas (idle days counted from
        each player's latest game time, never negative), then ``rate_game``.

        Returns the game's :class:`RatingChange` s (also appended to
        ``changes``).  Raises ValueError if ``game_id`` was already recorded,
        or if the game sorts before the last recorded one (rebuild instead),
        or for an invalid table (see :func:`rate_game`).
        """
        if game.game_id in self._seen:
            raise ValueError(f"game {game.game_id!r} is already on the ladder")
        key = game.order_key()
        if self._last_key is not None and key < self._last_key:
            raise ValueError(
                f"game {game.game_id!r} is older than the last rated game "
                f"{self._last_key[2]!r}; call rebuild() with every game instead"
            )
        _check_game(game.players, game.places)
        when = _utc_naive(game.played_at) if game.played_at else None
        inputs: dict[str, tuple[float, float]] = {}
        stored: dict[str, tuple[float, int | None]] = {}
        for p in game.players:
            e = self.entries.get(p) or LadderEntry(p)
            idle: int | None = None
            sigma = e.sigma
            if when is not None and e.last_played is not None:
                # played before the player's latest rated game: no idle time
                idle = max(0, (when - e.last_played).days)
                sigma = inflate_sigma(e.sigma, idle)
            inputs[p] = (e.mu, sigma)
            stored[p] = (e.sigma, idle)
        changes = [
            replace(c, sigma_stored=stored[c.player][0], idle_days=stored[c.player][1])
            for c in rate_game(inputs, game.players, game.places, game_id=game.game_id)
        ]
        for c in changes:
            e = self.entries.setdefault(c.player, LadderEntry(c.player))
            e.mu, e.sigma = c.mu_after, c.sigma_after
            e.games += 1
            if when is not None and (e.last_played is None or when > e.last_played):
                e.last_played = when
        self.changes.extend(changes)
        self._seen.add(game.game_id)
        self._last_key = key
        return changes

    def ratings(self) -> dict[str, tuple[float, float]]:
        """``{name: (mu, sigma)}`` for every rated player."""
        return {p: (e.mu, e.sigma) for p, e in self.entries.items()}

    def table(self) -> list[LadderEntry]:
        """Entries best first: by ordinal descending, then name."""
        return sorted(self.entries.values(), key=lambda e: (-e.ordinal, e.player))


def rebuild(games: Iterable[RatedGame]) -> Ladder:
    """Recompute the whole ladder from scratch, deterministically.

    ``games``: every rated game, any order; they are applied sorted by
    :meth:`RatedGame.order_key` through :meth:`Ladder.record`, so the result is
    bit-identical to recording them one by one in that order, and to any
    other rebuild of the same games.  Raises ValueError on duplicate
    ``game_id`` or an invalid game.
    """
    ladder = Ladder()
    for game in sorted(games, key=RatedGame.order_key):
        ladder.record(game)
    return ladder
