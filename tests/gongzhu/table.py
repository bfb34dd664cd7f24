"""A table set up by hand for the heuristic's rule tests: one seat's hand, the trick on
the table, the scoring cards taken, and the other hands filled from what is left."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gongzhu_core as g
from gongzhu_core.bots import get_bot
from gongzhu_core.cards import DECK, SCORING
from gongzhu_core.choices import choices
from gongzhu_core.state import GameState
from gongzhu_core.views import seat_view

SEATS = ["Ann", "Bo", "Chen", "Dai"]


def table(mine: Sequence[str], *, me: int = 0, trick: Sequence[str] = (),
          leader: int | None = None, taken: Mapping[int, Sequence[str]] | None = None,
          held: Mapping[int, Sequence[str]] | None = None,
          spec: Mapping[str, Any] | None = None) -> GameState:
    """The state where ``me`` (holding ``mine``) is due to play to ``trick`` (led by
    ``leader``, default so that ``me`` is next). ``taken``: scoring cards taken per
    seat; ``held``: cards another seat surely holds. The other hands are filled with
    what is left, the pig, the sheep and the doubler first, then the hearts (high
    first); scoring cards that do not fit count as taken earlier, in turn by the other
    seats; the other cards left count as played in earlier tricks."""
    leader = (me - len(trick)) % 4 if leader is None else leader
    taken = {s: list(c) for s, c in (taken or {}).items()}
    held = {s: list(c) for s, c in (held or {}).items()}
    used = set(mine) | set(trick) | {c for t in taken.values() for c in t} | {
        c for h in held.values() for c in h}
    first = ["QS", "JD", "10C"] + [c for c in reversed(DECK[:13])]
    pool = sorted((c for c in DECK if c not in used),
                  key=lambda c: first.index(c) if c in first else 99)
    played = [(leader + k) % 4 for k in range(len(trick))]
    hands: list[list[str]] = [[], [], [], []]
    hands[me] = list(mine)
    for seat in range(4):
        if seat == me:
            continue
        size = len(mine) - (1 if seat in played else 0)
        hands[seat] = list(held.get(seat, []))
        while len(hands[seat]) < size:
            hands[seat].append(pool.pop(0))
    others = [seat for seat in range(4) if seat != me]
    for k, c in enumerate(c for c in pool if c in SCORING):
        taken.setdefault(others[k % 3], []).append(c)
    s = GameState(ruleset=g.build_ruleset(spec), seats=list(SEATS), round=1,
                  dealer=(leader - 1) % 4, phase="play", hands=hands, leader=leader,
                  trick_cards=list(trick), tricks_played=13 - len(mine),
                  taken=[list(taken.get(seat, [])) for seat in range(4)])
    s.seq = 100
    return s


def heuristic_input(s: GameState, seat: int | None = None) -> dict[str, Any]:
    """The heuristic's input at ``s`` for the seat due (or ``seat``)."""
    seat = s.to_move() if seat is None else seat
    assert seat is not None
    return get_bot("heuristic").choose(seat_view(s, seat), choices(s, seat),
                                       random.Random(0))


def plays(mine: Sequence[str], **kw: Any) -> str:
    """The card the heuristic plays at ``table(mine, **kw)``."""
    return str(heuristic_input(table(mine, **kw))["card"])
