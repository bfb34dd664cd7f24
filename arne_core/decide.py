"""``decide``: one input checked (RECORD_FORMAT.md "Errors", in its order) and turned into
its event and every consequence up to the next input due (``flow``)."""

from __future__ import annotations

from typing import Any

from . import flow
from .cards import colour_of, is_black, is_minus, is_score, is_white, kind
from .errors import ArneError
from .rules import (
    black_uses,
    cham_areas,
    minus_areas,
    playable_whites,
    score_areas,
    target_problem,
)
from .state import GameState

Event = dict[str, Any]
RULES_VERSION = "arne-rulings/1"
#: each input type's own fields (an input reappears with these, as given)
FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("hands",), "draw": ("seat", "cards"),
    "white": ("seat", "card", "area", "target", "colour"),
    "black": ("seat", "card", "with", "area", "target"),
    "pass_window": ("seat",), "random_card": ("seat", "card"), "give": ("seat", "cards"),
}
#: what is due -> (input types accepted, the clause of that point)
DUE: dict[str, tuple[frozenset[str], str]] = {
    "deal": (frozenset({"deal"}), "setup.deal"),
    "draw": (frozenset({"draw"}), "turn.draw"),
    "draw3": (frozenset({"draw"}), "draw3"),
    "main": (frozenset({"black", "white", "pass_window"}), "turn.main"),
    "window": (frozenset({"black", "pass_window"}), "window.priority"),
    "final": (frozenset({"black", "pass_window"}), "end.final_round"),
    "random_card": (frozenset({"random_card"}), "grab"),
    "give": (frozenset({"give"}), "plus2.give"),
}
SEAT_RULE = {"draw": "turn.draw", "draw3": "draw3", "main": "turn.main",
             "window": "window.order", "final": "end.final_order",
             "random_card": "grab", "give": "plus2.give"}


def _int(x: Any) -> bool:
    return type(x) is int


def point(s: GameState) -> str:
    """The point of play: ``due()`` with the main window told apart from the others."""
    due = s.due()
    if due == "window" and s.window is not None and s.window["kind"] == "main":
        return "main"
    return str(due)


def card_fields(card: str) -> tuple[str, ...]:
    """The fields a played card uses beside ``seat`` and ``card`` (RECORD_FORMAT.md
    "Inputs"): a score card or −200 ``area``; a chameleon ``with`` and ``area``; X3,
    Grab, Plus Two (black), Swap Seats, thief, crush, lock ``target``; Plus Two (score
    cards) ``target`` and ``colour``; the others none."""
    k = kind(card)
    if is_score(card) or is_minus(card):
        return ("area",)
    if k == "CHAM":
        return ("with", "area")
    if k == "PLUS2C":
        return ("target", "colour")
    if k in ("X3", "GRAB", "PLUS2K", "SWAP", "THIEF", "CRUSH", "LOCK"):
        return ("target",)
    return ()


def own_fields(inp: dict[str, Any]) -> Event:
    """The input with only its own fields, as given: its type's, and for a played card
    only the fields that card uses (a field another card would use is dropped, not
    logged)."""
    t = inp["type"]
    fields = FIELDS.get(t, ())
    if t in ("white", "black") and isinstance(inp.get("card"), str):
        fields = ("seat", "card", *card_fields(inp["card"]))
    return {"type": t, **{f: inp[f] for f in fields if f in inp}}


def _codes(s: GameState, x: Any, what: str) -> list[str]:
    if not isinstance(x, list) or not all(isinstance(c, str) for c in x):
        raise ArneError("malformed", f"{what} must be a list of card codes")
    for c in x:
        if c not in s.order:
            raise ArneError("malformed", f"{c!r} is not a card of this game's deck")
    return x


def _code(s: GameState, x: Any, what: str) -> str:
    if not isinstance(x, str) or x not in s.order:
        raise ArneError("malformed", f"{what} {x!r} is not a card of this game's deck")
    return x


def check(s: GameState, inp: Any) -> str:
    """Every check of RECORD_FORMAT.md "Errors" on ``inp`` at ``s``, in order; returns
    the point of play. Raises ArneError."""
    if s.finished:
        raise ArneError("extra_input", "the game is over: no more inputs")
    if not isinstance(inp, dict) or not isinstance(inp.get("type"), str):
        raise ArneError("malformed", "an input must be a JSON object with a string type")
    t = inp["type"]
    at = point(s)
    if t == "white" and at != "main":
        if at == "final":
            raise ArneError("white_in_final_round", "no white card may be played in the "
                            "final round", "end.final_no_white")
        raise ArneError("out_of_turn", "a white card is played only by the active seat in "
                        "its main window", "turn.one_white")
    types, rule = DUE[at]
    if t not in types:
        raise ArneError("unexpected_input", f"a {t!r} input is not possible now (due: "
                        f"{' / '.join(sorted(types))})", rule)
    if t != "deal":
        _check_seat(s, inp, at)
    if t == "deal":
        _check_deal(s, inp)
    elif t == "draw":
        _check_draw(s, inp, at)
    elif t == "random_card":
        card = _code(s, inp.get("card"), "card")
        assert s.pending is not None
        if card not in s.hands[s.pending["target"]]:
            raise ArneError("bad_chance", f"{card} is not in the target's hand", "grab")
    elif t == "give":
        _check_give(s, inp)
    elif t in ("white", "black"):
        _check_play(s, inp, at)
    elif at == "main" and playable_whites(s, inp["seat"]):
        raise ArneError("must_play_white", "a seat holding a white card it can play must "
                        "play one", "turn.white")
    return at


