"""The builder's model of the cards played in a turn (mixed into ``records.Game``): white
cards and their effects (``white.*``, ``x3.*``, ``grab``, ``plus2.*``, ``draw3``, ``hands``,
``swap``), black cards (``minus200``, ``cham.*``, ``thief.*``, ``crush``, ``lock``, ``stop``,
``reverse``, ``dummy.control``), and the quiet play that runs a deck out (``quiet_turn``,
``finish``). Written from RULINGS.md; every method asserts the script is legal."""

from __future__ import annotations

from typing import Any

from . import model as m

BEFORE_KINDS = ("GRAB", "PLUS2C", "PLUS2K")
QUIET_ACTIONS = ("DRAW3", "HANDS", "GRAB", "PLUS2K", "PLUS2C", "SWAP", "X3")


class Turns:
    """White and black cards on the builder's state (see ``records.Game``)."""

    # attributes of records.Game, declared for readers
    n: int
    opts: dict[str, Any]
    hands: list[list[str]]
    areas: dict[str, list[dict[str, Any]]]
    discard: list[str]
    stock: list[str]
    seat_pos: list[int]
    pos_seat: list[int]
    direction: int
    dummy: str | None
    dummy_control: int | None
    colours: list[str]
    claims: list[dict[str, Any]]
    active: int
    phase: str
    window: dict[str, Any] | None
    pending: dict[str, Any] | None
    final: dict[str, Any] | None

    # ------------------------------------------------------------------ legality
    def seat_colours(self) -> set[str]:
        return set(self.colours)

    def placement(self, seat: int, card: str) -> set[str]:
        args = (self.opts["mode"], self.my_colour(seat), self.seat_colours(), self.dummy)
        if m.is_score(card):
            return m.score_areas(*args, card)
        return m.minus_areas(*args, card)

    def open_piles(self) -> list[str]:
        """Piles an X3 may go on (x3.target, x3.once), in area order."""
        return [p["card"] for ps in self.areas.values() for p in ps if p["x3"] is None]

    def playable_whites(self, seat: int) -> list[str]:
        """turn.white: the white cards of ``seat`` it could play now, in deck order."""
        return [c for c in self.sort(self.hands[seat])
                if m.is_white(c) and (m.kind(c) != "X3" or self.open_piles())]

    # ------------------------------------------------------------------ white cards
    def white(self, card: str, **fields: Any) -> int:
        """The active seat's white card (turn.one_white) with its fields."""
        assert self.phase == "main", f"script: no main window ({self.phase})"
        seat = self.active
        assert card in self.hands[seat] and m.is_white(card), f"script: {card}"
        k = m.kind(card)
        if m.is_score(card):
            assert fields["area"] in self.placement(seat, card), "script: white.score"
        elif k == "X3":
            assert fields["target"] in self.open_piles(), "script: x3.target"
        elif k in ("GRAB", "PLUS2C", "PLUS2K", "SWAP"):
            assert fields["target"] != seat and 0 <= fields["target"] < self.n
            if k == "PLUS2C":
                assert fields["colour"] in self.areas, "script: plus2.colour"
        idx = self._input({"type": "white", "seat": seat, "card": card, **fields})
        self.hands[seat].remove(card)
        self.emit("window_closed", kind="main")
        self.window = None
        if m.is_score(card):
            if fields["area"] == "discard":
                self.discard.append(card)
                self.emit("discarded", cards=[card])
            else:
                self.areas[fields["area"]].append(m.pile(card))
                self.emit("placed", seat=seat, card=card, area=fields["area"], chameleon=None)
            self.open_window("after")
        elif k == "X3":
            area, p = self.find(fields["target"])
            p["x3"] = card
            self.emit("tripled", seat=seat, card=card, target=fields["target"], area=area)
            self.open_window("after")
        else:
            self.discard.append(card)
            self.emit("discarded", cards=[card])
            self.pending = {"seat": seat, "card": card, **fields}
            if k in BEFORE_KINDS and self.opts["black_timing"] == "windows":
                self.open_window("before")
            else:
                self.effect()
        return idx

    def demanded(self) -> list[str]:
        """plus2.colour / plus2.black: the target's cards of the kind demanded."""
        p = self.pending
        assert p is not None
        hand = self.sort(self.hands[p["target"]])
        if m.kind(p["card"]) == "PLUS2C":
            return [c for c in hand if m.is_score(c) and m.colour_of(c) == p["colour"]]
        return [c for c in hand if m.is_black(c)]

    def effect(self) -> None:
        """The pending action card takes effect (after its before-window, if any)."""
        p = self.pending
        assert p is not None
        k = m.kind(p["card"])
        if k == "GRAB":
            if self.hands[p["target"]]:
                self.phase = "random"
                return
            self.emit("grabbed", seat=p["seat"], source=p["target"], card=None)
        elif k in ("PLUS2C", "PLUS2K"):
            cards = self.demanded()
            if len(cards) > 2:
                self.phase = "give"
                return
            self.gave(cards)
            return
        elif k == "DRAW3":
            if self.stock:
                self.phase = "draw3"
                return
        elif k == "HANDS":
            old = [list(h) for h in self.hands]
            for s in range(self.n):
                self.hands[self.next_seat(s)] = old[s]
            self.emit("hands_passed", direction=self.direction,
                      counts=[len(h) for h in self.hands])
        elif k == "SWAP":
            a, b = p["seat"], p["target"]
            pa, pb = self.seat_pos[a], self.seat_pos[b]
            self.seat_pos[a], self.seat_pos[b] = pb, pa
            self.pos_seat[pa], self.pos_seat[pb] = b, a
            self.emit("swapped", seats=[a, b], positions=[pb, pa])
        self.pending = None
        self.open_window("after")

    def gave(self, cards: list[str]) -> None:
        p = self.pending
        assert p is not None
        for c in cards:
            self.hands[p["target"]].remove(c)
        if m.kind(p["card"]) == "PLUS2C":
            self.emit("gave", seat=p["target"], cards=list(cards), to_seat=None,
                      area=p["colour"])
            for c in cards:
                self.areas[p["colour"]].append(m.pile(c))
                self.emit("placed", seat=p["seat"], card=c, area=p["colour"], chameleon=None)
        else:
            self.hands[p["seat"]] += cards
            self.emit("gave", seat=p["target"], cards=list(cards), to_seat=p["seat"], area=None)
        self.pending = None
        self.open_window("after")

    def random_card(self, card: str | None = None) -> int:
        """grab: the card drawn at random from the target's hand (default: its first in
        deck order)."""
        assert self.phase == "random" and self.pending is not None
        src = self.pending["target"]
        card = card or self.sort(self.hands[src])[0]
        assert card in self.hands[src]
        idx = self._input({"type": "random_card", "seat": src, "card": card},
                          to_seat=self.pending["seat"])
        self.hands[src].remove(card)
        self.hands[self.pending["seat"]].append(card)
        self.emit("grabbed", seat=self.pending["seat"], source=src, card=card)
        self.pending = None
        self.open_window("after")
        return idx

    def give(self, cards: list[str] | None = None) -> int:
        """plus2.give: the target's choice of two (default: its first two in deck order)."""
        assert self.phase == "give" and self.pending is not None
        demanded = self.demanded()
        cards = list(cards or demanded[:2])
        assert len(set(cards)) == 2 and set(cards) <= set(demanded)
        black = self.pending["card"].startswith("PLUS2K")
        idx = self._input({"type": "give", "seat": self.pending["target"], "cards": cards},
                          to_seat=self.pending["seat"] if black else None)
        self.gave(cards)
        return idx

    def draw3(self, cards: list[str] | None = None) -> int:
        """draw3: the active seat's Draw Three draw (default: filler cards)."""
        assert self.phase == "draw3"
        k = min(3, len(self.stock))
        cards = list(cards) if cards is not None else self.fillers(k)
        assert len(cards) == k and set(cards) <= set(self.stock)
        for c in cards:
            if c in self.queue:
                self.queue.remove(c)
        idx = self._input({"type": "draw", "seat": self.active, "cards": cards})
        for c in cards:
            self.stock.remove(c)
        self.hands[self.active] += cards
        if not self.stock:
            self.emit("deck_empty", seat=self.active)
        self.pending = None
        self.open_window("after")
        return idx

    # ------------------------------------------------------------------ black cards
    def black(self, seat: int, card: str, **fields: Any) -> int:
        """A black card by the seat offered (black.any_time), with its consequences."""
        assert self.phase in ("main", "window", "final"), f"script: {self.phase}"
        assert seat == self.offered(), f"script: seat {self.offered()} is offered"
        assert card in self.hands[seat] and m.is_black(card), f"script: {card}"
        final = self.phase == "final"
        idx = self._input({"type": "black", "seat": seat, "card": card, **fields})
        self.hands[seat].remove(card)
        self.resolve_black(seat, card, fields, final)
        if final:
            self.final_step(passed=False)
        elif self.phase == "window":
            assert self.window is not None
            self.window["passes"] = 0
        return idx

    def resolve_black(self, seat: int, card: str, f: dict[str, Any], final: bool) -> None:
        k = m.kind(card)
        mine = self.my_colour(seat)
        emit = self.emit
        if m.is_minus(card):
            assert f["area"] in self.placement(seat, card), "script: minus200"
            self.areas[f["area"]].append(m.pile(card))
            emit("placed", seat=seat, card=card, area=f["area"], chameleon=None)
        elif k == "CHAM":
            w = f["with"]
            assert w in self.hands[seat] and (m.is_score(w) or m.is_minus(w))
            assert f["area"] in m.cham_areas(self.opts["mode"], mine, self.seat_colours(),
                                             self.dummy, w), "script: cham.place"
            self.hands[seat].remove(w)
            self.areas[f["area"]].append(m.pile(w, card))
            emit("placed", seat=seat, card=w, area=f["area"], chameleon=card)
        elif k == "THIEF":
            if f["target"] == "discard":
                top = self.discard.pop()
                self.hands[seat].append(top)
                emit("stolen", seat=seat, card=top, source="discard", area=None)
                gone = [card]
            else:
                src, p = self.find(f["target"])
                assert src != mine and p["chameleon"], "script: thief.combo"
                self.areas[src].remove(p)
                self.areas[mine].append(p)
                emit("stolen", seat=seat, card=p["card"], source=src, area=mine)
                gone = [card]
                if m.colour_of(p["card"]) == mine:
                    gone = [p["chameleon"], card]
                    p["chameleon"] = None
            self.discard += gone
            emit("discarded", cards=gone)
        elif k in ("CRUSH", "LOCK"):
            area, p = self.find(f["target"])
            if k == "CRUSH":
                assert m.is_score(p["card"]) and p["crush"] is None, "script: crush"
                p["crush"] = card
                emit("crushed", seat=seat, card=card, target=f["target"], area=area)
            else:
                assert p["lock"] is None and (m.is_minus(p["card"]) or p["crush"]), "script: lock"
                p["lock"] = card
                emit("locked", seat=seat, card=card, target=f["target"], area=area,
                     cancels="minus200" if m.is_minus(p["card"]) else "crush")
        else:
            assert k in ("STOP", "REV")
            self.discard.append(card)
            emit("discarded", cards=[card])
            takes = self.dummy and k == "REV" and (
                not final or self.opts["dummy_final_reverse"] == "takes_control")
            if takes:
                self.dummy_control = self.seat_pos[seat]
                emit("dummy_control", seat=seat, position=self.dummy_control)
            elif not final and not (self.dummy and k == "REV"):
                effect = "stop" if k == "STOP" else "reverse"
                self.claims.append({"seat": seat, "card": card, "effect": effect})
                emit("claim", seat=seat, card=card, effect=effect)

    # ------------------------------------------------------------------ quiet play
    def quiet_x3(self) -> str:
        """The quiet X3's pile: one it leaves at 0 (crushed and not locked, or a locked
        −200), else one in the last area (the "sink"), else the first open pile."""
        piles = [p for ps in self.areas.values() for p in ps if p["x3"] is None]
        for p in piles:
            if (p["crush"] and not p["lock"]) or (m.is_minus(p["card"]) and p["lock"]):
                return str(p["card"])
        sink = [p for p in self.areas[self.area_colours()[-1]] if p["x3"] is None]
        return str((sink or piles)[0]["card"])

    def quiet_white(self, seat: int) -> tuple[str, dict[str, Any]] | None:
        """The quiet policy (cards in ``hold`` last): a score card to the discard pile,
        else the first action in
        QUIET_ACTIONS order (targets: the next seat; Plus Two's colour: the last area's;
        X3: ``quiet_x3``); None: no playable white card."""
        whites = sorted(self.playable_whites(seat), key=lambda c: c in self.hold)
        for c in whites:
            if m.is_score(c):
                return c, {"area": "discard"}
        for k in QUIET_ACTIONS:
            for c in whites:
                if m.kind(c) == k:
                    nxt = self.next_seat(seat)
                    if k in ("GRAB", "PLUS2K", "SWAP"):
                        return c, {"target": nxt}
                    if k == "PLUS2C":
                        return c, {"target": nxt, "colour": self.area_colours()[-1]}
                    return c, ({"target": self.quiet_x3()} if k == "X3" else {})
        return None

    def settle(self) -> None:
        """Resolve every due effect with its default and pass every open window, up to the
        next turn's draw, the final round or the end of the game."""
        while self.phase not in ("draw", "final", "over"):
            if self.phase == "main":
                choice = self.quiet_white(self.active)
                if choice is None:
                    self.pass_()
                else:
                    self.white(choice[0], **choice[1])
            elif self.phase == "window":
                self.pass_()
            elif self.phase == "random":
                self.random_card()
            elif self.phase == "give":
                self.give()
            elif self.phase == "draw3":
                self.draw3()
            else:
                raise AssertionError(self.phase)

    def quiet_turn(self, card: str | None = None) -> None:
        """A whole turn: draw ``card`` (or a filler card), the quiet white card or a pass,
        every window passed."""
        self.draw(card)
        self.settle()

    def finish(self) -> None:
        """Settle what is open, quiet turns until the deck is out, every final turn
        passed."""
        self.settle()
        while self.phase != "over":
            if self.phase == "draw":
                self.quiet_turn()
            else:
                self.pass_()
