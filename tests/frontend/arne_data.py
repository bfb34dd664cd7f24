"""Arne Total for the browser tests: small seeded test players (no dependency on the
game's own bots) and an oracle of what one seat may see at each step of a game,
independent of the engine's redaction.

The oracle: a seat *knows* a card once it has held it (dealt, drawn, grabbed, given,
passed to it — a hand it passed on it held before) or once the card has lain on the
table or the discard pile; it knows it from then on. At step ``s`` a card is *hidden*
from the seat when it lies in another seat's hand or in the draw deck at ``s`` and the
seat does not know it by ``s``. No response the seat's page receives about step ``s``,
and nothing its page shows at step ``s``, may name a hidden card — the ``game`` event's
``deck`` (every code of the deck, by kind) aside."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from typing import Any

from arne_core.cards import colour_of, is_black, is_score
from gamekit import registry

# A card code of Arne Total (RECORD_FORMAT "Cards and places").
CODE = re.compile(r"(?<![A-Za-z0-9.])(?:[RBYGOP](?:50|100|200|500|1000|X2|-200)|X3|GRAB|PLUS2C|"
                  r"PLUS2K|DRAW3|HANDS|SWAP|CHAM|THIEF|CRUSH|LOCK|STOP|REV)\.\d+(?![0-9])")
WHITE_ACTIONS = ("GRAB", "PLUS2C", "PLUS2K")


def arne():
    return registry.get("arne")


def kind(code: str) -> str:
    return code.split(".")[0]


class WindowPasser:
    """Passes most window offers (``passing``: the chance of a pass when a black card
    could be played), else plays a random listed input — from the engine's choices."""

    def __init__(self, passing: float = 0.75) -> None:
        self.passing = passing

    def choose(self, view: Any, choices: Any, rng: random.Random) -> dict[str, Any]:
        options = list(choices)
        passes = [i for i in options if i["type"] == "pass_window"]
        whites = [i for i in options if i["type"] == "white"]
        if passes and not whites and rng.random() < self.passing:
            return passes[0]
        return rng.choice(options)


class Provoker:
    """The other seats of the play-page test: in its main window a seat plays a STOP or
    REVERSE it holds (a claim for the next seat's after-window), then prefers a Grab or
    Plus Two on ``target`` (a before-window offered to it); every other offer it passes;
    a give is the first listed pair."""

    def __init__(self, target: int) -> None:
        self.target = target

    def choose(self, view: Any, choices: Any, rng: random.Random) -> dict[str, Any]:
        options = list(choices)
        whites = [i for i in options if i["type"] == "white"]
        claims = [i for i in options if i["type"] == "black" and kind(i["card"]) in ("STOP", "REV")]
        if whites and claims and not view.get("claims"):
            return claims[0]
        aimed = [i for i in whites
                 if kind(i["card"]) in WHITE_ACTIONS and i.get("target") == self.target]
        if aimed:
            return aimed[0]
        if whites:
            return rng.choice(whites)
        passes = [i for i in options if i["type"] == "pass_window"]
        return passes[0] if passes else options[0]


def plus_two_with_choice(state: Any, choices: list[dict[str, Any]], me: int) -> Any:
    """A Plus Two on ``me`` that leaves it a choice (more than two cards of the kind in
    its hand: plus2.give), if one is listed — the test player peeks at the hand."""
    hand = state.hands[me]
    for inp in choices:
        if inp["type"] != "white" or inp.get("target") != me:
            continue
        if kind(inp["card"]) == "PLUS2C" and sum(
                is_score(c) and colour_of(c) == inp["colour"] for c in hand) > 2:
            return inp
        if kind(inp["card"]) == "PLUS2K" and sum(is_black(c) for c in hand) > 2:
            return inp
    return None


def public_cards(state: Any) -> set[str]:
    """Every card on the table (each pile's base and what lies on it) or the discard pile."""
    cards = set(state.discard)
    for piles in state.areas.values():
        for pile in piles:
            cards.update(c for c in pile.values() if isinstance(c, str))
    return cards