def _check_seat(s: GameState, inp: dict[str, Any], at: str) -> None:
    seat = inp.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.n:
        raise ArneError("malformed", f"seat must be a seat number 0–{s.n - 1}, not {seat!r}")
    if at in ("draw", "draw3"):
        want = s.active
    elif at in ("random_card", "give"):
        assert s.pending is not None
        want = s.pending["target"]
    else:
        want = s.offered()
    if seat != want:
        # any white card outside its seat's main window: turn.one_white
        rule = "turn.one_white" if inp["type"] == "white" else SEAT_RULE[at]
        raise ArneError("out_of_turn", f"seat {want} is to act now, not seat {seat}", rule)


def _check_deal(s: GameState, inp: dict[str, Any]) -> None:
    hands = inp.get("hands")
    if not isinstance(hands, list):
        raise ArneError("malformed", "a deal's hands must be a list of lists of card codes")
    for h in hands:
        _codes(s, h, "a hand")
    flat = [c for h in hands for c in h]
    if len(hands) != s.n or any(len(h) != 8 for h in hands) or len(set(flat)) != len(flat):
        raise ArneError("bad_deal", f"a deal gives {s.n} hands of 8 different cards",
                        "setup.deal")


def _check_draw(s: GameState, inp: dict[str, Any], at: str) -> None:
    cards = _codes(s, inp.get("cards"), "a draw's cards")
    want = 1 if at == "draw" else min(3, len(s.deck))
    rule = "turn.draw" if at == "draw" else "draw3"
    if len(cards) != want:
        raise ArneError("bad_chance", f"this draw takes {want} card(s), not {len(cards)}",
                        rule)
    deck = set(s.deck)
    if len(set(cards)) != len(cards) or any(c not in deck for c in cards):
        raise ArneError("bad_chance", "a draw takes different cards still in the deck", rule)


def _check_give(s: GameState, inp: dict[str, Any]) -> None:
    cards = _codes(s, inp.get("cards"), "a give's cards")
    allowed = set(s.plus2_cards())
    if len(cards) != 2 or len(set(cards)) != 2 or any(c not in allowed for c in cards):
        raise ArneError("bad_give", "a give is exactly two different cards of the kind "
                        "demanded, from the target's hand", "plus2.give")


def _check_play(s: GameState, inp: dict[str, Any], at: str) -> None:
    t, seat = inp["type"], inp["seat"]
    card = _code(s, inp.get("card"), "card")
    if card not in s.hands[seat]:
        raise ArneError("not_in_hand", f"seat {seat} does not hold {card}", "play.from_hand")
    if t == "white" and not is_white(card):
        raise ArneError("not_white", f"{card} is a black card", "turn.one_white")
    if t == "black" and not is_black(card):
        raise ArneError("not_black", f"{card} is a white card", "black.any_time")
    if t == "white":
        _check_white_fields(s, seat, card, inp)
    else:
        _check_black_fields(s, seat, card, inp, final=at == "final")


def _illegal(problem: tuple[str, str, str] | None) -> None:
    if problem is not None:
        code, rule, message = problem
        raise ArneError(code, message, rule)


def _check_white_fields(s: GameState, seat: int, card: str, inp: dict[str, Any]) -> None:
    k = kind(card)
    if is_score(card):
        area = inp.get("area")
        if not isinstance(area, str) or area not in score_areas(s, seat, card):
            raise ArneError("illegal_area", f"{card} may not go to {area!r} (own colour in "
                            "the normal game, another seat's in misère, the dummy's, or "
                            "the discard pile)", "white.x2" if k.endswith("X2")
                            else "white.score")
        return
    if k == "X3":
        _illegal(target_problem(s, seat, card, inp.get("target")))
        return
    if k in ("GRAB", "PLUS2K", "PLUS2C", "SWAP"):
        rule = {"GRAB": "grab", "PLUS2K": "plus2.black", "PLUS2C": "plus2.colour",
                "SWAP": "swap"}[k]
        t = inp.get("target")
        if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < s.n or t == seat:
            raise ArneError("illegal_target", "name another seat", rule)
        if k == "PLUS2C" and inp.get("colour") not in s.area_colours():
            raise ArneError("illegal_target", "name a colour that has an area", rule)


