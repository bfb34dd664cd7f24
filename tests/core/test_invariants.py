"""Clause invariants checked over whole games played through the public API with
random legal inputs (every preset and a bare game): trick.follow / trick.winner /
trick.medal, farm.threshold (with the Drunkard's 0 hours and the Wrecker's 14),
req.failed, req.vulnerable (with stakh, northern, the mice, k36.orden), pocket,
score and the cellars reported at game_end."""

from __future__ import annotations

import random

import pytest

from .builders import FIELDS, autoplay, of, one, suit, value, year_events

RULESETS = {
    "bare": {"options": {}},
    "kolkhoz": {"preset": "kolkhoz"},
    "kolkhoznik": {"preset": "kolkhoznik"},
    "zone": {"preset": "zone"},
    "medals-accum": {"options": {"medals": True, "accum": True, "swap": True}},
    "k36-trick-winners": {"preset": "kolkhoznik", "options": {"k36_vulnerable": "trick_winners",
                                                              "stakh": True,
                                                              "wrecker": True}},
    "52-nom-hidden": {"options": {"nomenklatura": True, "swap": True, "stakh": True,
                                  "reveal": "highest_hidden", "swap_scope": "hidden"}},
    "52-mice-nom-hidden": {"options": {"nomenklatura": True, "mice": True, "wrecker": True,
                                       "reveal": "highest_hidden", "swap": True,
                                       "swap_scope": "workers",
                                       "wrecker_returns": True}},
    "52-options": {"options": {"wrecker": True, "nomenklatura": True, "swap": True,
                               "first_lead": "left_of_planner", "trump_selection": "random",
                               "tiebreak_medals": "last_year", "wrecker_returns": True}},
    "k36-hidden": {"preset": "kolkhoznik", "options": {"reveal": "highest_hidden",
                                                       "mice": True, "wrecker": True}},
    # high cards first: one seat often sweeps a year (the Stakhanovite), famine included
    "kolkhoz-high": {"preset": "kolkhoz"},
    "zone-stakh-high": {"preset": "zone", "options": {"stakh": True}},
}
HIGH = {"kolkhoz-high", "zone-stakh-high"}
SEEDS = [f"inv-{i}" for i in range(10)]


def _random_policy(seed: str, high: bool = False):
    rng = random.Random(seed)

    def policy(_state, legal):
        if high and legal[0]["type"] == "play":
            return max(legal, key=lambda i: value(i["card"]) + rng.random())
        return rng.choice(legal)

    return policy


_GAMES: dict[tuple[str, str], tuple[list[dict], dict]] = {}


def game(name: str, seed: str) -> tuple[list[dict], dict]:
    key = (name, seed)
    if key not in _GAMES:
        events, state = autoplay(RULESETS[name], seed, policy=_random_policy(seed, name in HIGH))
        assert state.finished
        _GAMES[key] = (events, events[0]["ruleset"]["options"])
    return _GAMES[key]


CASES = [(n, s) for n in RULESETS for s in SEEDS]


