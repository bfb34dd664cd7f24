"""``decide``: validate one input against the state and derive its consequences.

Inputs (RECORD_FORMAT.md): the chance outcomes ``deal`` (and ``trump`` drawn at random)
and the decisions ``trump``, ``swap``, ``play``, ``assign``. ``decide`` returns the input
as an event followed by every consequence up to the next input; the given state is
never modified (consequences are worked out on a scratch copy when needed).
"""

from __future__ import annotations

from typing import Any

from .cards import CARD_ID, CODE, FIELD_ID, SUIT, SUITS, WRECKER
from .errors import IllegalInputError, MalformedInputError
from .play_rules import (
    assign_targets,
    expected_hand_size,
    farmed_event,
    must_follow,
    trick_event,
)
from .requisition import check_seed, close_year
from .state import Event, GameState

PHASE_RULE = {
    "deal": "plan.deal",
    "trump": "plan.trump",
    "swap": "swap",
    "play": "trick.lead",
    "assign": "assign.who",
    "setup": "year.count",
    "resolve": "year.count",
    "over": "year.count",
}
INPUT_TYPES = ("deal", "trump", "swap", "play", "assign")
SUIT_WORDS = ("hearts (Wheat)", "diamonds (Beet)", "clubs (Potato)", "spades (Sunflower)")


def _illegal(code: str, message: str, rule: str) -> IllegalInputError:
    return IllegalInputError(code, message, rule)


def _malformed(message: str, code: str = "malformed_input") -> MalformedInputError:
    return MalformedInputError(code, message, None)


def _seat(inp: dict[str, Any]) -> int:
    seat = inp.get("seat")
    if type(seat) is not int or not 0 <= seat <= 3:
        raise _malformed(f"'seat' must be a seat number 0-3, not {seat!r}")
    return seat


def _card(value: Any, what: str = "card") -> int:
    if type(value) is not str or value not in CARD_ID:
        raise _malformed(f"{what} {value!r} is not a card code (e.g. '10H', 'QS', 'AD', 'X')")
    return CARD_ID[value]


def _wrong_phase(state: GameState, t: str) -> IllegalInputError:
    phase = state.phase
    if phase == "over":
        return _illegal("game_over", "the Five-Year Plan is over: no more inputs", "year.count")
    what = {"deal": "a deal", "trump": "the trump declaration", "swap": "a swap",
            "play": "a card to be played", "assign": "the brigadier's assignment",
            "setup": "the next year", "resolve": "consequences"}[phase]
    return _illegal("wrong_phase", f"a {t} input is out of place: the game awaits {what}",
                    PHASE_RULE[phase])


def decide(state: GameState, inp: dict[str, Any], *, seed: str | None = None) -> list[Event]:
    """Validate ``inp`` and return ``[input event, *consequences]``.

    ``inp``: one input of RECORD_FORMAT.md, e.g. ``{"type": "play", "seat": 1, "card": "9H"}``.
    ``seed``: the game's seed, revealed in ``game_end`` when this input ends the game
    (it must match the commitment published in the ``game`` event).

    Raises MalformedInputError (rule None) or IllegalInputError (code + clause id); the
    state is unchanged. Error codes: see docs/engine-api.md.
    """
    return _decide(state, inp, seed, False)


def advance(state: GameState, inp: dict[str, Any], *, seed: str | None = None) -> list[Event]:
    """``decide`` and apply in one: the same checks, clause ids and events as
    ``decide(state, inp, seed=seed)``, every returned event already applied to ``state``
    in place (the caller must not apply them again). Saves the scratch copy ``decide``
    works consequences out on — what a runner that owns its state wants.

    Raises exactly what ``decide`` raises, with ``state`` unchanged: every check (the
    seed's against its commitment included) comes before the first change."""
    return _decide(state, inp, seed, True)


