"""The ``ismcts`` bot: the platform's one information-set search (``gamekit.ismcts``)
with Gong Zhu's hooks — a state rebuilt from the seat view (``world_from_view``), the
round's end as the horizon and the round's outcome as the value.

The search handles card play, the decision nearly every turn is; passing (286 ways to
choose 3 of 13) and exposing are left to the ``heuristic`` bot. Playouts stop at the
end of the round: the value of a world is the seat's place among the four running
totals after the round (``gamekit.ismcts.place_reward``; a Gong Zhu game runs until a
total reaches the end score, so the round is the unit a decision can change).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamekit.ismcts import SearchHooks, place_reward, round_ended, score_places, search_bot

from ..cards import DECK, PIG, suit
from ..ruleset import from_json
from ..state import GameState, apply
from .base import register

#: Gong Zhu's own default settings (docs/gongzhu/bots.md: measured on the panel).
DEFAULTS: dict[str, Any] = {"iterations": 30, "policy": "heuristic", "margin": 0.5}


def world_from_view(view: Mapping[str, Any], seat: int) -> GameState | None:
    """A Gong Zhu state of which ``view`` (``seat_view(…, seat)`` during play) is the
    seat's view: public facts and the seat's own hand as shown; the other hands filled
    with the cards still out (those known to be with a seat — exposed, or passed by
    ``seat`` to it — placed there), which ``determinize`` redraws. None outside the play
    phase."""
    if view.get("phase") != "play" or view.get("to_move") != seat:
        return None
    s = GameState()
    s.ruleset = from_json(view["ruleset"])
    s.seats = list(view["seats"])
    s.round, s.dealer, s.pass_to = view["round"], view["dealer"], view["pass_to"]
    s.first_dealer = (s.dealer - s.round + 1) % 4
    s.phase = "play"
    # a pass the seat may not see is known to have been made: [] stands for it
    s.passes = [list(p) if p is not None else [] if made else None
                for p, made in zip(view["passed"], view["passes_made"], strict=True)]
    s.received = [None if r is None else list(r) for r in view["received"]]
    s.exposed = [list(x) for x in view["exposed"]]
    s.leader = view["trick"]["leader"]
    s.trick_cards = list(view["trick"]["cards"])
    s.tricks_played = view["tricks_played"]
    s.played = list(view["played"])
    s.suits_led = {suit(s.played[4 * k]) for k in range(s.tricks_played)}
    s.voids = [set(v) for v in view["voids"]]
    s.hearts_broken = bool(view["hearts_broken"])
    s.taken = [list(t) for t in view["taken"]]
    s.last_trick = None if view["last_trick"] is None else {
        k: view["last_trick"][k] for k in ("trick", "leader", "winner", "cards", "scoring")}
    s.pig_taker = next((o for o in range(4) if PIG in s.taken[o]), None)
    s.totals, s.history = list(view["totals"]), [list(h) for h in view["history"]]
    own = list(view["hands"][seat])
    hands: list[list[str]] = [[] for _ in range(4)]
    hands[seat] = own
    out = set(DECK) - set(own) - set(s.played)
    for o in range(4):
        if o != seat:  # exposed cards still held, and what seat passed to o
            mine = [c for c in s.exposed[o] if c in out]
            got = s.received[o]
            if got is not None:  # shown to seat only as o's giver
                mine += [c for c in got if c in out and c not in mine]
            hands[o] = mine
            out -= set(mine)
    rest = sorted(out)
    for o in range(4):
        if o != seat:
            k = view["hand_counts"][o] - len(hands[o])
            hands[o], rest = hands[o] + rest[:k], rest[k:]
    s.hands = hands
    return s


def _value(world: GameState, seat: int) -> float:
    return place_reward(score_places(world.totals, lower_wins=False), seat)


def _score(world: GameState) -> list[int]:
    """The points of the round just played (its ``history`` entry; higher better)."""
    return list(world.history[-1]) if world.history else [0] * 4


HOOKS = SearchHooks(world_from_view=world_from_view, horizon=round_ended, value=_value,
                    apply=apply, max_branch=13, score=_score, score_scale=100.0,
                    defaults=DEFAULTS)


register("ismcts")(search_bot(
    "gongzhu", HOOKS,
    "``gamekit.ismcts.SearchBot`` over Gong Zhu"
    " (module docstring); settings as there."))
