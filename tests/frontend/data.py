"""Games and leagues for the browser tests, with the facts they check.

The known game is the fixture record ``play_kolkhoz_fx-1`` (seats Anya, Boris, Pyotr,
Vera; Boris the first planner): its adjudicated log is in
``tests/fixtures/records/play_kolkhoz_fx-1.log.jsonl``, so a step's hours and trick
can be read there and checked in the page."""

from __future__ import annotations

import re
from typing import Any

from replays import services
from tests.replays.fixtures import load_log, load_record
from tests.replays.helpers import bot_log, store

KNOWN = "play_kolkhoz_fx-1"
# Every control and link without an accessible name (aria-label, text or a <label>).
UNNAMED_CONTROLS = """() => [...document.querySelectorAll('button, select, input, a[href]')]
    .filter(e => !(e.getAttribute('aria-label') || e.textContent.trim()
                   || (e.labels && [...e.labels].some(l => l.textContent.trim()))))
    .map(e => e.outerHTML)"""
CARD = re.compile(r"(?<![0-9A-Z])(?:10|[2-9JQKA])[HDCS](?![0-9A-Za-z])")


def known_game() -> Any:
    """The known finished game, imported from its record."""
    return services.game_import_record(record=load_record(KNOWN)).game


def known_log() -> list[dict[str, Any]]:
    log = load_log(KNOWN)
    assert log is not None
    return log


def captions(game: Any) -> list[str]:
    """Each step's caption as the frames API words it."""
    from replays.frames import game_frames_for_viewer

    return [f["caption"] for f in game_frames_for_viewer(game=game, viewer=None)["frames"]]


def hours_after(step: int) -> dict[str, int]:
    """The fields' hours after ``step``, from the last assign's facts in that year."""
    hours = {"H": 0, "D": 0, "C": 0, "S": 0}
    for event in known_log()[: step + 1]:
        if event["type"] == "year":
            hours = {"H": 0, "D": 0, "C": 0, "S": 0}
        if event["type"] == "assign":
            hours = dict(event["facts"]["hours"])
    return hours


def live_cut(seed: str = "browser-live") -> tuple[list[dict[str, Any]], int]:
    """A bot game's log and a cut point in year 2's tricks, after a year of pockets
    (hidden cellar cards) and a swap: a live game with every kind of hidden card."""
    log = bot_log("kolkhoz", seed)
    year2 = next(i for i, e in enumerate(log) if e["type"] == "year" and e["year"] == 2)
    plays = [i for i, e in enumerate(log) if e["type"] == "play" and i > year2]
    return log, plays[5] + 1


def live_game(seed: str = "browser-live") -> tuple[Any, list[dict[str, Any]]]:
    """A stored live game (cut mid-year 2) and the events stored for it."""
    log, upto = live_cut(seed)
    return store(log[:upto], seed=seed), log[:upto]


def hidden_from(events: list[dict[str, Any]], viewer: int | None) -> set[str]:
    """Cards a viewer may not see after ``events`` (an oracle independent of the engine's
    redaction): dealt to another seat in their latest deal and not since played or
    revealed (a pocketed or buried card stays hidden)."""
    hidden: set[str] = set()
    for event in events:
        if event["type"] == "deal":
            for seat, hand in enumerate(event["hands"]):
                for card in hand:
                    if seat == viewer:
                        hidden.discard(card)
                    else:
                        hidden.add(card)
        elif event["type"] in ("play", "revealed") and event.get("card"):
            hidden.discard(event["card"])
        elif event["type"] == "trick":
            hidden.difference_update(event["cards"])
    return hidden


def league_with_tournament() -> Any:
    """A finished 2-round Swiss tournament of 8 random bots, played in this process."""
    from tests.leagues.league_helpers import make_tournament, play_inline
    from tournaments import services as league_services

    # a fixed secret (bots only): the page tests read ties on points that these deals give
    t = make_tournament(n=8, fmt="swiss", rounds=2, seed="browser", secret="browser-secret")
    league_services.tournament_start(tournament=t)
    play_inline(t)
    t.refresh_from_db()
    return t


def fair_tournament() -> Any:
    """A finished 2-round Swiss of 5 random bots filled with house bots (three a round:
    two at one table, one at the other), played in this process."""
    from tests.leagues.league_helpers import make_tournament, play_inline
    from tournaments import services as league_services

    t = make_tournament(n=5, fmt="swiss", rounds=2, seed="browser-fair", fill_policy="bots")
    league_services.tournament_start(tournament=t)
    play_inline(t)
    t.refresh_from_db()
    return t


def _short(x: float) -> str:
    return re.sub(r"\.?0+$", "", f"{x:.2f}")


def separation_words(rows: list[dict]) -> list[str]:
    """What the tournament page says under its standings for every pair of adjacent rows
    level on points (``separated_from_next``): the same words, built from the API's rows."""
    out = []
    for row, nxt in zip(rows, rows[1:], strict=False):
        sep = row["separated_from_next"]
        if sep is None:
            continue
        if sep["shared_rank"]:
            out.append(f"{row['player']} and {nxt['player']} are level on every tie-break: "
                       f"they share rank {row['rank']} (listed by name).")
            continue
        a, b = (_short(v) for v in sep["values"])
        if a == b:
            a, b = sep["values_exact"]
        name = ("opponents' points" if sep["tiebreak"] == "opponents_points"
                else sep["tiebreak"].replace("_", " "))
        how = " (lower wins)" if sep["lower_wins"] else ""
        out.append(f"{row['player']} is ahead of {nxt['player']} on {name}{how}: {a} to {b}.")
    return out
