"""A round's score (RULINGS.md "Scoring a round": score.cards, expose.effect, score.moon,
score.doubler, score.sweep).

For each seat, in the rulings' order: every scoring card taken is worth its value
(score.cards), doubled if exposed (expose.effect); with all thirteen hearts the hearts
change sign and the pig is settled by ``moon_pig`` (score.moon); the sum is taken; the
ten of clubs applies last (score.doubler). With ``all_at_once`` a seat that took all
sixteen scoring cards scores ``sweep_score`` instead (score.sweep).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import DOUBLER, HEART_VALUES, HEARTS, PIG, SCORING, VALUES, suit
from .ruleset import Ruleset

ZERO_HEARTS = frozenset(c for c, v in HEART_VALUES.items() if v == 0)


@dataclass(frozen=True)
class RoundScore:
    """``points`` per seat; ``rules``: the clause ids the round applied, as ``round_end``
    cites them (alphabetical, then ``score.total``); ``moon``: the seat that took all
    13 hearts or None; ``sweep``: the seat that took all 16 scoring cards or None."""

    points: list[int]
    rules: list[str]
    moon: int | None
    sweep: int | None


def doubled(card: str, exposed: Iterable[str], rs: Ruleset) -> bool:
    """Whether ``card``'s value is doubled by an exposure this round (expose.effect):
    the card itself exposed, or under ``expose_cards`` = ``four`` a heart while AH is."""
    ex = set(exposed)
    if card in ex:
        return True
    return rs.expose_cards == "four" and suit(card) == "H" and "AH" in ex


def seat_points(taken: Sequence[str], exposed: Iterable[str], rs: Ruleset
                ) -> tuple[int, set[str]]:
    """One seat's round score from the scoring cards it took and the round's exposed
    cards (every seat's). Returns ``(points, clauses applied)`` (without score.cards /
    score.total, which every round cites). Clauses: expose.effect, score.moon,
    score.doubler, score.sweep."""
    ex = set(exposed) if rs.exposing else set()
    got = {c for c in taken if c in SCORING}
    if rs.all_at_once and got == SCORING:
        return rs.sweep_score, {"score.sweep"}
    rules: set[str] = set()
    moon = all(h in got for h in HEARTS)
    if moon:
        rules.add("score.moon")
    total = 0
    for card in got - {DOUBLER}:
        value = VALUES[card]
        if doubled(card, ex, rs):
            value *= 2
            rules.add("expose.effect")
        if moon and suit(card) == "H":
            value = -value
        elif moon and card == PIG:
            value = {"stays": value, "cancelled": 0, "flips": abs(value)}[rs.moon_pig]
        total += value
    if DOUBLER in got:
        rules.add("score.doubler")
        factor = 2
        if DOUBLER in ex:
            factor = 4
            rules.add("expose.effect")
        others = got - {DOUBLER}
        alone = not others or (rs.ten_alone == "zero_hearts_ok" and others <= ZERO_HEARTS)
        total = 25 * factor if alone else total * factor
    return total, rules


def score_round(taken: Sequence[Sequence[str]], exposed: Sequence[Sequence[str]],
                rs: Ruleset) -> RoundScore:
    """The round's score of every seat: ``taken[i]`` the cards seat i took (only its
    scoring cards count), ``exposed[i]`` the cards seat i exposed this round (ignored
    unless ``exposing`` is on). Returns a RoundScore (points, the round_end's ``rules``,
    moon, sweep)."""
    all_exposed = [c for cards in exposed for c in cards]
    points: list[int] = []
    rules = {"score.cards"}
    moon = sweep = None
    for seat, cards in enumerate(taken):
        got = {c for c in cards if c in SCORING}
        if all(h in got for h in HEARTS):
            moon = seat
        if got == SCORING:
            sweep = seat
        p, r = seat_points(list(cards), all_exposed, rs)
        points.append(p)
        rules |= r
    return RoundScore(points, sorted(rules) + ["score.total"], moon, sweep)
