"""What each viewer may see (RECORD_FORMAT.md "Visibility"; turn.choose, tactical.open,
pile): ``seat_view``, ``spectator_view``, ``revealed_view``, ``redact_event``.

While the game runs: a seat's chosen card is known to that seat only until the turn's
reveal; a base-game hand only to its holder (tactical: every hand is public, but a seat
that has chosen is shown to the others with the hand it held as the turn began, so
nothing tells which card it chose); rows, reveals, takes and piles are public; the seed
only by its commitment. After ``game_end`` everything may be published.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .cards import heads
from .state import GameState

Viewer = int | None


def _view(s: GameState, viewer: Viewer, *, everything: bool) -> dict[str, Any]:
    rs = s.rs
    open_hands = everything or rs.tactical
    # before the first deal the state holds no hands yet: every seat's is empty
    hands = s.hands if len(s.hands) == s.n else [[] for _ in range(s.n)]
    turn_hands = s.turn_hands if len(s.turn_hands) == s.n else hands

    def hand(seat: int) -> list[int] | None:
        if everything or seat == viewer:
            return list(hands[seat])
        if rs.tactical:
            # a seat that has chosen shows the hand it held as the turn began
            return list(turn_hands[seat] if seat in s.chosen else hands[seat])
        return None

    counts = [len(turn_hands[i]) if (i in s.chosen and i != viewer and not everything)
              else len(hands[i]) for i in range(s.n)]
    mine = s.chosen.get(viewer) if viewer is not None else None
    revealed = s.reveal is not None
    shown = s.reveal if s.reveal is not None else s.last_reveal
    draft = None
    if s.draft is not None and s.phase == "draft":
        draft = {"cards": list(s.draft["cards"]), "next": s.drafter()}
    return {
        "game": "korova", "viewer": viewer, "seats": list(s.seats), "ruleset": rs.to_json(),
        "round": s.round, "turn": s.turn,
        "phase": {"between": "choose", "setup": "deal"}.get(s.phase, s.phase),
        "may_act": sorted(s.may_act()) if not s.finished else [],
        "rows": [list(r) for r in s.rows], "row_heads": [sum(heads(c) for c in r)
                                                         for r in s.rows],
        "hands": [hand(i) for i in range(s.n)] if (open_hands or viewer is not None)
        else [None] * s.n,
        "hand_counts": counts,
        "chosen": [i in s.chosen for i in range(s.n)],
        "my_choice": mine if not revealed else None,
        "chosen_cards": ([s.chosen.get(i) for i in range(s.n)] if everything and not revealed
                         else None),
        # this turn's reveal once made, else the turn before's (kept through the choices)
        "reveal": ({"cards": list(shown["cards"]), "order": list(shown["order"]),
                    "turn": shown.get("turn")} if shown is not None else None),
        "low_card": dict(s.low) if s.low else None,
        "draft": draft,
        "piles": [list(p) for p in s.piles], "penalties": list(s.penalties),
        "scores": list(s.scores), "history": [list(h) for h in s.history],
        "threshold": rs.threshold,
        "result": ({"places": s.result["places"], "scores": s.result["scores"]}
                   if s.result else None),
    }


def seat_view(s: GameState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see (everything once the game is over)."""
    return _view(s, seat, everything=s.finished)


def spectator_view(s: GameState) -> dict[str, Any]:
    """What a spectator may see (no base-game hand, no unrevealed choice)."""
    return _view(s, None, everything=s.finished)


def revealed_view(s: GameState) -> dict[str, Any]:
    """Everything (an arbiter, a finished game's replay)."""
    out = _view(s, None, everything=True)
    out["viewer"] = "all"
    return out


class LazySeatView(Mapping[str, Any]):
    """``seat_view`` built on first read (bots that never read it cost nothing). The
    state must not change while it is in use: a bot that keeps it copies it."""

    def __init__(self, s: GameState, seat: int) -> None:
        self._s, self._seat = s, seat
        self._built: dict[str, Any] | None = None

    def _v(self) -> dict[str, Any]:
        built = self._built
        if built is None:
            built = self._built = seat_view(self._s, self._seat)
        return built

    def __getitem__(self, key: str) -> Any:
        return self._v()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._v())

    def __len__(self) -> int:
        return len(self._v())


def redact_event(event: dict[str, Any], viewer: Viewer, *, finished: bool) -> dict[str, Any]:
    """What ``viewer`` may see of one event while the game runs (``finished``: all). A
    ``choose`` reaches the others without its ``card`` (the turn's ``reveal`` shows every
    card); a ``deal`` keeps only the viewer's hand (others null; rows public)."""
    if finished:
        return event
    t = event.get("type")
    if t == "choose" and event.get("seat") != viewer:
        return {k: v for k, v in event.items() if k != "card"}
    if t == "deal":
        return {**event, "hands": [h if i == viewer else None
                                   for i, h in enumerate(event["hands"])]}
    return event
