"""The explanations of the setup and the play of a year (``explain``): the ``game``,
``year``, ``deal``, ``trump``, ``swap``, ``play``, ``trick``, ``assign`` and ``farmed``
events, each from its own fields, ``facts`` and ``rules`` only (``PLAY_EXPLAINERS``:
event type → function of ``(event, seats, prev, context)``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .cards import CARD_ID
from .explain_words import (
    SUIT_SYMBOLS,
    Event,
    by_field_order,
    cap,
    card_label,
    cards_label,
    clauses,
    field_label,
    plural,
    seat_label,
)


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
            f"{cap(seat_label(ev.get('first_planner'), seats))} is the first planner "
            f"{clauses('setup.planner')}. Four players {clauses('setup.players')}; "
            f"{'A..5 of each suit are the reward piles, 6..K the workers ' + clauses('setup.deck52') if deck == 52 else 'the Aces only mark the fields, 6..K are the workers ' + clauses('setup.deck36')}.")  # noqa: E501
    if "setup.wrecker" in (ev.get("rules") or []):
        text += f" The Wrecker is shuffled into the worker deck {clauses('setup.wrecker')}."
    commitment = ev.get("seed_commitment")
    if commitment:
        text += (f" The seed is committed as sha256 {commitment[:12]}… and revealed when the "
                 "game ends.")
    text += (f" Engine {ev.get('engine_version')}, rules {ev.get('rules_version')}.")
    return text


def _year(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    text = (f"Year {ev.get('year')} begins; {seat_label(ev.get('planner'), seats)} is the "
            f"Central Planner (the role passes left every year) {clauses('year.count')}.")
    if ev.get("famine"):
        text += (" It is the famine year: 4 cards each, 3 tricks and no trump "
                 f"{clauses('famine')}.")
    return text


def _deal(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    hands = ev.get("hands") or []
    n = len(hands[0]) if hands and isinstance(hands[0], list) else 0
    rules = ev.get("rules") or []
    text = f"The planner deals year {ev.get('year')}: {plural(n, 'card')} to each seat "
    text += clauses("plan.deal") + "."
    if "deal.short" in rules:
        tricks = max(n - 1, 0)
        text += (f" The worker deck was short, so hands are smaller and the year has "
                 f"{plural(tricks, 'trick')} {clauses('deal.short')}.")
    if "famine" in rules:
        text += f" Famine year {clauses('famine')}."
    jobs = ev.get("jobs")
    if jobs:
        bits = [f"{field_label(f)} pays {card_label(c)}" for f, c in by_field_order(jobs)]
        text += f" Jobs: {'; '.join(bits)} {clauses('plan.jobs')}."
    return text


def _trump(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    suit = ev.get("suit")
    what = f"{field_label(suit)} ({SUIT_SYMBOLS.get(str(suit), suit)})"
    if ev.get("seat") is None:
        return f"Trump is drawn at random from the seed: {what} {clauses('plan.trump')}."
    return (f"{cap(seat_label(ev.get('seat'), seats))}, the planner, declares "
            f"{what} trump {clauses('plan.trump')}.")


def _swap(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    who = cap(seat_label(ev.get("seat"), seats))
    if ev.get("pass"):
        return f"{who} passes on the swap {clauses('swap')}."
    taken = ev.get("taken")
    kind = f"the {taken} cellar card" if taken else "a cellar card"
    cellar = ev.get("cellar")
    took = f"{kind} {card_label(cellar)}" if cellar else kind
    hand = card_label(ev.get("hand")) if ev.get("hand") else "a hand card"
    return (f"{who} swaps: takes {took} into the hand {clauses('swap', 'swap.scope')} and "
            f"buries {hand} face-down in the cellar {clauses('swap.buried')}.")


def _play(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    leads = prev is None or prev.get("type") != "play"
    verb = "leads" if leads else "plays"
    return f"{cap(seat_label(ev.get('seat'), seats))} {verb} {card_label(ev.get('card'))}."


def _trick(ev: Event, seats: Sequence[str] | None, prev: Event | None,
        ctx: Mapping[str, Any]) -> str:
    facts = ev.get("facts") or {}
    win = cap(seat_label(ev.get("winner"), seats))
    card = card_label(facts.get("winning_card"))
    no = facts.get("trick_no")
    head = f"{win} wins trick {no}" if no else f"{win} wins the trick"
    by = facts.get("by")
    compared = cards_label(facts.get("compared") or [])
    trump = facts.get("trump")
    if by == "wrecker":
        why = ("with the Wrecker: as the 14 of every suit, trump included, he wins every "
               f"trick he is played to {clauses('trick.winner', 'wrecker.wins')}")
    elif by == "trump":
        why = (f"with {card}, the highest trump ({SUIT_SYMBOLS.get(str(trump), trump)} is "
               f"trump; trumps played: {compared}) {clauses('trick.winner')}")
    else:
        led = ev.get("lead_suit")
        none = "no trump was played" if trump else "there is no trump"
        why = (f"with {card}: {none}, so the highest card of the led suit "
               f"{SUIT_SYMBOLS.get(str(led), led)} wins (compared: {compared}) "
               f"{clauses('trick.winner')}")
    return (f"{head} {why}; they take a medal and, as brigadier, assign the trick's four "
            f"cards {clauses('trick.medal')}.")


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
    text = (f"{cap(seat_label(ev.get('seat'), seats))}, the brigadier, assigns "
            f"{'; '.join(parts)} {clauses('assign.who', 'assign.targets')}.")
    if "wrecker.assign" in rules:
        text += (" The Wrecker makes every field a legal target; his 14 hours count where "
                 f"he goes {clauses('wrecker.assign')}.")
    if "nom.drunkard" in rules:
        text += f" The trump Jack (the Drunkard) works 0 hours {clauses('nom.drunkard')}."
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
            f"{clauses('farm.threshold')}.")
    if "k36.orden" in rules:
        text += (f" {cap(who)}, the completing brigadier, puts the stack of "
                 f"{plural(len(rewards), 'worker')} ({cards_label(rewards)}) into their cellar, "
                 f"the lowest face-up on top {clauses('k36.orden')}.")
    elif "northern" in rules:
        text += f" Northern play: no reward is paid {clauses('northern')}."
    elif rewards:
        text += (f" {cap(who)}, the brigadier who completed it, takes "
                 f"{cards_label(rewards)} face-up into their cellar {clauses('farm.reward')}.")
        if "accum" in rules:
            text += f" The field's accumulated rewards all go together {clauses('accum')}."
        if "orden" in rules:
            text += (" The medal to the boss: the reward is claimed at once, as by default "
                     f"{clauses('orden')}.")
    else:
        text += f" No reward was left on the field {clauses('farm.reward')}."
    if "wrecker.poison" in rules or facts.get("poisoned"):
        text += (" The Wrecker is on the field, so it is inspected all the same "
                 f"{clauses('wrecker.poison')}.")
    else:
        text += f" The field is safe from requisition this year {clauses('farm.safe')}."
    return text


PLAY_EXPLAINERS: dict[str, Callable[..., str]] = {
    "game": _game, "year": _year, "deal": _deal, "trump": _trump, "swap": _swap,
    "play": _play, "trick": _trick, "assign": _assign, "farmed": _farmed,
}