def _winner(cards: list[str], trump: str | None) -> int:
    if "X" in cards:
        return cards.index("X")
    lead = suit(cards[0])
    trumps = [c for c in cards if trump and suit(c) == trump]
    pool = trumps or [c for c in cards if suit(c) == lead]
    return cards.index(max(pool, key=value))


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_invariant_tricks_follow_and_winner(name: str, seed: str) -> None:
    """Every play follows suit when it can (the Wrecker counting as the led suit), every
    trick goes to the highest trump / the highest card of the led suit / the Wrecker,
    the next trick is led by the winner, each pocket is the card left in the hand,
    and medals are the tricks won."""
    events, opts = game(name, seed)
    won = [0, 0, 0, 0]
    for y in of(events, "year"):
        ye = year_events(events, y["year"])
        hands = [list(h) for h in one(ye, "deal")["hands"]]
        trump = None if y["famine"] else one(ye, "trump")["suit"]
        for sw in of(ye, "swap"):
            if not sw.get("pass"):
                hands[sw["seat"]].remove(sw["hand"])
                hands[sw["seat"]].append(sw["cellar"])
        plays = of(ye, "play")
        tricks = of(ye, "trick")
        leader = None
        for n, t in enumerate(tricks):
            ps = plays[4 * n:4 * n + 4]
            assert [p["card"] for p in ps] == t["cards"]
            if leader is not None:
                assert t["leader"] == leader
            lead = suit(t["cards"][0])
            for i, p in enumerate(ps):
                assert p["seat"] == (t["leader"] + i) % 4
                hand = hands[p["seat"]]
                assert p["card"] in hand
                if i and lead is not None:
                    can = any(suit(c) == lead or c == "X" for c in hand)
                    assert not can or suit(p["card"]) == lead or p["card"] == "X", (
                        f"{name}/{seed} y{y['year']}: revoke {p} with {hand}")
                hand.remove(p["card"])
            w = (t["leader"] + _winner(t["cards"], trump)) % 4
            assert t["winner"] == w, f"{name}/{seed} y{y['year']} {t}"
            won[w] += 1
            leader = w
        for p in of(ye, "pocket"):
            assert hands[p["seat"]] == [p["card"]]
        order = [(y["planner"] + i) % 4 for i in range(4)]
        pockets = [p["seat"] for p in of(ye, "pocket")]
        assert pockets == [s for s in order if s in pockets]
        swaps = [sw["seat"] for sw in of(ye, "swap")]
        assert swaps == [s for s in order if s in swaps]
    assert events[-1]["medals"] == won


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_invariant_fields_farm_at_forty_and_failed_fields_are_inspected(name: str,
                                                                        seed: str) -> None:
    """Hours are card values (trump Jack 0 under nomenklatura outside the famine, Wrecker
    14); a field is farmed right after the assignment that first brings it to 40 (by
    the assigning brigadier, fields in order H D C S); requisition covers exactly the
    fields not farmed plus the farmed ones holding the Wrecker, in field order."""
    events, opts = game(name, seed)
    for y in of(events, "year"):
        ye = year_events(events, y["year"])
        trump = None if y["famine"] else one(ye, "trump")["suit"]
        drunk = f"J{trump}" if (opts["nomenklatura"] and trump) else None
        hours = dict.fromkeys(FIELDS, 0)
        wrecked: set[str] = set()
        farmed: list[str] = []
        for i, e in enumerate(ye):
            if e["type"] != "assign":
                continue
            for card, field in e["cards"].items():
                hours[field] += 0 if card == drunk else value(card)
                if card == "X":
                    wrecked.add(field)
            now = [f for f in FIELDS if hours[f] >= 40 and f not in farmed]
            after = []
            for e2 in ye[i + 1:]:
                if e2["type"] != "farmed":
                    break
                after.append(e2)
            assert [(f["field"], f["seat"]) for f in after] == [(f, e["seat"]) for f in now], (
                f"{name}/{seed} y{y['year']}: hours {hours} farmed {after}")
            for f in after:
                assert f["hours"] == hours[f["field"]]
            farmed += now
        failed = [f for f in FIELDS if f not in farmed or f in wrecked]
        assert [q["field"] for q in of(ye, "requisition")] == failed


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_invariant_who_is_vulnerable(name: str, seed: str) -> None:
    """Per year: a seat that won every trick (stakh) is never vulnerable and everyone
    else is; otherwise the trick winners (52), the stack takers (36 Orden, or the
    trick winners with k36_vulnerable=trick_winners), or everyone (Northern, the
    mice); the Informant widens to everyone; with nobody vulnerable on four failed
    fields, the fallback makes everyone vulnerable."""
    events, opts = game(name, seed)
    everyone = {0, 1, 2, 3}
    for y in of(events, "year"):
        ye = year_events(events, y["year"])
        tricks = of(ye, "trick")
        winners = {t["winner"] for t in tricks}
        hero = tricks[0]["winner"] if (opts["stakh"] and len(winners) == 1 and tricks) else None
        if opts["northern"] or opts["mice"]:
            base = set(everyone)
        elif opts["deck"] == 36 and opts["k36_vulnerable"] == "stack_takers":
            base = {f["seat"] for f in of(ye, "farmed")}
        else:
            base = set(winners)
        if hero is not None:
            base = everyone - {hero}
        reqs = of(ye, "requisition")
        fallback = any("req.fallback" in q["rules"] for q in reqs)
        for q in reqs:
            got = set(q["vulnerable"])
            if fallback:
                assert got == everyone
            elif "nom.informant" in q["rules"]:
                assert got == everyone - ({hero} if hero is not None else set())
            else:
                assert got == base, f"{name}/{seed} y{y['year']} {q} hero={hero}"
            assert q["skipped"] == (not got)
            if hero is not None:
                assert hero not in got


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_invariant_scores_are_the_cellars(name: str, seed: str) -> None:
    """game_end's cellars are what the events put there (pockets, rewards or stacks,
    swaps, North, returned stacks), and each score is its cellar's sum (plus one per
    medal with the medals variant); places rank by score, then medals."""
    from .test_setup_and_deal import cellars_from_events

    events, opts = game(name, seed)
    end = events[-1]
    assert [set(c) for c in end["cellars"]] == cellars_from_events(events)
    for s in range(4):
        assert sorted(end["cellars"][s]) == sorted(set(end["cellars"][s]))
        total = sum(value(c) for c in end["cellars"][s])
        if opts["medals"]:
            total += end["medals"][s]
        assert end["scores"][s] == total
    key = [(end["scores"][s], end["medals"][s]) for s in range(4)]
    if opts["tiebreak_medals"] == "game":
        for s in range(4):
            assert end["places"][s] == 1 + sum(1 for o in range(4) if key[o] > key[s])


SUIT_ORDER = {"H": 0, "D": 1, "C": 2, "S": 3}


