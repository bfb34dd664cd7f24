"""The compact legal choices a bot receives and the play page's legal summary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import heads
from .state import GameState


@dataclass(frozen=True)
class Choices:
    """What ``seat`` may do now: ``kind`` ``choose`` (a card of ``options``, its hand),
    ``take_row`` (a row 0–3), ``pick`` (a card on the draft table), or None."""

    kind: str | None
    seat: int
    options: tuple[int, ...]

    def to_input(self, x: int) -> dict[str, Any]:
        """The input choosing ``x`` (a card, or a row for ``take_row``)."""
        key = "row" if self.kind == "take_row" else "card"
        return {"type": self.kind, "seat": self.seat, key: x}


def choices(s: GameState, seat: int) -> Choices:
    """``seat``'s choices at ``s`` (kind None when it may not act)."""
    if s.finished or seat not in s.may_act():
        return Choices(None, seat, ())
    if s.phase == "choose":
        return Choices("choose", seat, tuple(s.hands[seat]))
    if s.phase == "take_row":
        return Choices("take_row", seat, (0, 1, 2, 3))
    assert s.draft is not None
    return Choices("pick", seat, tuple(s.draft["cards"]))


def legal_inputs(s: GameState, seat: int) -> list[dict[str, Any]]:
    """Every legal input of ``seat`` now ([] if it may not act)."""
    ch = choices(s, seat)
    return [] if ch.kind is None else [ch.to_input(x) for x in ch.options]


def legal_summary(s: GameState, seat: int | None) -> dict[str, Any]:
    """``{kind, to_move, may_act, yours, options, inputs}`` for the play page; a
    ``take_row``'s options are ``{"row", "cards", "heads"}``."""
    movers = sorted(s.may_act()) if not s.finished else []
    yours = seat is not None and seat in movers
    out: dict[str, Any] = {"kind": None, "to_move": movers[0] if len(movers) == 1 else None,
                           "may_act": movers, "yours": yours, "options": [], "inputs": []}
    if movers:
        out["kind"] = {"choose": "choose", "take_row": "take_row", "draft": "pick"}.get(
            s.phase)
    if not yours or seat is None:
        return out
    ch = choices(s, seat)
    if ch.kind == "take_row":
        out["options"] = [{"row": i, "cards": list(s.rows[i]),
                           "heads": sum(heads(c) for c in s.rows[i])} for i in range(4)]
    else:
        out["options"] = list(ch.options)
    out["inputs"] = legal_inputs(s, seat)
    return out
