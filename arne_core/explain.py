"""One plain sentence per event, naming what happened and why, with the clause ids it
applied (``gamekit.seam.cite_missing``). Works on redacted events too (a hidden card is
"a card")."""

from __future__ import annotations

from typing import Any

from gamekit.seam import cite_missing

from .cards import colour_of, face, kind

RULES_DOC = "docs/arne/rules.md"
COLOUR_NAMES = {"R": "red", "B": "blue", "Y": "yellow", "G": "green", "O": "orange",
                "P": "purple"}
# The cards' names as the table names them (frontend games/arne-cards.js NEUTRAL).
KIND_NAMES = {"X3": "a Triple ×3", "GRAB": "a Grab", "PLUS2C": "a Plus Two (score cards)",
              "PLUS2K": "a Plus Two (black cards)", "DRAW3": "a Draw Three",
              "HANDS": "a Pass Hands", "SWAP": "a Swap Seats", "CHAM": "a Chameleon",
              "THIEF": "a Thief", "CRUSH": "a Crush", "LOCK": "a Lock", "STOP": "a Stop!",
              "REV": "a Reverse!"}


def card_name(code: Any) -> str:
    """A card in words, as the table names it — never its code (people read the replay):
    ``R500.1`` → "Red 500", ``O-200.2`` → "Orange −200", ``CRUSH.2`` → "a Crush";
    None (hidden from this viewer) → "a card"."""
    if not isinstance(code, str):
        return "a card"
    c = colour_of(code)
    if c:
        f = face(code)
        return f"{COLOUR_NAMES[c].capitalize()} {'−200' if f == '-200' else f}"
    return KIND_NAMES.get(kind(code), "a card")


def _cap(text: str) -> str:
    """A sentence that begins with a card's name ("a Crush …") begins with a capital."""
    return text[:1].upper() + text[1:]


def _played(colour: str, code: Any) -> str:
    """"the white card Green 50", "the black card Orange −200"; an action card by its
    name alone ("a Grab", "a Crush"), a hidden one as "a white card"."""
    name = card_name(code)
    if name == "a card":
        return f"a {colour} card"
    return name if name.startswith("a ") else f"the {colour} card {name}"


def _area(a: Any) -> str:
    return "the discard pile" if a == "discard" else f"the {COLOUR_NAMES.get(a, a)} area"


def _cards(cards: Any) -> str:
    if not isinstance(cards, list):
        return "cards (hidden)"
    return ", ".join(card_name(c) for c in cards) if cards else "no card"


def explain_event(e: dict[str, Any], seats: list[str], prev: dict[str, Any] | None) -> str:
    """The sentence for ``e`` (seat names from ``seats``), every clause id cited."""
    def who(i: Any) -> str:
        return seats[i] if isinstance(i, int) and 0 <= i < len(seats) else f"seat {i}"

    t = e.get("type")
    rules = e.get("rules") or []
    fn = _TEXT.get(str(t))
    text = fn(e, who) if fn else f"{t}."
    return cite_missing(text, rules)


def _game(e: dict[str, Any], who: Any) -> str:
    mode = {"misere": "misère (lowest score wins)", "normal": "normal"}.get(
        e["ruleset"]["options"]["mode"], e["ruleset"]["options"]["mode"])
    return (f"A {mode} game of Arne Total for {len(e['seats'])} players with a deck of "
            f"{len(e['deck'])} cards (deck.group); {who(e['first_player'])} takes the "
            "first turn (setup.first).")


def _deal(e: dict[str, Any], who: Any) -> str:
    return "Each player is dealt 8 cards, hidden from the others (setup.deal)."


def _turn(e: dict[str, Any], who: Any) -> str:
    arrow = "clockwise (+1)" if e["direction"] == 1 else "counter-clockwise (−1)"
    return (f"Turn {e['turn']}: {who(e['seat'])} at position {e['position']}, play going "
            f"{arrow} (turn.order).")


def _draw(e: dict[str, Any], who: Any) -> str:
    n = len(e["cards"]) if isinstance(e.get("cards"), list) else e.get("count", "?")
    what = (_cards(e.get("cards")) if isinstance(e.get("cards"), list)
            else "a card" if n == 1 else f"{n} cards")
    why = "Draw Three" if "draw3" in (e.get("rules") or []) else "the turn's draw"
    return f"{who(e['seat'])} draws {what} ({why})."


def _window(e: dict[str, Any], who: Any) -> str:
    order = ", ".join(who(s) for s in e["order"])
    if e["kind"] == "main":
        return (f"{who(e['order'][0])}'s main window: black cards, then one white card, "
                "or a pass with no white card to play (turn.main).")
    why = ("before the action takes effect, anyone may answer first (window.before)"
           if e["kind"] == "before" else "anyone may answer with black cards "
           "(window.after)")
    return f"A {e['kind']}-window opens, {why}; offered in the order {order} (window.order)."