def _matches(card: str, field: str) -> bool:
    return card == "X" or card[-1] == field


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_invariant_requisition_takes_and_reveals(name: str, seed: str) -> None:
    """Following every cellar card's visibility through the log (pocket and buried swap
    cards hidden, rewards face-up, a 36-card stack's lowest card face-up and the rest
    hidden): a hidden card is revealed before it goes North; per seat (req.take) the
    cards sent North are its highest matching card(s) (two with the Party Man); table
    wide (mice / fallback) they are the highest face-up matching card(s) after the
    reveals; the Drunkard alone goes when he is on the field; each seat's reveals are
    its highest matching card if hidden (all its hidden matches with the Informant,
    its highest hidden one with reveal=highest_hidden)."""
    events, opts = game(name, seed)
    k36_orden = opts["deck"] == 36 and opts["orden"]
    cellar: list[dict[str, bool]] = [{}, {}, {}, {}]  # card -> hidden
    ctx: dict | None = None
    trump = None

    def check_field_done() -> None:
        if ctx is None:
            return
        f, vuln, rules = ctx["field"], ctx["vulnerable"], ctx["rules"]
        start = ctx["start"]
        n = 2 if "nom.partyman" in rules else 1
        table = opts["mice"] or "req.fallback" in rules
        drunk = "nom.drunkard" in rules
        informant = "nom.informant" in rules
        went = ctx["north"]
        # reveals
        for s in vuln:
            m = sorted([c for c in start[s] if _matches(c, f)], key=value, reverse=True)
            hid = [c for c in m if start[s][c]]
            got = {c for (seat, c) in ctx["revealed"] if seat == s}
            if informant:
                want = set(hid)
            elif opts["reveal"] == "highest_hidden":
                want = set(hid[:1])
                if not table and not drunk:
                    want |= {c for c in m[:n] if start[s][c]}
            elif table:
                want = {m[0]} if m and start[s][m[0]] else set()
            else:
                want = set() if drunk else {c for c in m[:n] if start[s][c]}
            # the Drunkard taken out of a stack is turned up on his way North
            got -= {c for c in got if drunk and c == f"J{trump}" and c not in want}
            assert got == want, f"{name}/{seed} {f} seat {s}: revealed {got}, want {want}"
        # North
        if drunk:
            assert [c for _s, c in went] == [f"J{trump}"] or went == [], (name, seed, went)
            return
        if table:
            after = ctx["after_reveal"] or cellar
            pool = sorted(((c, s) for s in vuln for c, hidden in after[s].items()
                           if _matches(c, f) and not hidden), key=lambda x: -value(x[0]))
            assert sorted(went) == sorted((s, c) for c, s in pool[:n]), (name, seed, f, went)
        else:
            want = []
            for s in vuln:
                m = sorted([c for c in start[s] if _matches(c, f)], key=value, reverse=True)
                want += [(s, c) for c in m[:n]]
            assert sorted(went) == sorted(want), f"{name}/{seed} {f}: north {went} want {want}"

    for e in events:
        t = e["type"]
        if t == "trump":
            trump = e["suit"]
        elif t == "year":
            trump = None
        if t in ("requisition", "year_end"):
            check_field_done()
            ctx = None
        if t == "pocket":
            cellar[e["seat"]][e["card"]] = True
        elif t == "farmed":
            if k36_orden:
                stack = e["rewards"]
                top = min(stack, key=lambda c: (value(c), SUIT_ORDER.get(c[-1], 4)))
                for c in stack:
                    cellar[e["seat"]][c] = c != top
            else:
                for c in e["rewards"]:
                    cellar[e["seat"]][c] = False
        elif t == "swap" and not e.get("pass"):
            del cellar[e["seat"]][e["cellar"]]
            cellar[e["seat"]][e["hand"]] = True
        elif t == "requisition":
            ctx = {"field": e["field"], "vulnerable": e["vulnerable"], "rules": e["rules"],
                   "start": [dict(c) for c in cellar], "revealed": [], "north": [],
                   "after_reveal": None}
        elif t == "revealed":
            jack = "nom.drunkard" in e["rules"] and e["card"] == f"J{trump}"
            assert e["card"] in cellar[e["seat"]] and (jack or _matches(e["card"], e["field"]))
            cellar[e["seat"]][e["card"]] = False
            ctx["revealed"].append((e["seat"], e["card"]))
        elif t == "north":
            if ctx["after_reveal"] is None:
                ctx["after_reveal"] = [dict(c) for c in cellar]
            if e["seat"] is not None:
                assert cellar[e["seat"]].get(e["card"]) is False, (
                    f"{name}/{seed}: {e} goes North while hidden")
                del cellar[e["seat"]][e["card"]]
                ctx["north"].append((e["seat"], e["card"]))
            else:
                ctx["north"].append((None, e["card"]))
        elif t == "year_end":
            for c in e["returned"]:
                for cel in cellar:
                    cel.pop(c, None)
    assert [set(c) for c in cellar] == [set(c) for c in events[-1]["cellars"]]
