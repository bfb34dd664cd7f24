"""A lean, mutable simulator of the rest of one year, for search playouts.

``YearSim`` plays from a decision of the current year (trump, swap, play or assign)
to the end of that year's requisition and stacks' return, with ints and small lists
only: no events, no clause ids, no validation beyond the follow rule. Its rules mirror
``decide`` and ``requisition`` (trick.*, assign.*, farm.*, pocket, req.*, stakh,
wrecker.*, nom.*, northern, mice, k36.orden); ``tests/bots/test_sim.py`` checks it
against the engine, year by year, on the three presets.

The search looks one year ahead: what a year leaves in the cellars is what decides
the Plan, and the next deal is a fresh shuffle. ``rewards()`` turns the year's
outcome into a value per seat (the final ranking in the last year).

A rollout policy (``rollout_action``) plays any seat quickly from that seat's own cards
and the public board; it is the playout policy of ``ismcts``.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..cards import SUIT, VALUE, WRECKER
from ..state import JACK, KING, QUEEN, REWARD, STACK, STACK_TOP, WORKER, GameState

TRUMP, SWAP, PLAY, ASSIGN, DONE = 0, 1, 2, 3, 4
PHASE_ID = {"trump": TRUMP, "swap": SWAP, "play": PLAY, "assign": ASSIGN}

Entry = tuple[int, bool, int]  # cellar entry: (card, hidden, kind)


class YearSim:
    """The rest of one year. Seats 0..3; cards are ints (``cards``)."""

    __slots__ = (
        "opts", "nomen_opt", "stakh", "everyone", "mice", "k36o", "stack_vuln",
        "hidden_first", "has_rewards", "northern", "scope", "medals_opt", "tb_game",
        "first_left", "final", "swap_on", "planner", "famine",
        "trump", "phase", "to_move", "hands", "cellars", "field_hours", "field_cards",
        "field_rewards", "completed", "nom", "wrecker_field", "trick", "leader", "winner",
        "tricks_played", "tricks_in_year", "medals_year", "medals_total",
        "medals_last_year", "stack_takers", "swappers", "swap_i",
    )

    opts: dict[str, Any]
    nomen_opt: bool
    stakh: bool
    everyone: bool
    mice: bool
    k36o: bool
    stack_vuln: bool
    hidden_first: bool
    has_rewards: bool
    northern: bool
    scope: str
    medals_opt: bool
    tb_game: bool
    first_left: bool
    final: bool
    swap_on: bool
    planner: int
    famine: bool
    trump: int | None
    phase: int
    to_move: int
    hands: list[list[int]]
    cellars: list[list[Entry]]
    field_hours: list[int]
    field_cards: list[list[int]]
    field_rewards: list[list[int]]
    completed: list[bool]
    nom: dict[int, int]
    wrecker_field: int
    trick: list[int]
    leader: int
    winner: int
    tricks_played: int
    tricks_in_year: int
    medals_year: list[int]
    medals_total: list[int]
    medals_last_year: list[int]
    stack_takers: list[bool]
    swappers: list[int]
    swap_i: int

    def set_rules(self, opts: dict[str, Any], year: int, years: int) -> None:
        """The ruleset's flags (fixed for the year)."""
        self.opts = opts
        self.nomen_opt = bool(opts["nomenklatura"])
        self.stakh = bool(opts["stakh"])
        self.everyone = bool(opts["northern"] or opts["mice"])
        self.mice = bool(opts["mice"])
        self.northern = bool(opts["northern"])
        self.k36o = bool(opts["deck"] == 36 and opts["orden"])
        self.stack_vuln = self.k36o and opts["k36_vulnerable"] == "stack_takers"
        self.hidden_first = opts["reveal"] == "highest_hidden"
        self.has_rewards = bool(opts["deck"] == 52 and not opts["northern"])
        self.scope = opts["swap_scope"]
        self.medals_opt = bool(opts["medals"])
        self.tb_game = opts["tiebreak_medals"] == "game"
        self.first_left = opts["first_lead"] == "left_of_planner"
        self.final = year >= years
        self.swap_on = bool(opts["swap"]) and year >= 2

    def copy(self) -> YearSim:
        s = YearSim.__new__(YearSim)
        for name in ("opts", "nomen_opt", "stakh", "everyone", "mice", "k36o", "stack_vuln",
                     "hidden_first", "has_rewards", "northern", "scope", "medals_opt",
                     "tb_game", "first_left", "final", "swap_on", "planner", "famine", "trump",
                     "phase", "to_move", "wrecker_field", "leader", "winner", "tricks_played",
                     "tricks_in_year", "swap_i"):
            setattr(s, name, getattr(self, name))
        s.hands = [h[:] for h in self.hands]
        s.cellars = [c[:] for c in self.cellars]
        s.field_hours = self.field_hours[:]
        s.field_cards = [f[:] for f in self.field_cards]
        s.field_rewards = [f[:] for f in self.field_rewards]
        s.completed = self.completed[:]
        s.nom = dict(self.nom)
        s.trick = self.trick[:]
        s.medals_year = self.medals_year[:]
        s.medals_total = self.medals_total[:]
        s.medals_last_year = self.medals_last_year[:]
        s.stack_takers = self.stack_takers[:]
        s.swappers = self.swappers
        return s

    @classmethod
    def from_state(cls, st: GameState) -> YearSim:
        """The exact simulator of a full engine state at a decision (tests, oracle bots)."""
        s = cls.__new__(cls)
        s.set_rules(st.opts, st.year, st.years)
        s.planner = st.planner
        s.famine = st.famine
        s.trump = st.trump
        s.phase = PHASE_ID[st.phase]
        s.to_move = st.to_move if st.to_move is not None else -1
        s.hands = [h[:] for h in st.hands]
        s.cellars = [[(c, h, k) for c, h, k, _ in cel] for cel in st.cellars]
        s.field_hours = st.field_hours[:]
        s.field_cards = [f[:] for f in st.field_cards]
        s.field_rewards = [f[:] for f in st.field_rewards]
        s.completed = st.completed[:]
        s.nom = {VALUE[c]: f for c, f in st.nom.items()}
        s.wrecker_field = st.wrecker_field
        s.trick = st.trick[:]
        s.leader = st.leader
        s.winner = st.winner
        s.tricks_played = st.tricks_played
        s.tricks_in_year = st.tricks_in_year
        s.medals_year = st.medals_year[:]
        s.medals_total = st.medals_total[:]
        s.medals_last_year = st.medals_last_year[:]
        s.stack_takers = st.stack_takers[:]
        s.swappers = list(st.swappers)
        s.swap_i = sum(1 for x in st.swappers if st.swap_done[x])
        return s

    # -- rules ------------------------------------------------------------------------
    def nom_role(self, c: int) -> int:
        if not self.nomen_opt or self.trump is None or c == WRECKER or SUIT[c] != self.trump:
            return 0
        v = VALUE[c]
        return v if v >= JACK else 0

    def legal_plays(self) -> list[int]:
        hand = self.hands[self.to_move]
        trick = self.trick
        if not trick or trick[0] == WRECKER:
            return hand
        ls = SUIT[trick[0]]
        out = [c for c in hand if c == WRECKER or SUIT[c] == ls]
        return out if out else hand

    def targets(self) -> list[int]:
        trick = self.trick
        if WRECKER in trick:
            return [0, 1, 2, 3]
        return sorted({SUIT[c] for c in trick})

    def eligible_cellar(self, seat: int) -> list[int]:
        scope = self.scope
        out = []
        for c, hidden, kind in self.cellars[seat]:
            if scope == "hidden" and not hidden:
                continue
            if scope == "workers" and kind == REWARD:
                continue
            out.append(c)
        return out

    def trick_winner(self, cards: list[int], leader: int) -> int:
        if WRECKER in cards:
            return (leader + cards.index(WRECKER)) % 4
        trump = self.trump
        best = -1
        bv = -1
        if trump is not None:
            for i, c in enumerate(cards):
                if SUIT[c] == trump and VALUE[c] > bv:
                    best, bv = i, VALUE[c]
        if best < 0:
            ls = SUIT[cards[0]]
            for i, c in enumerate(cards):
                if SUIT[c] == ls and VALUE[c] > bv:
                    best, bv = i, VALUE[c]
        return (leader + best) % 4

    # -- transitions -------------------------------------------------------------------
    def choose_trump(self, suit: int) -> None:
        self.trump = suit
        self._enter_swap_or_play(self.swappers_for_year())

    def swappers_for_year(self) -> list[int]:
        """Seats that swap this year, in turn order from the planner (swap)."""
        if not self.swap_on:
            return []
        p = self.planner
        return [s for s in (p, (p + 1) % 4, (p + 2) % 4, (p + 3) % 4)
                if self.hands[s] and self.eligible_cellar(s)]

    def _enter_swap_or_play(self, swappers: list[int]) -> None:
        self.swappers = swappers
        self.swap_i = 0
        if swappers:
            self.phase = SWAP
            self.to_move = swappers[0]
        else:
            self._enter_play()

    def _enter_play(self) -> None:
        if self.tricks_in_year > 0:
            self.phase = PLAY
            lead = (self.planner + 1) % 4 if self.first_left else self.planner
            self.leader = lead
            self.to_move = lead
        else:
            self.finish()

    def swap(self, hand_card: int | None, cellar_card: int | None) -> None:
        """The seat to move swaps (or passes with None)."""
        seat = self.to_move
        if hand_card is not None:
            hand = self.hands[seat]
            hand[hand.index(hand_card)] = cellar_card  # type: ignore[assignment]
            cellar = self.cellars[seat]
            for i, e in enumerate(cellar):
                if e[0] == cellar_card:
                    cellar[i] = (hand_card, True, WORKER)
                    break
        self.swap_i += 1
        if self.swap_i < len(self.swappers):
            self.to_move = self.swappers[self.swap_i]
        else:
            self._enter_play()

    def play(self, c: int) -> None:
        seat = self.to_move
        self.hands[seat].remove(c)
        self.trick.append(c)
        if len(self.trick) == 4:
            w = self.trick_winner(self.trick, self.leader)
            self.winner = w
            self.medals_year[w] += 1
            self.medals_total[w] += 1
            self.phase = ASSIGN
            self.to_move = w
        else:
            self.to_move = (seat + 1) % 4

    def assign(self, fields: list[int] | tuple[int, ...]) -> None:
        """The brigadier assigns ``trick[i]`` to ``fields[i]``."""
        nomen = self.nomen_opt and self.trump is not None
        trump = self.trump
        hours = self.field_hours
        fc = self.field_cards
        for c, f in zip(self.trick, fields, strict=True):
            fc[f].append(c)
            if c == WRECKER:
                hours[f] += 14
                self.wrecker_field = f
            elif nomen and SUIT[c] == trump and VALUE[c] >= JACK:
                role = VALUE[c]
                self.nom[role] = f
                if role != JACK:
                    hours[f] += role
            else:
                hours[f] += VALUE[c]
        self.trick = []
        self.tricks_played += 1
        w = self.winner
        for f in range(4):
            if not self.completed[f] and self.field_hours[f] >= 40:
                self._farmed(f, w)
        if self.tricks_played >= self.tricks_in_year:
            self.finish()
        else:
            self.phase = PLAY
            self.leader = w
            self.to_move = w

    def _farmed(self, f: int, seat: int) -> None:
        self.completed[f] = True
        if self.k36o:
            cards = self.field_cards[f]
            top = min(cards, key=lambda c: (VALUE[c], SUIT[c]))
            cel = self.cellars[seat]
            for c in cards:
                cel.append((c, False, STACK_TOP) if c == top else (c, True, STACK))
            self.field_cards[f] = []
            self.stack_takers[seat] = True
        elif not self.northern:
            cel = self.cellars[seat]
            for c in self.field_rewards[f]:
                cel.append((c, False, REWARD))
            self.field_rewards[f] = []

    # -- end of the year ----------------------------------------------------------------
    def finish(self) -> None:
        """Pocket, requisition and the stacks' return (pocket, req.*, k36.orden)."""
        for seat in range(4):
            if self.hands[seat]:
                self.cellars[seat].append((self.hands[seat][0], True, WORKER))
                self.hands[seat] = []
        self._requisition()
        for seat in range(4):
            cel = self.cellars[seat]
            if any(e[2] >= STACK for e in cel):
                self.cellars[seat] = [(c, False, WORKER) if k == STACK_TOP else (c, h, k)
                                      for c, h, k in cel if k != STACK]
        self.phase = DONE

    def _requisition(self) -> None:
        failed = [f for f in range(4) if not self.completed[f] or self.wrecker_field == f]
        if not failed:
            return
        p = self.planner
        order = [p, (p + 1) % 4, (p + 2) % 4, (p + 3) % 4]
        hero = -1
        if self.stakh and self.tricks_in_year > 0 and self.tricks_played > 0:
            for seat in range(4):
                if self.medals_year[seat] == self.tricks_played:
                    hero = seat
                    break
        if self.everyone:
            base = order
        elif self.stack_vuln:
            base = [s for s in order if self.stack_takers[s]]
        else:
            base = [s for s in order if self.medals_year[s] > 0]
        if hero >= 0:
            base = [s for s in order if s != hero]
        nom = self.nom
        qf = nom.get(QUEEN, -1)
        kf = nom.get(KING, -1)
        jf = nom.get(JACK, -1)
        allbut = [s for s in order if s != hero]
        per_field = {f: (allbut if qf == f else base) for f in failed}
        fallback = len(failed) == 4 and not any(per_field[f] for f in failed)
        if fallback:
            per_field = {f: allbut for f in failed}
        table_wide = self.mice or fallback
        for f in failed:
            vuln = per_field[f]
            if table_wide:
                self._take_table_wide(f, vuln, qf == f, kf == f, jf == f)
            else:
                self._take_per_seat(f, vuln, qf == f, kf == f, jf == f)

    def _matching(self, seat: int, f: int) -> list[int]:
        """Indices of ``seat``'s cellar cards matching ``f``, highest first."""
        cel = self.cellars[seat]
        idx = [i for i, e in enumerate(cel) if e[0] == WRECKER or SUIT[e[0]] == f]
        idx.sort(key=lambda i: -VALUE[cel[i][0]])
        return idx

    def _send_drunkard(self, f: int) -> None:
        jack = next((c for c in self.field_cards[f] if self.nom_role(c) == JACK), None)
        if jack is not None:
            self.field_cards[f].remove(jack)
            return
        assert self.trump is not None
        jack = self.trump * 13 + 10
        for seat in range(4):
            cel = self.cellars[seat]
            for i, e in enumerate(cel):
                if e[0] == jack and e[2] >= STACK:
                    del cel[i]
                    return

    def _take_per_seat(self, f: int, vuln: list[int], informant: bool, partyman: bool,
                       drunkard: bool) -> None:
        n_take = 2 if partyman else 1
        if not drunkard:
            for seat in vuln:
                idx = self._matching(seat, f)[:n_take]
                if idx:
                    cel = self.cellars[seat]
                    for i in sorted(idx, reverse=True):
                        del cel[i]
        if informant:
            # every matching hidden card is revealed (it stays face-up)
            for seat in vuln:
                cel = self.cellars[seat]
                for i, e in enumerate(cel):
                    if e[1] and (e[0] == WRECKER or SUIT[e[0]] == f):
                        cel[i] = (e[0], False, e[2])
        if drunkard:
            self._send_drunkard(f)

    def _take_table_wide(self, f: int, vuln: list[int], informant: bool, partyman: bool,
                         drunkard: bool) -> None:
        hidden_first = self.hidden_first
        for seat in vuln:
            cel = self.cellars[seat]
            idx = self._matching(seat, f)
            if informant:
                rev = [i for i in idx if cel[i][1]]
            elif hidden_first:
                rev = [i for i in idx if cel[i][1]][:1]
            else:
                rev = [i for i in idx[:1] if cel[i][1]]
            for i in rev:
                e = cel[i]
                cel[i] = (e[0], False, e[2])
        if drunkard:
            self._send_drunkard(f)
            return
        pool: list[tuple[int, int, int]] = []
        for seat in vuln:
            cel = self.cellars[seat]
            for i in self._matching(seat, f):
                if not cel[i][1]:
                    pool.append((VALUE[cel[i][0]], seat, cel[i][0]))
        pool.sort(key=lambda x: -x[0])
        for _, seat, c in pool[: 2 if partyman else 1]:
            cel = self.cellars[seat]
            for i, e in enumerate(cel):
                if e[0] == c:
                    del cel[i]
                    break

    # -- outcome ---------------------------------------------------------------------------
    def totals(self) -> list[int]:
        """Each seat's cellar total (plus medals under the ``medals`` variant)."""
        out = [sum(VALUE[e[0]] for e in cel) for cel in self.cellars]
        if self.medals_opt:
            out = [out[i] + self.medals_total[i] for i in range(4)]
        return out

    def rewards_linear(self) -> list[float]:
        """Like ``rewards``, but before the last year each seat's cellar total against
        the mean of the others, linearly (less noisy than the margin over the best)."""
        t = self.totals()
        if self.final:
            return self.rewards()
        tot = sum(t)
        out = []
        for i in range(4):
            d = t[i] - (tot - t[i]) / 3.0
            out.append(min(1.0, max(0.0, 0.5 + d / 60.0)))
        return out

    def rewards(self) -> list[float]:
        """A value in [0, 1] per seat once the year is over. In the last year: the share
        of first place (ties split, medals break ties) blended with the margin; before
        it: the margin over the best other cellar, squashed."""
        t = self.totals()
        out = []
        for i in range(4):
            best_other = max(t[j] for j in range(4) if j != i)
            out.append(1.0 / (1.0 + math.exp(-(t[i] - best_other) / 8.0)))
        if self.final:
            tb = self.medals_total if self.tb_game else self.medals_year
            keys = [(t[i], tb[i]) for i in range(4)]
            top = max(keys)
            n = sum(1 for k in keys if k == top)
            out = [0.3 * out[i] + 0.7 * ((1.0 / n) if keys[i] == top else 0.0)
                   for i in range(4)]
        return out


# -- the rollout policy ------------------------------------------------------------------
def _exposure(sim: YearSim, seat: int) -> int:
    """What ``seat`` stands to lose if it answers for every field still open."""
    tops = [0, 0, 0, 0]
    for c, _, _ in sim.cellars[seat]:
        v = VALUE[c]
        if c == WRECKER:
            for f in range(4):
                if v > tops[f]:
                    tops[f] = v
        elif v > tops[SUIT[c]]:
            tops[SUIT[c]] = v
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
