"""A live Kolkhoz game for the leak audits (issue 20) and its oracle of hidden cards.

The game: the ``kolkhoz`` preset over two years (swaps come in the second year, once
cellars hold cards), four bots, a fixed seed — every Kolkhoz event type that carries a
hidden fact (a deal, a hidden swap, a pocket) or makes one public (a play, a reveal, a
card sent North, a year's end returning cards to the deck) within ~86 events.

The oracle (``hidden_from``) is the state's own account of where each card lies — another
seat's hand, another seat's hidden cellar card, the deck (kolkhoz_core/views.py: "another
seat's hand, a hidden cellar card (a pocketed card, a card buried by a swap, a hidden
card taken by a swap…)") — less every card the viewer's redacted log names (a card
played in year 1 and dealt again in year 2 was public once). It is checked against the
engine's redaction: every card the redaction takes out of the true log is in it
(``redacted_away``).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from kolkhoz_core.cards import CODE
from kolkhoz_core.explain_words import card_label
from replays import engine
from tests.replays.test_leak import cards_in

GAME = "kolkhoz"
SEED = "kk-leak-b"
RULESET = {"preset": "kolkhoz", "options": {"years": 2}}
SEATS = ["Anya", "Boris", "Pyotr", "Vera"]


@functools.cache
def _log() -> tuple[dict[str, Any], ...]:
    defn = engine.definition(None, GAME)
    events = defn.start(defn.ruleset(RULESET), SEATS, {"first_planner": 0}, SEED)
    players = [defn.bot("random") for _ in SEATS]
    state = defn.fold(events)
    while not defn.finished(state):
        state, new = defn.play_bots(state, players, SEED)
        events.extend(new)
    return tuple(events)


def log_of() -> list[dict[str, Any]]:
    """The whole finished log (a fresh copy each call)."""
    import copy

    return copy.deepcopy(list(_log()))


def cut_points(log: list[dict[str, Any]]) -> dict[str, int]:
    """Log lengths just after: the first event of each type (``deal``, ``play``, …), the
    first swap of each kind (``swap:hidden``, ``swap:revealed``, ``swap:pass``), the last
    pocket of year 1 (``pockets@1``), just before the first swap (``before-swap``), the
    second deal (``deal@2``) and the last event before ``game_end`` (``before-end``)."""
    points: dict[str, int] = {}
    for i, e in enumerate(log):
        t = e["type"]
        if t == "game_end":
            points["before-end"] = i
            break
        points.setdefault(t, i + 1)
        if t == "swap":
            points.setdefault("before-swap", i)
            points.setdefault("swap:" + ("pass" if e.get("pass") else e["taken"]), i + 1)
        if t == "deal" and e["year"] == 2:
            points["deal@2"] = i + 1
        if t == "pocket" and log[i + 1]["type"] != "pocket" and "pockets@1" not in points:
            points["pockets@1"] = i + 1
    return points


def hidden_from(log: list[dict[str, Any]], viewer: int | None) -> set[str]:
    """The cards ``viewer`` may not know the place of at the head of live ``log``: every
    other seat's hand, every other seat's hidden cellar cards, the deck — less the cards
    the viewer's redacted log names anywhere."""
    state = engine.definition(None, GAME).fold(log)
    out = {CODE[c] for c in state.deck}
    for seat in range(len(SEATS)):
        if seat == viewer:
            continue
        out |= {CODE[c] for c in state.hands[seat]}
        out |= {CODE[c] for c, hidden, _kind, _stack in state.cellars[seat] if hidden}
    return out - cards_in(engine.redact(log, viewer, finished=False, game=GAME))


def redacted_away(log: list[dict[str, Any]], viewer: int | None) -> set[str]:
    """The cards of the true log that the engine's redaction for ``viewer`` names
    nowhere."""
    return cards_in(log) - cards_in(engine.redact(log, viewer, finished=False, game=GAME))


def in_text(text: str, cards: set[str]) -> set[str]:
    """The cards of ``cards`` named in ``text`` by code (``10H``, as a whole token) or in
    words (``10♥``, "the Wrecker"); the Wrecker's code ``X`` is looked for in JSON only
    (``cards_in``): a lone X is any page's letter."""
    found = set()
    for c in cards:
        tokens = [card_label(c)] + ([] if c == "X" else [c])
        for token in tokens:
            if re.search(rf"(?<![A-Za-z0-9]){re.escape(token)}(?![A-Za-z0-9])", text):
                found.add(c)
    return found


def leaked(body: Any, text: str, hidden: set[str]) -> set[str]:
    """The hidden cards a body shows: as JSON values or keys, or in its text."""
    return (cards_in(body) | in_text(text, hidden)) & hidden
