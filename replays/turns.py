"""Who may act over the current phase of a stored log: the log folded once
(``fold_log`` → ``Folded``), which the store judges an input by (a simultaneous choice, a
seat that already chose, a turn's start) and the advance loop and the autopilot continue
from. Re-exported by ``replays.engine``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.bots import bot_rng
from gamekit.seam import GameDefinition

from .pinning import DEFAULT_GAME, own_events, pinned

Event = dict[str, Any]


@dataclass
class Folded:
    """A stored log folded once (``fold_log``): its pinned ``defn``, the ``state`` at the
    head, ``head`` (the number of events) and ``movers`` — the seats that may act at
    each position from the last event that was not an input (a chance outcome or a
    decision) up to the head, ``{position: frozenset(seats)}``: the current phase,
    which is what a simultaneous decision and a turn's start are judged by."""

    defn: GameDefinition
    state: Any
    head: int
    movers: dict[int, frozenset[int]]
    actors: dict[int, str]

    def turn_started(self, seat: int) -> int | None:
        """The position at which ``seat``'s current turn began (it has been among the
        seats that may act from there to the head without a break, and has not decided
        since; the event just before it was recorded when the turn began), or None if
        it may not act now. A seat's own decision ends its turn: when it decides again
        at once (Kolkhoz: the planner declares the trump, then leads), the new turn
        begins after it, so its time used and its deadline never count the first
        decision's thinking twice."""
        if seat not in self.movers.get(self.head, frozenset()):
            return None
        start = self.head
        own = f"seat:{seat}"
        while (start - 1 in self.movers and seat in self.movers[start - 1]
               and self.actors.get(start - 1) != own):
            start -= 1
        return start

    def turns(self) -> dict[int, int]:
        """Seat → the position its current turn began, for every seat that may act at
        the head, in the game's own ``position`` terms (what
        ``GameDefinition.play_bots`` continues from)."""
        offset = self._offset()
        return {seat: start + offset for seat in self.movers.get(self.head, frozenset())
                if (start := self.turn_started(seat)) is not None}

    def _offset(self) -> int:
        """The game's ``position`` of the head less the number of stored events (0
        unless the game counts its positions its own way)."""
        return int(self.defn.position(self.state)) - self.head

    def simultaneous_since(self, position: int, seat: int) -> bool:
        """True when a decision ``seat`` took at ``position`` is still good at the head:
        several seats could act at ``position`` (a simultaneous choice), ``seat`` among
        them, and every event since is another seat's decision in the same phase."""
        at = self.movers.get(position)
        if at is None or seat not in at or len(at) < 2:
            return False
        if seat not in self.movers.get(self.head, frozenset()):
            return False
        return all(self.actors.get(p, "").startswith("seat:") and self.actors[p] != f"seat:{seat}"
                   for p in range(position, self.head))

    def bot_input(self, seat: int, player: Any, seed: str) -> dict[str, Any] | None:
        """The input ``player`` (a bot, or the autopilot) chooses for ``seat`` at the
        head — it sees only that seat's view and choices, and draws from
        ``bot_rng(game, seed, seat, turn)`` at the position its turn began
        (``turn_started``), as the seam's loop does — or None when ``seat`` may not act
        now."""
        if seat not in self.movers.get(self.head, frozenset()):
            return None
        start = self.turn_started(seat)
        assert start is not None
        rng = bot_rng(self.defn.id, seed, seat, start + self._offset())
        return dict(player.choose(self.defn.seat_view(self.state, seat),
                                  self.defn.choices(self.state, seat), rng))

    def decided_in_phase(self, seat: int) -> int | None:
        """The position of ``seat``'s own decision in the current simultaneous phase (it
        has chosen and now waits for the others), else None."""
        if seat in self.movers.get(self.head, frozenset()):
            return None
        for p in sorted(self.actors):
            if (self.actors[p] == f"seat:{seat}" and len(self.movers.get(p, ())) > 1
                    and seat in self.movers[p]):
                return p
        return None


def fold_log(events: Sequence[Event], *, game: str = DEFAULT_GAME) -> Folded:
    """Fold a stored log once with its pinned engine (``Folded``): everything the store
    needs to accept a decision — who may act now and over the current phase, a turn's
    start — without folding again. The prefix up to the last event that is not an input
    is folded in one go; the decisions after it are evolved one by one."""
    defn = pinned(events, game=game)
    own = own_events(events)
    start = len(own)
    while start > 0 and defn.is_input(own[start - 1]) and defn.actor(own[start - 1]) != "chance":
        start -= 1
    state = defn.fold(own[:start])
    movers = {start: defn.may_act(state)}
    actors: dict[int, str] = {}
    for pos in range(start, len(own)):
        actors[pos] = defn.actor(own[pos])
        state = defn.evolve(state, own[pos])
        movers[pos + 1] = defn.may_act(state)
    return Folded(defn, state, len(own), movers, actors)
