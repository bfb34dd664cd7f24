"""The ``ismcts`` bot: the platform's one information-set search (``gamekit.ismcts``)
with Arne's hooks — a state rebuilt from the seat view (``world_from_view``), one lap of
turns as the horizon and the seats' running scores as the value.

The search handles every decision a seat makes in a window, a main window or a final
turn (black and white cards, passes) and a Plus Two's choice of cards; draws and Grabs
are chance. An Arne game runs until the deck is out, too long to play out at every
iteration, so a playout stops once every seat has had one more turn (or the game ends)
and a world is valued by the seat's place among the running scores then
(``gamekit.ismcts.place_reward``; the misère variant ranks lowest first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamekit.ismcts import SearchHooks, place_reward, score_places, search_bot

from ..cards import deck_codes
from ..ruleset import build_ruleset
from ..scoring import seat_scores, totals
from ..state import GameState, apply
from ..views import seat_view
from .base import register
from .worth import DEFAULTS as WEIGHTS
from .worth import Worth

#: Arne's own default settings (docs/arne/bots.md: measured on the panel).
#: Version 3 (issue 19): the flat determinized rollout (``gamekit.rollout``) — the
#: tree search of version 2 scored below the heuristic here.
DEFAULTS: dict[str, Any] = {"iterations": 40, "policy": "heuristic", "margin": 1.0,
                            "mode": "rollout", "confidence": 1.0}
#: The bot's version (its identity): 3 since the rollout became the default; 4 since the
#: heuristic it plays out with and values by (``Worth``) weighs an unseen Swap Seats at
#: two seats (heuristic version 2; at 3 or more seats it plays as version 3).
VERSION = "4"


def world_from_view(view: Mapping[str, Any], seat: int) -> GameState | None:
    """An Arne state of which ``view`` (``seat_view(…, seat)`` while ``seat`` may act)
    is the seat's view: the table, the discard pile, windows, claims and the pending
    action as shown, the seat's own hand; the other hands and the deck filled with the
    cards the seat cannot see, which ``determinize`` redraws. None when ``seat`` may
    not act."""
    if seat not in view.get("may_act", ()) or view.get("result") is not None:
        return None
    s = GameState()
    s.n, s.names = len(view["seats"]), list(view["seats"])
    s.rs = build_ruleset(view["ruleset"])
    s.colours, s.dummy_colour = list(view["colours"]), view["dummy_colour"]
    s.deck_list = deck_codes(s.n, s.rs.first_game, s.dummy_colour)
    s.order = {c: i for i, c in enumerate(s.deck_list)}
    s.seat_pos, s.pos_seat = list(view["positions"]), list(view["position_seats"])
    s.direction, s.dummy_control = view["direction"], view["dummy_control"]
    s.turn, s.active, s.turn_pos = view["turn"], view["active"], view["turn_position"]
    s.drawn = True  # a decision comes after the turn's draw (set until the next turn)
    s.dealt = True
    s.discard = list(view["discard"])
    s.areas = {c: [{k: v for k, v in p.items() if k != "worth"} for p in piles]
               for c, piles in view["areas"].items()}
    s.pile_area = {p["card"]: c for c, piles in s.areas.items() for p in piles}
    s.claims = [dict(c) for c in view["claims"]]
    s.pending = None if view["pending"] is None else dict(view["pending"])
    win, fin = view["window"], view["final"]
    if fin is not None:
        order = list(fin["order"])
        at = order.index(fin["offered"]) if fin["offered"] is not None else 0
        s.final = {"order": order, "at": at, "passes": len(win["passed"]) if win else 0,
                   "turns": at}
    elif win is not None:
        order = list(win["order"])
        s.window = {"kind": win["kind"], "order": order, "at": order.index(win["offered"]),
                    "passes": len(win["passed"])}
    if view["passed_hand"] is not None:
        s.passed = [[] for _ in range(s.n)]
        s.passed[seat] = list(view["passed_hand"])
    own = list(view["hands"][seat])
    seen = set(own) | set(s.discard) | {c for piles in s.areas.values() for p in piles
                                        for c in p.values() if isinstance(c, str)}
    rest = [c for c in s.deck_list if c not in seen]
    hands: list[list[str]] = []
    for o in range(s.n):
        if o == seat:
            hands.append(own)
        else:
            k = view["hand_counts"][o]
            hands.append(rest[:k])
            rest = rest[k:]
    s.hands, s.deck = hands, rest
    assert len(rest) == view["deck_count"], "the cards out do not add up"
    return s


def _horizon(root: GameState, world: GameState) -> bool:
    return world.turn >= root.turn + world.n + 1


def _value(world: GameState, seat: int) -> float:
    scores = seat_scores(world, totals(world))
    lower = bool(world.rs.misere)  # score.places: the misère game ranks lowest first
    return place_reward(score_places(scores, lower_wins=lower), seat)


def _score(world: GameState) -> list[float]:
    """Every seat's running score (negated in the misère game: higher better) plus what
    the cards in its hand are worth kept (the heuristic's ``Worth.hold``, read from that
    seat's view of the sampled world): one lap of play is too short for a held Crush or
    X2 to show on the table, so a value of the table alone would spend them early."""
    scores = seat_scores(world, totals(world))
    sign = -1 if world.rs.misere else 1
    out: list[float] = []
    for s in range(world.n):
        held = 0.0
        if world.hands[s] and not world.finished:
            try:
                w = Worth(seat_view(world, s), WEIGHTS)
                held = sum(w.hold(c) for c in w.t.hand)
            except Exception:  # a view the heuristic cannot read: the table alone
                held = 0.0
        out.append(sign * scores[s] + held)
    return out


def _aim(world: GameState, seat: int) -> float:
    """The rollout's value of a world for ``seat``: the heuristic's aim
    (``Evaluator.utility``: mine minus the best of the others, plus ``spite`` × mine
    minus the others' mean) over ``_score`` (running scores plus the hands' worth)."""
    s = _score(world)
    others = [v for o, v in enumerate(s) if o != seat]
    if not others:
        return 0.0
    mean = sum(others) / len(others)
    return s[seat] - max(others) + WEIGHTS["spite"] * (s[seat] - mean)


HOOKS = SearchHooks(world_from_view=world_from_view, horizon=_horizon, value=_value,
                    apply=apply, max_branch=40, score=_score, score_scale=500.0,
                    defaults=DEFAULTS, rollout_value=_aim)


register("ismcts")(search_bot(
    "arne", HOOKS,
    "``gamekit.ismcts.SearchBot`` over Arne"
    " (module docstring); settings as there.", version=VERSION))
