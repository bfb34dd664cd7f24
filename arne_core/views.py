"""What each viewer may see (RECORD_FORMAT.md "Visibility"): ``seat_view``,
``spectator_view``, ``revealed_view``, ``redact_event``.

While the game runs a hand is known to its holder only (counts are public); the cards a
seat draws, takes at random (Grab) or is given face down (Plus Two, black cards) are
known to the seats concerned only; the draw deck's order is never shown (the state does
not know it: draws are chance inputs), the seed only by its commitment. Everything on the
table and the discard pile is public. After ``game_end`` everything may be published.
"""

from __future__ import annotations

from typing import Any

from .cards import is_black
from .choices import legal_summary
from .scoring import dummy_controller, pile_worth, seat_scores, totals
from .state import GameState

Viewer = int | None
Event = dict[str, Any]


def _view(s: GameState, viewer: Viewer, *, everything: bool) -> dict[str, Any]:
    summary = legal_summary(s, None)
    area_totals = totals(s) if s.n else {}
    hands = [list(s.sort(h)) if (everything or i == viewer) else None
             for i, h in enumerate(s.hands)]
    areas = {c: [{**p, "worth": pile_worth(p)} for p in s.areas.get(c, [])]
             for c in s.area_colours()}
    phase = ("over" if s.finished else {"deal": "deal", "draw": "draw", "draw3": "effect",
                                        "random_card": "effect", "give": "effect",
                                        "main": "main", "window": "window",
                                        "final": "final"}.get(summary["kind"] or
                                                              str(s.due()), "effect"))
    return {
        "game": "arne", "viewer": viewer, "seats": list(s.names), "ruleset": s.rs.to_json(),
        "colours": list(s.colours), "dummy_colour": s.dummy_colour,
        "spare_colours": s.spare_colours(), "positions": list(s.seat_pos),
        "position_seats": list(s.pos_seat), "direction": s.direction, "turn": s.turn,
        "active": s.active, "turn_position": s.turn_pos, "phase": phase,
        "window": summary["window"], "pending": summary["pending"],
        "claims": summary["claims"], "dummy_control": s.dummy_control,
        "dummy_controller": dummy_controller(s) if s.n else None,
        "hands": hands, "hand_counts": [len(h) for h in s.hands],
        "deck_count": len(s.deck), "discard": list(s.discard), "areas": areas,
        "totals": area_totals, "scores": seat_scores(s, area_totals) if s.n else [],
        "may_act": summary["may_act"],
        # what input is due: deal, draw, window, final, random_card, give, draw3
        "due": s.due() if s.n else "deal",
        # the hand the viewer passed on at the last Pass Hands (hands: it knows it)
        "passed_hand": (s.sort(s.passed[viewer]) if s.passed is not None
                        and viewer is not None else None),
        "final": (None if s.final is None else
                  {"order": list(s.final["order"]), "offered": s.offered()}),
        "result": None if s.result is None else {
            k: v for k, v in s.result.items() if k not in ("type", "seq", "rules")},
    }


def seat_view(s: GameState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see: its own hand, every count, the table (view shape:
    docs/arne/rules.md "What the platform shows")."""
    return _view(s, seat, everything=s.finished)


def spectator_view(s: GameState) -> dict[str, Any]:
    """What a spectator may see: the table and the counts, no hand (all once finished)."""
    return _view(s, None, everything=s.finished)


def revealed_view(s: GameState) -> dict[str, Any]:
    """Everything (a finished game's replay): every hand."""
    return _view(s, None, everything=True)


def redact_event(e: Event, viewer: Viewer, *, finished: bool) -> Event:
    """What ``viewer`` may see of one event (RECORD_FORMAT.md "Visibility"): a deal's other
    hands, another seat's draw, a Grab's card (but to its two seats), a Plus Two's black
    cards (but to its two seats) become null, with their counts added. A finished game's
    events are shown whole."""
    if finished:
        return e
    t = e.get("type")
    if t == "deal":
        return {**e, "hands": [h if i == viewer else None for i, h in enumerate(e["hands"])],
                "counts": [len(h) for h in e["hands"]]}
    if t == "draw" and viewer != e.get("seat"):
        return {**e, "cards": None, "count": len(e["cards"])}
    if t == "random_card" and viewer not in (e.get("seat"), e.get("to_seat")):
        return {**e, "card": None}
    if t == "grabbed" and viewer not in (e.get("seat"), e.get("source")):
        return {**e, "card": None, "count": 0 if e.get("card") is None else 1}
    if t == "give" and viewer not in (e.get("seat"), e.get("to_seat")) and (
            e.get("to_seat") is not None or any(is_black(c) for c in e["cards"])):
        return {**e, "cards": None, "count": len(e["cards"])}
    if t == "gave" and e.get("to_seat") is not None and viewer not in (e.get("seat"),
                                                                       e.get("to_seat")):
        return {**e, "cards": None, "count": len(e["cards"])}
    return e
