"""``decide``: one input checked (RECORD_FORMAT.md "Errors", in its order) and turned
into its event and every consequence, in the canonical order: the reveal, each card's
place or take, the next turn, the round's end, the next round or the game's end."""

from __future__ import annotations

from typing import Any

from .cards import DECK, heads
from .errors import KorovaError
from .state import GameState, apply

Event = dict[str, Any]
RULES_VERSION = "korova-rulings/1"
FIELDS = {"deal": ("round", "hands", "rows"), "pick": ("seat", "card"),
          "choose": ("seat", "card"), "take_row": ("seat", "row")}
DUE_RULE = {"deal": "round.deal", "draft": "tactical.draft", "choose": "turn.choose",
            "take_row": "low.when"}


def _int(x: Any) -> bool:
    return type(x) is int


def check_form(s: GameState, inp: Any) -> str:
    """The input's type after its form is checked (``malformed``, rule null)."""
    if not isinstance(inp, dict):
        raise KorovaError("malformed", "an input must be a JSON object")
    t = inp.get("type")
    if not isinstance(t, str) or t not in FIELDS:
        raise KorovaError("malformed", f"unknown input type {t!r}")
    for f in FIELDS[t]:
        if f not in inp:
            raise KorovaError("malformed", f"a {t} input needs {f!r}")
    if t == "deal":
        h, r = inp["hands"], inp["rows"]
        if (not _int(inp["round"]) or not isinstance(h, list) or not isinstance(r, list)
                or not all(isinstance(x, list) and all(_int(c) for c in x) for x in h)
                or not all(_int(c) for c in r)):
            raise KorovaError("malformed", "a deal has an integer round, hands (lists of "
                              "integers) and rows (integers)")
        return t
    seat = inp["seat"]
    if not _int(seat) or not 0 <= seat < s.n:
        raise KorovaError("malformed", f"seat must be an integer 0–{s.n - 1}, not {seat!r}")
    other = inp["row"] if t == "take_row" else inp["card"]
    if not _int(other):
        raise KorovaError("malformed", f"{'row' if t == 'take_row' else 'card'} must be "
                          "an integer")
    return t


def check_due(s: GameState, t: str) -> None:
    """``not_due`` (a take_row when no row choice is due) or ``out_of_order`` (rule: what
    is due)."""
    due = {"deal": "deal", "draft": "pick", "choose": "choose", "take_row": "take_row"}
    want = due.get(s.phase)
    if t == want:
        return
    if t == "take_row":
        raise KorovaError("not_due", "no row choice is due", "low.card")
    raise KorovaError("out_of_order", f"a {t} is not due now (a {want} is)",
                      DUE_RULE.get(s.phase, "round.deal"))


def _check_deal(s: GameState, inp: dict[str, Any]) -> Event:
    hands, rows = inp["hands"], inp["rows"]
    if inp["round"] != s.round:
        raise KorovaError("bad_deal", f"the deal is for round {inp['round']}, round "
                          f"{s.round} is being dealt", "round.deal")
    cards = [c for h in hands for c in h] + list(rows)
    if (len(hands) != s.n or any(len(h) != 10 for h in hands) or len(rows) != 4
            or len(set(cards)) != len(cards) or not all(1 <= c <= 104 for c in cards)):
        raise KorovaError("bad_deal", f"a deal is {s.n} hands of 10 cards and 4 row "
                          "cards, all distinct cards 1–104", "round.deal")
    return {"type": "deal", "round": s.round, "hands": [list(h) for h in hands],
            "rows": list(rows), "rules": ["round.deal"]}


def decide(s: GameState, inp: Any, *, seed: str | None = None) -> list[Event]:
    """The events input ``inp`` brings at ``s`` (its own event first). Raises KorovaError,
    ``s`` unchanged, with the first failing check: game_over; malformed; not_due /
    out_of_order; then the type's content checks."""
    if s.finished:
        raise KorovaError("game_over", "the game has ended", "game.end")
    t = check_form(s, inp)
    check_due(s, t)
    if t == "deal":
        return numbered(_after(s, _check_deal(s, inp), seed), s.seq)
    seat = inp["seat"]
    if t == "choose":
        if seat in s.chosen:
            raise KorovaError("already_chosen", f"seat {seat} has chosen this turn",
                              "turn.final")
        if inp["card"] not in s.hands[seat]:
            raise KorovaError("not_in_hand", f"{inp['card']} is not in seat {seat}'s hand",
                              "turn.choose")
        event: Event = {"type": "choose", "seat": seat, "card": inp["card"],
                        "rules": ["turn.choose"]}
    elif t == "take_row":
        assert s.low is not None
        if seat != s.low["seat"]:
            raise KorovaError("wrong_seat", f"seat {s.low['seat']} chooses the row",
                              "low.card")
        if not 0 <= inp["row"] <= 3:
            raise KorovaError("bad_row", "a row is 0–3", "low.card")
        event = {"type": "take_row", "seat": seat, "row": inp["row"], "rules": ["low.card"]}
    else:
        if seat != s.drafter():
            raise KorovaError("wrong_seat", f"it is seat {s.drafter()}'s pick",
                              "tactical.draft")
        assert s.draft is not None
        if inp["card"] not in s.draft["cards"]:
            raise KorovaError("not_on_table", f"{inp['card']} is not on the table",
                              "tactical.draft")
        event = {"type": "pick", "seat": seat, "card": inp["card"],
                 "rules": ["tactical.draft"]}
    return numbered(_after(s, event, seed), s.seq)


