"""The rules of a year's play that ``decide`` (validating an input) and ``choices``
(listing the legal ones) both ask: how many cards a hand holds this year, which suit a
hand must follow, which fields a trick's cards may go to, and the consequence events
of a trick won (``trick``) and of a field completed (``farmed``).
"""

from __future__ import annotations

from .cards import CODE, SUIT, SUITS, VALUE, WRECKER
from .state import Event, GameState


def expected_hand_size(state: GameState) -> int:
    """Cards per hand this year: 5 (4 in famine), or fewer when the deck is short
    (deal.short: dealt evenly as far as it goes)."""
    full = 4 if state.famine else 5
    n = len(state.deck)
    return full if n >= 4 * full else n // 4


def must_follow(state: GameState, hand: list[int]) -> int | None:
    """The suit ``hand`` must follow in the current trick, or None (trick.follow,
    wrecker.follow: a led Wrecker sets no suit)."""
    if not state.trick:
        return None
    lead = state.trick[0]
    if lead == WRECKER:
        return None
    ls = SUIT[lead]
    for c in hand:
        if c == WRECKER or SUIT[c] == ls:
            return ls
    return None


def trick_event(state: GameState, last: int) -> Event:
    """The ``trick`` event once the fourth card ``last`` is played (trick.winner,
    trick.medal, wrecker.wins); facts: trump, led suit, the cards compared."""
    cards = state.trick + [last]
    leader = state.leader
    lead = cards[0]
    trump = state.trump
    lead_suit = None if lead == WRECKER else SUIT[lead]
    rules = ["trick.winner", "trick.medal"]
    if WRECKER in cards:
        best = cards.index(WRECKER)
        by = "wrecker"
        compared = [CODE[WRECKER]]
        rules.append("wrecker.wins")
    else:
        trumps = [i for i, c in enumerate(cards) if trump is not None and SUIT[c] == trump]
        if trumps:
            pool, by = trumps, "trump"
        else:
            pool = [i for i, c in enumerate(cards) if SUIT[c] == lead_suit]
            by = "lead_suit"
        best = max(pool, key=lambda i: VALUE[cards[i]])
        compared = [CODE[cards[i]] for i in pool]
    winner = (leader + best) % 4
    return {
        "seq": state.seq + 1, "type": "trick", "leader": leader, "winner": winner,
        "cards": [CODE[c] for c in cards],
        "lead_suit": None if lead_suit is None else SUITS[lead_suit],
        "rules": rules,
        "facts": {"trump": None if trump is None else SUITS[trump], "by": by,
                  "winning_card": CODE[cards[best]], "compared": compared,
                  "trick_no": state.tricks_played + 1},
    }


def assign_targets(trick: list[int]) -> list[int]:
    """Fields a trick's cards may go to (assign.targets; wrecker.assign: all four)."""
    if WRECKER in trick:
        return [0, 1, 2, 3]
    return sorted({SUIT[c] for c in trick})


def farmed_event(s: GameState, f: int, seat: int) -> Event:
    """A field reaching 40 hours (farm.threshold) pays its brigadier (farm.reward; accum;
    k36.orden's stack; northern: nothing)."""
    rules = ["farm.threshold"] if s.wrecker_field == f else ["farm.threshold", "farm.safe"]
    if s.ruleset.k36_orden:
        rewards = [CODE[c] for c in s.field_cards[f]]
        rules.append("k36.orden")
    elif s.opts["northern"]:
        rewards = []
        rules.append("northern")
    else:
        rewards = [CODE[c] for c in s.field_rewards[f]]
        rules.append("farm.reward")
        if s.opts["orden"]:
            rules.append("orden")
        if len(rewards) > 1:
            rules.append("accum")
    if s.wrecker_field == f:
        rules.append("wrecker.poison")
    return {"seq": s.seq, "type": "farmed", "field": SUITS[f], "seat": seat,
            "hours": s.field_hours[f], "rewards": rewards, "rules": rules,
            "facts": {"quota": 40, "poisoned": s.wrecker_field == f}}

