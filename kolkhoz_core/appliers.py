"""What each event does to the game state (``evolve``): one function per event type,
``APPLY`` (event type → function of ``(state, event)``, mutating the state in place),
and ``register_event_type`` for an event type that changes no play state.
``GameState.apply`` checks the sequence number and dispatches here.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import (
    CARD_ID,
    CODE,
    FIELD_ID,
    SUIT,
    SUITS,
    VALUE,
    WRECKER,
    reward_pile,
    worker_cards,
)
from .ruleset import ruleset_from_dict
from .state_data import JACK, REWARD, STACK, STACK_TOP, WORKER, Event, StateData


def _apply_game(s: StateData, ev: Event) -> None:
    rs = ruleset_from_dict(ev["ruleset"])
    seq = s.seq
    StateData.__init__(s)  # everything empty, as before any event
    s.seq = seq
    s.ruleset = rs
    s.opts = rs.options
    s.seats = list(ev["seats"])
    s.first_planner = ev["first_planner"]
    s.seed_commitment = ev.get("seed_commitment")
    s.years = rs.options["years"]
    s.planner = (ev["first_planner"] - 1) % 4  # the first ``year`` event passes it left
    s.deck = set(worker_cards(rs.options["deck"], rs.options["wrecker"]))
    if rs.has_rewards:
        s.piles = [reward_pile(f) for f in range(4)]


def _apply_year(s: StateData, ev: Event) -> None:
    s.year = ev["year"]
    s.planner = ev["planner"]
    s.famine = ev["famine"]
    s.phase = "deal"
    s.to_move = None
    s.trump = None
    s.hand_size = 0
    s.tricks_in_year = 0
    s.tricks_played = 0
    s.trick = []
    s.winner = -1
    s.nom = {}
    s.wrecker_field = -1
    s.completed = [False, False, False, False]
    s.field_hours = [0, 0, 0, 0]
    s.medals_year = [0, 0, 0, 0]
    s.stack_takers = [False, False, False, False]
    s.swappers = []
    s.swap_done = [False, False, False, False]
    s.year_tricks = []
    s.year_swaps = []


def _apply_deal(s: StateData, ev: Event) -> None:
    hands = [[CARD_ID[c] for c in h] for h in ev["hands"]]
    s.hands = hands
    deck = s.deck
    for hand in hands:
        deck.difference_update(hand)
    size = len(hands[0])
    s.hand_size = size
    s.tricks_in_year = size - 1 if size > 1 else 0
    jobs = ev.get("jobs")
    if jobs:
        for f in range(4):  # field order, whatever the key order of ``jobs`` (x.key_order)
            code = jobs.get(SUITS[f])
            if code is None:
                continue
            c = CARD_ID[code]
            s.piles[f].remove(c)
            s.field_rewards[f].append(c)
    if s.famine:
        s._enter_swap_or_play()
    else:
        s.phase = "trump"
        s.to_move = s.planner if s.opts["trump_selection"] == "planner" else None


def _apply_trump(s: StateData, ev: Event) -> None:
    s.trump = FIELD_ID[ev["suit"]]
    s._enter_swap_or_play()


def _apply_swap(s: StateData, ev: Event) -> None:
    seat = ev["seat"]
    s.swap_done[seat] = True
    if not ev.get("pass"):
        hc = CARD_ID[ev["hand"]]
        cc = CARD_ID[ev["cellar"]]
        hand = s.hands[seat]
        hand[hand.index(hc)] = cc
        cellar = s.cellars[seat]
        for i, entry in enumerate(cellar):
            if entry[0] == cc:
                s.year_swaps.append((seat, -1 if entry[1] else cc))
                # swap.buried: the hand card goes in face-down, whatever the slot was
                cellar[i] = (hc, True, WORKER, -1)
                break
    for nxt in s.swappers:
        if not s.swap_done[nxt]:
            s.to_move = nxt
            return
    s._enter_play()


def _apply_play(s: StateData, ev: Event) -> None:
    c = CARD_ID[ev["card"]]
    s.hands[ev["seat"]].remove(c)
    s.trick.append(c)
    if len(s.trick) == 4:
        s.phase = "resolve"
        s.to_move = None
    else:
        s.to_move = (ev["seat"] + 1) % 4


def _apply_trick(s: StateData, ev: Event) -> None:
    w = ev["winner"]
    s.year_tricks.append((ev["leader"], tuple(s.trick), w))
    s.winner = w
    s.medals_year[w] += 1
    s.medals_total[w] += 1
    s.phase = "assign"
    s.to_move = w


def _apply_assign(s: StateData, ev: Event) -> None:
    # x.key_order: the trick's cards go to their fields in play order (the ``trick``
    # event's), never in the key order of ``cards``, which a store may change (PostgreSQL's
    # jsonb sorts keys): a field's cards, and so a 36-card Orden stack, its ``farmed``
    # rewards and the cellar, are the same however the stored log lists them.
    cards = ev["cards"]
    trump = s.trump
    nomenklatura = s.opts["nomenklatura"] and trump is not None
    field_cards, field_hours = s.field_cards, s.field_hours
    for c in s.trick:
        f = FIELD_ID[cards[CODE[c]]]
        field_cards[f].append(c)
        v = VALUE[c]
        if c == WRECKER:
            field_hours[f] += v
            s.wrecker_field = f
        elif nomenklatura and SUIT[c] == trump and v >= JACK:
            # StateData.nom_role and hours_of, inlined: a trump court card under nom.*
            # (nom.drunkard: the Jack works 0 hours)
            if v != JACK:
                field_hours[f] += v
            s.nom[c] = f
        else:
            field_hours[f] += v
    s.trick = []
    s.tricks_played += 1
    w = ev["seat"]
    if s.tricks_played >= s.tricks_in_year:
        s.phase = "resolve"
        s.to_move = None
    else:
        s.phase = "play"
        s.leader = w
        s.to_move = w


def _apply_farmed(s: StateData, ev: Event) -> None:
    f = FIELD_ID[ev["field"]]
    seat = ev["seat"]
    s.completed[f] = True
    if s.ruleset.k36_orden:
        # k36.orden: every worker on the field goes into the completer's cellar as a stack
        cards = s.field_cards[f]
        top = min(cards, key=lambda c: (VALUE[c], SUIT[c]))
        sid = s.next_stack
        s.next_stack += 1
        for c in cards:
            if c == top:
                s.cellars[seat].append((c, False, STACK_TOP, sid))
            else:
                s.cellars[seat].append((c, True, STACK, sid))
        s.field_cards[f] = []
        s.stack_takers[seat] = True
    else:
        for code in ev["rewards"]:
            c = CARD_ID[code]
            s.field_rewards[f].remove(c)
            s.cellars[seat].append((c, False, REWARD, -1))


def _apply_pocket(s: StateData, ev: Event) -> None:
    seat = ev["seat"]
    c = CARD_ID[ev["card"]]
    s.hands[seat].remove(c)
    s.cellars[seat].append((c, True, WORKER, -1))


def _apply_requisition(s: StateData, ev: Event) -> None:
    pass


def _apply_revealed(s: StateData, ev: Event) -> None:
    c = CARD_ID[ev["card"]]
    cellar = s.cellars[ev["seat"]]
    for i, entry in enumerate(cellar):
        if entry[0] == c:
            cellar[i] = (c, False, entry[2], entry[3])
            return


def _apply_north(s: StateData, ev: Event) -> None:
    c = CARD_ID[ev["card"]]
    seat = ev["seat"]
    if seat is None:
        f = FIELD_ID[ev["field"]]
        s.field_cards[f].remove(c)
    else:
        cellar = s.cellars[seat]
        for i, entry in enumerate(cellar):
            if entry[0] == c:
                del cellar[i]
                break
    s.north.append(c)
    s.exiled.append(c)
    if s.ruleset.k36_orden or (c == WRECKER and s.opts["wrecker_returns"]):
        s.north_return.append(c)


def _apply_year_end(s: StateData, ev: Event) -> None:
    deck = s.deck
    for f in range(4):
        deck.update(s.field_cards[f])
        s.field_cards[f] = []
    for code in ev["discarded"]:
        c = CARD_ID[code]
        for f in range(4):
            if c in s.field_rewards[f]:
                s.field_rewards[f].remove(c)
                break
        s.discarded.append(c)
    returned = {CARD_ID[code] for code in ev["returned"]}
    for seat in range(4):
        kept = []
        for entry in s.cellars[seat]:
            if entry[2] == STACK:
                continue  # k36.orden: the stack goes back to the deck
            if entry[2] == STACK_TOP:
                entry = (entry[0], False, WORKER, -1)
            kept.append(entry)
        s.cellars[seat] = kept
    deck.update(returned)
    s.exiled = [c for c in s.exiled if c not in returned]
    s.north_return = []
    s.medals_last_year = s.medals_year[:]
    s.medals_year = [0, 0, 0, 0]
    s.year_tricks = []  # the year's cards are back in the deck
    s.year_swaps = []
    s.trump = None
    s.phase = "setup"
    s.to_move = None


def _apply_game_end(s: StateData, ev: Event) -> None:
    s.finished = True
    s.phase = "over"
    s.to_move = None
    s.result = ev


def _apply_noop(s: StateData, ev: Event) -> None:
    """An event type registered with ``register_event_type``: it changes no play state."""


APPLY: dict[str, Callable[[StateData, Event], None]] = {
    "game": _apply_game,
    "year": _apply_year,
    "deal": _apply_deal,
    "trump": _apply_trump,
    "swap": _apply_swap,
    "play": _apply_play,
    "trick": _apply_trick,
    "assign": _apply_assign,
    "farmed": _apply_farmed,
    "pocket": _apply_pocket,
    "requisition": _apply_requisition,
    "revealed": _apply_revealed,
    "north": _apply_north,
    "year_end": _apply_year_end,
    "game_end": _apply_game_end,
}



def register_event_type(name: str) -> None:
    """Register an event type that carries no play state, so that folds accept it.
    (The platform's compensating events — an arbiter's ``result_adjusted`` — are not
    the engine's: the store keeps them out of the engine, ``replays.compensating``.)"""
    APPLY.setdefault(name, _apply_noop)