def numbered(events: list[Event], start: int) -> list[Event]:
    """``events`` with ``seq`` (first key) from ``start``."""
    return [{"seq": start + k, **{key: v for key, v in e.items() if key != "seq"}}
            for k, e in enumerate(events)]


def _after(s: GameState, event: Event, seed: str | None) -> list[Event]:
    """``event`` and its consequences, worked out on a scratch copy."""
    w = s.copy()
    out = [event]

    def emit(e: Event) -> None:
        out.append(e)
        apply(w, e)

    apply(w, event)
    t = event["type"]
    if t == "deal":
        emit({"type": "rows", "round": w.round, "rows": list(event["rows"]),
              "rules": ["round.deal"]})
        emit(turn_event(w.round, 1))
    elif t == "pick":
        assert w.draft is not None
        if w.draft["picks"] == 10 * w.n:
            emit({"type": "rows", "round": w.round, "rows": sorted(w.draft["cards"]),
                  "rules": ["tactical.rows"]})
            emit(turn_event(w.round, 1))
    elif t == "choose" and len(w.chosen) == w.n:
        cards = [w.chosen[i] for i in range(w.n)]
        order = sorted(range(w.n), key=lambda i: cards[i])
        emit({"type": "reveal", "round": w.round, "turn": w.turn, "cards": cards,
              "order": order, "rules": ["turn.reveal", "turn.order"]})
        _place_rest(w, emit, seed)
    elif t == "take_row":
        assert w.low is not None
        row, card, seat = event["row"], w.low["card"], event["seat"]
        taken = list(w.rows[row])
        emit({"type": "take", "round": w.round, "turn": w.turn, "seat": seat, "card": card,
              "row": row, "cause": "low", "cards": taken,
              "penalty": sum(heads(c) for c in taken),
              "rules": ["low.card", "card.heads", "pile"]})
        _place_rest(w, emit, seed)
    return out


def turn_event(round_no: int, turn: int) -> Event:
    """The ``turn`` event opening ``turn`` of ``round_no`` (round.turns)."""
    return {"type": "turn", "round": round_no, "turn": turn, "rules": ["round.turns"]}


def _place_rest(w: GameState, emit: Any, seed: str | None) -> None:
    """Place the turn's revealed cards not yet placed, lowest first (turn.order,
    place.row, place.append, place.sixth); stop at a low card (low.card, low.when);
    after the last, the next turn or the round's end."""
    assert w.reveal is not None
    cards, order = w.reveal["cards"], w.reveal["order"]
    for seat in order[w.placed:]:
        card = cards[seat]
        ends = [r[-1] for r in w.rows]
        below = [i for i in range(4) if ends[i] < card]
        if not below:
            emit({"type": "low_card", "round": w.round, "turn": w.turn, "seat": seat,
                  "card": card, "ends": ends, "rules": ["low.card", "low.when"]})
            return
        row = max(below, key=lambda i: ends[i])
        if len(w.rows[row]) >= 5:
            taken = list(w.rows[row])
            emit({"type": "take", "round": w.round, "turn": w.turn, "seat": seat,
                  "card": card, "row": row, "cause": "sixth", "cards": taken,
                  "penalty": sum(heads(c) for c in taken),
                  "rules": ["turn.order", "place.row", "place.sixth", "card.heads", "pile"]})
        else:
            emit({"type": "place", "round": w.round, "turn": w.turn, "seat": seat,
                  "card": card, "row": row, "length": len(w.rows[row]) + 1,
                  "rules": ["turn.order", "place.row", "place.append"]})
    if w.turn < 10:
        emit(turn_event(w.round, w.turn + 1))
        return
    scores = [a + b for a, b in zip(w.scores, w.penalties, strict=True)]
    emit({"type": "round_end", "round": w.round, "penalties": list(w.penalties),
          "scores": scores, "piles": [list(p) for p in w.piles],
          "table": [list(r) for r in w.rows], "rules": ["round.score", "card.heads"]})
    if game_over(w):
        emit({"type": "game_end", "scores": list(w.scores), "places": places(w.scores),
              "rounds": w.round, "seed": seed, "rules": ["game.end", "game.places"]})
    else:
        for e in round_events(w, w.round + 1):
            emit(e)


def game_over(w: GameState) -> bool:
    """game.end / game.places: a total at or above the threshold (and, with play_on,
    exactly one seat on the lowest total)."""
    if max(w.scores) < w.rs.threshold:
        return False
    return w.rs.lowest_tie != "play_on" or w.scores.count(min(w.scores)) == 1


def places(scores: list[int]) -> list[int]:
    """1 + the number of seats with a strictly lower total (game.places)."""
    return [1 + sum(o < x for o in scores) for x in scores]


def round_events(w: GameState, round_no: int) -> list[Event]:
    """The ``round`` event and, in the tactical variant, its ``draft``."""
    out: list[Event] = [{"type": "round", "round": round_no, "rules": ["round.next"]}]
    if w.rs.tactical:
        out.append({"type": "draft", "round": round_no,
                    "cards": list(DECK[:10 * w.n + 4]), "first": (round_no - 1) % w.n,
                    "order": w.rs.draft_order, "rules": ["tactical.deck", "tactical.draft"]})
    return out
