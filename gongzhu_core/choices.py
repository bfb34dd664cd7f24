"""The compact legal choices a seat's bot receives (``choices``) and the play page's
legal summary (``legal_summary``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .rules import due_kind, exposable_in_hand, legal_cards, legal_inputs
from .state import GameState


@dataclass(frozen=True)
class Choices:
    """What ``seat`` may do now. ``kind``: ``pass`` (choose exactly 3 of ``options``,
    its dealt hand), ``expose`` (choose any subset of ``options``, its exposable cards,
    possibly none), ``play`` (one card of ``options``), or None (not its turn).
    ``pick``: ``(min, max)`` cards to choose."""

    kind: str | None
    seat: int
    options: tuple[str, ...]
    pick: tuple[int, int]

    def to_input(self, cards: list[str] | str) -> dict[str, Any]:
        """The input choosing ``cards`` (a card for ``play``, a list otherwise)."""
        if self.kind == "play":
            return {"type": "play", "seat": self.seat, "card": cards}
        return {"type": self.kind, "seat": self.seat, "cards": list(cards)}


def choices(s: GameState, seat: int) -> Choices:
    """``seat``'s compact choices at ``s`` (kind None when it may not act)."""
    kind = due_kind(s)
    if kind in (None, "deal") or s.to_move() != seat:
        return Choices(None, seat, (), (0, 0))
    if kind == "play":
        return Choices("play", seat, tuple(legal_cards(s, seat)), (1, 1))
    if kind == "pass":
        return Choices("pass", seat, tuple(s.dealt[seat]), (3, 3))
    cards = tuple(exposable_in_hand(s, seat))
    return Choices("expose", seat, cards, (0, len(cards)))


def legal_summary(s: GameState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may do now in the play page's form: ``{kind, to_move, may_act,
    yours, options, inputs, pick}`` (and ``pass_to`` for a pass); ``inputs`` lists
    every play (a pass or an expose is built by the page from ``options`` and
    ``pick``)."""
    mover = None if s.finished else s.to_move()
    yours = seat is not None and seat == mover
    out: dict[str, Any] = {"kind": due_kind(s) if mover is not None else None,
                           "to_move": mover, "may_act": [] if mover is None else [mover],
                           "yours": yours, "options": [], "inputs": []}
    if not yours or seat is None:
        return out
    ch = choices(s, seat)
    out["options"] = list(ch.options)
    out["pick"] = {"min": ch.pick[0], "max": ch.pick[1]}
    if ch.kind == "pass":
        out["pass_to"] = s.pass_to  # the direction the three cards go (pass.direction)
    if ch.kind == "play":
        out["inputs"] = legal_inputs(s)
    return out
