"""Helpers for the duplicate-tournament tests: a bot league played in this process, and
independent readings of what it stored — each game's result folded from its stored log
by the game's own definition, the seats held, and matchpoints counted pair by pair —
that never go through the standings code."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import time
from collections import defaultdict
from fractions import Fraction
from typing import Any

from gamekit import registry
from replays.models import GameEvent
from tests.leagues.league_helpers import play_inline
from tournaments import services
from tournaments.models import Table, Tournament

KOLKHOZ_1Y = {"preset": "kolkhoz", "options": {"years": 1}}


def duplicate_league(*, n: int, rounds: int, seed: str, game: str = "kolkhoz",
                     ruleset: dict[str, Any] | None = None, kinds: tuple[str, ...] = (
                         "random", "heuristic"), fmt: str = "swiss", play: bool = True,
                     **kw: Any) -> Tournament:
    """A duplicate tournament of ``n`` bots (``kinds`` in turn), started and, with
    ``play``, played to the end in this process."""
    stamp = time.time_ns()
    ruleset = ruleset if ruleset is not None else (KOLKHOZ_1Y if game == "kolkhoz" else None)
    league = services.league_create(name=f"Dup {seed} {stamp}", slug=f"dup-{seed}-{stamp}",
                                    ruleset=ruleset, game=game)
    players = [services.player_bot_get_or_create(
        name=f"{kinds[i % len(kinds)]}-{game}-{seed}-{i}", bot_name=kinds[i % len(kinds)],
        game=game) for i in range(n)]
    t = services.tournament_create(season=league.seasons.get(), name=f"Duplicate {seed}",
                                   format=fmt, rounds=rounds, players=players,
                                   ruleset=ruleset, seed=seed, game=game, duplicate=True, **kw)
    services.tournament_start(tournament=t)
    if play:
        play_inline(t)
        t.refresh_from_db()
    return t


def tables_by_round(t: Tournament) -> dict[int, list[Table]]:
    out: dict[int, list[Table]] = defaultdict(list)
    for table in (Table.objects.filter(round__tournament=t).select_related("game", "round")
                  .prefetch_related("seats__player").order_by("round__number", "number")):
        out[table.round.number].append(table)
    return dict(out)


def seat_names(table: Table) -> list[str]:
    return [s.player.name for s in sorted(table.seats.all(), key=lambda s: s.seat)]


def stored_events(table: Table) -> list[dict[str, Any]]:
    return list(GameEvent.objects.filter(game_id=table.game_id).order_by("seq")
                .values_list("payload", flat=True))


def chance_events(table: Table) -> list[dict[str, Any]]:
    """The stored chance events (deals, draws) of a table's game, without their seq."""
    rows = (GameEvent.objects.filter(game_id=table.game_id, actor="chance").order_by("seq")
            .values_list("payload", flat=True))
    return [{k: v for k, v in e.items() if k != "seq"} for e in rows]


def folded_scores(table: Table) -> tuple[Any, ...]:
    """The table's result as its own game's definition folds it from the stored log."""
    events = stored_events(table)
    defn = registry.get(table.game.game, events[0]["engine_version"])
    return tuple(defn.outcome(defn.fold(events)).scores)


def rederived_seed(seed: str, secret: str, round_no: int) -> str:
    """docs/duplicate.md's derivation of a duplicate round's game seed, written anew."""
    msg = f"kolkhoz-table-seed/1:{seed}/r{round_no}/dup".encode()
    return hmac.new(secret.encode(), msg, hashlib.sha256).hexdigest()


def least_held_misses_brute(names: list[str], counts: dict[str, list[int]],
                            house: set[str]) -> tuple[int, int]:
    """(the fewest players any seating leaves out of a least-held seat, how many the
    given seating ``names`` leaves out), by trying every seating."""
    def misses(order: tuple[str, ...]) -> int:
        out = 0
        for s, p in enumerate(order):
            if p in house:
                continue
            row = counts.get(p, [0] * len(order))
            out += row[s] != min(row)
        return out
    best = min(misses(perm) for perm in itertools.permutations(names))
    return best, misses(tuple(names))


def matchpoints_by_hand(results: list[tuple[int, int, str, Any]], lower_wins: bool
                        ) -> dict[str, tuple[Fraction, int]]:
    """``{player: (matchpoints, most possible)}`` from ``(round, seat, player, score)``:
    every two results at one seat of one round compared, 1 to the better, ½ each on a tie."""
    earned: dict[str, Fraction] = defaultdict(Fraction)
    most: dict[str, int] = defaultdict(int)
    for (r1, s1, p1, x1), (r2, s2, _, x2) in itertools.permutations(results, 2):
        if (r1, s1) != (r2, s2):
            continue
        better = x1 < x2 if lower_wins else x1 > x2
        earned[p1] += 1 if better else (Fraction(1, 2) if x1 == x2 else 0)
        most[p1] += 1
    return {p: (earned[p], most[p]) for p in most}
