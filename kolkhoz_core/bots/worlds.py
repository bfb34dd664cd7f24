"""Engine states for the search over the seam (``gamekit.ismcts``, the ``seam-ismcts``
bot): a ``GameState`` rebuilt from one seat's view (``world_from_view``) and a
``GameState`` with every card that seat cannot see dealt anew (``determinize_state``,
what ``KolkhozDefinition.determinize`` returns).

Both read only what the seat's view shows (``views.seat_view``), so whatever a search
decides from them is blind to the hidden cards. Where the cards a seat cannot see may
lie (its *hidden places*): the other hands, the other seats' hidden cellar slots
(pocketed, buried, or a 36-card Orden stack's hidden cards) and the undealt deck. The
reward piles and the discarded rewards are hidden too but play no part in the rest of
the year (the next deal is past the search's horizon), so they keep what they hold.

Known limitations (the view does not say): a trump court card or the Wrecker that went
into a 36-card Orden stack on a completed field has lost its field (``nom``,
``wrecker_field``: custom rulesets only matter, as in ``bots.determinize``); the
previous year's medals (``medals_last_year``) are zeros, which the year's end
overwrites before any ranking reads them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..cards import CARD_ID, FIELD_ID, WRECKER, reward_pile, worker_cards
from ..ruleset import ruleset_from_dict
from ..state import STACK, STACK_TOP, GameState
from ..views import seat_view
from .determinize import Determinizer
from .knowledge import KIND_ID, Knowledge
from .sim import PHASE_ID

#: the moments ``world_from_view`` rebuilds (the seat to move decides)
PHASES = ("trump", "swap", "play", "assign")


def _ids(codes: Any) -> list[int]:
    return [CARD_ID[c] for c in codes]


def world_from_view(view: Mapping[str, Any], seat: int) -> GameState | None:
    """A Kolkhoz ``GameState`` of which ``view`` (``seat_view(state, seat)``; the lazy
    view too) is ``seat``'s view, while ``seat`` is to choose a trump, a swap, a card to
    play or the fields of a trick it won (``PHASES``); None at any other moment.

    Public facts and the seat's own hand and cellar are as shown; the cards it cannot
    see fill the hidden places in canonical order (face-up cards another seat took
    into its hand by this year's swap in that hand; a hidden stack card from this
    year's trick cards out of sight; then workers before rewards), which
    ``determinize_state`` deals anew. None also when the view's counts admit no such
    filling (no game reaches one)."""
    if view.get("phase") not in PHASES or view.get("to_move") != seat or view["finished"]:
        return None
    rs = ruleset_from_dict(view["ruleset"])
    s = GameState()
    s.ruleset, s.opts, s.seats = rs, rs.options, list(view["seats"])
    s.year, s.years, s.planner = view["year"], view["years"], view["planner"]
    s.first_planner = (s.planner - s.year + 1) % 4
    s.famine, s.phase, s.to_move = view["famine"], view["phase"], seat
    s.trump = None if view["trump"] is None else FIELD_ID[view["trump"]]
    s.tricks_played, s.tricks_in_year = view["tricks_played"], view["tricks_in_year"]
    s.trick = _ids(view["trick"]["cards"])
    leader = view["trick"]["leader"]
    s.leader = leader if leader is not None else seat if s.phase == "play" else s.planner
    s.year_tricks = [(t["leader"], tuple(_ids(t["cards"])), t["winner"])
                     for t in view["year_tricks"]]
    s.winner = (view["brigadier"] if s.phase == "assign"
                else s.year_tricks[-1][2] if s.year_tricks else -1)
    for f, fd in enumerate(view["fields"]):
        s.field_cards[f], s.field_rewards[f] = _ids(fd["cards"]), _ids(fd["rewards"])
        s.field_hours[f], s.completed[f] = fd["hours"], fd["completed"]
        for c in s.field_cards[f]:
            if c == WRECKER:
                s.wrecker_field = f
            elif s.nom_role(c):
                s.nom[c] = f
    s.medals_year, s.medals_total = list(view["medals_year"]), list(view["medals_total"])
    s.north = _ids(view["north"])
    s.exiled = [c for c in s.north if not (rs.k36_orden or (
        c == WRECKER and s.opts["wrecker_returns"]))]
    s.year_swaps = [(x["seat"], -1 if x["taken"] is None else CARD_ID[x["taken"]])
                    for x in view["year_swaps"]]
    hand = _ids(view["hand"])
    counts = [len(h) for h in view["hands"]]
    s.hand_size = s.tricks_in_year + 1 if s.tricks_in_year else len(hand)
    # every card, and where the seat sees one
    rewards = [c for f in range(4) for c in reward_pile(f)] if rs.has_rewards else []
    seen = set(hand) | set(s.trick) | {c for f in range(4) for c in
                                       s.field_cards[f] + s.field_rewards[f]}
    seen |= {CARD_ID[e["card"]] for cel in view["cellars"] for e in cel if e["card"]}
    out = seen | set(s.exiled)
    played = {c for _, cs, _ in s.year_tricks for c in cs}
    stack_pool = sorted(played - out)  # this year's trick cards now out of sight
    pool = [c for c in worker_cards(rs.options["deck"], rs.options["wrecker"])
            if c not in out and c not in stack_pool]
    pool += [c for c in rewards if c not in out]
    hands: list[list[int]] = [[] for _ in range(4)]
    hands[seat] = hand
    for who, taken in s.year_swaps:
        if taken >= 0 and who != seat and taken in pool:
            hands[who].append(taken)
            pool.remove(taken)
    for f, k in enumerate(view["pile_sizes"]):  # the piles keep rewards of their field
        s.piles[f] = [c for c in reward_pile(f) if c in pool][:k]
        pool = [c for c in pool if c not in s.piles[f]]
    for o in range(4):
        if o != seat:
            k = counts[o] - len(hands[o])
            hands[o], pool = hands[o] + pool[:k], pool[k:]
    s.hands = hands
    for o, cel in enumerate(view["cellars"]):
        for e in cel:
            kind = KIND_ID[e["kind"]]
            if e["card"] is not None:
                c = CARD_ID[e["card"]]
            elif kind == STACK and stack_pool:
                c = stack_pool.pop(0)
            elif pool:
                c = pool.pop(0)
            else:
                return None
            s.cellars[o].append((c, e["hidden"], kind, -1 if e["stack"] is None else e["stack"]))
    s.stack_takers = [any(e[2] in (STACK, STACK_TOP) for e in cel) for cel in s.cellars]
    s.next_stack = 1 + max((e[3] for cel in s.cellars for e in cel), default=-1)
    if len(pool) + len(stack_pool) < view["deck_size"] or any(
            len(hands[o]) != counts[o] for o in range(4)):
        return None
    rest = pool + stack_pool
    s.deck, s.discarded = set(rest[:view["deck_size"]]), rest[view["deck_size"]:]
    if s.phase == "swap":  # the swappers as fixed when the swaps began
        done = set(view["swapped"])
        s.swap_done = [o in done for o in range(4)]
        s.swappers = [o for o in s.seat_order()
                      if o in done or (s.hands[o] and s.eligible_cellar(o))]
    return s


def _hidden_places(state: GameState, seat: int) -> list[tuple[int, int]]:
    """(seat, cellar index) of every cellar card ``seat`` cannot see."""
    return [(o, i) for o in range(4) if o != seat
            for i, e in enumerate(state.cellars[o]) if e[1]]


def determinize_state(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of ``state`` with every card ``seat`` cannot see dealt anew from the cards
    in its hidden places (other hands, other seats' hidden cellar slots, the deck):
    the seat's view of it is the view of ``state``. During a year's decisions (trump,
    swap, play, assign) the deal is ``bots.determinize``'s (voids shown this year,
    face-up cards taken by a swap, hidden stack cards from this year's trick cards,
    cellar-like cards to cellar slots); a card that deal names outside the hidden places
    (a reward it fills a gap with) is replaced by one of theirs at random. At any other
    moment the hidden places are shuffled uniformly. ``state`` is not changed."""
    world = state.copy()
    if state.finished:
        return world
    slots = _hidden_places(state, seat)
    others = [o for o in range(4) if o != seat]
    hidden = sorted({c for o in others for c in state.hands[o]}
                    | {state.cellars[o][i][0] for o, i in slots} | state.deck)
    wanted: list[int] = []
    if state.phase in PHASE_ID:
        sim = Determinizer(Knowledge.from_view(seat_view(state, seat))).sample(rng)
        wanted = [c for o in others for c in sim.hands[o]]
        wanted += [sim.cellars[o][i][0] for o, i in slots]
    else:
        wanted = list(hidden)
        rng.shuffle(wanted)
    need = sum(len(state.hands[o]) for o in others) + len(slots)
    free = set(hidden)
    placed: list[int | None] = []
    for c in wanted[:need]:
        placed.append(c if c in free else None)
        free.discard(c)
    placed += [None] * (need - len(placed))
    spare = sorted(free)
    rng.shuffle(spare)
    cards = [spare.pop() if c is None else c for c in placed]
    for o in others:
        n = len(state.hands[o])
        world.hands[o], cards = cards[:n], cards[n:]
    for (o, i), c in zip(slots, cards, strict=True):
        e = world.cellars[o][i]
        world.cellars[o][i] = (c, e[1], e[2], e[3])
    world.deck = set(spare)
    return world
