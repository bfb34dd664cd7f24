"""The heuristic's card play: every legal card scored by what it is expected to win or
lose now, plus what keeping it would risk later (``danger``); the best score is played.

The numbers are points of the round (score.*), so the rules of thumb of
``heuristic.py`` meet in one currency: a trick worth −100 to me weighs as much as the
sheep's +100, and a card another seat takes counts a third of its value for me (what
hurts a rival helps my place).
"""

from __future__ import annotations

from ..cards import DOUBLER, HEARTS, PIG, SHEEP, rank, suit
from .knowledge import Knowledge

#: how much a rival's gain or loss counts for me (against my own, 1)
RIVAL = 0.3
#: what stopping a rival from taking all the hearts is worth to me (rule *moon*)
STOP_MOON = 60.0
#: how much of a card's future risk (``danger``) playing it now removes
RELIEF = 0.5
#: the chance that a seat still to play overtakes, given it holds a higher card: on a
#: clean trick, and on a trick with minus cards (which it would rather not take)
OVERTAKE = 0.8
OVERTAKE_MINUS = 0.3


def overtake(k: Knowledge, cards: list[str]) -> float:
    """The chance factor of being overtaken on a trick holding ``cards``."""
    return OVERTAKE_MINUS if sum(k.value(c) for c in cards) < 0 else OVERTAKE


def danger(k: Knowledge, card: str) -> float:
    """What keeping ``card`` is expected to cost me later (rules *pig*, *hearts*):
    the pig in my hand (I may be forced to take it); AS/KS while the pig is out (they
    catch it); a heart by its chance of winning a heart trick (its value and the
    hearts the others follow with); any other card by its chance of winning a trick
    into which a void seat dumps. The sheep is worth keeping (negative danger) while it
    can still win; the doubler is dangerous while my round score is below zero."""
    s, r = suit(card), rank(card)
    if card == PIG:
        return 70.0
    if card == SHEEP:
        return -30.0 * (1.0 - k.p_higher(card, later_only=False))
    top = 1.0 - k.p_higher(card, later_only=False)
    if s == "S" and r > 12 and k.pig_out():
        return 30.0 + 20.0 * top
    if s == "H":
        return top * (-k.value(card) + 20.0) + max(0, r - 8) * 1.5
    if card == DOUBLER:
        return 10.0 if k.points(k.me) < 0 else -5.0
    return top * (4.0 + 0.6 * (13 - k.remaining))


def relief(k: Knowledge, card: str, p_win: float) -> float:
    """The danger that playing ``card`` takes out of my hand. A minus card's danger is
    mostly its own value, which winning the trick with it makes mine at once: it is
    relieved only when the trick goes to another seat (``1 − p_win``)."""
    d = RELIEF * danger(k, card)
    return d * (1.0 - p_win) if k.value(card) < 0 else d


def _dump_cost(k: Knowledge) -> float:
    """What a void seat is expected to throw on my trick (a negative number): half the
    worst minus card still out."""
    worst = min((k.value(c) for c in k.out), default=0)
    return 0.5 * min(0, worst)


def _expected_extra(k: Knowledge, card: str, seats_after: int, led: str) -> float:
    """The points the seats still to play are expected to add for the winner of a trick
    of suit ``led`` that ``card`` wins (rules *pig*, *sheep*, *doubler*, *hearts*)."""
    if seats_after == 0:
        return 0.0
    share = seats_after / 3.0
    extra = seats_after * k.p_void(led) * _dump_cost(k)
    r = rank(card)
    if led == "H":
        outs = [k.value(h) for h in HEARTS if h in k.out]
        if outs:
            extra += seats_after * (1.0 - k.p_void("H")) * sum(outs) / len(outs)
    elif led == "S" and r > 12 and k.pig_out():
        extra += share * 0.6 * k.value(PIG)
    elif led == "D" and r > 11 and k.sheep_out():
        extra += share * 0.35 * k.value(SHEEP)
    elif led == "C" and r > 10 and DOUBLER in k.out:
        extra += share * 0.35 * (k.gain(k.me, [DOUBLER]))
    return extra


