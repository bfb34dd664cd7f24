"""Inputs to try at a point of play: other legal chance outcomes, and inputs the rules
refuse — built by mutating legal ones (another seat, a wrong value in one field, a field
missing, a wrong type) and from RECORD_FORMAT.md "Inputs" (the wrong input for the point),
then filtered against ``legal_inputs`` so that only inputs absent from it are kept.

Mutations only touch the fields the card uses (RECORD_FORMAT.md "Inputs": per card); the
engine ignores — and echoes into the log — a field of another card kind (a ``white`` Grab
with an ``area``), which is reported, not tested here.
"""

from __future__ import annotations

import json
import random
from typing import Any

from arne_core.state import GameState

from .tracker import colour

Event = dict[str, Any]
BAD_SEATS: list[Any] = ["0", True, 1.0, None, -1]
BAD_CODES: list[Any] = [None, 7, "", "R50", "r50.1", "Z50.1", "STOP.0", ["R50.1"]]


def key(inp: Any) -> str:
    """A comparable form of an input (a give's two cards as a set: any order is the
    same give)."""
    if isinstance(inp, dict) and inp.get("type") == "give" and isinstance(inp.get("cards"),
                                                                           list):
        inp = {**inp, "cards": sorted(map(str, inp["cards"]))}
    return json.dumps(inp, sort_keys=True, default=repr)


def _not_in_deck(s: GameState) -> list[str]:
    """Well-formed codes of cards the deck in use does not have."""
    out = [f"{c}500.1" for c in "RBYGOP" if f"{c}500.1" not in s.order]
    return out + [f"{k}.{n}" for k, n in (("STOP", 99), ("R50", 3), ("X3", 40))
                  if f"{k}.{n}" not in s.order]


def chance_alternatives(s: GameState, chance: Event, rng: random.Random) -> list[Event]:
    """Other chance outcomes a record may state at this point (turn.draw, draw3, grab,
    setup.deal): legal although the seed would not give them."""
    t = chance["type"]
    if t == "draw":
        deck = [c for c in s.deck if c not in chance["cards"]]
        k = len(chance["cards"])
        return [{**chance, "cards": rng.sample(s.deck, k)} for _ in range(2)] + (
            [{**chance, "cards": deck[:k]}] if len(deck) >= k else [])
    if t == "random_card":
        hand = s.hands[chance["seat"]]
        return [{**chance, "card": c} for c in rng.sample(hand, min(2, len(hand)))]
    hands = [list(h) for h in chance["hands"]]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    return [{**chance, "hands": hands}]


def bad_chance(s: GameState, chance: Event, rng: random.Random) -> list[Any]:
    """Chance inputs the rules refuse (bad_chance, bad_deal, malformed, out_of_turn)."""
    t = chance["type"]
    out: list[Any] = [{**chance, "type": "deal" if t != "deal" else "draw"}]
    same = key(chance)
    held = [c for h in s.hands for c in h]
    if t == "draw":
        cards = chance["cards"]
        out += [{**chance, "seat": (chance["seat"] + 1) % s.n}, {**chance, "cards": []},
                {**chance, "cards": cards + [c for c in s.deck if c not in cards][:1]},
                {**chance, "cards": cards[:1] * (len(cards) + 1)},
                {**chance, "cards": cards[0]}, {**chance, "cards": [None]}]
        if held:
            out.append({**chance, "cards": [rng.choice(held)] + cards[1:]})
        out += [{**chance, "cards": [bad] + cards[1:]} for bad in _not_in_deck(s)[:2]]
        out += [{**chance, "seat": bad} for bad in BAD_SEATS]
    elif t == "random_card":
        others = [c for c in s.order if c not in s.hands[chance["seat"]]]
        out += [{**chance, "card": rng.choice(others)}, {**chance, "card": None},
                {**chance, "seat": (chance["seat"] + 1) % s.n}]
    else:
        hands = chance["hands"]
        out += [{**chance, "hands": hands[:-1]}, {**chance, "hands": hands + [[]]},
                {**chance, "hands": [h[:7] for h in hands]},
                {**chance, "hands": [hands[0]] * len(hands)},
                {**chance, "hands": [hands[0][:7] + [hands[1][0]]] + hands[1:]},
                {**chance, "hands": "all"}, {"type": "deal"}]
    seat = s.active if s.active is not None else 0
    out += [{"type": "pass_window", "seat": seat}, {"type": "give", "seat": seat,
                                                     "cards": []}]
    return [i for i in out if key(i) != same]


def _field_values(s: GameState, field: str) -> list[Any]:
    bases = [p["card"] for ps in s.areas.values() for p in ps]
    colours = list(s.areas) + ["discard", "Q", None, 0]
    if field in ("area", "colour"):
        return colours
    if field == "target":
        return list(range(-1, s.n + 1)) + ["discard", None, "R50.1x"] + bases[:6] + [
            c for c in s.order if c not in set(bases)][:2]
    return [c for ps in s.hands for c in ps][:6] + [None, "Q"]  # with


def bad_decisions(s: GameState, mover: int, legal: list[Event], rng: random.Random,
                  limit: int = 16) -> list[Any]:
    """Decisions the rules refuse now: a random sample of at most ``limit`` candidates,
    those not in ``legal``."""
    out: list[Any] = [None, "pass_window", [], {}, {"type": 3, "seat": mover},
                      {"type": "bogus", "seat": mover}, {"seat": mover}]
    sample = rng.sample(legal, min(4, len(legal)))
    for inp in sample:
        out += [{**inp, "seat": o} for o in range(s.n) if o != mover]
        out += [{**inp, "seat": bad} for bad in BAD_SEATS + [s.n]]
        for field in ("area", "target", "colour", "with"):
            if field in inp:
                out += [{**inp, field: v} for v in _field_values(s, field)]
                out.append({k: v for k, v in inp.items() if k != field})
        if "card" in inp:
            out += [{**inp, "card": bad} for bad in BAD_CODES + _not_in_deck(s)[:2]]
            not_held = [c for c in s.order if c not in s.hands[mover]]
            out.append({**inp, "card": rng.choice(not_held)})
            out.append({**inp, "type": "black" if inp["type"] == "white" else "white"})
        if inp["type"] == "give":
            cards = inp["cards"]
            hand = s.hands[mover]
            out += [{**inp, "cards": cards[:1]}, {**inp, "cards": [cards[0]] * 2},
                    {**inp, "cards": cards + [c for c in hand if c not in cards][:1]},
                    {**inp, "cards": [c for c in hand if c not in cards][:2]},
                    {**inp, "cards": cards[0]}]
    hand = s.sort(s.hands[mover])
    out += [{"type": "pass_window", "seat": mover},
            {"type": "draw", "seat": mover, "cards": s.deck[:1]},
            {"type": "random_card", "seat": mover, "card": hand[0] if hand else None},
            {"type": "deal", "hands": [hand] * s.n}]
    for c in [c for c in hand if colour(c)][:4]:  # colour cards: the field is ``area``
        out += [{"type": t, "seat": mover, "card": c, "area": a}
                for t in ("white", "black") for a in (colour(c), "discard")]
    legal_keys = {key(i) for i in legal}
    return [i for i in rng.sample(out, min(limit, len(out))) if key(i) not in legal_keys]
