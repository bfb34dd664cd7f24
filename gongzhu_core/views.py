"""What each viewer may see: ``seat_view``, ``spectator_view``, ``revealed_view`` and
per-event redaction ``redact_event`` (RECORD_FORMAT.md "Visibility"; round.deal,
pass.when, pass.exchange, expose.when, trick.taken).

While the game runs: a hand is seen by its holder only; a pass by its passer, and at
the exchange by its receiver; exposed cards, plays, tricks and round ends are public;
the seed only by its commitment. After ``game_end`` everything may be published.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .cards import sort_hand
from .scoring import score_round
from .state import OFFSET, GameState

Viewer = int | None


def _receiver(giver: int, direction: str | None) -> int | None:
    return None if direction is None else (giver + OFFSET[direction]) % 4


def _giver(receiver: int, direction: str | None) -> int | None:
    return None if direction is None else (receiver - OFFSET[direction]) % 4


def _view(s: GameState, viewer: Viewer, *, everything: bool) -> dict[str, Any]:
    """The view of ``viewer`` (a seat, or None for a spectator); ``everything``: every
    hidden fact shown (a finished game, or the arbiter's revealed view)."""
    rs = s.rs

    def sees_hand(seat: int) -> bool:
        return everything or seat == viewer

    def sees_pass(giver: int) -> bool:
        if everything or giver == viewer:
            return True
        return (viewer is not None and s.phase != "pass"
                and _receiver(giver, s.pass_to) == viewer)

    passed = [list(p) if p is not None and sees_pass(g) else None
              for g, p in enumerate(s.passes)]
    received = [None if r is None or not (everything or seat == viewer
                                          or _giver(seat, s.pass_to) == viewer) else list(r)
                for seat, r in enumerate(s.received)]
    trick_seats = ([(s.leader + k) % 4 for k in range(len(s.trick_cards))]
                   if s.leader is not None else [])
    last = None
    if s.last_trick is not None:
        lt = s.last_trick
        last = {**lt, "seats": [(lt["leader"] + k) % 4 for k in range(len(lt["cards"]))]}
    exposed = s.exposed if rs.exposing else [[], [], [], []]
    live = score_round(s.taken, exposed, rs).points if s.round else [0, 0, 0, 0]
    return {
        "game": "gongzhu", "viewer": viewer, "seats": list(s.seats),
        "ruleset": rs.to_json(), "round": s.round, "dealer": s.dealer,
        "phase": s.phase if s.phase != "between" else "deal",
        "to_move": None if s.finished else s.to_move(),
        "hands": [sort_hand(h) if sees_hand(seat) else None
                  for seat, h in enumerate(s.hands)],
        "hand_counts": [len(h) for h in s.hands],
        "pass_to": s.pass_to, "passed": passed, "received": received,
        "passes_made": [p is not None for p in s.passes],
        "exposed": [list(x) for x in s.exposed],
        "trick": {"leader": s.leader, "cards": list(s.trick_cards), "seats": trick_seats},
        "last_trick": last, "tricks_played": s.tricks_played,
        "hearts_broken": s.hearts_broken,
        "played": list(s.played),  # every card played this round, in order (public)
        "voids": [sorted(v) for v in s.voids],  # suits a seat has shown it lacks (public)
        "taken": [list(t) for t in s.taken], "round_points": live,
        "totals": list(s.totals), "history": [list(h) for h in s.history],
        "end_score": rs.end_score,
        "result": ({"places": s.result["places"], "scores": s.result["scores"]}
                   if s.result else None),
    }


def seat_view(s: GameState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see of ``s`` (its own hand and passes; every hand once the game
    is over). Shape: docs/gongzhu/rules.md "What the platform shows"."""
    return _view(s, seat, everything=s.finished)


class LazySeatView(Mapping[str, Any]):
    """``seat_view(s, seat)`` built on first access: what the bot runner hands a bot (a
    random bot never reads its view; building it for every decision was half the time
    of a bot game). ``s`` must not change while the view is in use: the runner advances
    the state after the bot's decision, so a bot that keeps its view copies it
    (``dict(view)``)."""

    def __init__(self, s: GameState, seat: int) -> None:
        self._s, self._seat = s, seat
        self._built: dict[str, Any] | None = None

    def _view(self) -> dict[str, Any]:
        if self._built is None:
            self._built = seat_view(self._s, self._seat)
        return self._built

    def __getitem__(self, key: str) -> Any:
        return self._view()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())


def spectator_view(s: GameState) -> dict[str, Any]:
    """What a spectator may see (no hand, no pass until the game is over)."""
    return _view(s, None, everything=s.finished)


def revealed_view(s: GameState) -> dict[str, Any]:
    """Everything about ``s`` (a finished game's replay, an arbiter)."""
    out = _view(s, None, everything=True)
    out["viewer"] = "all"
    return out


def redact_event(event: dict[str, Any], viewer: Viewer, *, finished: bool) -> dict[str, Any]:
    """What ``viewer`` may see of one event while the game runs (``finished``: all of it).
    A ``deal`` keeps only the viewer's hand (others null); a ``pass`` keeps its ``cards``
    for its passer only (the others get the event without ``cards``); an ``exchange``
    keeps ``received[i]`` for seat i and its giver only; ``game_end`` reveals the seed.
    Everything else is public."""
    if finished:
        return event
    t = event.get("type")
    if t == "deal":
        return {**event, "hands": [h if i == viewer else None
                                   for i, h in enumerate(event["hands"])]}
    if t == "pass" and event.get("seat") != viewer:
        # the others see that the seat has chosen, without its cards (RECORD_FORMAT.md)
        return {k: v for k, v in event.items() if k != "cards"}
    if t == "exchange":
        direction = event.get("direction")
        return {**event, "received": [
            r if viewer is not None and (i == viewer or _giver(i, direction) == viewer)
            else None for i, r in enumerate(event["received"])]}
    return event
