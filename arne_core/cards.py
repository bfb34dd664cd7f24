"""The cards of Arne Total (RULINGS.md "Cards and decks"): codes ``KIND.n``, their
kinds, colours and faces, and the deck in use (deck.codes, deck.colour_set,
deck.neutral, deck.group, deck.first_game, dummy.colour).
"""

from __future__ import annotations

from functools import cache, lru_cache

COLOURS = "RBYGOP"
STAR_COLOURS = "RB"
PLAIN_COLOURS = "YGOP"
FACES = ("50", "100", "200", "500", "1000", "X2", "-200")
#: the neutral kinds in the order of the deck.codes table
NEUTRAL_KINDS = ("X3", "GRAB", "PLUS2C", "PLUS2K", "DRAW3", "HANDS", "SWAP",
                 "CHAM", "THIEF", "CRUSH", "LOCK", "STOP", "REV")
WHITE_ACTIONS = frozenset({"X3", "GRAB", "PLUS2C", "PLUS2K", "DRAW3", "HANDS", "SWAP"})
BLACK_NEUTRAL = frozenset({"CHAM", "THIEF", "CRUSH", "LOCK", "STOP", "REV"})
#: copies per centre symbol: (star only, star + "1", no symbol, "1" only) — deck.neutral
SYMBOLS: dict[str, tuple[int, int, int, int]] = {
    "STOP": (0, 2, 2, 2), "CRUSH": (0, 2, 3, 2), "REV": (0, 1, 4, 1),
    "CHAM": (0, 2, 2, 2), "THIEF": (0, 3, 4, 2), "SWAP": (0, 1, 0, 1),
    "LOCK": (0, 2, 3, 2), "DRAW3": (0, 2, 2, 2), "GRAB": (2, 0, 4, 0),
    "X3": (2, 0, 4, 0), "PLUS2K": (0, 1, 1, 0), "PLUS2C": (2, 0, 4, 0),
    "HANDS": (0, 1, 0, 1),
}
#: copies of each face per colour: full deck, first game (star colours), first game (plain)
COLOUR_SET = {"50": 2, "100": 3, "200": 2, "500": 1, "1000": 1, "X2": 1, "-200": 1}
FIRST_STAR = {"50": 1, "100": 2, "200": 2, "500": 1, "1000": 1, "X2": 0, "-200": 1}
FIRST_PLAIN = {"50": 1, "100": 1, "200": 2, "500": 1, "1000": 1, "X2": 0, "-200": 1}
VALUES = {"50": 50, "100": 100, "200": 200, "500": 500, "1000": 1000, "X2": 0, "-200": -200}


@cache
def kind(code: str) -> str:
    """The card's kind: its code without the copy number (``R50.2`` → ``R50``)."""
    return code.rsplit(".", 1)[0]


@cache
def colour_of(code: str) -> str | None:
    """The colour letter of a colour card (``G-200.1`` → ``G``), None for a neutral card."""
    k = kind(code)
    return k[0] if k[:1] in COLOURS and k[1:] in FACES else None


@cache
def face(code: str) -> str | None:
    """A colour card's face (``50`` … ``1000``, ``X2``, ``-200``), None for a neutral card."""
    return kind(code)[1:] if colour_of(code) else None


@cache
def is_score(code: str) -> bool:
    """A white score card: ``c50`` … ``c1000`` or ``cX2``."""
    f = face(code)
    return f is not None and f != "-200"


@cache
def is_minus(code: str) -> bool:
    """A −200 (black, acts on its colour: minus200)."""
    return face(code) == "-200"


@cache
def is_x2(code: str) -> bool:
    """An X2 score card (white.x2)."""
    return face(code) == "X2"


@cache
def is_white(code: str) -> bool:
    """Score cards and the white actions (X3, Grab, Plus Two ×2, Draw Three, Pass Hands,
    Swap Seats)."""
    return is_score(code) or kind(code) in WHITE_ACTIONS


@cache
def is_black(code: str) -> bool:
    """−200s and the black neutral cards (chameleon, thief, crush, lock, STOP, REVERSE)."""
    return is_minus(code) or kind(code) in BLACK_NEUTRAL


@cache
def value(code: str) -> int:
    """A colour card's face value (X2 → 0, −200 → −200); 0 for a neutral card."""
    f = face(code)
    return VALUES[f] if f else 0


def group_colours(n: int) -> str:
    """The colours in the deck for ``n`` seats (deck.group): R B; Y G O P; all six."""
    return STAR_COLOURS if n == 2 else PLAIN_COLOURS if n <= 4 else COLOURS


def _neutral_columns(n: int, first_game: bool) -> tuple[int, ...]:
    # column indices: 0 star only, 1 star + "1", 2 no symbol, 3 "1" only
    if n == 2:
        return (1,) if first_game else (0, 1)
    if n <= 4:
        return (3,) if first_game else (2, 3)
    return (1, 3) if first_game else (0, 1, 2, 3)


@lru_cache(maxsize=64)
def _deck(n: int, first_game: bool, dummy_colour: str | None) -> tuple[str, ...]:
    colours = set(group_colours(n)) | ({dummy_colour} if dummy_colour else set())
    out: list[str] = []
    for c in COLOURS:
        if c not in colours:
            continue
        table = COLOUR_SET if not first_game else (
            FIRST_STAR if c in STAR_COLOURS else FIRST_PLAIN)
        for f in FACES:
            out.extend(f"{c}{f}.{i}" for i in range(1, table[f] + 1))
    cols = _neutral_columns(n, first_game)
    for k in NEUTRAL_KINDS:
        copies = sum(SYMBOLS[k][c] for c in cols)
        out.extend(f"{k}.{i}" for i in range(1, copies + 1))
    return tuple(out)


def deck_codes(n: int, first_game: bool = False, dummy_colour: str | None = None) -> list[str]:
    """Every card code of the deck for ``n`` seats (2–6) in the ``game`` event's order:
    colour cards by colour R B Y G O P and face, then the neutral cards in the deck.codes
    table's order, copies in order (deck.group, deck.first_game, dummy.colour: the dummy's
    set is added when the group lacks its colour)."""
    return list(_deck(n, first_game, dummy_colour))
