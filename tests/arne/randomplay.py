"""Random legal play on the test builder (``records.Game``): every legal white and black
card use the builder's own model of RULINGS.md allows, and a driver that plays a whole
game with random chance outcomes and random choices — so that whole games, with every
card and window combined, can be compared with the engine's log."""

from __future__ import annotations

import random
from typing import Any

from . import model as m

Choice = tuple[str, dict[str, Any]]


def legal_blacks(g: Any, seat: int) -> list[Choice]:
    """Every legal ``black`` of ``seat`` now (card, fields): −200 placements, chameleon
    pairs (not in a forbidden final round), thief targets, crush and lock targets, STOP,
    REVERSE (black.any_time and the cards' clauses)."""
    hand = g.sort(g.hands[seat])
    mine = g.my_colour(seat)
    piles = [p for ps in g.areas.values() for p in ps]
    out: list[Choice] = []
    for c in hand:
        k = m.kind(c)
        if not m.is_black(c):
            continue
        if m.is_minus(c):
            out += [(c, {"area": a}) for a in sorted(g.placement(seat, c))]
        elif k == "CHAM":
            if g.phase == "final" and g.opts["final_chameleon"] == "forbidden":
                continue
            for w in hand:
                if m.is_score(w) or m.is_minus(w):
                    areas = m.cham_areas(g.opts["mode"], mine, g.seat_colours(), g.dummy, w)
                    out += [(c, {"with": w, "area": a}) for a in sorted(areas)]
        elif k == "THIEF":
            if g.discard:
                out.append((c, {"target": "discard"}))
            out += [(c, {"target": p["card"]}) for a, ps in g.areas.items() if a != mine
                    for p in ps if p["chameleon"]]
        elif k == "CRUSH":
            out += [(c, {"target": p["card"]}) for p in piles
                    if m.is_score(p["card"]) and p["crush"] is None]
        elif k == "LOCK":
            out += [(c, {"target": p["card"]}) for p in piles if p["lock"] is None and (
                m.is_minus(p["card"]) or p["crush"] is not None)]
        else:
            out.append((c, {}))
    return out


def legal_whites(g: Any, seat: int) -> list[Choice]:
    """Every legal ``white`` of ``seat`` in its main window (turn.white and the cards'
    clauses)."""
    others = [s for s in range(g.n) if s != seat]
    out: list[Choice] = []
    for c in g.playable_whites(seat):
        k = m.kind(c)
        if m.is_score(c):
            out += [(c, {"area": a}) for a in sorted(g.placement(seat, c))]
        elif k == "X3":
            out += [(c, {"target": t}) for t in g.open_piles()]
        elif k in ("GRAB", "PLUS2K", "SWAP"):
            out += [(c, {"target": s}) for s in others]
        elif k == "PLUS2C":
            out += [(c, {"target": s, "colour": a}) for s in others for a in g.areas]
        else:
            out.append((c, {}))
    return out


def random_deal(g: Any, rng: random.Random) -> None:
    deck = list(g.deck_list)
    rng.shuffle(deck)
    g.deal({s: deck[8 * s:8 * s + 8] for s in range(g.n)})


def play_randomly(g: Any, rng: random.Random, p_black: float = 0.3,
                  max_inputs: int = 5000) -> None:
    """A whole game: a random deal and random draws, then at each offer a random legal
    black card with probability ``p_black`` (else the random white card, or a pass)."""
    random_deal(g, rng)
    while not g.over:
        assert len(g.inputs) < max_inputs, "script: the random game does not end"
        phase = g.phase
        if phase == "draw":
            g.draw(rng.choice(sorted(g.stock)))
        elif phase == "draw3":
            g.draw3(rng.sample(sorted(g.stock), min(3, len(g.stock))))
        elif phase == "random":
            g.random_card(rng.choice(g.sort(g.hands[g.pending["target"]])))
        elif phase == "give":
            g.give(rng.sample(g.demanded(), 2))
        else:
            seat = g.offered()
            blacks = legal_blacks(g, seat)
            if blacks and rng.random() < p_black:
                card, fields = rng.choice(blacks)
                g.black(seat, card, **fields)
            elif phase == "main" and legal_whites(g, seat):
                card, fields = rng.choice(legal_whites(g, seat))
                g.white(card, **fields)
            else:
                g.pass_(seat)
