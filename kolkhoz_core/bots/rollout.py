"""The rollout policy of ``ismcts``: plays any seat of a ``YearSim`` quickly from that
seat's own cards and the public board (``rollout_step``, ``playout``; ``greedy_assign``
also ranks the root's assignments).
"""

from __future__ import annotations

import random

from ..cards import SUIT, VALUE, WRECKER
from ..state import JACK
from .plan_value import crop_tops
from .sim import ASSIGN, DONE, PLAY, SWAP, TRUMP, YearSim


# -- the rollout policy ------------------------------------------------------------------
def _exposure(sim: YearSim, seat: int) -> int:
    """What ``seat`` stands to lose if it answers for every field still open."""
    tops = crop_tops(sim.cellars[seat])
    return sum(tops[f] for f in range(4) if not sim.completed[f] or sim.wrecker_field == f)


def _vulnerable(sim: YearSim, seat: int) -> bool:
    if sim.everyone:
        return True
    if sim.stack_vuln:
        return sim.stack_takers[seat]
    return sim.medals_year[seat] > 0


def rollout_play(sim: YearSim, rng: random.Random) -> int:
    """A quick card choice: win cheaply when already exposed (or nothing to lose),
    duck otherwise; keep the highest card for the pocket."""
    legal = sim.legal_plays()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.1:
        return legal[rng.randrange(len(legal))]
    seat = sim.to_move
    hand = sim.hands[seat]
    keep = -1
    kv = -1
    for c in hand:
        if VALUE[c] > kv:
            keep, kv = c, VALUE[c]
    want = _vulnerable(sim, seat) or _exposure(sim, seat) <= 8
    trick = sim.trick
    if not trick:
        pool = [c for c in legal if c != keep] or legal
        if want:
            return max(pool, key=VALUE.__getitem__)
        return min(pool, key=VALUE.__getitem__)
    # the strength of each card against the trick so far (trick.winner, wrecker.wins)
    trump = sim.trump if sim.trump is not None else -2
    lead = trick[0]
    ls = -3 if lead == WRECKER else SUIT[lead]

    def strength(c: int) -> int:
        if c == WRECKER:
            return 100
        s = SUIT[c]
        if s == trump:
            return 50 + VALUE[c]
        if s == ls:
            return VALUE[c]
        return -1

    top = max(strength(c) for c in trick)
    winners: list[int] = []
    losers: list[int] = []
    for c in legal:
        (winners if strength(c) > top else losers).append(c)
    if want and winners:
        pool = [c for c in winners if c != keep] or winners
        return min(pool, key=VALUE.__getitem__)
    if losers:
        pool = [c for c in losers if c != keep] or losers
        if want:
            return min(pool, key=VALUE.__getitem__)
        return max(pool, key=VALUE.__getitem__)
    pool = [c for c in legal if c != keep] or legal
    return min(pool, key=VALUE.__getitem__)


def greedy_assign(sim: YearSim) -> tuple[int, ...]:
    """Complete a field if the trick can; the Wrecker onto the open field where the
    brigadier has least to lose; other cards onto their own (or the fullest) field."""
    trick = sim.trick
    targets = sim.targets()
    seat = sim.winner
    hours = sim.field_hours[:]
    out = [-1] * len(trick)
    if WRECKER in trick:
        tops = [0, 0, 0, 0]
        for c, _, _ in sim.cellars[seat]:
            if c != WRECKER and VALUE[c] > tops[SUIT[c]]:
                tops[SUIT[c]] = VALUE[c]
        # a field that cannot be completed this year anyway, else the least costly
        xf = min(targets, key=lambda f: (sim.completed[f], hours[f] >= 26, tops[f], -hours[f]))
        i = trick.index(WRECKER)
        out[i] = xf
        hours[xf] += 14
    rest = [i for i in range(len(trick)) if out[i] < 0]
    hrs = [0 if sim.nom_role(trick[i]) == JACK else VALUE[trick[i]] for i in rest]
    if sim.stack_vuln and not sim.stack_takers[seat] and _exposure(sim, seat) > 8:
        # k36.orden: completing makes a stack-taker, who answers for every failed
        # field; an exposed brigadier parks the cards where nothing completes
        done = [f for f in targets if sim.completed[f]]
        for i, h in zip(rest, hrs, strict=True):
            f = done[0] if done else min(targets, key=lambda g: hours[g])
            out[i] = f
            hours[f] += h
        return tuple(out)
    total = sum(hrs)
    open_f = [f for f in targets if not sim.completed[f] and f != sim.wrecker_field
              and (WRECKER not in trick or f != out[trick.index(WRECKER)])]
    best = -1
    for f in open_f:
        if hours[f] + total >= 40 and (best < 0 or hours[f] > hours[best]):
            best = f
    if best >= 0:
        for i in rest:
            out[i] = best
        return tuple(out)
    for i in rest:
        c = trick[i]
        s = SUIT[c]
        if s in open_f:
            out[i] = s
        elif open_f:
            out[i] = max(open_f, key=lambda f: hours[f])
        else:
            out[i] = targets[0]
    return tuple(out)


def rollout_swap(sim: YearSim) -> tuple[int, int] | None:
    """Bury the best hand card (never the Wrecker) for the worst cellar card, if it
    gains at least 3 points."""
    seat = sim.to_move
    hand = [c for c in sim.hands[seat] if c != WRECKER]
    el = sim.eligible_cellar(seat)
    if not hand or not el:
        return None
    h = max(hand, key=lambda c: VALUE[c])
    c = min(el, key=lambda x: VALUE[x])
    if VALUE[h] - VALUE[c] >= 3:
        return (h, c)
    return None


def rollout_trump(sim: YearSim) -> int:
    """The suit the planner holds most of (then most hours)."""
    hand = sim.hands[sim.to_move]
    score = [0, 0, 0, 0]
    for c in hand:
        if c != WRECKER:
            score[SUIT[c]] += 20 + VALUE[c]
    return max(range(4), key=lambda s: score[s])


def rollout_step(sim: YearSim, rng: random.Random, policy: str) -> None:
    """Advance ``sim`` by one decision of the seat to move with the playout policy
    (``heuristic``: the quick rules above; ``random``: uniform)."""
    ph = sim.phase
    if ph == PLAY:
        if policy == "random":
            legal = sim.legal_plays()
            sim.play(legal[rng.randrange(len(legal))])
        else:
            sim.play(rollout_play(sim, rng))
    elif ph == ASSIGN:
        if policy == "random":
            t = sim.targets()
            sim.assign([t[rng.randrange(len(t))] for _ in sim.trick])
        else:
            sim.assign(greedy_assign(sim))
    elif ph == SWAP:
        if policy == "random":
            seat = sim.to_move
            opts: list[tuple[int, int] | None] = [None]
            opts += [(h, c) for h in sim.hands[seat] for c in sim.eligible_cellar(seat)]
            o = opts[rng.randrange(len(opts))]
        else:
            o = rollout_swap(sim)
        if o is None:
            sim.swap(None, None)
        else:
            sim.swap(o[0], o[1])
    elif ph == TRUMP:
        sim.choose_trump(rng.randrange(4) if policy == "random" else rollout_trump(sim))


def playout(sim: YearSim, rng: random.Random, policy: str) -> None:
    """Play ``sim`` to the end of the year with the playout policy."""
    while sim.phase != DONE:
        rollout_step(sim, rng, policy)
