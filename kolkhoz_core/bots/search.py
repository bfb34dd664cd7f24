"""The ``seam-ismcts`` bot: the platform's one information-set search (``gamekit.ismcts``)
with Kolkhoz's hooks — a state rebuilt from the seat view (``bots.worlds``), the end of
the current year as the horizon and the seat's place among the running scores then as
the value.

Kolkhoz's own ``ismcts`` (``bots.ismcts``, its lean year simulator) stays the game's
fast path under that name; this bot is the search written once for every game, plugged
into Kolkhoz's registry too (issue 19). It searches the card played (``SEARCHED``); the
trump choice, the swaps and the trick's fields go to the ``heuristic`` bot, as does a
moment with one legal input. ``bots.worlds`` rebuilds those moments too, but searching
them with this value and random playouts lost to the heuristic's own choices: on the
fixed panel's first 30 deals (120 games against three ``heuristic`` bots, 100
iterations) searching all four kinds won 0.242 [0.183, 0.308] (mean place 2.46),
searching the card play alone 0.304 [0.233, 0.367] (mean place 2.28; docs/bots.md).
Each iteration deals the cards the seat cannot see anew
(``KolkhozDefinition.determinize``: ``bots.worlds.determinize_state``) and plays through
the engine's own ``decide`` and ``apply`` to the year's end (after the requisition and
the year's end, or ``game_end`` in the last year).

Value (``_value``): the seat's place (``gamekit.ismcts.place_reward``) among the four
running scores as the final ranking would count them now (``requisition.game_end_event``:
cellar values, plus medals under the ``medals`` option; ties broken by the medals the
``tiebreak_medals`` option names, game or last year). In the last year the playout
reaches ``game_end`` and the search takes its places.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamekit.ismcts import SearchHooks, place_reward, score_places, search_bot

from ..cards import VALUE
from ..state import GameState
from .base import register
from .worlds import world_from_view

#: the registered name (Kolkhoz's ``ismcts`` is its own lean search)
NAME = "seam-ismcts"
#: the moments searched (``bots.worlds.PHASES`` can rebuild all four decision kinds)
SEARCHED = ("play",)


def _world(view: Mapping[str, Any], seat: int) -> GameState | None:
    """``bots.worlds.world_from_view`` at a moment in ``SEARCHED``; None otherwise (the
    ``heuristic`` bot decides)."""
    return world_from_view(view, seat) if view.get("phase") in SEARCHED else None


def _year_over(root: GameState, world: GameState) -> bool:
    """The horizon: the year searched at ``root`` is over (the next ``year`` event has
    been applied; the game's end is the definition's own stop)."""
    return world.year != root.year


def running_scores(world: GameState) -> list[float]:
    """Each seat's score as ``game_end`` would count it now (cellar values, plus medals
    under ``medals``), with the tie-break medals (``tiebreak_medals``: the game's, or the
    last finished year's) as a fraction below one point, so that ``score_places`` ranks
    as the final ranking does. Shape: 4 floats, seat order."""
    o = world.opts
    tb = world.medals_total if o["tiebreak_medals"] == "game" else world.medals_last_year
    out = []
    for seat in range(4):
        score = sum(VALUE[e[0]] for e in world.cellars[seat])
        score += world.medals_total[seat] if o["medals"] else 0
        out.append(score + tb[seat] / 1000)
    return out


def _value(world: GameState, seat: int) -> float:
    return place_reward(score_places(running_scores(world), lower_wins=False), seat)


def _apply(world: GameState, event: dict[str, Any]) -> GameState:
    return world.apply(event)


HOOKS = SearchHooks(world_from_view=_world, horizon=_year_over, value=_value,
                    apply=_apply, max_branch=24)

SeamSearchBot = search_bot(
    "kolkhoz", HOOKS,
    "``gamekit.ismcts.SearchBot`` over Kolkhoz, registered as ``seam-ismcts``"
    " (module docstring); settings as there.", name=NAME)
register(NAME)(SeamSearchBot)
