"""Plain-language explanations citing each event's clause ids
(``docs/korova/rules.md#<clause id>``); hidden facts are said to be hidden."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.seam import cite_missing

RULES_DOC = "docs/korova/rules.md"


def _who(seats: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(seats):
        return f"{seats[seat]} (seat {seat})"
    return f"seat {seat}"


def explain_event(e: dict[str, Any], seats: Sequence[str],
                  prev: dict[str, Any] | None = None) -> str:
    """A sentence about ``e`` naming every clause in its ``rules``."""
    t = e.get("type")
    if t == "game":
        text = (f"A game of Korova for {len(e['seats'])} players "
                f"({', '.join(e['seats'])}) (setup.players).")
    elif t == "round":
        text = f"Round {e['round']} begins with four new rows (round.next)."
    elif t == "deal":
        text = (f"Each player is dealt 10 cards and four cards start the rows "
                f"{', '.join(map(str, e['rows']))} (round.deal).")
    elif t == "draft":
        text = (f"The cards 1–{max(e['cards'])} are laid out face up; "
                f"{_who(seats, e['first'])} picks first, in {e['order']} order "
                f"(tactical.deck, tactical.draft).")
    elif t == "pick":
        text = f"{_who(seats, e['seat'])} takes {e['card']} from the table (tactical.draft)."
    elif t == "rows":
        text = f"The rows start with {', '.join(map(str, e['rows']))}."
    elif t == "turn":
        text = f"Turn {e['turn']} of round {e['round']}: everyone chooses a card (round.turns)."
    elif t == "choose":
        card = e.get("card")
        text = (f"{_who(seats, e['seat'])} lays a card face down"
                + (f": {card}." if card is not None else " (hidden until the reveal).")
                + " (turn.choose)")
    elif t == "reveal":
        order = ", ".join(f"{e['cards'][s]}" for s in e["order"])
        text = (f"All cards are turned over at once and placed lowest first: {order} "
                f"(turn.reveal, turn.order).")
    elif t == "low_card":
        text = (f"{e['card']} is lower than every row end ({', '.join(map(str, e['ends']))}):"
                f" {_who(seats, e['seat'])} must choose a row to take before anything else "
                f"is placed (low.card, low.when).")
    elif t == "take_row":
        text = f"{_who(seats, e['seat'])} chooses row {e['row']} (low.card)."
    elif t == "place":
        text = (f"{e['card']} goes into row {e['row']}, after the nearest lower end "
                f"(place.row); the row now has {e['length']} cards (place.append).")
    elif t == "take":
        cards = " ".join(map(str, e["cards"]))
        if e["cause"] == "sixth":
            text = (f"{e['card']} would be the sixth card in row {e['row']}: its player "
                    f"{_who(seats, e['seat'])} takes {cards} for {e['penalty']} heads and "
                    f"{e['card']} restarts the row (place.row, place.sixth, card.heads).")
        else:
            text = (f"{_who(seats, e['seat'])} takes row {e['row']} ({cards}) for "
                    f"{e['penalty']} heads and {e['card']} restarts it (low.card, "
                    f"card.heads).")
    elif t == "round_end":
        pens = ", ".join(f"{seats[i] if i < len(seats) else i} {p}"
                         for i, p in enumerate(e["penalties"]))
        text = (f"Round {e['round']} ends: heads taken {pens}; totals "
                f"{', '.join(map(str, e['scores']))} (round.score, card.heads).")
    elif t == "game_end":
        best = [i for i, p in enumerate(e["places"]) if p == 1]
        text = (f"A total reached the threshold after round {e['rounds']}: the game ends "
                f"(game.end). Fewest heads wins: {', '.join(_who(seats, i) for i in best)} "
                f"(game.places).")
    else:
        text = f"{t} event."
    return cite_missing(text, e.get("rules") or [])
