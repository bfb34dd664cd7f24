"""An independent model of an Arne Total game driven by its events alone — where every
card is and who may know it — for the property and leak tests. Written from
RECORD_FORMAT.md ("The adjudicated log", "Visibility") and RULINGS.md, without the
engine's state, redaction or views.

Locations: ``("deck",)``, ``("hand", seat)``, ``("discard",)``, ``("pile", base, slot,
area)`` (slot: ``card``, ``chameleon``, ``x3``, ``crush``, ``lock``) and ``("play",)`` — a card
between the input that played it and the consequence that puts it down (empty at every
input boundary).

Knowledge (Visibility): a seat knows every card that has ever been in its hand (dealt,
drawn, grabbed, given face down, passed to it, taken by its thief — and so also the hand
it passed on and a card grabbed from it); everybody knows every card that has been face
up (played, placed, discarded, stolen from the discard pile, given to an area — from the
``give`` on, which names them face up). A card
is *hidden* from a viewer while it lies in the deck or in another seat's hand and the
viewer has never known it. After ``game_end`` nothing is hidden.
"""

from __future__ import annotations

import re
from typing import Any

Event = dict[str, Any]

COLOUR_CARD = re.compile(r"^([RBYGOP])(50|100|200|500|1000|X2|-200)\.([1-9][0-9]*)$")
NEUTRAL = ("X3", "GRAB", "PLUS2C", "PLUS2K", "DRAW3", "HANDS", "SWAP", "CHAM", "THIEF",
           "CRUSH", "LOCK", "STOP", "REV")
NEUTRAL_CARD = re.compile(r"^(" + "|".join(NEUTRAL) + r")\.([1-9][0-9]*)$")
#: a card code anywhere inside a string (explanations quote codes in their sentences)
CODE_IN_TEXT = re.compile(r"(?<![A-Za-z0-9_.\-])(?:[RBYGOP](?:50|100|200|500|1000|X2|-200)|"
                          + "|".join(NEUTRAL) + r")\.[1-9][0-9]*(?![0-9])")
BLACK_NEUTRAL = ("CHAM", "THIEF", "CRUSH", "LOCK", "STOP", "REV")
SLOTS = ("card", "chameleon", "x3", "crush", "lock")


def colour(code: str) -> str | None:
    """The colour letter of a colour card, None for a neutral card."""
    m = COLOUR_CARD.match(code)
    return m.group(1) if m else None


def face(code: str) -> str | None:
    """``50`` … ``1000``, ``X2``, ``-200`` for a colour card, else None."""
    m = COLOUR_CARD.match(code)
    return m.group(2) if m else None


def is_code(x: Any) -> bool:
    return isinstance(x, str) and bool(COLOUR_CARD.match(x) or NEUTRAL_CARD.match(x))


def codes_in(obj: Any, *, skip_game_deck: bool = True) -> set[str]:
    """Every card code in a JSON value: strings (also codes quoted inside sentences) and
    object keys. The ``game`` event's ``deck`` (the list of every code of the deck in
    use, public by RECORD_FORMAT.md) is left out when ``skip_game_deck``."""
    found: set[str] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for k, v in item.items():
                if isinstance(k, str):
                    found.update(CODE_IN_TEXT.findall(k))
                if skip_game_deck and k == "deck" and item.get("type") == "game":
                    continue
                stack.append(v)
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, str):
            found.update(CODE_IN_TEXT.findall(item))
    return found


