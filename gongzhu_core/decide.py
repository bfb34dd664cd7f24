"""``decide``: one input checked against the state and turned into its event and every
consequence (exchange, trick, round_end, the next round or game_end) — RECORD_FORMAT.md's
canonical order."""

from __future__ import annotations

from typing import Any

from .cards import DECK, SCORING, is_card, rank, suit
from .errors import GongzhuError
from .rules import (
    card_list,
    check_expose,
    check_form,
    check_pass,
    check_play,
    check_seat,
    due_kind,
    unexpected,
)
from .scoring import score_round
from .state import OFFSET, GameState, apply

Event = dict[str, Any]
RULES_VERSION = "gongzhu-rulings/1"


def pass_direction(rs: Any, round_no: int) -> str | None:
    """The round's passing direction (pass.direction), None without passing."""
    if not rs.passing:
        return None
    if rs.pass_to == "alternate":
        return "left" if round_no % 2 == 1 else "right"
    if rs.pass_to == "cycle":
        return ("left", "right", "across", None)[(round_no - 1) % 4]
    return str(rs.pass_to)


def round_event(rs: Any, round_no: int, first_dealer: int) -> Event:
    """The ``round`` event opening round ``round_no`` (round.dealer, pass.direction)."""
    rules = ["round.dealer"] + (["pass.direction"] if rs.passing else [])
    return {"type": "round", "round": round_no, "dealer": (first_dealer + round_no - 1) % 4,
            "pass_to": pass_direction(rs, round_no), "rules": rules}


def places(totals: list[int]) -> list[int]:
    """game.places: 1 + the number of seats with a strictly higher total."""
    return [1 + sum(o > t for o in totals) for t in totals]


def _check_deal(s: GameState, inp: dict[str, Any]) -> Event:
    rnd, hands = inp.get("round"), inp.get("hands")
    if (type(rnd) is not int or not isinstance(hands, list) or len(hands) != 4
            or not all(isinstance(h, list) and all(is_card(c) for c in h) for h in hands)):
        raise GongzhuError("malformed", "a deal needs an integer round and four lists of "
                           "card codes")
    if rnd != s.round:
        raise GongzhuError("bad_deal", f"the deal is for round {rnd}, but round {s.round} "
                           "is being dealt", "round.deal")
    if any(len(h) != 13 for h in hands) or sorted(c for h in hands for c in h) != sorted(DECK):
        raise GongzhuError("bad_deal", "a deal is 13 cards to each seat, all 52 cards once",
                           "round.deal")
    return {"type": "deal", "round": rnd, "hands": [list(h) for h in hands], "rules": []}


def _trick_event(s: GameState) -> Event:
    assert s.leader is not None
    cards = list(s.trick_cards)
    led = suit(cards[0])
    best = max((k for k in range(4) if suit(cards[k]) == led), key=lambda k: rank(cards[k]))
    rules = ["trick.winner", "trick.taken"] + (["trick.lead"] if s.tricks_played == 0 else [])
    return {"type": "trick", "round": s.round, "trick": s.tricks_played + 1,
            "leader": s.leader, "winner": (s.leader + best) % 4, "cards": cards,
            "lead_suit": led, "scoring": [c for c in cards if c in SCORING], "rules": rules}


def _round_end(s: GameState) -> Event:
    score = score_round(s.taken, s.exposed if s.rs.exposing else [[]] * 4, s.rs)
    totals = [t + p for t, p in zip(s.totals, score.points, strict=True)]
    return {"type": "round_end", "round": s.round, "taken": [list(t) for t in s.taken],
            "exposed": [list(x) for x in s.exposed], "points": score.points,
            "totals": totals, "moon": score.moon, "sweep": score.sweep,
            "rules": score.rules}


def game_over(s: GameState) -> bool:
    """game.end / game.tie, read after a round_end: a total at or below the end score
    (and, with top_tie = play_on, exactly one seat on the highest total)."""
    if not any(t <= s.rs.end_score for t in s.totals):
        return False
    if s.rs.top_tie == "play_on":
        return s.totals.count(max(s.totals)) == 1
    return True


def _after_round(s: GameState, seed: str | None) -> Event:
    if game_over(s):
        rules = ["game.end", "game.places"] + (["game.tie"] if s.played_on else [])
        return {"type": "game_end", "rounds": s.round, "scores": list(s.totals),
                "places": places(s.totals), "history": [list(h) for h in s.history],
                "seed": seed, "rules": rules}
    return round_event(s.rs, s.round + 1, s.first_dealer)


def decide(s: GameState, inp: Any, *, seed: str | None = None) -> list[Event]:
    """The events input ``inp`` brings at state ``s``: the input's own event (its listed
    fields only) and every consequence. ``seed``: revealed in ``game_end``. Raises
    GongzhuError (``s`` unchanged) with the first failing check, in RECORD_FORMAT.md's
    order: extra_input after the end, form (malformed), kind (unexpected_input), seat
    (malformed, wrong_seat), cards (malformed), then the type's rule checks."""
    if s.finished:  # as the adjudicator: after the end any further input is extra
        raise GongzhuError("extra_input", "the game has ended", "game.end")
    t = check_form(inp)
    kind = due_kind(s)
    if kind is None:
        raise GongzhuError("unexpected_input", "no input is due now", "round.deal")
    if t != kind:
        raise unexpected(kind, t)
    if t == "deal":
        return numbered([_check_deal(s, inp)], s.seq)
    seat = check_seat(s, inp, t)
    if t == "play":
        card = inp.get("card")
        if not is_card(card):
            raise GongzhuError("malformed", f"card must be a card code, not {card!r}")
        check_play(s, seat, card)
        event: Event = {"type": "play", "seat": seat, "card": card, "rules": []}
    else:
        cards = card_list(inp)
        if t == "pass":
            check_pass(s, seat, cards)
        else:
            check_expose(s, seat, cards)
        event = {"type": t, "seat": seat, "cards": cards, "rules": []}
    return numbered(consequences(s, event, seed), s.seq)


def numbered(events: list[Event], start: int) -> list[Event]:
    """``events`` with ``seq`` (first key) numbered from ``start``."""
    return [{"seq": start + k, **{key: v for key, v in e.items() if key != "seq"}}
            for k, e in enumerate(events)]


def consequences(s: GameState, event: Event, seed: str | None) -> list[Event]:
    """``event`` (a legal input) and the consequences it brings, in canonical order."""
    out = [event]
    completes = ((event["type"] == "pass" and sum(p is None for p in s.passes) == 1)
                 or (event["type"] == "play" and len(s.trick_cards) == 3))
    if not completes:
        return out  # nothing follows: no scratch copy needed
    w = s.copy()
    apply(w, event)
    if event["type"] == "pass" and all(p is not None for p in w.passes):
        assert w.pass_to is not None
        off = OFFSET[w.pass_to]
        received = [list(w.passes[(seat - off) % 4] or []) for seat in range(4)]
        ex = {"type": "exchange", "round": w.round, "direction": w.pass_to,
              "received": received, "rules": ["pass.exchange"]}
        out.append(ex)
    elif event["type"] == "play" and len(w.trick_cards) == 4:
        trick = _trick_event(w)
        out.append(trick)
        apply(w, trick)
        if w.tricks_played == 13:
            end = _round_end(w)
            out.append(end)
            apply(w, end)
            out.append(_after_round(w, seed))
    return out
