"""What a seat knows, read from its seat view alone (``gongzhu_core.views.seat_view``).

The view shows the seat's own hand, the trick on the table, the last trick, the scoring
cards every seat has taken (they lie face up, trick.taken), the exposed cards and the
hand sizes — not the earlier tricks' other cards. So a bot knows exactly where every
scoring card is (in its hand, taken by whom, on the table, or "out": in another hand),
and estimates the rest: an unseen card that is not a scoring card is in another hand
with probability ``p_unknown`` (how many such cards the other hands still hold over how
many are unseen).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from ..cards import DECK, DOUBLER, HEARTS, PIG, SCORING, SHEEP, VALUES, rank, suit
from ..ruleset import Ruleset, build_ruleset
from ..scoring import doubled, seat_points


@lru_cache(maxsize=64)
def _ruleset(preset: str, options: tuple[tuple[str, Any], ...]) -> Ruleset:
    return build_ruleset({"preset": preset, "options": dict(options)})


def view_ruleset(view: Mapping[str, Any]) -> Ruleset:
    """The ruleset a view shows (``{"preset", "options"}``), built once per options."""
    spec = view["ruleset"]
    return _ruleset(spec["preset"], tuple(sorted(spec["options"].items())))


class Knowledge:
    """One seat's knowledge at one decision (built from its view; nothing hidden read).

    Attributes: ``me``, ``hand``, ``rs``, ``trick`` (cards on the table, in order),
    ``led`` (their suit or None), ``later`` (seats still to play after ``me`` in this
    trick), ``taken`` (per seat, the scoring cards taken), ``exposed`` (every exposed
    card), ``out`` (scoring cards in other hands), ``unseen`` (cards neither in ``hand``
    nor known to be played), ``remaining`` (tricks left, this one included)."""

    def __init__(self, view: Mapping[str, Any], me: int) -> None:
        self.me = me
        hand = view["hands"][me]
        assert hand is not None, "a seat view shows its own hand"
        self.hand: list[str] = list(hand)
        self.rs = view_ruleset(view)
        self.trick: list[str] = list(view["trick"]["cards"])
        self.trick_seats: list[int] = list(view["trick"]["seats"])
        self.led: str | None = suit(self.trick[0]) if self.trick else None
        self.later = [(me + k) % 4 for k in range(1, 4 - len(self.trick))]
        self.taken: list[list[str]] = [list(t) for t in view["taken"]]
        self.exposed: list[str] = ([c for x in view["exposed"] for c in x]
                                   if self.rs.exposing else [])
        self.counts: list[int] = list(view["hand_counts"])
        self.totals: list[int] = list(view["totals"])
        self.hearts_broken: bool = bool(view["hearts_broken"])
        self.remaining = 13 - int(view["tricks_played"])
        last = view.get("last_trick") or {}
        played = {c for t in self.taken for c in t} | set(self.trick) | set(
            last.get("cards") or ())
        self.played = played
        mine = set(self.hand)
        self.out: set[str] = {c for c in SCORING if c not in played and c not in mine}
        self.unseen: set[str] = {c for c in DECK if c not in played and c not in mine}
        others = sum(n for s, n in enumerate(self.counts) if s != me)
        unknown = len(self.unseen - self.out)
        self.p_unknown = max(0.0, min(1.0, (others - len(self.out)) / unknown)) if unknown else 0.0
        self._later_share = (sum(self.counts[s] for s in self.later) / others) if others else 0.0
        self._suits: dict[str, list[tuple[int, float]]] | None = None

    def _unseen_by_suit(self) -> dict[str, list[tuple[int, float]]]:
        """Suit -> ``(rank, p_out)`` of each unseen card of that suit, in deck order —
        never a set's iteration order, which follows ``PYTHONHASHSEED``: float sums and
        products taken in another order differ in their last bits and can break a tie
        the other way, so a game resumed in another process would diverge; built once
        (nothing here changes after ``__init__``)."""
        if self._suits is None:
            self._suits = {s: [] for s in "CDHS"}
            for c in (c for c in DECK if c in self.unseen):
                self._suits.setdefault(suit(c), []).append((rank(c), self.p_out(c)))
        return self._suits

    # -- where cards are ---------------------------------------------------------------
    def p_out(self, card: str) -> float:
        """The probability that ``card`` is still in another seat's hand."""
        if card in self.out:
            return 1.0
        if card in self.unseen:
            return self.p_unknown
        return 0.0

    def suit_out(self, s: str) -> float:
        """The expected number of cards of suit ``s`` in the other hands."""
        return sum(p for _, p in self._unseen_by_suit().get(s, ()))

    def p_void(self, s: str) -> float:
        """A rough probability that a given other seat holds no card of suit ``s``."""
        n = self.suit_out(s)
        return float((2.0 / 3.0) ** n)

    def p_higher(self, card: str, later_only: bool = True) -> float:
        """The probability that a seat still to play (``later_only``; else any other
        seat) holds a card of ``card``'s suit ranked above it."""
        share = self._later_share if later_only else 1.0
        miss = 1.0
        r = rank(card)
        for rc, p in self._unseen_by_suit().get(suit(card), ()):
            if rc > r:
                miss *= 1.0 - p * share
        return 1.0 - miss

    def mine(self, s: str) -> list[str]:
        """My cards of suit ``s``, high to low."""
        return sorted((c for c in self.hand if suit(c) == s), key=rank, reverse=True)

    # -- points ------------------------------------------------------------------------
    def points(self, seat: int, extra: Iterable[str] = ()) -> int:
        """``seat``'s round score if it took ``extra`` as well (score.* exactly)."""
        return seat_points(self.taken[seat] + [c for c in extra if c in SCORING],
                           self.exposed, self.rs)[0]

    def gain(self, seat: int, cards: Iterable[str]) -> float:
        """What taking ``cards`` now is worth to ``seat``: the change of its round score,
        with the doubler's risk for the rest of the round (a taken 10C doubles the
        minus cards still to come, estimated at ``future`` per trick left)."""
        extra = [c for c in cards if c in SCORING]
        if not extra:
            return 0.0
        before, after = self.points(seat), self.points(seat, extra)
        future = -2.5 * max(0, self.remaining - 1)
        had = DOUBLER in self.taken[seat]
        has = had or DOUBLER in extra
        return (after + future * (2 if has else 1)) - (before + future * (2 if had else 1))

    def value(self, card: str) -> int:
        """A scoring card's value as it stands this round (doubled if exposed); the
        doubler counts 0 here (its effect is the taker's, see ``gain``)."""
        if card == DOUBLER or card not in SCORING:
            return 0
        return VALUES[card] * (2 if doubled(card, self.exposed, self.rs) else 1)

    # -- the moon (score.moon) ---------------------------------------------------------
    def hearts_taken_by_others(self) -> bool:
        """Whether any other seat has taken a heart this round."""
        return any(suit(c) == "H" for s, t in enumerate(self.taken) if s != self.me
                   for c in t)

    def shooting(self) -> bool:
        """Whether to go for all thirteen hearts now (rule *moon*): no other seat has
        taken a heart; my hearts (held or taken) number at least 9, with AH, KH and QH
        among them; the hearts still out are at most 4 and each ranks below at least as
        many of my hearts as there are hearts out (leading from the top pulls them all);
        and every other suit I hold two or more of is headed by its ace or king
        (control)."""
        if self.hearts_taken_by_others():
            return False
        held = [c for c in self.hand if suit(c) == "H"]
        mine = set(held) | {c for c in self.taken[self.me] if suit(c) == "H"}
        if len(mine) < 9 or not {"AH", "KH", "QH"} <= mine:
            return False
        out = [c for c in HEARTS if c not in mine and c not in self.trick]
        if len(out) > 4:
            return False
        if out and sum(rank(h) > max(rank(c) for c in out) for h in held) < len(out):
            return False
        for s in "DCS":
            cards = self.mine(s)
            if len(cards) >= 2 and rank(cards[0]) < 13:
                return False
        return True

    def moon_threat(self) -> int | None:
        """The other seat that has taken every heart taken so far, at least 7 of them
        (it may be going for all thirteen: rule *moon*), or None."""
        holders = {s for s, t in enumerate(self.taken) for c in t if suit(c) == "H"}
        if len(holders) != 1:
            return None
        seat = holders.pop()
        if seat == self.me or sum(suit(c) == "H" for c in self.taken[seat]) < 7:
            return None
        return seat

    def pig_out(self) -> bool:
        """The pig is in another seat's hand (not mine, not played)."""
        return PIG in self.out

    def sheep_out(self) -> bool:
        """The sheep is in another seat's hand."""
        return SHEEP in self.out
