"""What a seat can know about the table, read from its seat view alone, and the risk
estimates the heuristic is built on.

A Korova seat view (``korova_core.seat_view``) shows the four rows, every penalty pile
of the round (takes are public, ``pile``), the seat's own hand, the hand sizes, and —
while a row choice is due — the turn's reveal. Every card revealed earlier in the round
lies in a row or in a pile, so the cards a seat has *not seen* are exactly the cards of
the round's deck (1–104; tactical: 1 … 10n + 4) outside its hand, the rows, the piles
and the pending reveal. In the base game those are the other hands and the cards set
aside (round.deal); the other seats hold ``sum(hand_counts)`` of them, so if they play
uniformly from a hand dealt uniformly from the unseen cards, each other seat's card of
this turn is uniform over the unseen cards. In the tactical variant every hand is
public (tactical.open): another seat's card is one of *its* hand (the hand it held when
the turn began, which the view shows until the reveal).

Nothing here reads another seat's face-down choice: the view does not hold it.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import HEADS

Rows = list[list[int]]


def target_row(rows: Sequence[Sequence[int]], card: int) -> int | None:
    """The row ``card`` goes to (place.row): the row whose end is the highest end below
    ``card``; None when ``card`` is lower than every end (low.card)."""
    best, best_end = None, 0
    for i, row in enumerate(rows):
        end = row[-1]
        if best_end < end < card:
            best, best_end = i, end
    return best


def row_heads(row: Sequence[int]) -> int:
    """The heads a take of ``row`` costs (card.heads)."""
    return sum(HEADS[c] for c in row)


def place_all(rows: Sequence[Sequence[int]], cards: Sequence[int]
              ) -> tuple[Rows, dict[int, int]]:
    """The rows after ``cards`` are placed lowest first (turn.order) with place.row /
    place.sixth, and the heads each card's owner takes, keyed by card. A card lower
    than every end is assumed to take the row with the fewest heads (lowest row number
    on a tie); the heuristic decides its own low card itself."""
    out = [list(r) for r in rows]
    taken: dict[int, int] = {}
    for c in sorted(cards):
        r = target_row(out, c)
        if r is None:
            r = min(range(4), key=lambda i: (row_heads(out[i]), i))
            taken[c] = row_heads(out[r])
            out[r] = [c]
        elif len(out[r]) >= 5:
            taken[c] = row_heads(out[r])
            out[r] = [c]
        else:
            out[r].append(c)
    return out, taken


class Knowledge:
    """One seat's knowledge at one decision, built from its view (nothing hidden read).

    Attributes: ``me``; ``hand`` (sorted); ``rows``; ``tactical``; ``others`` (the other
    seats); ``unseen`` (sorted cards of the round's deck the seat has not seen);
    ``possible`` (per other seat, the cards its choice of this turn may be: its public
    hand in the tactical variant, else ``unseen``)."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.me: int = view["viewer"]
        self.rows: Rows = [list(r) for r in view["rows"]]
        options = view["ruleset"]["options"]
        self.tactical = bool(options.get("tactical"))
        n = len(view["seats"])
        self.n = n
        hands = view["hands"]
        self.hand: list[int] = sorted(hands[self.me] or [])
        if view.get("my_choice") is not None and view["my_choice"] not in self.hand:
            self.hand = sorted(self.hand + [view["my_choice"]])
        top = 10 * n + 4 if self.tactical else 104
        seen = set(self.hand)
        for row in self.rows:
            seen.update(row)
        for pile in view["piles"]:
            seen.update(pile)
        reveal = view.get("reveal")
        if view["phase"] == "take_row" and reveal:
            seen.update(c for c in reveal["cards"] if c is not None)
        self.unseen: list[int] = [c for c in range(1, top + 1) if c not in seen]
        self.others = [s for s in range(n) if s != self.me]
        self.possible: dict[int, list[int]] = {}
        for s in self.others:
            if self.tactical and hands[s] is not None:
                self.possible[s] = sorted(hands[s])
            else:
                self.possible[s] = self.unseen

    def share_between(self, seat: int, lo: int, hi: int) -> float:
        """The chance that ``seat``'s card this turn lies strictly between ``lo`` and
        ``hi`` (uniform over its possible cards)."""
        cards = self.possible[seat]  # sorted: count by bisection
        if not cards:
            return 0.0
        return max(0, bisect_left(cards, hi) - bisect_right(cards, lo)) / len(cards)

    def mean_heads_between(self, lo: int, hi: int) -> float:
        """The mean heads of the unseen cards strictly between ``lo`` and ``hi`` (1.0
        when there are none): what another seat's card there is likely to cost."""
        u = self.unseen  # sorted
        cs = [HEADS[c] for c in u[bisect_right(u, lo):bisect_left(u, hi)]]
        return sum(cs) / len(cs) if cs else 1.0


def count_distribution(probs: Sequence[float]) -> list[float]:
    """``P(k)`` for k = 0 … len(probs): how many of independent events with the given
    chances happen (a Poisson-binomial distribution)."""
    dist = [1.0]
    for p in probs:
        nxt = [0.0] * (len(dist) + 1)
        for k, v in enumerate(dist):
            nxt[k] += v * (1 - p)
            nxt[k + 1] += v * p
        dist = nxt
    return dist


def card_risk(k: Knowledge, rows: Sequence[Sequence[int]], card: int,
              seats: Sequence[int] | None = None) -> float:
    """The expected heads ``card`` takes if played now onto ``rows``, given what the
    other seats (``seats``, default all) may play this turn.

    * Its row's end ``e`` is the highest end below it; every other seat's card between
      ``e`` and ``card`` goes into that same row first (no other end lies between). With
      ``j`` such cards and the row at length ``L``, ``card`` is a sixth card exactly when
      ``L + j`` is 5 or 10 (place.sixth): it then takes the row plus the ``j`` cards
      (their heads estimated by the mean of the unseen cards there).
    * A card lower than every end (low.card) takes the cheapest row — unless another
      seat plays a still lower card, which takes a row first and leaves ``card`` to
      follow it (low.when).
    """
    others = k.others if seats is None else seats
    r = target_row(rows, card)
    if r is None:
        below = [k.share_between(s, 0, card) for s in others]
        p_first = 1.0
        for p in below:
            p_first *= 1 - p
        return p_first * min(row_heads(row) for row in rows)
    row = rows[r]
    end, length = row[-1], len(row)
    dist = count_distribution([k.share_between(s, end, card) for s in others])
    risk = 0.0
    mean = None
    for j, pj in enumerate(dist):
        if pj <= 0.0 or (length + j) % 5 != 0:
            continue
        if mean is None:
            mean = k.mean_heads_between(end, card)
        if length + j == 5:
            risk += pj * (row_heads(row) + j * mean)
        else:  # the row was taken and refilled before this card came
            risk += pj * 5 * mean
    return risk
