"""The game state and ``apply``: how each event of the log changes it (evolve, never
validates). ``decide`` checks inputs and derives the consequences; this module only
folds them. Field names: see ``GameState``; terms: RULINGS.md "Terms".
"""

from __future__ import annotations

from typing import Any

from .cards import colour_of, group_colours
from .ruleset import Ruleset, build_ruleset

Event = dict[str, Any]
Pile = dict[str, Any]  # {"card", "chameleon", "x3", "crush", "lock"}: codes or None


def new_pile(card: str, chameleon: str | None = None) -> Pile:
    """A pile started by ``card`` (score card, X2 or −200), with its chameleon if any."""
    return {"card": card, "chameleon": chameleon, "x3": None, "crush": None, "lock": None}


class GameState:
    """Everything the engine knows after some events.

    ``seq`` events folded; ``n`` seats named ``names``; ``rs`` the Ruleset; ``colours``
    (per position); ``dummy_colour``; ``deck_list`` (every code, game order) and ``order``
    (code → index); ``hands`` (per seat); ``deck`` (codes not yet dealt or drawn, deck
    order); ``discard`` (bottom → top); ``areas`` (colour → piles) and ``pile_area``
    (base code → colour); ``seat_pos`` / ``pos_seat``; ``direction``; ``dummy_control``
    (a position or None); ``turn``, ``active``, ``turn_pos``, ``drawn`` (the turn's draw
    made); ``window`` ({kind, order, at, passes} or None); ``pending`` (the white action
    awaiting its effect: {seat, card, target, colour}); ``claims`` (this turn's STOP /
    REVERSE: {seat, card, effect}); ``final`` ({order, at, passes, turns} or None);
    ``finished``, ``result`` (the game_end event).
    """

    def __init__(self) -> None:
        self.seq = 0
        self.n = 0
        self.names: list[str] = []
        self.rs: Ruleset = build_ruleset(None)
        self.colours: list[str] = []
        self.dummy_colour: str | None = None
        self.first_player = 0
        self.deck_list: list[str] = []
        self.order: dict[str, int] = {}
        self.hands: list[list[str]] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.areas: dict[str, list[Pile]] = {}
        self.pile_area: dict[str, str] = {}
        self.seat_pos: list[int] = []
        self.pos_seat: list[int] = []
        self.direction = 1
        self.dummy_control: int | None = None
        self.turn = 0
        self.active: int | None = None
        self.turn_pos: int | None = None
        self.drawn = False
        self.window: dict[str, Any] | None = None
        self.pending: dict[str, Any] | None = None
        self.claims: list[dict[str, Any]] = []
        self.final: dict[str, Any] | None = None
        self.passed: list[list[str]] | None = None  # the hands passed at the last Pass Hands
        self.dealt = False
        self.finished = False
        self.result: Event | None = None
        self.seed_commitment: str | None = None

    def copy(self) -> GameState:
        """An independent copy (lists and piles copied; the ruleset and deck shared)."""
        new = GameState.__new__(GameState)
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.areas = {c: [dict(p) for p in piles] for c, piles in self.areas.items()}
        new.pile_area = dict(self.pile_area)
        new.seat_pos = list(self.seat_pos)
        new.pos_seat = list(self.pos_seat)
        new.window = None if self.window is None else {**self.window,
                                                       "order": list(self.window["order"])}
        new.pending = None if self.pending is None else dict(self.pending)
        new.claims = [dict(c) for c in self.claims]
        new.final = None if self.final is None else {**self.final,
                                                     "order": list(self.final["order"])}
        return new

    # -- derived -------------------------------------------------------------------
    def my_colour(self, seat: int) -> str:
        """The colour of the position ``seat`` occupies now (Terms: "your colour")."""
        return self.colours[self.seat_pos[seat]]

    def area_colours(self) -> list[str]:
        """Every colour with an area: the positions' colours, then the dummy's."""
        return list(self.colours) + ([self.dummy_colour] if self.dummy_colour else [])

    def spare_colours(self) -> list[str]:
        """Colours in the deck that have no area (deck.group's spare colour)."""
        have = set(self.area_colours())
        return [c for c in group_colours(self.n) if c not in have] if self.n else []

    def pile(self, base: str) -> Pile | None:
        """The pile started by ``base`` (wherever it lies now), or None."""
        area = self.pile_area.get(base)
        if area is None:
            return None
        return next(p for p in self.areas[area] if p["card"] == base)

    def offered(self) -> int | None:
        """The seat offered now in a window (main: the active seat) or a final turn."""
        if self.finished:
            return None
        if self.final is not None:
            return int(self.final["order"][self.final["at"]])
        if self.window is not None:
            return int(self.window["order"][self.window["at"]])
        return None

    def due(self) -> str | None:
        """What input is due now: ``deal``, ``draw`` (a turn's), ``window`` (black /
        white / pass by the seat offered), ``final``, ``random_card``, ``give``,
        ``draw3``, or None (finished)."""
        if self.finished:
            return None
        if not self.dealt:
            return "deal"
        if self.final is not None:
            return "final"
        if self.window is not None:
            return "window"
        if self.pending is not None:
            return self.effect_due()
        if self.active is not None and not self.drawn:
            return "draw"
        return None

    def effect_due(self) -> str | None:
        """The input a pending white action waits for once its before-window (if any) has
        closed: ``random_card`` (Grab, the target's hand not empty), ``give`` (Plus Two,
        the target holding more than two cards of the kind), ``draw3`` (Draw Three, the
        deck not empty), else None (it takes effect with no input)."""
        p = self.pending
        if p is None:
            return None
        kind = p["card"].rsplit(".", 1)[0]
        if kind == "GRAB":
            return "random_card" if self.hands[p["target"]] else None
        if kind in ("PLUS2C", "PLUS2K"):
            return "give" if len(self.plus2_cards()) > 2 else None
        return "draw3" if self.deck else None

    def plus2_cards(self) -> list[str]:
        """The cards of the kind a pending Plus Two demands in its target's hand, in deck
        order (plus2.colour: score cards of the colour named; plus2.black: black cards)."""
        from .cards import is_black, is_score

        p = self.pending
        assert p is not None
        hand = self.hands[p["target"]]
        if p["card"].startswith("PLUS2C"):
            got = [c for c in hand if is_score(c) and colour_of(c) == p["colour"]]
        else:
            got = [c for c in hand if is_black(c)]
        return self.sort(got)

    def may_act(self) -> frozenset[int]:
        """The seats that may submit a decision now: the seat offered; a Plus Two's
        target choosing its two cards; none while chance is due."""
        due = self.due()
        if due in ("window", "final"):
            seat = self.offered()
            return frozenset() if seat is None else frozenset({seat})
        if due == "give" and self.pending is not None:
            return frozenset({int(self.pending["target"])})
        return frozenset()

    def sort(self, cards: list[str]) -> list[str]:
        """``cards`` in deck order."""
        return sorted(cards, key=self.order.__getitem__)


