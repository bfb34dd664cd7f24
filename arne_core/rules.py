"""Where a card may go and what it may target (RULINGS.md "White cards", "Black cards"):
pure functions of a state, used by ``decide`` (to refuse), ``choices`` (to list every
legal input) and the bots.

Each ``*_problem`` function returns None when the play is legal, else ``(code, rule,
message)`` — the error ``decide`` raises.
"""

from __future__ import annotations

from typing import Any

from .cards import colour_of, is_minus, is_score, kind
from .state import GameState

Problem = tuple[str, str, str] | None


def other_colours(s: GameState, seat: int) -> list[str]:
    """The colours of the positions other than ``seat``'s ("another seat's colour")."""
    mine = s.my_colour(seat)
    return [c for c in s.colours if c != mine]


def score_areas(s: GameState, seat: int, card: str) -> list[str]:
    """Where a score card (X2 included) may go (white.score, white.x2): the seat's own
    area for its own colour (normal), the colour's area for another seat's colour
    (misère), the dummy's area for the dummy's colour, and always the discard pile."""
    c = colour_of(card)
    out: list[str] = []
    if c is None:
        return ["discard"]
    if c == s.dummy_colour:
        out.append(c)
    elif s.rs.misere:
        if c in other_colours(s, seat):
            out.append(c)
    elif c == s.my_colour(seat):
        out.append(c)
    return [*out, "discard"]


def minus_areas(s: GameState, seat: int, card: str) -> list[str]:
    """Where a −200 of colour c may go (minus200): c's area when c is another seat's
    colour (normal) or your own (misère); the dummy's when c is the dummy's colour."""
    c = colour_of(card)
    if c is None:
        return []
    if c == s.dummy_colour:
        return [c]
    if s.rs.misere:
        return [c] if c == s.my_colour(seat) else []
    return [c] if c in other_colours(s, seat) else []


def cham_areas(s: GameState, seat: int, with_card: str) -> list[str]:
    """Where a chameleon pair may go (cham.place): a score card into your own area
    (normal) or another seat's (misère); a −200 into another seat's (normal) or your own
    (misère); either into the dummy's area."""
    own_side = is_score(with_card) != s.rs.misere
    out = [s.my_colour(seat)] if own_side else other_colours(s, seat)
    return out + ([s.dummy_colour] if s.dummy_colour else [])


def piles(s: GameState) -> list[tuple[str, dict[str, Any]]]:
    """Every pile on the table with its area, areas in ``area_colours`` order."""
    return [(c, p) for c in s.area_colours() for p in s.areas.get(c, [])]


def x3_targets(s: GameState) -> list[str]:
    """Piles an X3 may go on (x3.target, x3.once): any pile without an X3."""
    return [p["card"] for _, p in piles(s) if p["x3"] is None]


def crush_targets(s: GameState) -> list[str]:
    """Piles a crush may go on (crush): a score-card pile never crushed."""
    return [p["card"] for _, p in piles(s) if is_score(p["card"]) and p["crush"] is None]


def lock_targets(s: GameState) -> list[str]:
    """Piles a lock may go on (lock): a crushed pile without a lock, a −200 pile without
    a lock."""
    return [p["card"] for _, p in piles(s) if p["lock"] is None
            and (p["crush"] is not None or is_minus(p["card"]))]


def thief_targets(s: GameState, seat: int) -> list[str]:
    """What a thief may take (thief.discard, thief.combo): ``discard`` when the pile is
    not empty; any chameleon pile outside the seat's own area."""
    mine = s.my_colour(seat)
    out = ["discard"] if s.discard else []
    return out + [p["card"] for c, p in piles(s) if c != mine and p["chameleon"] is not None]


def white_playable(s: GameState, card: str) -> bool:
    """Whether a white card can be played now (turn.white): an X3 only while some pile
    has no X3; every other white card always."""
    return kind(card) != "X3" or bool(x3_targets(s))


def playable_whites(s: GameState, seat: int) -> list[str]:
    """The white cards of ``seat``'s hand it can play now, in deck order."""
    from .cards import is_white

    return s.sort([c for c in s.hands[seat] if is_white(c) and white_playable(s, c)])


def white_uses(s: GameState, seat: int, card: str) -> list[dict[str, Any]]:
    """The extra fields of every legal ``white`` of ``card`` by ``seat`` (turn.white)."""
    k = kind(card)
    others = [t for t in range(s.n) if t != seat]
    if is_score(card):
        return [{"area": a} for a in score_areas(s, seat, card)]
    if k == "X3":
        return [{"target": t} for t in x3_targets(s)]
    if k in ("GRAB", "PLUS2K", "SWAP"):
        return [{"target": t} for t in others]
    if k == "PLUS2C":
        return [{"target": t, "colour": c} for t in others for c in s.area_colours()]
    return [{}]


def black_uses(s: GameState, seat: int, card: str, *,
               final: bool = False) -> list[dict[str, Any]]:
    """The extra fields of every legal ``black`` of ``card`` by ``seat`` ([] = no legal
    use: black.any_time). ``final``: in a final turn (a chameleon pair refused under
    ``final_chameleon`` = ``forbidden``: end.final_no_white)."""
    k = kind(card)
    if is_minus(card):
        return [{"area": a} for a in minus_areas(s, seat, card)]
    if k == "CHAM":
        if final and s.rs.final_chameleon == "forbidden":
            return []
        withs = s.sort([c for c in s.hands[seat] if is_score(c) or is_minus(c)])
        return [{"with": w, "area": a} for w in withs for a in cham_areas(s, seat, w)]
    if k == "THIEF":
        return [{"target": t} for t in thief_targets(s, seat)]
    if k == "CRUSH":
        return [{"target": t} for t in crush_targets(s)]
    if k == "LOCK":
        return [{"target": t} for t in lock_targets(s)]
    return [{}]  # STOP, REV


def target_problem(s: GameState, seat: int, card: str, target: Any) -> Problem:
    """Why ``target`` is not a legal target of ``card`` (X3, crush, lock, thief), or None."""
    k = kind(card)
    pile = s.pile(target) if isinstance(target, str) else None
    if k == "X3":
        if pile is None:
            return ("illegal_target", "x3.target", "an X3 goes on a pile on the table")
        if pile["x3"] is not None:
            return ("illegal_target", "x3.once", f"{target} already carries an X3")
        return None
    if k == "CRUSH":
        if pile is None or not is_score(pile["card"]):
            return ("illegal_target", "crush", "a crush goes on a score-card pile "
                    "(never on a −200 or an X3)")
        if pile["crush"] is not None:
            return ("illegal_target", "crush", f"{target} has been crushed already")
        return None
    if k == "LOCK":
        if pile is None or (pile["crush"] is None and not is_minus(pile["card"])):
            return ("illegal_target", "lock", "a lock goes on a crushed pile or a −200 "
                    "(only an effect already in place can be cancelled)")
        if pile["lock"] is not None:
            return ("illegal_target", "lock", f"{target} has a lock already")
        return None
    # THIEF
    if target == "discard":
        if not s.discard:
            return ("illegal_target", "thief.discard", "the discard pile is empty")
        return None
    if pile is None or pile["chameleon"] is None:
        return ("illegal_target", "thief.combo", "a thief takes the discard pile's top "
                "card or a chameleon pile")
    if s.pile_area[target] == s.my_colour(seat):
        return ("illegal_target", "thief.combo", "a thief takes a chameleon pile from any "
                "area but your own")
    return None