class Table:
    """The game as its events tell it (see the module docstring). ``apply`` asserts that
    every move an event implies is possible (the card is where the event says)."""

    def __init__(self) -> None:
        self.n = 0
        self.loc: dict[str, tuple[Any, ...]] = {}
        self.hands: list[list[str]] = []
        self.discard: list[str] = []
        self.areas: dict[str, list[dict[str, Any]]] = {}
        self.in_play: list[str] = []
        self.known: list[set[str]] = []
        self.public: set[str] = set()
        self.seat_pos: list[int] = []
        self.pos_seat: list[int] = []
        self.dummy_control: int | None = None
        self.passed: list[list[str]] | None = None
        self.plus2: str | None = None  # the kind of the last Plus Two played
        self.plus2_input: Event = {}
        self.finished = False
        self.game: Event = {}

    # -- moves ---------------------------------------------------------------------------
    def _take(self, code: str, where: tuple[Any, ...]) -> None:
        assert self.loc.get(code) == where, f"{code} is at {self.loc.get(code)}, not {where}"
        if where[0] == "hand":
            self.hands[where[1]].remove(code)
        elif where[0] == "play":
            self.in_play.remove(code)
        elif where[0] == "deck":
            pass
        else:
            raise AssertionError(f"cannot take {code} from {where}")

    def _to_hand(self, code: str, seat: int) -> None:
        self.hands[seat].append(code)
        self.loc[code] = ("hand", seat)
        self.known[seat].add(code)

    def _to_play(self, code: str) -> None:
        self.in_play.append(code)
        self.loc[code] = ("play",)
        self.public.add(code)

    def pile(self, base: str) -> dict[str, Any]:
        where = self.loc.get(base)
        assert where is not None and where[:1] == ("pile",) and where[2] == "card", (
            f"{base} is not the base card of a pile ({where})")
        area = where[3]
        return next(p for p in self.areas[area] if p["card"] == base)

    def _lay(self, code: str, base: str, slot: str) -> None:
        pile = self.pile(base)
        assert pile[slot] is None, f"{base} already has a {slot}"
        self._take(code, ("play",))
        pile[slot] = code
        self.loc[code] = ("pile", base, slot, self.loc[base][3])

    def _relocate(self, pile: dict[str, Any], area: str) -> None:
        for slot in SLOTS:
            if pile[slot] is not None:
                self.loc[pile[slot]] = ("pile", pile["card"], slot, area)

    # -- events ----------------------------------------------------------------------------
    def apply(self, e: Event) -> None:  # noqa: C901 - one branch per event type
        t = e["type"]
        if t == "game":
            self.game = e
            self.n = n = len(e["seats"])
            self.hands = [[] for _ in range(n)]
            self.known = [set() for _ in range(n)]
            self.seat_pos, self.pos_seat = list(range(n)), list(range(n))
            colours = list(e["colours"]) + ([e["dummy_colour"]] if e["dummy_colour"] else [])
            self.areas = {c: [] for c in colours}
            assert len(set(e["deck"])) == len(e["deck"]), "a code twice in the deck"
            self.loc = {c: ("deck",) for c in e["deck"]}
        elif t == "deal":
            for seat, hand in enumerate(e["hands"]):
                for c in hand:
                    self._take(c, ("deck",))
                    self._to_hand(c, seat)
        elif t == "draw":
            for c in e["cards"]:
                self._take(c, ("deck",))
                self._to_hand(c, e["seat"])
        elif t in ("white", "black"):
            if t == "white" and e["card"].startswith("PLUS2"):
                self.plus2, self.plus2_input = e["card"].split(".")[0], e
            for c in [e["card"]] + ([e["with"]] if t == "black" and "with" in e else []):
                self._take(c, ("hand", e["seat"]))
                self._to_play(c)
        elif t == "placed":
            self._take(e["card"], ("play",))
            if e["chameleon"] is not None:
                self._take(e["chameleon"], ("play",))
            pile = {"card": e["card"], "chameleon": e["chameleon"], "x3": None,
                    "crush": None, "lock": None}
            self.areas[e["area"]].append(pile)
            self._relocate(pile, e["area"])
        elif t == "discarded":
            for c in e["cards"]:
                self._take(c, ("play",))
                self.discard.append(c)
                self.loc[c] = ("discard",)
        elif t in ("tripled", "crushed", "locked"):
            slot = {"tripled": "x3", "crushed": "crush", "locked": "lock"}[t]
            assert self.loc[e["target"]][3] == e["area"], "the event names another area"
            self._lay(e["card"], e["target"], slot)
        elif t == "stolen":
            self._stolen(e)
        elif t == "random_card":
            assert self.loc.get(e["card"]) == ("hand", e["seat"]), "not in the target's hand"
            if e.get("to_seat") is not None:  # the Grab's player: one of the two seats
                self.known[e["to_seat"]].add(e["card"])
        elif t == "grabbed":
            if e["card"] is not None:
                self._take(e["card"], ("hand", e["source"]))
                self._to_hand(e["card"], e["seat"])
        elif t == "give":
            assert all(self.loc.get(c) == ("hand", e["seat"]) for c in e["cards"])
            if self.plus2 == "PLUS2C":  # score cards are given face up (Visibility)
                self.public.update(e["cards"])
            elif e.get("to_seat") is not None:  # black cards: the two seats concerned
                self.known[e["to_seat"]].update(e["cards"])
        elif t == "gave":
            for c in e["cards"]:
                self._take(c, ("hand", e["seat"]))
                if e["to_seat"] is not None:
                    self._to_hand(c, e["to_seat"])
                else:
                    self._to_play(c)
        elif t == "hands_passed":
            self._hands_passed(e)
        elif t == "swapped":
            (a, b), (pa, pb) = e["seats"], e["positions"]
            assert (pa, pb) == (self.seat_pos[b], self.seat_pos[a]), "swap: positions"
            self.seat_pos[a], self.seat_pos[b] = pa, pb
            self.pos_seat[pa], self.pos_seat[pb] = a, b
        elif t == "dummy_control":
            assert e["position"] == self.seat_pos[e["seat"]]
            self.dummy_control = e["position"]
        elif t == "hands_discarded":
            for seat, hand in enumerate(e["hands"]):
                assert sorted(hand) == sorted(self.hands[seat]), f"seat {seat}'s hand"
                for c in hand:
                    self._take(c, ("hand", seat))
                    self._to_play(c)
                    self._take(c, ("play",))
                    self.discard.append(c)
                    self.loc[c] = ("discard",)
        elif t == "game_end":
            self.finished = True

    def _stolen(self, e: Event) -> None:
        seat = e["seat"]
        if e["source"] == "discard":
            assert self.discard and self.discard[-1] == e["card"], "not the top card"
            self.discard.pop()
            self._to_hand(e["card"], seat)
            return
        pile = self.pile(e["card"])
        assert self.loc[e["card"]][3] == e["source"] != e["area"]
        assert pile["chameleon"] is not None, "a thief takes a chameleon pile"
        assert e["area"] == self.colour_of_seat(seat), "the pile goes to the thief's area"
        self.areas[e["source"]].remove(pile)
        self.areas[e["area"]].append(pile)
        if colour(pile["card"]) == e["area"]:  # thief.own
            cham = pile["chameleon"]
            pile["chameleon"] = None
            self.in_play.append(cham)
            self.loc[cham] = ("play",)
        self._relocate(pile, e["area"])

    def _hands_passed(self, e: Event) -> None:
        d, n = e["direction"], self.n
        new: list[list[str]] = [[] for _ in range(n)]
        for seat in range(n):
            to = self.pos_seat[(self.seat_pos[seat] + d) % n]
            new[to] = self.hands[seat]
        self.passed = [list(h) for h in self.hands]
        self.hands = new
        for seat, hand in enumerate(new):
            for c in hand:
                self.loc[c] = ("hand", seat)
                self.known[seat].add(c)
        assert e["counts"] == [len(h) for h in new], "hands_passed counts"

    # -- reading ---------------------------------------------------------------------------
    def colour_of_seat(self, seat: int) -> str:
        return str(self.game["colours"][self.seat_pos[seat]])

    def demanded(self) -> list[str]:
        """The cards the last Plus Two demands from its target's hand (plus2.colour: score
        cards of the colour named, X2 included; plus2.black: black cards)."""
        e = self.plus2_input
        hand = self.hands[e["target"]]
        if self.plus2 == "PLUS2C":
            return [c for c in hand if colour(c) == e["colour"] and face(c) != "-200"]
        return [c for c in hand if face(c) == "-200" or c.split(".")[0] in BLACK_NEUTRAL]

    def deck(self) -> set[str]:
        return {c for c, where in self.loc.items() if where == ("deck",)}

    def hidden_from(self, viewer: int | None) -> set[str]:
        """The cards ``viewer`` (a seat, None: a spectator) may not know now."""
        if self.finished:
            return set()
        out = set()
        for c, where in self.loc.items():
            if where == ("deck",) or (where[0] == "hand" and where[1] != viewer):
                out.add(c)
        out -= self.public
        if viewer is not None:
            out -= self.known[viewer]
        return out

    def boundary(self) -> None:
        """At an input boundary nothing is between a play and its consequence, and every
        card of the game's deck is in exactly one place."""
        assert not self.in_play, f"cards played but never put down: {self.in_play}"
        placed = [c for h in self.hands for c in h] + list(self.discard) + sorted(self.deck())
        placed += [p[s] for ps in self.areas.values() for p in ps for s in SLOTS
                   if p[s] is not None]
        assert len(placed) == len(set(placed)), "a card in two places"
        assert sorted(placed) == sorted(self.game["deck"]), "a card lost or added"
