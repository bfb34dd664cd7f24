"""The test side's own model of Arne Total's cards, placements and scoring, written from
RULINGS.md alone (never from ``arne_core``): the deck per number of seats (``deck.*``),
what a card code is, where a card may go (``white.score``, ``minus200``, ``cham.place``)
and the score of a pile, an area and a seat (``score.*``).

A pile is a dict ``{"card", "chameleon", "x3", "crush", "lock"}`` (codes or None), as in
``game_end.areas``.
"""

from __future__ import annotations

from typing import Any

COLOURS = "RBYGOP"
STAR_COLOURS = "RB"
PLAIN_COLOURS = "YGOP"
FACES = ("50", "100", "200", "500", "1000", "X2", "-200")
SCORE_FACES = {"50": 50, "100": 100, "200": 200, "500": 500, "1000": 1000}

# deck.colour_set and deck.first_game: copies of each face in one colour.
FULL_SET = {"50": 2, "100": 3, "200": 2, "500": 1, "1000": 1, "X2": 1, "-200": 1}
FIRST_STAR = {"50": 1, "100": 2, "200": 2, "500": 1, "1000": 1, "X2": 0, "-200": 1}
FIRST_PLAIN = {"50": 1, "100": 1, "200": 2, "500": 1, "1000": 1, "X2": 0, "-200": 1}

# deck.neutral: the appendix's columns star only, star + "1", no symbol, "1" only — in
# the order of the deck.codes table (the game event's order).
NEUTRAL = (
    ("X3", (2, 0, 4, 0)), ("GRAB", (2, 0, 4, 0)), ("PLUS2C", (2, 0, 4, 0)),
    ("PLUS2K", (0, 1, 1, 0)), ("DRAW3", (0, 2, 2, 2)), ("HANDS", (0, 1, 0, 1)),
    ("SWAP", (0, 1, 0, 1)), ("CHAM", (0, 2, 2, 2)), ("THIEF", (0, 3, 4, 2)),
    ("CRUSH", (0, 2, 3, 2)), ("LOCK", (0, 2, 3, 2)), ("STOP", (0, 2, 2, 2)),
    ("REV", (0, 1, 4, 1)),
)
NEUTRAL_KINDS = tuple(k for k, _ in NEUTRAL)
WHITE_ACTIONS = ("X3", "GRAB", "PLUS2C", "PLUS2K", "DRAW3", "HANDS", "SWAP")
BLACK_NEUTRAL = ("CHAM", "THIEF", "CRUSH", "LOCK", "STOP", "REV")
STAR, STAR_ONE, NO_SYMBOL, ONE = range(4)


def group(n: int) -> str:
    """deck.group: the colours in the deck of ``n`` seats."""
    return STAR_COLOURS if n == 2 else PLAIN_COLOURS if n in (3, 4) else COLOURS


def neutral_columns(n: int, first_game: bool) -> tuple[int, ...]:
    """deck.group / deck.first_game: which symbol columns of the appendix are dealt."""
    if n == 2:
        return (STAR_ONE,) if first_game else (STAR, STAR_ONE)
    if n in (3, 4):
        return (ONE,) if first_game else (NO_SYMBOL, ONE)
    return (STAR_ONE, ONE) if first_game else (STAR, STAR_ONE, NO_SYMBOL, ONE)


def colour_set(colour: str, first_game: bool) -> dict[str, int]:
    if not first_game:
        return FULL_SET
    return FIRST_STAR if colour in STAR_COLOURS else FIRST_PLAIN


def deck_codes(n: int, first_game: bool = False, dummy_colour: str | None = None) -> list[str]:
    """Every card code of the deck, in the ``game`` event's order: colour cards by colour
    (R B Y G O P) and face, then the neutral cards in table order; copies numbered from 1.
    The dummy's colour set is added when the group lacks it (dummy.colour)."""
    colours = set(group(n)) | ({dummy_colour} if dummy_colour else set())
    out = []
    for c in COLOURS:
        if c in colours:
            for face in FACES:
                out += [f"{c}{face}.{i}" for i in range(1, colour_set(c, first_game)[face] + 1)]
    cols = neutral_columns(n, first_game)
    for kind_, counts in NEUTRAL:
        out += [f"{kind_}.{i}" for i in range(1, sum(counts[c] for c in cols) + 1)]
    return out


