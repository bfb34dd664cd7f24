"""What is legal now: the seat due, the kind of input due, and each input's checks
(pass.cards, expose.cards, trick.play, trick.follow, trick.hearts, expose.hold).

Every check raises ``GongzhuError`` with the code and clause id of RECORD_FORMAT.md's
error table and never changes the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from .cards import is_card, suit
from .errors import GongzhuError
from .state import GameState, exposable

KINDS = ("deal", "pass", "expose", "play")


def due_kind(s: GameState) -> str | None:
    """The kind of input due now: ``deal`` (chance), ``pass``, ``expose``, ``play``, or
    None once the game is over."""
    if s.finished:
        return None
    if s.phase in ("deal", "pass", "expose", "play"):
        return s.phase
    return None


def unexpected(kind: str, given: str) -> GongzhuError:
    """The ``unexpected_input`` error for ``given`` when ``kind`` is due: rule
    ``pass.when`` if a pass was due or given, else ``expose.when`` if an expose was,
    else ``round.deal``."""
    if "pass" in (kind, given):
        rule = "pass.when"
    elif "expose" in (kind, given):
        rule = "expose.when"
    else:
        rule = "round.deal"
    return GongzhuError("unexpected_input", f"a {given} input is not due now: a {kind} "
                        f"is", rule)


def check_form(inp: Any) -> str:
    """The input's type, after its form is checked (an object with a known ``type``).
    Raises ``malformed``."""
    if not isinstance(inp, dict):
        raise GongzhuError("malformed", "an input must be a JSON object")
    t = inp.get("type")
    if t not in KINDS:
        raise GongzhuError("malformed", f"unknown input type {t!r} (types: "
                           f"{', '.join(KINDS)})")
    return str(t)


def check_seat(s: GameState, inp: dict[str, Any], kind: str) -> int:
    """The input's ``seat`` (an integer 0–3, else ``malformed``) and that it is the seat
    due (else ``wrong_seat``: pass.when, expose.when, trick.lead or trick.order)."""
    seat = inp.get("seat")
    if type(seat) is not int or not 0 <= seat <= 3:
        raise GongzhuError("malformed", f"seat must be an integer 0–3, not {seat!r}")
    due = s.to_move()
    if seat != due:
        rule = {"pass": "pass.when", "expose": "expose.when"}.get(kind) or (
            "trick.lead" if not s.trick_cards else "trick.order")
        raise GongzhuError("wrong_seat", f"seat {due} is due to {kind}, not seat {seat}",
                           rule)
    return seat


def card_list(inp: dict[str, Any]) -> list[str]:
    """``cards`` as a list of card codes (else ``malformed``)."""
    cards = inp.get("cards")
    if not isinstance(cards, list) or not all(is_card(c) for c in cards):
        raise GongzhuError("malformed", "cards must be a list of card codes")
    return list(cards)


def check_pass(s: GameState, seat: int, cards: Sequence[str]) -> None:
    """pass.cards: exactly three different cards of the passer's own dealt hand."""
    if len(cards) != 3 or len(set(cards)) != 3:
        raise GongzhuError("bad_pass", "a pass is exactly three different cards",
                           "pass.cards")
    for c in cards:
        if c not in s.dealt[seat]:
            raise GongzhuError("bad_pass", f"{c} is not in seat {seat}'s dealt hand",
                               "pass.cards")


def check_expose(s: GameState, seat: int, cards: Sequence[str]) -> None:
    """expose.cards: each card exposable, in the player's hand, listed once."""
    seen: set[str] = set()
    for c in cards:
        if not exposable(c, s.rs) or c not in s.hands[seat] or c in seen:
            why = ("is not exposable" if not exposable(c, s.rs) else
                   "is not in the hand" if c not in s.hands[seat] else "is listed twice")
            raise GongzhuError("bad_expose", f"{c} {why}", "expose.cards")
        seen.add(c)


def held_back(s: GameState, seat: int, card: str) -> bool:
    """expose.hold: ``card`` is exposed and may not go to the first trick of its suit
    now, because its holder has an unexposed card of that suit."""
    if not (s.rs.exposing and s.rs.expose_hold) or card not in s.exposed[seat]:
        return False
    st = suit(card)
    lead = suit(s.trick_cards[0]) if s.trick_cards else st
    if lead != st or st in s.suits_led:
        return False  # a discard on another suit, or not the suit's first trick
    return any(suit(c) == st and c != card and c not in s.exposed[seat]
               for c in s.hands[seat])


def check_play(s: GameState, seat: int, card: str) -> None:
    """A play's rule checks in order: not_in_hand (trick.play), revoke (trick.follow),
    hearts_not_broken (trick.hearts), exposed_held (expose.hold)."""
    hand = s.hands[seat]
    if card not in hand:
        raise GongzhuError("not_in_hand", f"{card} is not in seat {seat}'s hand",
                           "trick.play")
    if s.trick_cards:
        led = suit(s.trick_cards[0])
        if suit(card) != led and any(suit(c) == led for c in hand):
            raise GongzhuError("revoke", f"seat {seat} holds {led} and must follow suit",
                               "trick.follow")
    elif (s.rs.hearts_broken and not s.hearts_broken and suit(card) == "H"
          and any(suit(c) != "H" for c in hand)):
        raise GongzhuError("hearts_not_broken", "a heart may not be led before hearts "
                           "are broken while the leader holds another suit", "trick.hearts")
    if held_back(s, seat, card):
        raise GongzhuError("exposed_held", f"the exposed {card} may not be played to the "
                           f"first trick of its suit while seat {seat} has an unexposed "
                           f"{suit(card)}", "expose.hold")


def legal_cards(s: GameState, seat: int) -> list[str]:
    """The cards ``seat`` may play now, in hand order ([] if it is not its play)."""
    if s.phase != "play" or s.to_move() != seat:
        return []
    out = []
    for c in s.hands[seat]:
        try:
            check_play(s, seat, c)
        except GongzhuError:
            continue
        out.append(c)
    return out


def exposable_in_hand(s: GameState, seat: int) -> list[str]:
    """The cards of ``seat``'s hand it may expose (expose.cards)."""
    return [c for c in s.hands[seat] if exposable(c, s.rs)]


def legal_inputs(s: GameState) -> list[dict[str, Any]]:
    """Every legal input of the seat due now, in a deterministic order: plays by hand
    order; passes as every 3-card combination of the dealt hand; exposes as every subset
    of the exposable cards (none first). [] while a deal is due or the game is over."""
    kind, seat = due_kind(s), s.to_move()
    if seat is None:
        return []
    if kind == "play":
        return [{"type": "play", "seat": seat, "card": c} for c in legal_cards(s, seat)]
    if kind == "pass":
        return [{"type": "pass", "seat": seat, "cards": list(cs)}
                for cs in combinations(s.dealt[seat], 3)]
    if kind == "expose":
        cards = exposable_in_hand(s, seat)
        return [{"type": "expose", "seat": seat, "cards": list(cs)}
                for n in range(len(cards) + 1) for cs in combinations(cards, n)]
    return []
