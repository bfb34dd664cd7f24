"""Every legal input of a seat (``legal_inputs``), the form bots receive (``choices``: the
same list) and the play page's summary (``legal_summary``)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .cards import is_black
from .decide import point
from .rules import black_uses, playable_whites, white_uses
from .state import GameState

Event = dict[str, Any]


def legal_inputs(s: GameState, seat: int) -> list[Event]:
    """Every legal input of ``seat`` now, in a deterministic order ([] if it may not act):
    in a window, main window or final turn each black card with each legal use (hand in
    deck order), then (main window) each playable white card with each legal use, then
    ``pass_window`` when allowed (turn.white: not while a white card can be played); a
    Plus Two's target: every pair it may give (plus2.give)."""
    if seat not in s.may_act():
        return []
    at = point(s)
    if at == "give":
        return [{"type": "give", "seat": seat, "cards": list(pair)}
                for pair in combinations(s.plus2_cards(), 2)]
    out: list[Event] = []
    hand = s.sort(list(dict.fromkeys(s.hands[seat])))
    final = at == "final"
    for card in hand:
        if is_black(card):
            out.extend({"type": "black", "seat": seat, "card": card, **use}
                       for use in black_uses(s, seat, card, final=final))
    whites = playable_whites(s, seat) if at == "main" else []
    for card in whites:
        out.extend({"type": "white", "seat": seat, "card": card, **use}
                   for use in white_uses(s, seat, card))
    if not whites:
        out.append({"type": "pass_window", "seat": seat})
    return out


def choices(s: GameState, seat: int) -> list[Event]:
    """What a bot receives: ``legal_inputs`` (it returns one of them)."""
    return legal_inputs(s, seat)


def legal_summary(s: GameState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may do now, for the play page: ``kind`` (``main``, ``window``,
    ``final``, ``give`` or None), ``to_move``, ``may_act``, ``yours``, ``window`` (kind,
    order, offered, passed), ``claims`` (this turn's STOP / REVERSE), ``pending``,
    ``options`` ([]) and ``inputs`` (the seat's legal inputs when it may act)."""
    movers = s.may_act() if not s.finished else frozenset()
    yours = seat is not None and seat in movers
    at = point(s) if not s.finished else None
    win = None
    if s.window is not None:
        order = list(s.window["order"])
        at_i, passes = s.window["at"], s.window["passes"]
        passed = [order[(at_i - k) % len(order)] for k in range(passes, 0, -1)]
        win = {"kind": s.window["kind"], "order": order, "offered": order[at_i],
               "passed": passed}
    elif s.final is not None:
        order = list(s.final["order"])
        at_i, passes = s.final["at"], min(s.final["passes"], len(order))
        win = {"kind": "final", "order": order, "offered": s.offered(),
               "passed": [order[(at_i - k) % len(order)] for k in range(passes, 0, -1)]}
    return {"kind": at if at in ("main", "window", "final", "give") else None,
            "to_move": min(movers) if len(movers) == 1 else None,
            "may_act": sorted(movers), "yours": yours, "window": win,
            "claims": [dict(c) for c in s.claims],
            "pending": None if s.pending is None else {
                k: s.pending[k] for k in ("seat", "card", "target", "colour")},
            "options": [],
            "inputs": legal_inputs(s, seat) if yours and seat is not None else []}