def _winner(k: Knowledge) -> tuple[int, int]:
    """The seat winning the trick so far and its card's rank."""
    best = max((i for i, c in enumerate(k.trick) if suit(c) == k.led),
               key=lambda i: rank(k.trick[i]))
    return k.trick_seats[best], rank(k.trick[best])


def follow_score(k: Knowledge, card: str) -> float:
    """A card of the led suit (rules *pig*, *sheep*, *doubler*, *hearts*)."""
    assert k.led is not None
    winner, best = _winner(k)
    if rank(card) < best:
        return -RIVAL * k.gain(winner, [card]) + relief(k, card, 0.0)
    after = len(k.later)
    if card in ("AS", "KS") and after and k.pig_out() and PIG not in k.hand:
        return -1000.0  # rule pig: never win a spade trick with AS/KS while the pig is out
    beaten = overtake(k, k.trick + [card]) * k.p_higher(card) if after else 0.0
    mine = k.gain(k.me, k.trick + [card]) + _expected_extra(k, card, after, k.led)
    if k.moon_threat() is not None and any(suit(c) == "H" for c in k.trick + [card]):
        mine += STOP_MOON  # rule moon: one heart of mine stops a rival's moon
    theirs = -RIVAL * k.gain(winner, k.trick + [card])
    return (1.0 - beaten) * mine + beaten * theirs + relief(k, card, 1.0 - beaten)


def discard_score(k: Knowledge, card: str) -> float:
    """A card of another suit on a trick I cannot win: what it does to the seat taking
    the trick, and the danger it takes out of my hand (rules *pig*, *hearts*,
    *doubler*)."""
    winner, _ = _winner(k)
    cost = k.gain(winner, k.trick + [card]) - k.gain(winner, k.trick)
    score = -RIVAL * cost + danger(k, card)
    if suit(card) == "H" and winner == k.moon_threat():
        score -= STOP_MOON  # rule moon: no heart for a seat that may take them all
    return score


def lead_score(k: Knowledge, card: str) -> float:
    """A card led (rules *flush*, *sheep*, *hearts*, *voids*)."""
    s = suit(card)
    win = 1.0 - overtake(k, [card]) * k.p_higher(card, later_only=False)
    mine = k.gain(k.me, [card]) + _expected_extra(k, card, 3, s)
    theirs = -RIVAL * k.value(card)
    score = win * mine + (1.0 - win) * theirs + relief(k, card, win)
    if s == "S" and rank(card) < 12 and k.pig_out():
        score += 8.0  # rule flush: spades below the pig make its holder play it
    if s == "D" and k.sheep_out() and rank(card) > 11:
        score += 6.0 * win  # rule sheep: high diamonds while the sheep is out
    n = len(k.mine(s))
    if n <= 2 and s != "H":
        score += 3.0 / n  # rule voids: short suits first
    return score


def moon_play(k: Knowledge, options: list[str]) -> str:
    """Rule *moon*: lead the highest heart while hearts are out, else the highest card;
    follow with the highest card; never discard a heart (the pig or the lowest card
    instead)."""
    if not k.trick:
        hearts = [c for c in options if suit(c) == "H"]
        if hearts and any(h in k.out for h in HEARTS):
            return max(hearts, key=rank)
        return max(options, key=lambda c: (rank(c), suit(c) != "H"))
    follow = [c for c in options if suit(c) == k.led]
    if follow:
        return max(follow, key=rank)
    if PIG in options:
        return PIG
    plain = [c for c in options if suit(c) != "H"] or options
    return min(plain, key=rank)


def choose_card(k: Knowledge, options: list[str]) -> str:
    """The card to play among the legal ``options``."""
    if len(options) == 1:
        return options[0]
    if k.shooting():
        return moon_play(k, options)
    if not k.trick:
        scored = [(lead_score(k, c), -rank(c), c) for c in options]
    elif any(suit(c) == k.led for c in options):
        scored = [(follow_score(k, c), rank(c), c) for c in options]
    else:
        scored = [(discard_score(k, c), rank(c), c) for c in options]
    return max(scored)[2]
