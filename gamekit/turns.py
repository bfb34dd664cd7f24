"""When a seat's turn began (``turn_start``): the rule the seam's ``play_bots`` seeds bots
by and ``replays.turns.Folded.turn_started`` reads off a stored log (docs/seam.md)."""

from __future__ import annotations

from typing import Any


def turn_start(defn: Any, state: Any, turns: dict[int, int],
               event: dict[str, Any] | None) -> None:
    """Keep ``turns`` (seat → the position its current turn began) up to date after
    ``event`` brought the game to ``state`` (None: just read the seats that may act).
    ``defn``: the game's ``gamekit.seam.GameDefinition`` (its ``position``, ``may_act``
    and ``actor``).

    A seat's turn begins at the latest of: the position at which it joined the seats
    that may act, the position after its own last decision, and the position after the
    last event that was not a seat's decision (chance or a consequence: a new phase).
    So in a turn-based game a turn begins at the decision's own position; in a
    simultaneous choice every seat's turn begins at the phase's start, whatever order
    the others choose in. ``replays.turns.Folded.turn_started`` reads the same rule off
    a stored log."""
    position = defn.position(state)
    movers = defn.may_act(state)
    if event is not None:
        actor = defn.actor(event)
        if actor.startswith("seat:"):
            turns.pop(int(actor[5:]), None)
        else:
            turns.clear()
    for seat in list(turns):
        if seat not in movers:
            del turns[seat]
    for seat in movers:
        turns.setdefault(seat, position)
