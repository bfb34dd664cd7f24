"""The ``ismcts`` bot: the platform's one information-set search (``gamekit.ismcts``)
with Korova's hooks — a state rebuilt from the seat view (``world_from_view``), the
round's end as the horizon and the running totals of heads as the value.

The search handles the card choice of every turn (all seats choose at once: the
searching seat's own choice is a branch, every other seat's face-down choice is drawn
in each sampled world and stays one node of the tree, as the seat sees it); the low
card's row choice and the tactical draft are left to the ``heuristic`` bot. Playouts
stop at the end of the round: a world's value is the seat's place among the totals of
heads after the round, fewer being better (``gamekit.ismcts.place_reward``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamekit.ismcts import SearchHooks, place_reward, round_ended, score_places, search_bot

from ..cards import DECK
from ..ruleset import build_ruleset
from ..state import GameState, apply
from .base import register

#: Korova's own default settings (docs/korova/bots.md: measured on the panel).
#: Version 3 (issue 19): the flat determinized rollout (``gamekit.rollout``) — the
#: tree search of version 2 scored below the heuristic here.
DEFAULTS: dict[str, Any] = {"iterations": 40, "policy": "heuristic", "margin": 0.5,
                            "mode": "rollout", "confidence": 1.0}
#: The bot's version (its identity): 3 since the rollout became the default.
VERSION = "3"


def world_from_view(view: Mapping[str, Any], seat: int) -> GameState | None:
    """A Korova state of which ``view`` (``seat_view(…, seat)`` while ``seat`` is to
    choose a card) is the seat's view: public facts as shown, the other seats' hidden
    hands (base game) and face-down choices filled with cards the seat has not seen,
    which ``determinize`` redraws. None in any other moment."""
    if view.get("phase") != "choose" or seat not in view.get("may_act", ()) \
            or view.get("draft") is not None or view.get("low_card") is not None:
        return None
    rs = build_ruleset(view["ruleset"])
    n = len(view["seats"])
    s = GameState()
    s.ruleset, s.seats = rs, list(view["seats"])
    s.round, s.turn, s.phase = view["round"], view["turn"], "choose"
    s.rows = [list(r) for r in view["rows"]]
    s.piles = [list(p) for p in view["piles"]]
    s.penalties, s.scores = list(view["penalties"]), list(view["scores"])
    s.history = [list(h) for h in view["history"]]
    s.last_reveal = None if view["reveal"] is None else dict(view["reveal"])
    chosen = [bool(c) for c in view["chosen"]]
    hands: list[list[int]] = [[] for _ in range(n)]
    turn_hands: list[list[int]] = [[] for _ in range(n)]
    hands[seat] = turn_hands[seat] = sorted(view["hands"][seat])
    if rs.tactical:  # hands are public (a chosen seat's as its turn began)
        for o in range(n):
            if o != seat:
                turn_hands[o] = sorted(view["hands"][o])
                hands[o] = list(turn_hands[o])
                if chosen[o]:
                    s.chosen[o] = hands[o].pop(0)  # determinize redraws the choice
    else:
        seen = set(hands[seat]) | {c for r in s.rows for c in r} | {c for p in s.piles
                                                                    for c in p}
        pool = [c for c in DECK if c not in seen]
        for o in range(n):
            if o != seat:
                k = view["hand_counts"][o]
                turn_hands[o], pool = sorted(pool[:k]), pool[k:]
                hands[o] = list(turn_hands[o])
                if chosen[o]:
                    s.chosen[o] = hands[o].pop(0)
    s.hands, s.turn_hands = hands, turn_hands
    return s


def _unchoose(world: GameState, seat: int) -> GameState:
    """``world`` (a sampled copy, changed in place) with every other seat's face-down
    choice of this turn taken back into its hand, before the reveal: the rollout's
    policy chooses it again from that seat's knowledge instead of keeping the card
    ``determinize`` drew at random (the choice is hidden, so the seat's view is the
    same either way)."""
    if world.reveal is not None or world.phase != "choose":
        return world
    for o in [o for o in world.chosen if o != seat]:
        card = world.chosen.pop(o)
        if card not in world.hands[o]:
            world.hands[o] = sorted([*world.hands[o], card])
    return world


def _value(world: GameState, seat: int) -> float:
    return place_reward(score_places(world.scores, lower_wins=True), seat)


def _score(world: GameState) -> list[int]:
    """Minus the heads of the round just played (its ``history`` entry)."""
    return [-h for h in world.history[-1]] if world.history else [0] * len(world.seats)


HOOKS = SearchHooks(world_from_view=world_from_view, horizon=round_ended, value=_value,
                    apply=apply, max_branch=12, score=_score, score_scale=8.0,
                    defaults=DEFAULTS, unchoose=_unchoose)


register("ismcts")(search_bot(
    "korova", HOOKS,
    "``gamekit.ismcts.SearchBot`` over Korova"
    " (module docstring); settings as there.", version=VERSION))