def _white(e: dict[str, Any], who: Any) -> str:
    extra = ""
    if "area" in e:
        extra = f" to {_area(e['area'])}"
    elif "target" in e and isinstance(e["target"], int):
        extra = f" naming {who(e['target'])}"
    elif "target" in e:
        extra = f" on the pile of {card_name(e['target'])}"
    if "colour" in e:
        extra += f" and the colour {COLOUR_NAMES.get(e['colour'], e['colour'])}"
    return f"{who(e['seat'])} plays {_played('white', e['card'])}{extra}."


def _black(e: dict[str, Any], who: Any) -> str:
    extra = ""
    if "with" in e:
        extra = f" with {card_name(e['with'])} into {_area(e.get('area'))}"
    elif "area" in e:
        extra = f" into {_area(e['area'])}"
    elif e.get("target") == "discard":
        extra = " on the discard pile's top card"
    elif "target" in e:
        extra = f" on the pile of {card_name(e['target'])}"
    return f"{who(e['seat'])} plays {_played('black', e['card'])}{extra}."


def _pass(e: dict[str, Any], who: Any) -> str:
    if "turn.white" in (e.get("rules") or []):
        return f"{who(e['seat'])} has no white card to play and ends the main window."
    if "end.final_round" in (e.get("rules") or []):
        return f"{who(e['seat'])} plays no card in the final round."
    return f"{who(e['seat'])} passes (window.priority)."


def _placed(e: dict[str, Any], who: Any) -> str:
    return _cap(_placed_text(e))


def _placed_text(e: dict[str, Any]) -> str:
    c = e["card"]
    if e.get("chameleon"):
        colour = COLOUR_NAMES.get(e["area"], e["area"])
        own = colour_of(c) == e["area"]
        note = "" if own else f"; it now counts as {colour} (cham.with)"
        return (f"{card_name(c)} goes with a Chameleon into "
                f"{_area(e['area'])}{note} (cham.place).")
    if face(c) == "-200":
        return f"{card_name(c)} goes into {_area(e['area'])}: −200 there (minus200)."
    if "plus2.colour" in (e.get("rules") or []):
        return f"{card_name(c)} is given up and goes face up into {_area(e['area'])}."
    if face(c) == "X2":
        return (f"{card_name(c)} goes into {_area(e['area'])}: it doubles that area's "
                "score cards (white.x2).")
    return f"{card_name(c)} goes into {_area(e['area'])} (white.score)."


def _discarded(e: dict[str, Any], who: Any) -> str:
    cards = e["cards"]
    verb = "goes" if isinstance(cards, list) and len(cards) == 1 else "go"
    return _cap(f"{_cards(cards)} {verb} to the discard pile.")


def _tripled(e: dict[str, Any], who: Any) -> str:
    base = e["target"]
    if face(base) == "X2":
        what = ("while the X2 is live it multiplies that area's score cards by 6 "
                "(score.area)")
    elif face(base) == "-200":
        what = "it counts −600 unless locked"
    else:
        own = colour_of(base) == e["area"]
        tail = "" if own else (f" for {COLOUR_NAMES.get(e['area'])}, the colour of the "
                               "area it lies in")
        what = (f"it counts {3 * int(face(base) or 0)}{tail} while it is live (not crushed, "
                "or crushed and restored by a lock: score.pile)")
    return f"A Triple ×3 goes on the pile of {card_name(base)}: {what} (x3.target)."


def _crushed(e: dict[str, Any], who: Any) -> str:
    return (f"{who(e['seat'])}'s Crush lies on {card_name(e['target'])}: it scores "
            "nothing (with its X3 too) unless a lock restores it (crush).")


def _locked(e: dict[str, Any], who: Any) -> str:
    if e["cancels"] == "crush":
        return (f"A Lock cancels the Crush on {card_name(e['target'])}: the card "
                "counts again, its X3 included — a lock cancels a crush, it does not remove "
                "it (lock).")
    return f"A Lock cancels {card_name(e['target'])}: that −200 counts 0 (lock)."


def _stolen(e: dict[str, Any], who: Any) -> str:
    if e["source"] == "discard":
        return (f"{who(e['seat'])}'s Thief takes {card_name(e['card'])}, the discard pile's top "
                "card, into their hand (thief.discard).")
    own = "thief.own" in (e.get("rules") or [])
    tail = (" It is their own colour: the chameleon goes to the discard pile and the card "
            "stays as a plain pile (thief.own)." if own else
            f" It now counts for {COLOUR_NAMES.get(e['area'])}.")
    return (f"{who(e['seat'])}'s Thief takes the chameleon pile of {card_name(e['card'])} "
            f"from {_area(e['source'])} into {_area(e['area'])}, whole (thief.combo).{tail}")


