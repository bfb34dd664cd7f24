"""Deals for the test records (tests/gongzhu/records.py): the cards, and ``fill_deal``,
which completes four 13-card hands around the cards a test gives or scripts, keeping
every seat that the script shows discarding on a suit void in it (a small max flow)."""

from __future__ import annotations

import random
from collections.abc import Mapping

SUITS = "HDCS"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = [r + s for s in SUITS for r in RANKS]


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> int:
    """2 .. 14 (setup.deck: A high, 2 low)."""
    return RANKS.index(card[:-1]) + 2


def fill_deal(given: Mapping[int, list[str]], script: Mapping[int, list[str]] | None = None,
              void: list[set[str]] | None = None, shuffle: int = 0) -> list[list[str]]:
    """Four 13-card hands holding the given and scripted cards, the rest of the deck
    dealt in an order fixed by ``shuffle`` (a ``random.Random`` seed). A seat ``void``
    in a suit (it discarded on that suit in the script) gets no filled card of it."""
    script = script or {}
    void = void or [set(), set(), set(), set()]
    hands = [list(given.get(s, [])) for s in range(4)]
    for s in range(4):
        hands[s] += [c for c in script.get(s, []) if c not in hands[s]]
    used = [c for h in hands for c in h]
    assert len(used) == len(set(used)), f"a card is given twice: {used}"
    rest = [c for c in DECK if c not in used]
    quota = _flow({x: sum(suit(c) == x for c in rest) for x in SUITS},
                  [13 - len(h) for h in hands], void)
    random.Random(shuffle).shuffle(rest)
    for turn, card in enumerate(rest):
        seat = next(s for s in ((turn + i) % 4 for i in range(4)) if quota[suit(card)][s])
        quota[suit(card)][seat] -= 1
        hands[seat].append(card)
    assert all(len(h) == 13 for h in hands), hands
    return hands


def _flow(need: dict[str, int], room: list[int], void: list[set[str]]) -> dict[str, list[int]]:
    """How many cards of each suit each seat gets: a max flow suit -> seat (not into a
    seat void in it) -> room, by unit augmenting paths. Fails if the deal is impossible."""
    quota = {x: [0, 0, 0, 0] for x in SUITS}
    left = dict(need)
    space = list(room)
    turn = 0
    for x in SUITS:
        while left[x]:
            turn += 1
            path = _augment(x, quota, space, void, turn)
            assert path is not None, f"cannot fill the deal: {need} into {room}, void {void}"
            for suit_, seat, sign in path:
                quota[suit_][seat] += sign
            left[x] -= 1
            space[path[-1][1]] -= 1
    return quota


def _augment(start: str, quota: dict[str, list[int]], space: list[int],
             void: list[set[str]], turn: int) -> list[tuple[str, int, int]] | None:
    """A path start-suit -> seat (-> back to a suit it holds -> seat ...) -> free room."""
    frontier: list[tuple[str, list[tuple[str, int, int]]]] = [(start, [])]
    seen_suits = {start}
    while frontier:
        x, path = frontier.pop(0)
        for seat in ((turn + i) % 4 for i in range(4)):
            if x in void[seat]:
                continue
            step = [*path, (x, seat, +1)]
            if space[seat] > 0:
                return step
            for y in SUITS:
                if y not in seen_suits and quota[y][seat] > 0:
                    seen_suits.add(y)
                    frontier.append((y, [*step, (y, seat, -1)]))
    return None