def kind(code: str) -> str:
    """The code without its copy number: ``R50.2`` -> ``R50``."""
    return code.rsplit(".", 1)[0]


def colour_of(code: str) -> str | None:
    """The colour letter of a colour card, None for a neutral card."""
    k = kind(code)
    return None if k in NEUTRAL_KINDS else k[0]


def face(code: str) -> str | None:
    k = kind(code)
    return None if k in NEUTRAL_KINDS else k[1:]


def is_score(code: str) -> bool:
    """A white score card: c50 … c1000 or cX2."""
    return face(code) in (*SCORE_FACES, "X2")


def is_minus(code: str) -> bool:
    return face(code) == "-200"


def is_white(code: str) -> bool:
    return is_score(code) or kind(code) in WHITE_ACTIONS


def is_black(code: str) -> bool:
    return is_minus(code) or kind(code) in BLACK_NEUTRAL


def pile(card: str, chameleon: str | None = None) -> dict[str, Any]:
    return {"card": card, "chameleon": chameleon, "x3": None, "crush": None, "lock": None}


# ---------------------------------------------------------------------- placements
def score_areas(mode: str, mine: str, seat_colours: set[str], dummy: str | None,
                card: str) -> set[str]:
    """white.score / white.x2: the areas (and "discard") a score card may go to."""
    c = colour_of(card)
    out = {"discard"}
    if mode == "normal" and c == mine:
        out.add(c)
    if mode == "misere" and c in seat_colours and c != mine:
        out.add(c)
    if dummy is not None and c == dummy:
        out.add(c)
    return out


def minus_areas(mode: str, mine: str, seat_colours: set[str], dummy: str | None,
                card: str) -> set[str]:
    """minus200: the areas a −200 may go to (no discard: a black card needs a use)."""
    c = colour_of(card)
    out = set()
    if mode == "normal" and c in seat_colours and c != mine:
        out.add(c)
    if mode == "misere" and c == mine:
        out.add(c)
    if dummy is not None and c == dummy:
        out.add(c)
    return out


def cham_areas(mode: str, mine: str, seat_colours: set[str], dummy: str | None,
               with_card: str) -> set[str]:
    """cham.place: the areas a chameleon pair may go to."""
    others = seat_colours - {mine}
    own_side = is_score(with_card) == (mode == "normal")
    out = {mine} if own_side else set(others)
    if dummy is not None:
        out.add(dummy)
    return out


# ---------------------------------------------------------------------- scoring
def pile_live(p: dict[str, Any]) -> bool:
    """score.pile: a score-card pile is live unless crushed and not locked; a −200 pile
    unless locked."""
    if is_minus(p["card"]):
        return p["lock"] is None
    return p["crush"] is None or p["lock"] is not None


def area_total(piles: list[dict[str, Any]]) -> int:
    """score.area: (live score cards, tripled ×3) × (live X2 multipliers: 2, or 6 with an
    X3) + (live −200s, tripled ×3)."""
    score, mult, minus = 0, 1, 0
    for p in piles:
        if not pile_live(p):
            continue
        triple = 3 if p["x3"] else 1
        f = face(p["card"])
        if f == "X2":
            mult *= 2 * triple
        elif f == "-200":
            minus += -200 * triple
        else:
            assert f is not None
            score += SCORE_FACES[f] * triple
    return score * mult + minus


def places(scores: list[int], misere: bool) -> list[int]:
    """score.places: 1 + the number of strictly better scores (ties share a place)."""
    if misere:
        return [1 + sum(o < s for o in scores) for s in scores]
    return [1 + sum(o > s for o in scores) for s in scores]