def _decide(state: GameState, inp: dict[str, Any], seed: str | None,
            in_place: bool) -> list[Event]:
    if not isinstance(inp, dict):
        raise _malformed("an input must be a JSON object")
    t = inp.get("type")
    if state.finished:
        raise _illegal("game_over", "the Five-Year Plan is over: no more inputs", "year.count")
    if t == "play":
        events = _decide_play(state, inp)
        if in_place:
            for e in events:
                state.apply(e)
        return events
    if t == "assign":
        return _decide_assign(state, inp, seed, in_place)
    if t == "swap":
        ev = _decide_swap(state, inp)
    elif t == "trump":
        ev = _decide_trump(state, inp)
    elif t == "deal":
        ev = _decide_deal(state, inp)
    else:
        raise _malformed(f"unknown input type {t!r}; expected one of {', '.join(INPUT_TYPES)}",
                         "unknown_input_type")
    if (state.tricks_in_year > 0 and t != "deal") or (t == "deal" and len(ev["hands"][0]) > 1):
        if in_place:
            state.apply(ev)
        return [ev]
    # a year without tricks (deal.short): its end follows at once
    if state.year >= state.years:
        check_seed(state, seed)  # before any change (``advance``)
    scratch = state if in_place else state.copy()
    scratch.apply(ev)
    events = [ev]
    if scratch.phase == "resolve":
        close_year(scratch, events, seed)
    return events


# -- deal -----------------------------------------------------------------------------
def _decide_deal(state: GameState, inp: dict[str, Any]) -> Event:
    if state.phase != "deal":
        raise _wrong_phase(state, "deal")
    year = inp.get("year", state.year)
    if year != state.year:
        raise _illegal("deal_wrong_year", f"this is the deal of year {state.year}, not {year!r}",
                       "plan.deal")
    hands = inp.get("hands")
    if (not isinstance(hands, list) or len(hands) != 4
            or not all(isinstance(h, list) for h in hands)):
        raise _malformed("'hands' must be a list of four lists of card codes")
    h = expected_hand_size(state)
    seen: set[int] = set()
    for seat, hand in enumerate(hands):
        if len(hand) != h:
            why = "" if h == (4 if state.famine else 5) else f" (the deck holds {len(state.deck)})"
            raise _illegal("deal_wrong_size",
                           f"seat {seat} must be dealt {h} cards this year{why}, not {len(hand)}",
                           "deal.short")
        for code in hand:
            c = _card(code)
            if c in seen:
                raise _illegal("deal_duplicate_card", f"{code} is dealt twice", "plan.deal")
            if c not in state.deck:
                raise _illegal("deal_card_not_in_deck", f"{code} is not in the worker deck",
                               "plan.deal")
            seen.add(c)
    ev: Event = {"seq": state.seq, "type": "deal", "year": state.year,
                 "hands": [list(hand) for hand in hands]}
    jobs = inp.get("jobs")
    rules = ["plan.deal"]
    if state.ruleset.has_rewards:
        want = [f for f in range(4) if state.piles[f]]
        if not isinstance(jobs, dict) or sorted(jobs) != sorted(SUITS[f] for f in want):
            raise _illegal("jobs_invalid",
                           "'jobs' must reveal one reward card on each field: "
                           + ", ".join(SUITS[f] for f in want), "plan.jobs")
        clean = {}
        for f in want:
            letter = SUITS[f]
            c = _card(jobs[letter], "job")
            if c not in state.piles[f]:
                raise _illegal("jobs_invalid",
                               f"{jobs[letter]} is not in the {letter} reward pile", "plan.jobs")
            clean[letter] = jobs[letter]
        ev["jobs"] = clean
        rules.append("plan.jobs")
    elif jobs:
        raise _illegal("jobs_invalid", "this ruleset has no reward cards: no jobs are revealed",
                       "plan.jobs")
    if h != (4 if state.famine else 5):
        rules.append("deal.short")
    if state.famine:
        rules.append("famine")
    ev["rules"] = rules
    return ev