def hidden_by_step(events: list[dict[str, Any]], viewer: int) -> list[set[str]]:
    """For each step (event index) the cards hidden from ``viewer`` after it."""
    defn = arne()
    known: set[str] = set()
    out = []
    for state in defn.replay(events):
        known |= set(state.hands[viewer]) | public_cards(state)
        elsewhere = set(state.deck).union(
            *(set(h) for s, h in enumerate(state.hands) if s != viewer))
        out.append(elsewhere - known)
    return out


def codes_in(value: Any, skip: Iterable[str] = ("deck",)) -> set[str]:
    """Every card code in a JSON value's strings (keys in ``skip`` left out)."""
    skip = set(skip)
    if isinstance(value, str):
        return set(CODE.findall(value))
    if isinstance(value, list):
        return set().union(*(codes_in(v, skip) for v in value))
    if isinstance(value, dict):
        return set().union(*(codes_in(v, skip) | codes_in(k, skip)
                             for k, v in value.items() if k not in skip))
    return set()


def json_bodies(text: str) -> list[Any]:
    try:
        return [json.loads(text)]
    except ValueError:
        pass
    out = []
    for line in text.splitlines():  # the stream's NDJSON
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return out


def leaks(body: Any, hidden: list[set[str]]) -> list[tuple[int | None, set[str]]]:
    """The hidden cards a response body names: a frames body frame by frame (each at its
    own seq), a body with ``head_seq`` (the state, a command's answer) at its head, a
    stream event at its seq; anything else against
    the cards hidden at every step so far."""
    always = set.intersection(*hidden) if hidden else set()
    found: list[tuple[int | None, set[str]]] = []

    def at(seq: Any) -> set[str]:
        return hidden[seq] if isinstance(seq, int) and 0 <= seq < len(hidden) else always

    if isinstance(body, dict) and isinstance(body.get("frames"), list):
        for frame in body["frames"]:
            bad = codes_in(frame) & at(frame.get("seq"))
            if bad:
                found.append((frame.get("seq"), bad))
        rest = {k: v for k, v in body.items() if k != "frames"}
        bad = codes_in(rest) & always
    elif isinstance(body, dict) and isinstance(body.get("head_seq"), int):
        seq = body["head_seq"] - 1  # head_seq: the number of events (the next seq)
        bad = codes_in(body) & at(seq)
        found.extend([(seq, bad)] if bad else [])
        return found
    elif isinstance(body, dict) and isinstance(body.get("seq"), int):
        bad = codes_in(body) & at(body["seq"])
        found.extend([(body["seq"], bad)] if bad else [])
        return found
    else:
        bad = codes_in(body) & always
    if bad:
        found.append((None, bad))
    return found


class Recorder:
    """Every API response a page receives, its JSON bodies parsed (read once complete:
    the stream's long-poll too)."""

    def __init__(self, page) -> None:
        self.bodies: list[tuple[str, list[Any]]] = []
        page.on("requestfinished", self.record)

    def record(self, request) -> None:
        if "/api/" not in request.url:
            return
        try:
            response = request.response()
            text = response.body().decode("utf-8", "replace") if response else ""
        except Exception:  # noqa: BLE001 - a body gone with a navigation
            return
        self.bodies.append((request.url, json_bodies(text)))


# Every card code the page's DOM holds (attributes and text, the legend's samples aside)
# after every change, with the latest step the page knows (the frames' last step or the
# play page's head, whichever is later).
WATCH = r"""() => {
  window.arSnapshots = [];
  const re = new RegExp(CODE_PATTERN, 'g');
  const snap = () => {
    const clone = document.body.cloneNode(true);
    clone.querySelector('#legend')?.remove();
    const codes = new Set(clone.outerHTML.match(re) || []);
    const play = document.getElementById('play');
    const max = Number(document.getElementById('slider')?.max || 0);
    const head = Number(play?.dataset.headSeq || 0) - 1;  // head_seq: the next seq
    window.arSnapshots.push({step: Math.max(max, head), codes: [...codes]});
  };
  new MutationObserver(snap).observe(document, {subtree: true, childList: true,
                                                attributes: true, characterData: true});
  snap();
}""".replace("CODE_PATTERN", json.dumps(CODE.pattern))