def _grabbed(e: dict[str, Any], who: Any) -> str:
    if e.get("card") is None:
        if e.get("count") == 1:  # hidden from this viewer
            return f"{who(e['seat'])} takes one card at random from {who(e['source'])} (grab)."
        return (f"{who(e['source'])}'s hand is empty: {who(e['seat'])}'s Grab takes nothing "
                "(grab).")
    return (f"{who(e['seat'])} takes {card_name(e['card'])} at random from "
            f"{who(e['source'])} (grab).")


def _random_card(e: dict[str, Any], who: Any) -> str:
    return f"Chance picks {card_name(e.get('card'))} from {who(e['seat'])}'s hand (grab)."


def _give(e: dict[str, Any], who: Any) -> str:
    return (f"{who(e['seat'])} chooses which two cards to give: {_cards(e.get('cards'))} "
            "(plus2.give).")


def _gave(e: dict[str, Any], who: Any) -> str:
    if e.get("to_seat") is not None:
        return (f"{who(e['seat'])} gives {_cards(e.get('cards'))} face down to "
                f"{who(e['to_seat'])} (plus2.black).")
    return (f"{who(e['seat'])} gives up {_cards(e['cards'])} of "
            f"{COLOUR_NAMES.get(e['area'], e['area'])} (plus2.colour).")


def _hands_passed(e: dict[str, Any], who: Any) -> str:
    return ("Every player passes their whole hand, black cards included, to the next "
            f"position (direction {e['direction']:+d}); no black card could be played "
            "meanwhile (hands, window.hands).")


def _swapped(e: dict[str, Any], who: Any) -> str:
    a, b = e["seats"]
    pa, pb = e["positions"]
    return (f"{who(a)} and {who(b)} change places (now at positions {pa} and {pb}) with "
            "their hands; each now plays and scores the colour of the new position (swap).")


def _claim(e: dict[str, Any], who: Any) -> str:
    what = ("; a Reverse! turns the direction if it is the turn's last claim (under "
            "reverse_stack = each_reverses, every Reverse! turns it)"
            if e["effect"] == "reverse" else "")
    return (f"{who(e['seat'])} claims the next turn with {card_name(e['card'])}{what}; the "
            "last Stop! or Reverse! played this turn decides who moves (claim.last).")


def _dummy_control(e: dict[str, Any], who: Any) -> str:
    return (f"{who(e['seat'])}'s REVERSE takes control of the dummy for position "
            f"{e['position']} (dummy.control).")


def _turn_end(e: dict[str, Any], who: Any) -> str:
    why = (f"{card_name(e['decided_by'])}, played last, decides (claim.last)"
           if e.get("decided_by")
           else "the next position in the direction of play (turn.order)")
    return (f"Turn {e['turn']} ends; next: {who(e['next_seat'])} at position "
            f"{e['next_position']} — {why}.")


def _final_round(e: dict[str, Any], who: Any) -> str:
    order = ", ".join(who(s) for s in e["order"])
    return ("The deck is empty: the final round — in turn, each plays one black card or "
            "passes (one lap, or under final_round = until_passes until every seat has "
            "passed in succession), no white cards, Stop! and Reverse! decide no turn "
            f"(end.final_claims); in the order {order} (end.trigger).")


def _hands_discarded(e: dict[str, Any], who: Any) -> str:
    return "Every card left in a hand goes to the discard pile (end.discard_hands)."


def _game_end(e: dict[str, Any], who: Any) -> str:
    scores = ", ".join(f"{who(i)} {s} (place {p})"
                       for i, (s, p) in enumerate(zip(e["scores"], e["places"],
                                                               strict=False)))
    ctrl = e.get("dummy_controller")
    dummy = f"; {who(ctrl)} adds the dummy's points (dummy.score)" if ctrl is not None else ""
    return f"The game ends: {scores}{dummy} (score.area, score.seat, score.places)."


def _deck_empty(e: dict[str, Any], who: Any) -> str:
    return f"{who(e['seat'])} took the last card: this turn is the last (end.trigger)."


def _window_closed(e: dict[str, Any], who: Any) -> str:
    return f"The {e['kind']} window closes."


_TEXT = {"game": _game, "deal": _deal, "turn": _turn, "draw": _draw, "window": _window,
         "window_closed": _window_closed, "white": _white, "black": _black,
         "pass_window": _pass, "placed": _placed, "discarded": _discarded,
         "tripled": _tripled, "crushed": _crushed, "locked": _locked, "stolen": _stolen,
         "grabbed": _grabbed, "random_card": _random_card, "give": _give, "gave": _gave,
         "hands_passed": _hands_passed, "swapped": _swapped, "claim": _claim,
         "dummy_control": _dummy_control, "turn_end": _turn_end,
         "final_round": _final_round, "hands_discarded": _hands_discarded,
         "game_end": _game_end, "deck_empty": _deck_empty}