# -- trump ----------------------------------------------------------------------------
def _decide_trump(state: GameState, inp: dict[str, Any]) -> Event:
    if state.phase != "trump":
        if state.famine and state.phase in ("swap", "play", "assign", "deal"):
            raise _illegal("wrong_phase", "the famine year has no trump", "famine")
        raise _wrong_phase(state, "trump")
    suit = inp.get("suit")
    if type(suit) is not str or suit not in FIELD_ID:
        raise _malformed(f"'suit' must be one of H, D, C, S, not {suit!r}")
    seat = inp.get("seat")
    if state.opts["trump_selection"] == "random":
        if seat is not None:
            raise _illegal("out_of_turn",
                           "the trump is drawn at random this game (seat must be null)",
                           "plan.trump")
        return {"seq": state.seq, "type": "trump", "seat": None, "suit": suit,
                "rules": ["plan.trump"]}
    seat = _seat(inp)
    if seat != state.planner:
        raise _illegal("out_of_turn",
                       f"seat {seat} is not the planner; seat {state.planner} declares the trump",
                       "plan.trump")
    return {"seq": state.seq, "type": "trump", "seat": seat, "suit": suit, "rules": ["plan.trump"]}


# -- swap -----------------------------------------------------------------------------
def _decide_swap(state: GameState, inp: dict[str, Any]) -> Event:
    if not (state.opts["swap"] and state.year >= 2):
        raise _illegal("wrong_phase", "swaps are made only from year 2, with the swap variant",
                       "swap")
    if state.phase != "swap":
        raise _wrong_phase(state, "swap")
    seat = _seat(inp)
    if seat not in state.swappers:
        raise _illegal("no_swap_available",
                       f"seat {seat} has no swap this year (an empty hand or no eligible "
                       "cellar card)", "swap.scope")
    if state.swap_done[seat]:
        raise _illegal("second_swap", f"seat {seat} has already swapped or passed this year",
                       "swap")
    if seat != state.to_move:
        raise _illegal("out_of_turn",
                       f"it is seat {state.to_move}'s turn to swap, not seat {seat}'s", "swap")
    if inp.get("pass") is True:
        if "hand" in inp or "cellar" in inp:
            raise _malformed("a swap either passes or names 'hand' and 'cellar', not both")
        return {"seq": state.seq, "type": "swap", "seat": seat, "pass": True, "rules": ["swap"]}
    if "pass" in inp and inp["pass"] is not False:
        raise _malformed("'pass' must be true or false")
    hc = _card(inp.get("hand"), "hand card")
    cc = _card(inp.get("cellar"), "cellar card")
    if hc not in state.hands[seat]:
        raise _illegal("card_not_in_hand", f"seat {seat} does not hold {CODE[hc]}", "swap")
    entry = next((e for e in state.cellars[seat] if e[0] == cc), None)
    if entry is None:
        raise _illegal("swap_not_eligible", f"{CODE[cc]} is not in seat {seat}'s cellar",
                       "swap.scope")
    if cc not in state.eligible_cellar(seat):
        scope = state.opts["swap_scope"]
        why = "only hidden cellar cards" if scope == "hidden" else "never a reward card"
        raise _illegal("swap_not_eligible",
                       f"{CODE[cc]} cannot be swapped out: swap_scope={scope} allows {why}",
                       "swap.scope")
    return {"seq": state.seq, "type": "swap", "seat": seat, "hand": CODE[hc], "cellar": CODE[cc],
            "taken": "hidden" if entry[1] else "revealed",
            "rules": ["swap", "swap.scope", "swap.buried"]}


