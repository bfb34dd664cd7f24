"""Plain-language explanations of a game's events, built only from what each event
recorded: its fields, its ``facts`` and its ``rules`` (the clause ids of RULINGS.md,
anchors of docs/rules.md).

An explanation is a function of the events alone (never of a folded state), so
explaining a log redacted for a viewer can never reveal more than that viewer's
events show: a hidden card is ``null`` in the event and "a card" in the text.

Every explanation names every clause id its event cites, in parentheses, so an
auditor can follow each ruling to its clause.

- ``explain_event(event, seats, prev=None) -> str`` — one event (``prev``: the event
  just before it, used to say "revealed 7♦ and sent it North" in one sentence).
- ``explain_log(events, seats=None) -> list[str]`` — one string per event, in order.
- ``explanation(event, seats, prev=None) -> dict`` — ``{seq, type, text, rules,
  facts, anchors}`` (``anchors``: ``docs/rules.md#<clause>`` per clause id).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .cards import CARD_ID

Event = dict[str, Any]

FIELD_NAMES = {"H": "Wheat", "D": "Beet", "C": "Potato", "S": "Sunflower"}
FIELD_RANK = {"H": 0, "D": 1, "C": 2, "S": 3}
SUIT_SYMBOLS = {"H": "\u2665", "D": "\u2666", "C": "\u2663", "S": "\u2660"}
RULES_DOC = "docs/rules.md"

VULNERABLE_WHY = {
    "trick_winners": "won tricks this year",
    "stack_takers": "took a stack from a completed field this year",
    "northern": "Northern play: every player answers",
    "mice": "even the mice: every player answers",
    "stakhanovite": "everyone but the Stakhanovite hero answers",
    "informant": "the Informant is on the field: every player answers",
    "fallback_mice": "all four fields failed and nobody was vulnerable: even the mice",
}


# -- small words -------------------------------------------------------------------------
def card_label(code: Any) -> str:
    """``'10H'`` → ``'10♥'``, ``'X'`` → ``'the Wrecker'``, ``None`` (hidden) → ``'a card'``."""
    if not isinstance(code, str) or not code:
        return "a card"
    if code == "X":
        return "the Wrecker"
    suit = code[-1]
    return code[:-1] + SUIT_SYMBOLS.get(suit, suit)


def field_label(letter: Any) -> str:
    """``'D'`` → ``'Beet'`` (a field is named by its suit)."""
    return FIELD_NAMES.get(str(letter), str(letter))


def by_field_order(per_field: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """``{field letter: x}`` as pairs in field order H, D, C, S (unknown keys last),
    whatever the key order of the object (x.key_order)."""
    return sorted(((str(f), x) for f, x in per_field.items()),
                  key=lambda kv: (FIELD_RANK.get(kv[0], 4), kv[0]))


def seat_label(seat: Any, seats: Sequence[str] | None) -> str:
    """``1`` → ``'seat 1 (Boris)'``; None → ``'the State'``."""
    if seat is None:
        return "the State"
    if seats and isinstance(seat, int) and 0 <= seat < len(seats):
        return f"seat {seat} ({seats[seat]})"
    return f"seat {seat}"


def seats_label(seat_list: Sequence[Any], seats: Sequence[str] | None) -> str:
    """``[1, 2]`` → ``'seats 1 (Boris) and 2 (Pyotr)'``; ``[]`` → ``'nobody'``."""
    if not seat_list:
        return "nobody"
    if len(seat_list) == 1:
        return seat_label(seat_list[0], seats)
    bits = [seat_label(s, seats).removeprefix("seat ") for s in seat_list]
    return "seats " + ", ".join(bits[:-1]) + " and " + bits[-1]


def cards_label(codes: Sequence[Any]) -> str:
    return ", ".join(card_label(c) for c in codes) if codes else "none"


def _cite(*rules: str) -> str:
    return "(" + ", ".join(r for r in rules if r) + ")"


def _cap(text: str) -> str:
    """Upper-case the first letter only (names keep their case)."""
    return text[:1].upper() + text[1:]


def _s(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# -- one event ---------------------------------------------------------------------------
def explain_event(event: Event, seats: Sequence[str] | None = None,
                  prev: Event | None = None, context: Mapping[str, Any] | None = None) -> str:
    """A plain-language sentence (or a few) explaining ``event``.

    ``seats``: the seat names (from the ``game`` event); ``prev``: the event just before
    (optional context); ``context``: what ``explain_log`` tracks along the log —
    ``options`` (the game's resolved options) and ``requisition`` (the requisition event
    being resolved). Works on redacted events (hidden cards are ``null``). Every
    clause id in ``event["rules"]`` appears in the text. Never raises on an unknown or
    odd event: it falls back to naming its type and clauses.
    """
    try:
        text = _explain(event, seats, prev, context or {})
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        text = f"{event.get('type', 'event')!s} event"
    rules = [r for r in (event.get("rules") or []) if isinstance(r, str)]
    missing = [r for r in rules if not re.search(r"[(, ]" + re.escape(r) + r"[,)]", text)]
    if missing:
        text = text.rstrip(".") + " " + _cite(*missing) + "."
    return text


def _explain(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    t = ev.get("type")
    fn = _EXPLAINERS.get(str(t))
    if fn is None:
        return f"{t} event."
    return str(fn(ev, seats, prev, ctx))


def _game(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    rs = ev.get("ruleset") or {}
    opts = rs.get("options") or {}
    preset = rs.get("preset")
    names = ", ".join(ev.get("seats") or [])
    variants = [v for v in ("swap", "stakh", "wrecker", "nomenklatura", "orden", "northern",
                            "mice", "accum", "medals") if opts.get(v)]
    head = f"New game for {names}" + (f" under the {preset} preset" if preset else
                                       " under a custom ruleset")
    deck = opts.get("deck", 52)
    text = (f"{head}: {deck}-card deck, {opts.get('years', 5)} years, variants: "
            f"{', '.join(variants) if variants else 'none'}. "
            f"{_cap(seat_label(ev.get('first_planner'), seats))} is the first planner "
            f"{_cite('setup.planner')}. Four players {_cite('setup.players')}; "
            f"{'A..5 of each suit are the reward piles, 6..K the workers ' + _cite('setup.deck52') if deck == 52 else 'the Aces only mark the fields, 6..K are the workers ' + _cite('setup.deck36')}.")  # noqa: E501
    if "setup.wrecker" in (ev.get("rules") or []):
        text += f" The Wrecker is shuffled into the worker deck {_cite('setup.wrecker')}."
    commitment = ev.get("seed_commitment")
    if commitment:
        text += (f" The seed is committed as sha256 {commitment[:12]}… and revealed when the "
                 "game ends.")
    text += (f" Engine {ev.get('engine_version')}, rules {ev.get('rules_version')}.")
    return text


def _year(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    text = (f"Year {ev.get('year')} begins; {seat_label(ev.get('planner'), seats)} is the "
            f"Central Planner (the role passes left every year) {_cite('year.count')}.")
    if ev.get("famine"):
        text += (" It is the famine year: 4 cards each, 3 tricks and no trump "
                 f"{_cite('famine')}.")
    return text


def _deal(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    hands = ev.get("hands") or []
    n = len(hands[0]) if hands and isinstance(hands[0], list) else 0
    rules = ev.get("rules") or []
    text = f"The planner deals year {ev.get('year')}: {_s(n, 'card')} to each seat "
    text += _cite("plan.deal") + "."
    if "deal.short" in rules:
        tricks = max(n - 1, 0)
        text += (f" The worker deck was short, so hands are smaller and the year has "
                 f"{_s(tricks, 'trick')} {_cite('deal.short')}.")
    if "famine" in rules:
        text += f" Famine year {_cite('famine')}."
    jobs = ev.get("jobs")
    if jobs:
        bits = [f"{field_label(f)} pays {card_label(c)}" for f, c in by_field_order(jobs)]
        text += f" Jobs: {'; '.join(bits)} {_cite('plan.jobs')}."
    return text


def _trump(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    suit = ev.get("suit")
    what = f"{field_label(suit)} ({SUIT_SYMBOLS.get(str(suit), suit)})"
    if ev.get("seat") is None:
        return f"Trump is drawn at random from the seed: {what} {_cite('plan.trump')}."
    return (f"{_cap(seat_label(ev.get('seat'), seats))}, the planner, declares "
            f"{what} trump {_cite('plan.trump')}.")


def _swap(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    who = _cap(seat_label(ev.get("seat"), seats))
    if ev.get("pass"):
        return f"{who} passes on the swap {_cite('swap')}."
    taken = ev.get("taken")
    kind = f"the {taken} cellar card" if taken else "a cellar card"
    cellar = ev.get("cellar")
    took = f"{kind} {card_label(cellar)}" if cellar else kind
    hand = card_label(ev.get("hand")) if ev.get("hand") else "a hand card"
    return (f"{who} swaps: takes {took} into the hand {_cite('swap', 'swap.scope')} and "
            f"buries {hand} face-down in the cellar {_cite('swap.buried')}.")


def _play(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    leads = prev is None or prev.get("type") != "play"
    verb = "leads" if leads else "plays"
    return f"{_cap(seat_label(ev.get('seat'), seats))} {verb} {card_label(ev.get('card'))}."


def _trick(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    facts = ev.get("facts") or {}
    win = _cap(seat_label(ev.get("winner"), seats))
    card = card_label(facts.get("winning_card"))
    no = facts.get("trick_no")
    head = f"{win} wins trick {no}" if no else f"{win} wins the trick"
    by = facts.get("by")
    compared = cards_label(facts.get("compared") or [])
    trump = facts.get("trump")
    if by == "wrecker":
        why = ("with the Wrecker: as the 14 of every suit, trump included, he wins every "
               f"trick he is played to {_cite('trick.winner', 'wrecker.wins')}")
    elif by == "trump":
        why = (f"with {card}, the highest trump ({SUIT_SYMBOLS.get(str(trump), trump)} is "
               f"trump; trumps played: {compared}) {_cite('trick.winner')}")
    else:
        led = ev.get("lead_suit")
        none = "no trump was played" if trump else "there is no trump"
        why = (f"with {card}: {none}, so the highest card of the led suit "
               f"{SUIT_SYMBOLS.get(str(led), led)} wins (compared: {compared}) "
               f"{_cite('trick.winner')}")
    return (f"{head} {why}; they take a medal and, as brigadier, assign the trick's four "
            f"cards {_cite('trick.medal')}.")


def _assign(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    rules = ev.get("rules") or []
    by_field: dict[str, list[str]] = {}
    cards = ev.get("cards") or {}
    played = prev.get("cards") if prev and prev.get("type") == "trick" else None
    rank = {c: i for i, c in enumerate(played)} if isinstance(played, list) else {}
    # x.key_order: in play order (the trick before), else card order; never key order
    for c in sorted(cards, key=lambda c: (rank.get(c, 99), CARD_ID.get(c, 99), str(c))):
        by_field.setdefault(str(cards[c]), []).append(card_label(c))
    parts = [f"{', '.join(cs)} to {field_label(f)}" for f, cs in by_field_order(by_field)]
    text = (f"{_cap(seat_label(ev.get('seat'), seats))}, the brigadier, assigns "
            f"{'; '.join(parts)} {_cite('assign.who', 'assign.targets')}.")
    if "wrecker.assign" in rules:
        text += (" The Wrecker makes every field a legal target; his 14 hours count where "
                 f"he goes {_cite('wrecker.assign')}.")
    if "nom.drunkard" in rules:
        text += f" The trump Jack (the Drunkard) works 0 hours {_cite('nom.drunkard')}."
    hours = (ev.get("facts") or {}).get("hours")
    if hours:
        text += " Hours now: " + ", ".join(
            f"{field_label(f)} {h}" for f, h in by_field_order(hours)) + "."
    return text


def _farmed(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    rules = ev.get("rules") or []
    facts = ev.get("facts") or {}
    who = seat_label(ev.get("seat"), seats)
    field = field_label(ev.get("field"))
    quota = facts.get("quota", 40)
    rewards = ev.get("rewards") or []
    text = (f"Field {field} is completed: {ev.get('hours')} of {quota} hours "
            f"{_cite('farm.threshold')}.")
    if "k36.orden" in rules:
        text += (f" {_cap(who)}, the completing brigadier, puts the stack of "
                 f"{_s(len(rewards), 'worker')} ({cards_label(rewards)}) into their cellar, "
                 f"the lowest face-up on top {_cite('k36.orden')}.")
    elif "northern" in rules:
        text += f" Northern play: no reward is paid {_cite('northern')}."
    elif rewards:
        text += (f" {_cap(who)}, the brigadier who completed it, takes "
                 f"{cards_label(rewards)} face-up into their cellar {_cite('farm.reward')}.")
        if "accum" in rules:
            text += f" The field's accumulated rewards all go together {_cite('accum')}."
        if "orden" in rules:
            text += (" The medal to the boss: the reward is claimed at once, as by default "
                     f"{_cite('orden')}.")
    else:
        text += f" No reward was left on the field {_cite('farm.reward')}."
    if "wrecker.poison" in rules or facts.get("poisoned"):
        text += (" The Wrecker is on the field, so it is inspected all the same "
                 f"{_cite('wrecker.poison')}.")
    else:
        text += f" The field is safe from requisition this year {_cite('farm.safe')}."
    return text


def _pocket(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    card = ev.get("card")
    what = card_label(card) if card else "their last hand card"
    return (f"{_cap(seat_label(ev.get('seat'), seats))} puts {what} into their "
            f"cellar, hidden, before requisition {_cite('pocket')}.")


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
        bits.append(f"the Wrecker is on it {_cite('wrecker.poison')}")
    text = f"Field {field} failed ({'; '.join(bits) or 'inspected'}) {_cite('req.failed')}."
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
                 f"{_cite('x.requisition_skipped')}.")
        return text
    if facts.get("drunkard"):
        text += (" The Drunkard (the trump Jack) is on the field: he goes North instead of "
                 f"anyone's card {_cite('nom.drunkard')}.")
    if facts.get("informant") and because != "informant":
        text += (" The Informant (the trump Queen) is on the field: every matching hidden card "
                 f"is revealed first {_cite('nom.informant')}.")
    elif facts.get("informant"):
        text += f" Every matching hidden card is revealed first {_cite('nom.informant')}."
    if facts.get("party_man"):
        text += (" The Party Man (the trump King) is on the field: two cards go North instead "
                 f"of one {_cite('nom.partyman')}.")
    if facts.get("drunkard"):
        return text  # only the Jack goes North: no player's card is taken
    if facts.get("table_wide"):
        n = "two highest face-up matching cards" if facts.get("party_man") else \
            "single highest face-up matching card"
        text += (" Requisition is table-wide: each vulnerable seat reveals, then the "
                 f"{n} among them go North {_cite('mice')}.")
    else:
        n = "two highest matching cellar cards" if facts.get("party_man") else \
            "highest matching cellar card"
        text += f" Each vulnerable seat sends North its {n} {_cite('req.take')}."
    return text


def _revealed(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    rules = ev.get("rules") or []
    who = _cap(seat_label(ev.get("seat"), seats))
    card = card_label(ev.get("card"))
    field = field_label(ev.get("field"))
    if "nom.informant" in rules:
        why = f"every hidden {field} card is revealed for the Informant {_cite('nom.informant')}"
    elif "nom.drunkard" in rules:
        why = f"the Drunkard is turned up to go North {_cite('nom.drunkard')}"
    else:
        req = ctx.get("requisition") or {}
        same_field = req.get("field") == ev.get("field")
        party_man = same_field and bool((req.get("facts") or {}).get("party_man"))
        hidden_first = (ctx.get("options") or {}).get("reveal") == "highest_hidden"
        first = not (ctx.get("revealed_by_seat") or {}).get(ev.get("seat"))
        if "mice" in rules:
            what = "highest hidden" if hidden_first else "highest"
            why = (f"each vulnerable seat shows its {what} matching card, table-wide "
                   f"{_cite('mice')}")
        elif hidden_first and first:
            why = (f"it is their highest hidden {field} card, revealed first under the "
                   f"reveal=highest_hidden reading {_cite('req.take')}")
        elif party_man:
            why = (f"it is one of their two highest {field} cellar cards, both taken for the "
                   f"Party Man {_cite('req.take', 'nom.partyman')}")
        else:
            why = (f"it is their highest {field} cellar card, to be taken for the failed "
                   f"field {_cite('req.take')}")
    return (f"{who} reveals {card} from their cellar: {why}. It stays face-up from now on "
            f"{_cite('req.revealed')}.")


def _north(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    rules = ev.get("rules") or []
    seat = ev.get("seat")
    card = card_label(ev.get("card"))
    field = field_label(ev.get("field"))
    if seat is None:
        text = (f"The Drunkard {card} goes North from the {field} field instead of any "
                f"player's card {_cite('nom.drunkard')}.")
    else:
        who = _cap(seat_label(seat, seats))
        same = (prev is not None and prev.get("type") == "revealed"
                and prev.get("seat") == seat and prev.get("card") == ev.get("card"))
        did = f"{who} revealed {card} and sent it North" if same else f"{who} sends {card} North"
        if "nom.drunkard" in rules:
            why = f"the Drunkard leaves from the stack he went into {_cite('nom.drunkard')}"
        elif "mice" in rules:
            why = (f"the highest face-up {field} card among the vulnerable seats' cellars "
                   f"{_cite('mice', 'req.take')}")
        elif "nom.partyman" in rules:
            why = (f"one of their two highest {field} cellar cards "
                   f"{_cite('req.take', 'nom.partyman')}")
        else:
            why = f"their highest {field} cellar card {_cite('req.take')}"
        text = f"{did}: {why}."
    if "wrecker.cellar" in rules:
        text += (" The Wrecker matches every failed field as a 14, so he goes for the first "
                 f"failed field that reaches his owner {_cite('wrecker.cellar')}.")
    if "k36.orden" in rules:
        text += f" Cards sent North return to the worker deck next year {_cite('k36.orden')}."
    return text


def _year_end(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    rules = ev.get("rules") or []
    text = f"Year {ev.get('year')} ends {_cite('year.end')}."
    discarded = ev.get("discarded") or []
    if discarded:
        text += f" Unclaimed rewards leave the game: {cards_label(discarded)}."
    if "accum" in rules:
        text += f" Unclaimed rewards stay on their fields {_cite('accum')}."
    returned = ev.get("returned") or []
    if returned:
        cite = [r for r in ("k36.orden", "wrecker.cellar") if r in rules]
        text += (f" Back to the worker deck: {cards_label(returned)} "
                 f"{_cite(*cite) if cite else ''}".rstrip() + ".")
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
            f"{_cite('score')}")
    if "medals" in rules:
        text += f", plus one point per medal {_cite('medals')}"
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
        text += f" {_cite('tiebreak')}."
    else:
        text += f" No tie needed medals ({scope}) to break it {_cite('tiebreak')}."
    if ev.get("seed"):
        text += f" The seed is revealed: {ev.get('seed')!r}."
    return text


def _result_adjusted(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    text = "An arbiter's ruling"
    if ev.get("dispute") is not None:
        text += f" on dispute {ev.get('dispute')}"
    text += " adjusts the result"
    if ev.get("clause"):
        text += f" {_cite(str(ev.get('clause')))}"
    text += "."
    if ev.get("previous_places") and ev.get("places"):
        text += f" Places {ev.get('previous_places')} become {ev.get('places')}."
    elif ev.get("places"):
        text += f" New places: {ev.get('places')}."
    if ev.get("scores"):
        text += f" Scores: {ev.get('scores')}."
    if ev.get("ruling") or ev.get("reason"):
        text += f" Ruling: {ev.get('ruling') or ev.get('reason')}"
        text = text.rstrip(".") + "."
    return text + " The play events before it are unchanged."


def _game_voided(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    text = "An arbiter's ruling"
    if ev.get("dispute") is not None:
        text += f" on dispute {ev.get('dispute')}"
    text += " voids this game: its result no longer counts"
    if ev.get("clause"):
        text += f" {_cite(str(ev.get('clause')))}"
    text += "."
    if ev.get("ruling") or ev.get("reason"):
        text += f" Ruling: {ev.get('ruling') or ev.get('reason')}"
        text = text.rstrip(".") + "."
    return text + " The play events before it are unchanged."


def _ruling(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    return ("An arbiter's ruling is recorded: " + str(ev.get("ruling") or ev.get("reason") or "")
            ).rstrip(": ") + "."


_EXPLAINERS: dict[str, Any] = {
    "game": _game, "year": _year, "deal": _deal, "trump": _trump, "swap": _swap,
    "play": _play, "trick": _trick, "assign": _assign, "farmed": _farmed, "pocket": _pocket,
    "requisition": _requisition, "revealed": _revealed, "north": _north,
    "year_end": _year_end, "game_end": _game_end, "result_adjusted": _result_adjusted,
    "game_voided": _game_voided, "ruling": _ruling,
}

#: the consequence types (derived by the engine or an arbiter, not inputs)
CONSEQUENCE_TYPES = ("game", "year", "trick", "farmed", "pocket", "requisition", "revealed",
                     "north", "year_end", "game_end")


# -- a whole log -------------------------------------------------------------------------
def explain_log(events: Sequence[Event], seats: Sequence[str] | None = None) -> list[str]:
    """One explanation per event, in order (``seats`` default: the ``game`` event's)."""
    if seats is None and events and events[0].get("type") == "game":
        seats = list(events[0].get("seats") or [])
    out = []
    prev: Event | None = None
    ctx: dict[str, Any] = {"options": {}, "requisition": None, "revealed_by_seat": {}}
    for ev in events:
        t = ev.get("type")
        if t == "game":
            ctx["options"] = (ev.get("ruleset") or {}).get("options") or {}
        elif t == "requisition":
            ctx["requisition"], ctx["revealed_by_seat"] = ev, {}
        elif t == "year_end":
            ctx["requisition"], ctx["revealed_by_seat"] = None, {}
        out.append(explain_event(ev, seats, prev, ctx))
        if t == "revealed":
            seat = ev.get("seat")
            ctx["revealed_by_seat"][seat] = ctx["revealed_by_seat"].get(seat, 0) + 1
        prev = ev
    return out


def explanation(event: Event, seats: Sequence[str] | None = None,
                prev: Event | None = None, text: str | None = None) -> dict[str, Any]:
    """``{seq, type, text, rules, facts, anchors}`` of one event: the text of
    ``explain_event`` (or ``text``, e.g. from ``explain_log``) and, per clause id, its
    anchor in docs/rules.md."""
    rules = [r for r in (event.get("rules") or []) if isinstance(r, str)]
    return {
        "seq": event.get("seq"),
        "type": event.get("type"),
        "text": text if text is not None else explain_event(event, seats, prev),
        "rules": rules,
        "facts": event.get("facts") or {},
        "anchors": {r: f"{RULES_DOC}#{r}" for r in rules},
    }
