"""The consequences the engine derives after an input (RECORD_FORMAT.md "Canonical
order"): what a card does, windows opening and closing, the turn's end (turn.order,
claim.last), the final round (end.*) and the game's end (score.*).

Everything is emitted through an ``Emitter``: it numbers each event, folds it into a
scratch copy of the state and keeps it, so each step reads the state the previous
events left. ``settle`` goes on until an input (a decision or chance) is due.
"""

from __future__ import annotations

from typing import Any

from .cards import colour_of, is_minus, is_x2, kind
from .scoring import dummy_controller, places, seat_scores, totals
from .state import GameState, apply

Event = dict[str, Any]


class Emitter:
    """A scratch state ``w`` and the events ``out`` emitted into it."""

    def __init__(self, state: GameState, seed: str | None = None) -> None:
        self.w = state.copy()
        self.out: list[Event] = []
        self.seed = seed  # revealed by game_end

    def emit(self, event: Event) -> Event:
        """Number ``event`` (``seq``), fold it into ``w`` and keep it."""
        event["seq"] = self.w.seq
        apply(self.w, event)
        self.out.append(event)
        return event


def window_order(w: GameState) -> list[int]:
    """window.order: the seats from the position after the active seat's (where it sits
    now) round to the active seat, in the current direction."""
    assert w.active is not None
    p, d, n = w.seat_pos[w.active], w.direction, w.n
    return [w.pos_seat[(p + k * d) % n] for k in range(1, n + 1)]


def open_window(em: Emitter, kind_: str) -> None:
    """A before- or after-window (window.before, window.after, window.order)."""
    rule = "window.before" if kind_ == "before" else "window.after"
    em.emit({"type": "window", "kind": kind_, "order": window_order(em.w),
             "rules": [rule, "window.order"]})


def after_white(em: Emitter, inp: Event, seed: str | None) -> None:
    """The main window closes and the white card takes effect (white.*, x3.*, grab,
    plus2.*, draw3, hands, swap); then the before-window or the after-window."""
    w = em.w
    seat, card = inp["seat"], inp["card"]
    em.emit({"type": "window_closed", "kind": "main", "rules": ["turn.main"]})
    k = kind(card)
    if colour_of(card):
        area = inp["area"]
        rule = "white.x2" if is_x2(card) else "white.score"
        if area == "discard":
            em.emit({"type": "discarded", "cards": [card], "rules": [rule]})
        else:
            em.emit({"type": "placed", "seat": seat, "card": card, "area": area,
                     "chameleon": None, "rules": [rule]})
    elif k == "X3":
        em.emit({"type": "tripled", "seat": seat, "card": card, "target": inp["target"],
                 "area": w.pile_area[inp["target"]], "rules": ["x3.target", "x3.once"]})
    else:
        em.emit({"type": "discarded", "cards": [card], "rules": ["turn.white"]})
        if k in ("GRAB", "PLUS2C", "PLUS2K"):
            if w.rs.black_timing == "windows":
                open_window(em, "before")
                return
            resolve_pending(em, None)
            return
        if k == "DRAW3" and w.pending is not None:
            return  # the draw3 chance input is due (none when the deck is empty)
        if k == "HANDS":
            d = w.direction
            passed = [w.pos_seat[(w.seat_pos[s] - d) % w.n] for s in range(w.n)]
            counts = [len(w.hands[p]) for p in passed]
            em.emit({"type": "hands_passed", "direction": d, "counts": counts,
                     "rules": ["hands", "window.hands"]})
        elif k == "SWAP":
            t = inp["target"]
            em.emit({"type": "swapped", "seats": [seat, t],
                     "positions": [w.seat_pos[t], w.seat_pos[seat]], "rules": ["swap"]})
    open_window(em, "after")


def resolve_pending(em: Emitter, inp: Event | None) -> None:
    """A pending Grab or Plus Two takes effect — with its chance / give input ``inp`` when
    one is due (grab, plus2.*) — then the after-window opens. With an
    input still due and none given, nothing happens (the caller waits)."""
    w = em.w
    p = w.pending
    assert p is not None
    due = w.effect_due()
    if due is not None and inp is None:
        return
    k = kind(p["card"])
    if k == "GRAB":
        card = inp["card"] if inp is not None else None
        em.emit({"type": "grabbed", "seat": p["seat"], "source": p["target"], "card": card,
                 "rules": ["grab"]})
    elif k in ("PLUS2C", "PLUS2K"):
        cards = list(inp["cards"]) if inp is not None else w.plus2_cards()
        rules = ["plus2.colour" if k == "PLUS2C" else "plus2.black", "plus2.give"]
        em.emit({"type": "gave", "seat": p["target"], "cards": cards,
                 "to_seat": p["seat"] if k == "PLUS2K" else None,
                 "area": p["colour"] if k == "PLUS2C" else None, "rules": rules})
        if k == "PLUS2C":
            for c in cards:
                em.emit({"type": "placed", "seat": p["seat"], "card": c,
                         "area": p["colour"], "chameleon": None,
                         "rules": ["plus2.colour"]})
    open_window(em, "after")


