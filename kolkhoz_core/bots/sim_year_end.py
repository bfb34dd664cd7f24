"""The end of a ``YearSim`` year (``bots.sim``): the pocket, the requisition of every
failed field and the stacks' return (pocket, req.*, stakh, nom.*, northern, mice,
k36.orden, as ``requisition`` rules them, reveals included), then what the year is
worth to each seat (``totals``, ``rewards``, ``rewards_linear``, ``rewards_plan``).
"""

from __future__ import annotations

import math

from ..cards import SUIT, VALUE, WRECKER
from ..state import JACK, KING, QUEEN, STACK, STACK_TOP, WORKER
from .plan_value import plan_values
from .sim_board import DONE, YearBoard


class YearEnd(YearBoard):
    """A ``YearBoard`` that can close its year and value the outcome."""

    __slots__ = ()

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

    def _reveal(self, cel: list[tuple[int, bool, int]], idx: list[int], informant: bool,
                top_if_hidden: bool) -> None:
        """Turn face-up the hidden cards of ``cel`` at ``idx`` (matching, highest first)
        that a requisition reveals: every one for nom.informant; with
        reveal=highest_hidden the highest hidden one; else, table-wide
        (``top_if_hidden``), the highest matching card when it is hidden."""
        if informant:
            rev = [i for i in idx if cel[i][1]]
        elif self.hidden_first:
            rev = [i for i in idx if cel[i][1]][:1]
        elif top_if_hidden:
            rev = [i for i in idx[:1] if cel[i][1]]
        else:
            return
        for i in rev:
            e = cel[i]
            cel[i] = (e[0], False, e[2])

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
        """req.take per seat, with the reveals the engine makes (nom.informant: every
        hidden matching card; reveal=highest_hidden: the highest hidden matching card,
        even when another card goes North) — a revealed card stays face-up."""
        n_take = 2 if partyman else 1
        for seat in vuln:
            cel = self.cellars[seat]
            idx = self._matching(seat, f)
            self._reveal(cel, idx, informant, top_if_hidden=False)
            if not drunkard:
                for i in sorted(idx[:n_take], reverse=True):
                    del cel[i]
        if drunkard:
            self._send_drunkard(f)

    def _take_table_wide(self, f: int, vuln: list[int], informant: bool, partyman: bool,
                         drunkard: bool) -> None:
        for seat in vuln:
            self._reveal(self.cellars[seat], self._matching(seat, f), informant,
                         top_if_hidden=True)
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

    def rewards_plan(self) -> list[float]:
        """Like ``rewards`` in the last year; before it, each seat's estimated chance of
        finishing first from the cellars the year leaves (``plan_value``: cellar total
        and exposure against the others', fitted per years left)."""
        if self.final:
            return self.rewards()
        return plan_values(self.opts, self.years_left, self.totals(), self.cellars)

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