def _check_black_fields(s: GameState, seat: int, card: str, inp: dict[str, Any], *,
                        final: bool) -> None:
    k = kind(card)
    if is_minus(card):
        area = inp.get("area")
        if not isinstance(area, str) or area not in minus_areas(s, seat, card):
            raise ArneError("illegal_area", f"{card} may not go to {area!r} (another seat's "
                            "colour in the normal game, your own in misère, or the "
                            "dummy's)", "minus200")
        return
    if k == "CHAM":
        if final and s.rs.final_chameleon == "forbidden":
            raise ArneError("white_in_final_round", "no chameleon pair in the final round "
                            "(final_chameleon = forbidden)", "end.final_no_white")
        w = _code(s, inp.get("with"), "with")
        if w not in s.hands[seat]:
            raise ArneError("not_in_hand", f"seat {seat} does not hold {w}",
                            "play.from_hand")
        if not (is_score(w) or is_minus(w)):
            raise ArneError("illegal_target", "a chameleon goes with a score card or a −200",
                            "cham.with")
        area = inp.get("area")
        if not isinstance(area, str) or area not in cham_areas(s, seat, w):
            raise ArneError("illegal_area", f"a chameleon with {w} may not go to {area!r}",
                            "cham.place")
        return
    if k in ("THIEF", "CRUSH", "LOCK"):
        _illegal(target_problem(s, seat, card, inp.get("target")))


def decide(state: GameState, inp: Any, *, seed: str | None = None) -> list[Event]:
    """The events of ``inp`` at ``state``: the input itself (its own fields, ``seq`` and
    ``rules``) and every consequence up to the next input due. Raises ArneError (code,
    message, rule; RECORD_FORMAT.md "Errors") and changes nothing. ``seed`` is revealed
    by ``game_end``."""
    at = check(state, inp)
    ev = own_fields(inp)
    em = flow.Emitter(state, seed)
    t = ev["type"]
    ev["rules"] = _input_rules(state, ev, at)
    if t in ("random_card", "give") and state.pending is not None:
        # who receives the card(s) face down (Visibility: "the two seats concerned");
        # a Plus Two's score cards go face up to an area (to_seat null)
        black = t == "random_card" or state.pending["card"].startswith("PLUS2K")
        ev["to_seat"] = state.pending["seat"] if black else None
    em.emit(ev)
    w = em.w
    if t == "deal":
        first = w.first_player
        em.emit({"type": "turn", "turn": 1, "position": w.seat_pos[first], "seat": first,
                 "direction": 1, "rules": ["setup.first", "turn.order"]})
    elif t == "draw" and at == "draw":
        if not w.deck:
            em.emit({"type": "deck_empty", "seat": ev["seat"], "rules": ["end.trigger"]})
        em.emit({"type": "window", "kind": "main", "order": [ev["seat"]],
                 "rules": ["turn.main"]})
    elif t == "draw":
        if not w.deck:
            em.emit({"type": "deck_empty", "seat": ev["seat"],
                     "rules": ["draw3", "end.trigger"]})
        flow.open_window(em, "after")
    elif t == "white":
        flow.after_white(em, ev, seed)
    elif t == "black":
        flow.after_black(em, ev)
    elif t == "pass_window":
        flow.after_pass(em)
    else:  # random_card, give
        flow.resolve_pending(em, ev)
    return em.out


def _input_rules(s: GameState, ev: Event, at: str) -> list[str]:
    t = ev["type"]
    if t == "deal":
        return ["setup.deal"]
    if t == "draw":
        return ["turn.draw"] if at == "draw" else ["draw3"]
    if t == "random_card":
        return ["grab"]
    if t == "give":
        return ["plus2.give"]
    where = {"main": "turn.main", "window": "window.priority",
             "final": "end.final_round"}[at]
    if t == "pass_window":
        return [where] + (["turn.white"] if at == "main" else [])
    card = ev["card"]
    if t == "white":
        return ["turn.one_white", "turn.white", where, card_clause(card, ev)]
    rules = ["black.any_time", "play.from_hand", where, card_clause(card, ev)]
    if at == "final" and kind(card) == "CHAM":
        rules.append("end.final_no_white")
    return rules


def card_clause(card: str, ev: Event) -> str:
    """The clause that makes a played card's own fields legal (its area or target)."""
    k = kind(card)
    if is_minus(card):
        return "minus200"
    if is_score(card):
        return "white.x2" if k.endswith("X2") else "white.score"
    if k == "THIEF":
        return "thief.discard" if ev.get("target") == "discard" else "thief.combo"
    return {"X3": "x3.target", "GRAB": "grab", "PLUS2C": "plus2.colour",
            "PLUS2K": "plus2.black", "DRAW3": "draw3", "HANDS": "hands", "SWAP": "swap",
            "CHAM": "cham.place", "CRUSH": "crush", "LOCK": "lock", "STOP": "stop",
            "REV": "reverse"}[k]


def black_has_use(s: GameState, seat: int, card: str) -> bool:
    """Whether ``card`` has a legal use for ``seat`` now (black.any_time)."""
    return bool(black_uses(s, seat, card, final=s.final is not None))


__all__ = ["DUE", "FIELDS", "RULES_VERSION", "check", "colour_of", "decide", "own_fields",
           "point"]