def after_black(em: Emitter, inp: Event) -> None:
    """A black card's consequences (minus200, cham.*, thief.*, crush, lock, stop,
    reverse, claim.last, dummy.control, end.final_claims)."""
    w = em.w
    seat, card = inp["seat"], inp["card"]
    final = w.final is not None
    k = kind(card)
    if is_minus(card):
        em.emit({"type": "placed", "seat": seat, "card": card, "area": inp["area"],
                 "chameleon": None, "rules": ["minus200"]})
    elif k == "CHAM":
        em.emit({"type": "placed", "seat": seat, "card": inp["with"], "area": inp["area"],
                 "chameleon": card, "rules": ["cham.with", "cham.place"]})
    elif k == "THIEF":
        target = inp["target"]
        if target == "discard":
            em.emit({"type": "stolen", "seat": seat, "card": w.discard[-1],
                     "source": "discard", "area": None, "rules": ["thief.discard"]})
            em.emit({"type": "discarded", "cards": [card], "rules": ["thief.discard"]})
        else:
            pile = w.pile(target)
            assert pile is not None
            mine = w.my_colour(seat)
            own = colour_of(target) == mine
            cham = pile["chameleon"]
            em.emit({"type": "stolen", "seat": seat, "card": target,
                     "source": w.pile_area[target], "area": mine,
                     "rules": ["thief.combo"] + (["thief.own"] if own else [])})
            em.emit({"type": "discarded", "cards": [cham, card] if own else [card],
                     "rules": ["thief.own", "thief.combo"] if own else ["thief.combo"]})
    elif k == "CRUSH":
        em.emit({"type": "crushed", "seat": seat, "card": card, "target": inp["target"],
                 "area": w.pile_area[inp["target"]], "rules": ["crush"]})
    elif k == "LOCK":
        pile = w.pile(inp["target"])
        assert pile is not None
        cancels = "crush" if pile["crush"] is not None else "minus200"
        em.emit({"type": "locked", "seat": seat, "card": card, "target": inp["target"],
                 "area": w.pile_area[inp["target"]], "cancels": cancels, "rules": ["lock"]})
    else:
        _claim(em, seat, card, final)
    if final:
        final_next(em)


def _claim(em: Emitter, seat: int, card: str, final: bool) -> None:
    w = em.w
    rev = kind(card) == "REV"
    rule = "reverse" if rev else "stop"
    em.emit({"type": "discarded", "cards": [card],
             "rules": [rule] + (["end.final_claims"] if final else [])})
    if rev and w.rs.dummy and (not final or w.rs.dummy_final_reverse == "takes_control"):
        em.emit({"type": "dummy_control", "seat": seat, "position": w.seat_pos[seat],
                 "rules": ["dummy.control"]})
    elif not final:
        em.emit({"type": "claim", "seat": seat, "card": card,
                 "effect": "reverse" if rev else "stop", "rules": [rule, "claim.last"]})


def after_pass(em: Emitter) -> None:
    """A pass: the main window closes (then the after-window), a window closes once every
    seat in it has passed in succession (window.priority), a final turn moves on."""
    w = em.w
    if w.final is not None:
        final_next(em)
        return
    win = w.window
    assert win is not None
    if win["kind"] == "main":
        em.emit({"type": "window_closed", "kind": "main", "rules": ["turn.main",
                                                                    "turn.white"]})
        open_window(em, "after")
        return
    if win["passes"] < len(win["order"]):
        return
    em.emit({"type": "window_closed", "kind": win["kind"], "rules": ["window.priority"]})
    if win["kind"] == "before":
        resolve_pending(em, None)
    else:
        end_turn(em)


def end_turn(em: Emitter) -> None:
    """turn.end: the next position and direction (turn.order, claim.last); the next turn,
    or the final round when the deck is empty (end.trigger, end.final_order)."""
    w = em.w
    d, n = w.direction, w.n
    claims = [c for c in w.claims if c["effect"] in ("stop", "reverse")]
    rules = ["turn.end", "turn.order"]
    decided_by = None
    if claims:
        last = claims[-1]
        nxt = w.seat_pos[last["seat"]]
        if w.rs.reverse_stack == "each_reverses":
            for c in claims:
                d = -d if c["effect"] == "reverse" else d
        elif last["effect"] == "reverse":
            d = -d
        decided_by = last["card"]
        rules += ["claim.last", last["effect"]] + (["claim.two_players"] if n == 2 else [])
    else:
        assert w.turn_pos is not None
        nxt = (w.turn_pos + d) % n
    em.emit({"type": "turn_end", "turn": w.turn, "next_position": nxt,
             "next_seat": w.pos_seat[nxt], "direction": d, "decided_by": decided_by,
             "rules": rules})
    if w.deck:
        em.emit({"type": "turn", "turn": w.turn + 1, "position": nxt,
                 "seat": w.pos_seat[nxt], "direction": d, "rules": ["turn.order"]})
        return
    order = [w.pos_seat[(nxt + k * d) % n] for k in range(n)]
    em.emit({"type": "final_round", "order": order,
             "rules": ["end.trigger", "end.final_order", "end.final_round"]})


def final_next(em: Emitter) -> None:
    """After a final turn: the round ends after one lap (one_lap) or once every seat has
    passed in succession (until_passes); then the hands are discarded and the game ends."""
    w = em.w
    f = w.final
    assert f is not None
    if w.rs.final_round == "one_lap":
        over = f["turns"] >= len(f["order"])
    else:
        over = f["passes"] >= len(f["order"])
    if over:
        finish(em)


def finish(em: Emitter) -> None:
    """end.discard_hands, then ``game_end`` with the scores (score.*, dummy.score)."""
    w = em.w
    em.emit({"type": "hands_discarded", "hands": [w.sort(h) for h in w.hands],
             "rules": ["end.discard_hands"]})
    scores = seat_scores(w)
    areas = {c: [dict(p) for p in w.areas.get(c, [])] for c in w.area_colours()}
    rules = ["score.pile", "score.area", "score.seat", "score.places"]
    if w.rs.dummy:
        rules.append("dummy.score")
    em.emit({"type": "game_end", "scores": scores, "places": places(scores, w.rs.misere),
             "totals": totals(w), "positions": list(w.seat_pos),
             "dummy_controller": dummy_controller(w), "turns": w.turn, "areas": areas,
             "seed": em.seed, "rules": rules})
