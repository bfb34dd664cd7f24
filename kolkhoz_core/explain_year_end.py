"""The explanations of a year's end and the game's (``explain``): the ``pocket``,
``requisition``, ``revealed``, ``north``, ``year_end`` and ``game_end`` events, each from
its own fields, ``facts`` and ``rules`` and what ``explain_log`` tracks along the log
(``YEAR_END_EXPLAINERS``: event type → function of ``(event, seats, prev, context)``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .explain_words import (
    Event,
    cap,
    card_label,
    cards_label,
    clauses,
    field_label,
    seat_label,
    seats_label,
)

VULNERABLE_WHY = {
    "trick_winners": "won tricks this year",
    "stack_takers": "took a stack from a completed field this year",
    "northern": "Northern play: every player answers",
    "mice": "even the mice: every player answers",
    "stakhanovite": "everyone but the Stakhanovite hero answers",
    "informant": "the Informant is on the field: every player answers",
    "fallback_mice": "all four fields failed and nobody was vulnerable: even the mice",
}


def _pocket(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    card = ev.get("card")
    what = card_label(card) if card else "their last hand card"
    return (f"{cap(seat_label(ev.get('seat'), seats))} puts {what} into their "
            f"cellar, hidden, before requisition {clauses('pocket')}.")


def _requisition(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    rules = ev.get("rules") or []
    facts = ev.get("facts") or {}
    field = field_label(ev.get("field"))
    why_failed = facts.get("failed_because") or []
    bits = []
    if "under_quota" in why_failed:
        bits.append(f"{facts.get('hours')} of {facts.get('quota', 40)} hours")
    if "wrecker" in why_failed:
        bits.append(f"the Wrecker is on it {clauses('wrecker.poison')}")
    text = f"Field {field} failed ({'; '.join(bits) or 'inspected'}) {clauses('req.failed')}."
    vuln = ev.get("vulnerable") or []
    because = facts.get("vulnerable_because")
    why = VULNERABLE_WHY.get(str(because), str(because or ""))
    cite = ["req.vulnerable"] + [r for r in ("northern", "mice", "k36.orden", "stakh",
                                              "req.hero", "req.fallback") if r in rules]
    hero = facts.get("hero")
    if hero is not None:
        why += f" ({seat_label(hero, seats)} won every trick: a Hero of Labor, immune)"
    text += f" Vulnerable: {seats_label(vuln, seats)} ({why}, {', '.join(cite)})."
    if ev.get("skipped") or not vuln:
        text += (f" Nobody answers for it, so the requisition is skipped "
                 f"{clauses('x.requisition_skipped')}.")
        return text
    if facts.get("drunkard"):
        text += (" The Drunkard (the trump Jack) is on the field: he goes North instead of "
                 f"anyone's card {clauses('nom.drunkard')}.")
    if facts.get("informant") and because != "informant":
        text += (" The Informant (the trump Queen) is on the field: every matching hidden card "
                 f"is revealed first {clauses('nom.informant')}.")
    elif facts.get("informant"):
        text += f" Every matching hidden card is revealed first {clauses('nom.informant')}."
    if facts.get("party_man"):
        text += (" The Party Man (the trump King) is on the field: two cards go North instead "
                 f"of one {clauses('nom.partyman')}.")
    if facts.get("drunkard"):
        return text  # only the Jack goes North: no player's card is taken
    if facts.get("table_wide"):
        n = "two highest face-up matching cards" if facts.get("party_man") else \
            "single highest face-up matching card"
        text += (" Requisition is table-wide: each vulnerable seat reveals, then the "
                 f"{n} among them go North {clauses('mice')}.")
    else:
        n = "two highest matching cellar cards" if facts.get("party_man") else \
            "highest matching cellar card"
        text += f" Each vulnerable seat sends North its {n} {clauses('req.take')}."
    return text


def _revealed(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    rules = ev.get("rules") or []
    who = cap(seat_label(ev.get("seat"), seats))
    card = card_label(ev.get("card"))
    field = field_label(ev.get("field"))
    if "nom.informant" in rules:
        why = f"every hidden {field} card is revealed for the Informant {clauses('nom.informant')}"
    elif "nom.drunkard" in rules:
        why = f"the Drunkard is turned up to go North {clauses('nom.drunkard')}"
    else:
        req = ctx.get("requisition") or {}
        same_field = req.get("field") == ev.get("field")
        party_man = same_field and bool((req.get("facts") or {}).get("party_man"))
        hidden_first = (ctx.get("options") or {}).get("reveal") == "highest_hidden"
        first = not (ctx.get("revealed_by_seat") or {}).get(ev.get("seat"))
        if "mice" in rules:
            what = "highest hidden" if hidden_first else "highest"
            why = (f"each vulnerable seat shows its {what} matching card, table-wide "
                   f"{clauses('mice')}")
        elif hidden_first and first:
            why = (f"it is their highest hidden {field} card, revealed first under the "
                   f"reveal=highest_hidden reading {clauses('req.take')}")
        elif party_man:
            why = (f"it is one of their two highest {field} cellar cards, both taken for the "
                   f"Party Man {clauses('req.take', 'nom.partyman')}")
        else:
            why = (f"it is their highest {field} cellar card, to be taken for the failed "
                   f"field {clauses('req.take')}")
    return (f"{who} reveals {card} from their cellar: {why}. It stays face-up from now on "
            f"{clauses('req.revealed')}.")


def _north(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    rules = ev.get("rules") or []
    seat = ev.get("seat")
    card = card_label(ev.get("card"))
    field = field_label(ev.get("field"))
    if seat is None:
        text = (f"The Drunkard {card} goes North from the {field} field instead of any "
                f"player's card {clauses('nom.drunkard')}.")
    else:
        who = cap(seat_label(seat, seats))
        same = (prev is not None and prev.get("type") == "revealed"
                and prev.get("seat") == seat and prev.get("card") == ev.get("card"))
        did = f"{who} revealed {card} and sent it North" if same else f"{who} sends {card} North"
        if "nom.drunkard" in rules:
            why = f"the Drunkard leaves from the stack he went into {clauses('nom.drunkard')}"
        elif "mice" in rules:
            why = (f"the highest face-up {field} card among the vulnerable seats' cellars "
                   f"{clauses('mice', 'req.take')}")
        elif "nom.partyman" in rules:
            why = (f"one of their two highest {field} cellar cards "
                   f"{clauses('req.take', 'nom.partyman')}")
        else:
            why = f"their highest {field} cellar card {clauses('req.take')}"
        text = f"{did}: {why}."
    if "wrecker.cellar" in rules:
        text += (" The Wrecker matches every failed field as a 14, so he goes for the first "
                 f"failed field that reaches his owner {clauses('wrecker.cellar')}.")
    if "k36.orden" in rules:
        text += f" Cards sent North return to the worker deck next year {clauses('k36.orden')}."
    return text


def _year_end(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    rules = ev.get("rules") or []
    text = f"Year {ev.get('year')} ends {clauses('year.end')}."
    discarded = ev.get("discarded") or []
    if discarded:
        text += f" Unclaimed rewards leave the game: {cards_label(discarded)}."
    if "accum" in rules:
        text += f" Unclaimed rewards stay on their fields {clauses('accum')}."
    returned = ev.get("returned") or []
    if returned:
        cite = [r for r in ("k36.orden", "wrecker.cellar") if r in rules]
        text += (f" Back to the worker deck: {cards_label(returned)} "
                 f"{clauses(*cite) if cite else ''}".rstrip() + ".")
    medals = (ev.get("facts") or {}).get("medals")
    if medals:
        won = [f"{seat_label(i, seats)} {m}" for i, m in enumerate(medals) if m]
        if won:
            text += " Medals this year: " + ", ".join(won) + " (they return to the supply)."
    return text


def _game_end(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    rules = ev.get("rules") or []
    facts = ev.get("facts") or {}
    scores = list(ev.get("scores") or [])
    places = list(ev.get("places") or [])
    medals = list(facts.get("tiebreak_medals") or ev.get("medals") or [])
    text = ("The Plan is over. Each seat scores the values of every card in its cellar "
            f"{clauses('score')}")
    if "medals" in rules:
        text += f", plus one point per medal {clauses('medals')}"
    text += ": " + ", ".join(f"{seat_label(i, seats)} {s}" for i, s in enumerate(scores)) + "."
    order = sorted(range(len(places)), key=lambda i: (places[i], i))
    text += " Places: " + ", ".join(f"{places[i]}. {seat_label(i, seats)}" for i in order) + "."
    ties = []
    for i in range(len(scores)):
        for j in range(i + 1, len(scores)):
            if scores[i] == scores[j] and i < len(medals) and j < len(medals):
                if places[i] == places[j]:
                    ties.append(f"{seat_label(i, seats)} and {seat_label(j, seats)} tie on "
                                f"{scores[i]} points and {medals[i]} medals and share "
                                f"place {places[i]}")
                else:
                    ties.append(f"{seat_label(i, seats)} and {seat_label(j, seats)} tie on "
                                f"{scores[i]} points; medals {medals[i]} vs {medals[j]} "
                                "separate them")
    scope = ("won over the whole game" if facts.get("tiebreak", "game") == "game"
             else "won in the last year")
    if ties:
        text += f" Ties are broken by medals {scope}: " + "; ".join(ties)
        text += f" {clauses('tiebreak')}."
    else:
        text += f" No tie needed medals ({scope}) to break it {clauses('tiebreak')}."
    if ev.get("seed"):
        text += f" The seed is revealed: {ev.get('seed')!r}."
    return text


YEAR_END_EXPLAINERS: dict[str, Callable[..., str]] = {
    "pocket": _pocket, "requisition": _requisition, "revealed": _revealed, "north": _north,
    "year_end": _year_end, "game_end": _game_end,
}
