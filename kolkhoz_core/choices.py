"""Legal inputs: the one source of legality for bots, the API and tests.

``choices(state)`` is the compact form (per-card targets for an assignment, whose
legal set is their product); ``legal_inputs(state)`` enumerates every legal input in a
deterministic order. ``chance_input(state, seed)`` gives the chance outcome the game's
seed produces (docs/shuffle.md); ``chance_mismatch(events, seed)`` finds the first chance
outcome of a log that is not the one its seed gives.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from .cards import CODE, SUIT, SUITS, WRECKER
from .game import input_of
from .play_rules import assign_targets, expected_hand_size, must_follow
from .shuffle import deal_hands, draw_job, draw_trump
from .state import Event, GameState


@dataclass
class Choices:
    """What the game awaits: ``kind`` (``deal``, ``trump``, ``swap``, ``play``, ``assign``,
    or None when over), the ``seat`` to act (None for chance), ``chance`` (an outcome of
    chance, not a decision) and ``options``: suits (trump), cards (play), ``None`` plus
    (hand, cellar) pairs (swap; None = pass), or ``{card: [fields]}`` (assign)."""

    kind: str | None
    seat: int | None
    chance: bool = False
    options: Any = field(default_factory=list)

    def to_inputs(self) -> list[dict[str, Any]]:
        """Every legal input, deterministic order (cards by number, fields H, D, C, S)."""
        k, seat, opts = self.kind, self.seat, self.options
        if k == "trump":
            return [{"type": "trump", "seat": seat, "suit": s} for s in opts]
        if k == "play":
            return [{"type": "play", "seat": seat, "card": c} for c in opts]
        if k == "swap":
            out: list[dict[str, Any]] = []
            for o in opts:
                if o is None:
                    out.append({"type": "swap", "seat": seat, "pass": True})
                else:
                    out.append({"type": "swap", "seat": seat, "hand": o[0], "cellar": o[1]})
            return out
        if k == "assign":
            cards = list(opts)
            return [{"type": "assign", "seat": seat, "cards": dict(zip(cards, combo, strict=True))}
                    for combo in product(*(opts[c] for c in cards))]
        return []


def choices(state: GameState) -> Choices:
    """The compact legal choices at ``state`` (see ``Choices``)."""
    ph = state.phase
    if ph == "play":
        seat = state.to_move
        assert seat is not None
        hand = state.hands[seat]
        ls = must_follow(state, hand)
        if ls is None:
            legal = sorted(hand)
        else:
            legal = sorted(c for c in hand if c == WRECKER or SUIT[c] == ls)
        return Choices("play", seat, False, [CODE[c] for c in legal])
    if ph == "assign":
        targets = [SUITS[f] for f in assign_targets(state.trick)]
        return Choices("assign", state.winner, False, {CODE[c]: targets for c in state.trick})
    if ph == "swap":
        seat = state.to_move
        assert seat is not None
        opts: list[Any] = [None]
        for h in sorted(state.hands[seat]):
            for c in sorted(state.eligible_cellar(seat)):
                opts.append((CODE[h], CODE[c]))
        return Choices("swap", seat, False, opts)
    if ph == "trump":
        if state.opts["trump_selection"] == "random":
            return Choices("trump", None, True, list(SUITS))
        return Choices("trump", state.planner, False, list(SUITS))
    if ph == "deal":
        return Choices("deal", None, True, [])
    return Choices(None, None, False, [])


def legal_inputs(state: GameState) -> list[dict[str, Any]]:
    """Every legal input at ``state`` in a deterministic order.

    A deal is a chance outcome with too many possibilities to list: for it this returns
    ``[]`` (use ``chance_input``). For a random trump draw it lists the four suits."""
    return choices(state).to_inputs()


def chance_input(state: GameState, seed: str) -> dict[str, Any] | None:
    """The chance outcome ``seed`` gives at ``state`` (kolkhoz-shuffle/1): the year's
    ``deal`` (hands and jobs), or the ``trump`` drawn when trump_selection is random.
    None when the state awaits a decision."""
    if state.phase == "deal":
        h = expected_hand_size(state)
        hands = deal_hands(seed, state.year, state.planner, list(state.deck), h)
        inp: dict[str, Any] = {"type": "deal", "year": state.year,
                               "hands": [[CODE[c] for c in hand] for hand in hands]}
        if state.ruleset.has_rewards:
            inp["jobs"] = {SUITS[f]: CODE[draw_job(seed, state.year, SUITS[f], state.piles[f])]
                           for f in range(4) if state.piles[f]}
        return inp
    if state.phase == "trump" and state.opts["trump_selection"] == "random":
        return {"type": "trump", "seat": None, "suit": SUITS[draw_trump(seed, state.year)]}
    return None


def _is_chance_event(event: Event) -> bool:
    t = event.get("type")
    return t == "deal" or (t == "trump" and event.get("seat") is None)


def chance_mismatch(events: Iterable[Event], seed: str) -> dict[str, Any] | None:
    """The first chance outcome of a log — a year's ``deal`` (hands and jobs) or a
    ``trump`` drawn at random — that is not the one ``seed`` gives (kolkhoz-shuffle/1),
    or None when every one is. The one check of a log's deals against its seed, used by
    the evidence bundle's ``deals`` check, the platform's ``verify`` and its import.

    Wherever the state awaits chance, the next event must be exactly ``chance_input``;
    a chance event where the seed gives none is a mismatch too. A live game's log (a
    prefix) is checked as far as it goes; events after ``game_end`` are not looked at.

    Returns ``{"seq", "type", "year", "reason", "message", "error"}``: ``reason``
    ``"mismatch"`` (``message`` names the event, its year and seq — never a card, so it
    may be shown to anyone) or ``"unfoldable"`` (the log does not fold at ``seq``;
    ``error`` is the engine's own text, which may name a card). Never raises on a
    malformed log.
    """
    state = GameState()
    for seq, ev in enumerate(events):  # the position in the log (a sound log's "seq")
        try:
            if not isinstance(ev, dict):
                raise TypeError("the event is not an object")
            want = None if state.finished else chance_input(state, seed)
            if want is not None or _is_chance_event(ev):
                if want is not None and want.get("jobs") is None:
                    want.pop("jobs", None)
                if want != input_of(ev):
                    t = ev.get("type") if want is None else want["type"]
                    return {"seq": seq, "type": t, "year": state.year, "reason": "mismatch",
                            "message": f"the {t} of year {state.year} at seq {seq} is not "
                                       "the one the seed gives (kolkhoz-shuffle/1)",
                            "error": None}
            state.apply(ev)
        except Exception as e:  # noqa: BLE001 - a log that does not even fold
            return {"seq": seq, "type": ev.get("type") if isinstance(ev, dict) else None,
                    "year": state.year, "reason": "unfoldable",
                    "message": f"the log does not fold at seq {seq}", "error": str(e)}
        if state.finished:
            return None
    return None