def _take(hand: list[str], cards: list[str]) -> None:
    for c in cards:
        hand.remove(c)


def apply(s: GameState, e: Event) -> None:
    """Fold one event into ``s`` in place (no validation)."""
    t = e["type"]
    fn = _APPLY.get(t)
    if fn is not None:
        fn(s, e)
    s.seq += 1


def _game(s: GameState, e: Event) -> None:
    s.n = len(e["seats"])
    s.names = list(e["seats"])
    s.rs = build_ruleset(e["ruleset"])
    s.colours = list(e["colours"])
    s.dummy_colour = e.get("dummy_colour")
    s.first_player = int(e["first_player"])
    s.deck_list = list(e["deck"])
    s.order = {c: i for i, c in enumerate(s.deck_list)}
    s.deck = list(s.deck_list)
    s.hands = [[] for _ in range(s.n)]
    s.areas = {c: [] for c in s.area_colours()}
    s.seat_pos = list(range(s.n))
    s.pos_seat = list(range(s.n))
    s.seed_commitment = e.get("seed_commitment")


def _deal(s: GameState, e: Event) -> None:
    s.hands = [list(h) for h in e["hands"]]
    dealt = {c for h in e["hands"] for c in h}
    s.deck = [c for c in s.deck if c not in dealt]
    s.dealt = True


def _turn(s: GameState, e: Event) -> None:
    s.turn, s.active, s.turn_pos = e["turn"], e["seat"], e["position"]
    s.direction = e["direction"]
    s.drawn, s.claims, s.window, s.pending = False, [], None, None


def _draw(s: GameState, e: Event) -> None:
    cards = list(e["cards"])
    gone = set(cards)
    s.deck = [c for c in s.deck if c not in gone]
    s.hands[e["seat"]].extend(cards)
    if s.pending is not None and s.pending["card"].startswith("DRAW3."):
        s.pending = None
    else:
        s.drawn = True


def _window(s: GameState, e: Event) -> None:
    s.window = {"kind": e["kind"], "order": list(e["order"]), "at": 0, "passes": 0}


def _window_closed(s: GameState, e: Event) -> None:
    s.window = None


def _white(s: GameState, e: Event) -> None:
    s.hands[e["seat"]].remove(e["card"])
    kind = e["card"].rsplit(".", 1)[0]
    if kind in ("GRAB", "PLUS2C", "PLUS2K") or (kind == "DRAW3" and s.deck):
        s.pending = {"seat": e["seat"], "card": e["card"], "target": e.get("target"),
                     "colour": e.get("colour")}