# -- play and the trick -----------------------------------------------------------------
def _decide_play(state: GameState, inp: dict[str, Any]) -> list[Event]:
    if state.phase != "play":
        raise _wrong_phase(state, "play")
    seat = _seat(inp)
    c = _card(inp.get("card"))
    if seat != state.to_move:
        raise _illegal("out_of_turn",
                       f"it is seat {state.to_move}'s turn to play, not seat {seat}'s",
                       "trick.lead")
    hand = state.hands[seat]
    if c not in hand:
        raise _illegal("card_not_in_hand", f"seat {seat} does not hold {CODE[c]}", "trick.follow")
    ls = must_follow(state, hand)
    if ls is not None and c != WRECKER and SUIT[c] != ls:
        holds_suit = any(x != WRECKER and SUIT[x] == ls for x in hand)
        name = SUIT_WORDS[ls]
        if holds_suit:
            raise _illegal("revoke", f"seat {seat} holds {name} and must follow {name}",
                           "trick.follow")
        raise _illegal("revoke", f"seat {seat} holds the Wrecker, which counts as {name}: "
                       f"it must be played to follow {name}", "wrecker.follow")
    ev: Event = {"seq": state.seq, "type": "play", "seat": seat, "card": CODE[c], "rules": []}
    if len(state.trick) < 3:
        return [ev]
    return [ev, trick_event(state, c)]


# -- assign and farming -----------------------------------------------------------------
def _decide_assign(state: GameState, inp: dict[str, Any], seed: str | None,
                   in_place: bool) -> list[Event]:
    if state.phase != "assign":
        raise _wrong_phase(state, "assign")
    seat = _seat(inp)
    if seat != state.winner:
        raise _illegal("not_brigadier",
                       f"seat {state.winner} won the trick and assigns it, not seat {seat}",
                       "assign.who")
    cards = inp.get("cards")
    if not isinstance(cards, dict):
        raise _malformed("'cards' must map each trick card to a field letter")
    trick = state.trick
    parsed: dict[int, int] = {}
    for code in sorted(cards, key=str):  # the first error whatever the key order (x.key_order)
        letter = cards[code]
        c = _card(code)
        if type(letter) is not str or letter not in FIELD_ID:
            raise _malformed(f"{code} must be assigned to a field H, D, C or S, not {letter!r}")
        parsed[c] = FIELD_ID[letter]
    if set(parsed) != set(trick):
        missing = [CODE[c] for c in trick if c not in parsed]
        extra = [CODE[c] for c in parsed if c not in trick]
        bits = []
        if missing:
            bits.append("unassigned: " + ", ".join(missing))
        if extra:
            bits.append("not in this trick: " + ", ".join(extra))
        raise _illegal("incomplete_assignment",
                       "every card of the trick must be assigned (" + "; ".join(bits) + ")",
                       "assign.targets")
    targets = assign_targets(trick)
    for c in trick:
        f = parsed[c]
        if f not in targets:
            raise _illegal("illegal_target",
                           f"{CODE[c]} cannot go to field {SUITS[f]}: only fields whose suit is "
                           f"in the trick ({', '.join(SUITS[t] for t in targets)})",
                           "assign.targets")
    rules = ["assign.who", "assign.targets"]
    if WRECKER in trick:
        rules.append("wrecker.assign")
    if any(state.nom_role(c) == 11 for c in trick):
        rules.append("nom.drunkard")
    ev: Event = {"seq": state.seq, "type": "assign", "seat": seat,
                 "cards": {CODE[c]: SUITS[parsed[c]] for c in trick}, "rules": rules}
    if state.year >= state.years and state.tricks_played + 1 >= state.tricks_in_year:
        check_seed(state, seed)  # the game may end here: before any change (``advance``)
    scratch = state if in_place else state.copy()
    scratch.apply(ev)
    ev["facts"] = {"hours": {SUITS[f]: scratch.field_hours[f] for f in range(4)}}
    events = [ev]
    for f in range(4):
        if not scratch.completed[f] and scratch.field_hours[f] >= 40:
            fe = farmed_event(scratch, f, seat)
            events.append(fe)
            scratch.apply(fe)
    if scratch.phase == "resolve":
        close_year(scratch, events, seed)
    return events
