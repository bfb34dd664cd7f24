"""A lean, mutable simulator of the rest of one year, for search playouts.

``YearSim`` plays from a decision of the current year (trump, swap, play or assign)
to the end of that year's requisition and stacks' return, with ints and small lists
only: no events, no clause ids, no validation beyond the follow rule. Its rules mirror
``decide`` and ``requisition`` (trick.*, assign.*, farm.*, pocket, req.*, stakh,
wrecker.*, nom.*, northern, mice, k36.orden); ``tests/bots/test_sim.py`` checks it
against the engine, year by year, on the three presets.

The search plays one year ahead: the next deal is a fresh shuffle. ``rewards_plan()``
values what the year leaves in the cellars for the years still to play (``plan_value``;
the final ranking in the last year), ``rewards()`` and ``rewards_linear()`` value the
year alone.

The simulator is split by concept: ``sim_board`` (the state, the rule flags and the
rules' questions), ``sim_year_end`` (pocket, requisition, stacks, the outcome) and this
module (the moves). The rollout policy that plays any seat quickly (the playout policy
of ``ismcts``) is ``bots.rollout``.
"""

from __future__ import annotations

from ..cards import SUIT, VALUE, WRECKER
from ..state import JACK, REWARD, STACK, STACK_TOP, WORKER, GameState
from .sim_board import ASSIGN, DONE, PHASE_ID, PLAY, SWAP, TRUMP, Entry, YearBoard
from .sim_year_end import YearEnd

__all__ = ["ASSIGN", "DONE", "PHASE_ID", "PLAY", "SWAP", "TRUMP", "Entry", "YearBoard",
           "YearEnd", "YearSim"]


class YearSim(YearEnd):
    """The rest of one year. Seats 0..3; cards are ints (``cards``)."""

    __slots__ = ()

    def copy(self) -> YearSim:
        s = YearSim.__new__(YearSim)
        for name in ("opts", "nomen_opt", "stakh", "everyone", "mice", "k36o", "stack_vuln",
                     "hidden_first", "has_rewards", "northern", "scope", "medals_opt",
                     "tb_game", "first_left", "final", "years_left", "swap_on", "planner",
                     "famine", "trump",
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