def _black(s: GameState, e: Event) -> None:
    hand = s.hands[e["seat"]]
    hand.remove(e["card"])
    if e.get("with") is not None and e["card"].startswith("CHAM."):
        hand.remove(e["with"])
    if s.final is not None:
        s.final["at"] = (s.final["at"] + 1) % len(s.final["order"])
        s.final["passes"] = 0
        s.final["turns"] += 1
    elif s.window is not None:
        s.window["passes"] = 0


def _pass(s: GameState, e: Event) -> None:
    if s.final is not None:
        s.final["at"] = (s.final["at"] + 1) % len(s.final["order"])
        s.final["passes"] += 1
        s.final["turns"] += 1
    elif s.window is not None and s.window["kind"] != "main":
        s.window["passes"] += 1
        s.window["at"] = (s.window["at"] + 1) % len(s.window["order"])


def _placed(s: GameState, e: Event) -> None:
    s.areas[e["area"]].append(new_pile(e["card"], e.get("chameleon")))
    s.pile_area[e["card"]] = e["area"]


def _discarded(s: GameState, e: Event) -> None:
    s.discard.extend(e["cards"])


def _on_pile(field: str) -> Any:
    def fn(s: GameState, e: Event) -> None:
        pile = s.pile(e["target"])
        assert pile is not None
        pile[field] = e["card"]
    return fn


def _stolen(s: GameState, e: Event) -> None:
    seat = e["seat"]
    if e["source"] == "discard":
        s.discard.pop()
        s.hands[seat].append(e["card"])
        return
    src = s.areas[e["source"]]
    pile = next(p for p in src if p["card"] == e["card"])
    src.remove(pile)
    if colour_of(pile["card"]) == e["area"]:
        pile["chameleon"] = None  # thief.own: the chameleon goes to the discard pile
    s.areas[e["area"]].append(pile)
    s.pile_area[pile["card"]] = e["area"]


def _grabbed(s: GameState, e: Event) -> None:
    if e.get("card") is not None:
        s.hands[e["source"]].remove(e["card"])
        s.hands[e["seat"]].append(e["card"])
    s.pending = None


def _gave(s: GameState, e: Event) -> None:
    _take(s.hands[e["seat"]], list(e["cards"]))
    if e.get("to_seat") is not None:
        s.hands[e["to_seat"]].extend(e["cards"])
    s.pending = None


def _hands_passed(s: GameState, e: Event) -> None:
    d, n = e["direction"], s.n
    new: list[list[str]] = [[] for _ in range(n)]
    s.passed = [list(h) for h in s.hands]
    for seat in range(n):
        to = s.pos_seat[(s.seat_pos[seat] + d) % n]
        new[to] = s.hands[seat]
    s.hands = new
    s.pending = None


def _swapped(s: GameState, e: Event) -> None:
    a, b = e["seats"]
    pa, pb = e["positions"]
    s.seat_pos[a], s.seat_pos[b] = pa, pb
    s.pos_seat[pa], s.pos_seat[pb] = a, b


def _claim(s: GameState, e: Event) -> None:
    s.claims.append({"seat": e["seat"], "card": e["card"], "effect": e["effect"]})


def _dummy_control(s: GameState, e: Event) -> None:
    s.dummy_control = e["position"]


def _turn_end(s: GameState, e: Event) -> None:
    s.direction = e["direction"]
    s.active, s.window, s.pending = None, None, None


def _final_round(s: GameState, e: Event) -> None:
    s.final = {"order": list(e["order"]), "at": 0, "passes": 0, "turns": 0}


def _hands_discarded(s: GameState, e: Event) -> None:
    for seat, hand in enumerate(e["hands"]):
        s.discard.extend(hand)
        s.hands[seat] = []
    s.final = None


def _game_end(s: GameState, e: Event) -> None:
    s.finished, s.result = True, e
    s.final = s.window = s.pending = None


_APPLY = {
    "game": _game, "deal": _deal, "turn": _turn, "draw": _draw, "window": _window,
    "window_closed": _window_closed, "white": _white, "black": _black,
    "pass_window": _pass, "placed": _placed, "discarded": _discarded,
    "tripled": _on_pile("x3"), "crushed": _on_pile("crush"), "locked": _on_pile("lock"),
    "stolen": _stolen, "grabbed": _grabbed, "gave": _gave, "hands_passed": _hands_passed,
    "swapped": _swapped, "claim": _claim, "dummy_control": _dummy_control,
    "turn_end": _turn_end, "final_round": _final_round,
    "hands_discarded": _hands_discarded, "game_end": _game_end,
}
