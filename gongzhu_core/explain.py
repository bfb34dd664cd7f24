"""Plain-language explanations of every event, citing the clause ids it applied
(``docs/gongzhu/rules.md#<clause id>``). Works on redacted events too (hidden facts are
said to be hidden, never guessed)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.seam import cite_missing

from .cards import DOUBLER, PIG, SHEEP

RULES_DOC = "docs/gongzhu/rules.md"
SUIT_NAMES = {"H": "heart", "D": "diamond", "C": "club", "S": "spade"}
SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


def card_words(card: str) -> str:
    """A card as people write it: ``"10C"`` -> ``"10♣"`` (a code it does not know as is)."""
    rank, suit = str(card)[:-1], str(card)[-1:]
    return f"{rank}{SYMBOLS[suit]}" if rank and suit in SYMBOLS else str(card)


NAMES = {PIG: f"the pig ({card_words(PIG)})", SHEEP: f"the sheep ({card_words(SHEEP)})",
         DOUBLER: f"the doubler ({card_words(DOUBLER)})"}


def _who(seats: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(seats):
        return f"{seats[seat]} (seat {seat})"
    return f"seat {seat}"


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(NAMES.get(c) or card_words(c) for c in cards) if cards else "nothing"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _round_end(e: dict[str, Any], seats: Sequence[str]) -> str:
    parts = [f"{seats[i] if i < len(seats) else i} {_signed(p)}"
             for i, p in enumerate(e["points"])]
    text = f"Round {e['round']} is scored: {', '.join(parts)} (score.cards)."
    if e.get("sweep") is not None and "score.sweep" in e.get("rules", []):
        text += (f" {_who(seats, e['sweep'])} took all sixteen scoring cards: the sweep "
                 f"bonus replaces the count (score.sweep).")
    elif e.get("moon") is not None:
        text += (f" {_who(seats, e['moon'])} took all thirteen hearts, so the hearts "
                 f"count with the opposite sign (score.moon).")
    if "score.doubler" in e.get("rules", []):
        taker = next((i for i, t in enumerate(e["taken"]) if DOUBLER in t), None)
        text += (f" The doubler went to {_who(seats, taker)}: alone it is +50, with other "
                 f"scoring cards it doubles their sum (score.doubler).")
    if "expose.effect" in e.get("rules", []):
        text += " Exposed cards count double this round (expose.effect)."
    text += (" Totals now " + ", ".join(_signed(t) for t in e["totals"]) + " (score.total).")
    return text


def explain_event(e: dict[str, Any], seats: Sequence[str],
                  prev: dict[str, Any] | None = None) -> str:
    """One sentence (or a few) about event ``e`` naming every clause in its ``rules``."""
    t = e.get("type")
    seat = e.get("seat")
    if t == "game":
        first = _who(e["seats"], e["first_dealer"])
        text = (f"A game of Gong Zhu for {', '.join(e['seats'])}; {first}"
                f" deals first; ruleset {e['ruleset']['preset']}"
                + (f"; the seed is committed as {e['seed_commitment'][:12]}…"
                   if e.get("seed_commitment") else "; no seed")
                + " (setup.players, ruleset).")
    elif t == "round":
        text = (f"Round {e['round']}: {_who(seats, e['dealer'])} deals (round.dealer)."
                + (f" Cards are passed {e['pass_to']} this round (pass.direction)."
                   if e.get("pass_to") else
                   " No passing this round (pass.direction)."
                   if "pass.direction" in e.get("rules", []) else ""))
    elif t == "deal":
        shown = [i for i, h in enumerate(e.get("hands") or []) if h is not None]
        text = (f"The cards of round {e['round']} are dealt, 13 to each seat (round.deal)."
                + ("" if len(shown) == 4 else " Other seats' hands are hidden."))
    elif t == "pass":
        cards = e.get("cards")
        text = (f"{_who(seats, seat)} chooses three cards to pass"
                + (f": {_cards(cards)}." if cards is not None else " (hidden)."))
    elif t == "exchange":
        text = (f"The passes change hands at once, to the {e['direction']} "
                f"(pass.exchange).")
    elif t == "expose":
        cards = e.get("cards") or []
        text = (f"{_who(seats, seat)} exposes {_cards(cards)}: face up, worth double this "
                f"round." if cards else f"{_who(seats, seat)} exposes nothing.")
    elif t == "play":
        text = f"{_who(seats, seat)} plays {NAMES.get(e['card']) or card_words(e['card'])}."
    elif t == "trick":
        scoring = e.get("scoring") or []
        text = (f"Trick {e['trick']} of round {e['round']}: the highest "
                f"{SUIT_NAMES[e['lead_suit']]} wins (trick.winner); {_who(seats, e['winner'])}"
                f" takes it" + (f" with {_cards(scoring)} face up (trick.taken)."
                                if scoring else ", no scoring card in it (trick.taken)."))
        if "trick.lead" in e.get("rules", []):
            text += f" {_who(seats, e['leader'])} led the round's first trick (trick.lead)."
    elif t == "round_end":
        text = _round_end(e, seats)
    elif t == "game_end":
        best = [i for i, p in enumerate(e["places"]) if p == 1]
        text = (f"A total reached the end score after round {e['rounds']}: the game ends "
                f"(game.end). Winner{'s' if len(best) > 1 else ''}: "
                f"{', '.join(_who(seats, i) for i in best)} on {_signed(e['scores'][best[0]])};"
                f" equal totals share a place (game.places).")
        if "game.tie" in e.get("rules", []):
            text += " The game went on past a shared lead (game.tie)."
        if e.get("seed") is not None:
            text += " The seed is revealed."
    else:
        text = f"{t} event."
    return cite_missing(text, e.get("rules") or [])


def explain_log(events: Sequence[dict[str, Any]], seats: Sequence[str]) -> list[str]:
    """One explanation per event, in order."""
    return [explain_event(e, seats, events[i - 1] if i else None)
            for i, e in enumerate(events)]
