"""The end of a year: pockets, requisition (reveals and cards sent North), year end,
and the next year or the end of the Plan with the final ranking.

Clauses: pocket, req.*, stakh, nom.*, northern, mice, k36.orden, wrecker.cellar,
wrecker.poison, year.end, accum, score, tiebreak, medals (RULINGS.md) and the project
readings x.* (docs/rules.md).
"""

from __future__ import annotations

from typing import Any

from .cards import CODE, SUITS, VALUE, WRECKER, matches
from .errors import MalformedInputError
from .shuffle import seed_commitment
from .state import JACK, KING, QUEEN, STACK, STACK_TOP, Event, GameState


def _emit(s: GameState, out: list[Event], ev: Event) -> None:
    ev["seq"] = s.seq
    s.apply(ev)
    out.append(ev)


def close_year(s: GameState, out: list[Event], seed: str | None) -> None:
    """Append (and apply to scratch state ``s``) every event from the pockets to the next
    ``year`` event, or to ``game_end`` after the last year.

    Raises MalformedInputError (``seed_mismatch``) before ``s`` is touched when the year
    is the last and ``seed`` does not match the commitment (``check_seed``)."""
    if s.year >= s.years:
        check_seed(s, seed)
    for seat in s.seat_order():
        if s.hands[seat]:
            _emit(s, out, {"seq": 0, "type": "pocket", "seat": seat,
                           "card": CODE[s.hands[seat][0]], "rules": ["pocket"],
                           "facts": {"tricks_played": s.tricks_played,
                                     "hand_size": s.hand_size}})
    requisition(s, out)
    _year_end(s, out)
    if s.year < s.years:
        nxt = s.year + 1
        _emit(s, out, year_event(s, nxt, (s.planner + 1) % 4))
    else:
        _emit(s, out, game_end_event(s, seed))


def year_event(s: GameState, year: int, planner: int) -> Event:
    """The ``year`` event: year number, planner (passes left, year.count), famine (year 5)."""
    famine = year == 5
    rules = ["year.count"] + (["famine"] if famine else [])
    return {"seq": s.seq, "type": "year", "year": year, "planner": planner, "famine": famine,
            "rules": rules,
            "facts": {"planner_from": "first_planner" if year == 1 else "passed_left",
                      "years": s.years}}


def _hero(s: GameState) -> int | None:
    """stakh: the seat that won every trick of a year with tricks, if any."""
    if not s.opts["stakh"] or s.tricks_in_year == 0:
        return None
    for seat in range(4):
        if s.medals_year[seat] == s.tricks_played and s.tricks_played > 0:
            return seat
    return None


def _matching(s: GameState, seat: int, f: int) -> list[tuple[int, bool]]:
    """(card, hidden) of ``seat``'s cellar cards matching field ``f``, highest first."""
    cards = [(e[0], e[1]) for e in s.cellars[seat] if matches(e[0], f)]
    cards.sort(key=lambda x: -VALUE[x[0]])
    return cards


def requisition(s: GameState, out: list[Event]) -> None:
    """req.failed / req.vulnerable / req.take and every variant that changes them."""
    o = s.opts
    order = s.seat_order()
    failed = [f for f in range(4) if not s.completed[f] or s.wrecker_field == f]
    if not failed:
        return
    hero = _hero(s)
    winners = [seat for seat in order if s.medals_year[seat] > 0]
    base_rules: list[str] = ["req.vulnerable"]
    if o["northern"] or o["mice"]:
        base = list(order)
        base_why = "northern" if o["northern"] else "mice"
        base_rules.append(base_why)
    elif s.ruleset.k36_orden and o["k36_vulnerable"] == "stack_takers":
        base = [seat for seat in order if s.stack_takers[seat]]
        base_why = "stack_takers"
        base_rules.append("k36.orden")
    else:
        base = winners
        base_why = "trick_winners"
        if s.ruleset.k36_orden:
            base_rules.append("k36.orden")
    if hero is not None:
        base = [seat for seat in order if seat != hero]
        base_why = "stakhanovite"
        base_rules += ["stakh", "req.hero"]

    roles: dict[int, int] = {}  # role -> field, for the trump court on the fields this year
    for c, f in s.nom.items():
        roles[VALUE[c]] = f
    per_field: dict[int, list[int]] = {}
    for f in failed:
        vuln = base
        if roles.get(QUEEN) == f:
            vuln = [seat for seat in order if seat != hero]
        per_field[f] = vuln
    fallback = len(failed) == 4 and not any(per_field[f] for f in failed)
    if fallback:
        per_field = {f: [seat for seat in order if seat != hero] for f in failed}
    table_wide = o["mice"] or fallback

    for f in failed:
        vuln = per_field[f]
        informant = roles.get(QUEEN) == f
        partyman = roles.get(KING) == f
        drunkard = roles.get(JACK) == f
        poisoned = s.wrecker_field == f
        rules = ["req.failed"] + base_rules
        why_failed = []
        if not s.completed[f]:
            why_failed.append("under_quota")
        if poisoned:
            why_failed.append("wrecker")
            rules.append("wrecker.poison")
        if informant:
            rules.append("nom.informant")
        if partyman:
            rules.append("nom.partyman")
        if drunkard:
            rules.append("nom.drunkard")
        if fallback:
            rules += ["req.fallback", "mice"]
        if not vuln:
            rules.append("x.requisition_skipped")
        facts: dict[str, Any] = {
            "hours": s.field_hours[f], "quota": 40, "failed_because": why_failed,
            "vulnerable_because": "informant" if informant else
            ("fallback_mice" if fallback else base_why),
            "trick_winners": winners, "hero": hero, "informant": informant,
            "party_man": partyman, "drunkard": drunkard, "table_wide": table_wide,
        }
        _emit(s, out, {"seq": 0, "type": "requisition", "field": SUITS[f], "skipped": not vuln,
                       "vulnerable": list(vuln), "rules": rules, "facts": facts})
        if table_wide:
            _take_table_wide(s, out, f, vuln, informant, partyman, drunkard)
        else:
            _take_per_seat(s, out, f, vuln, informant, partyman, drunkard)


def _reveal(s: GameState, out: list[Event], seat: int, c: int, f: int, rules: list[str],
            why: str) -> None:
    """A hidden cellar card turned face-up. ``why``: ``goes_north`` (revealed because it is
    the card sent North), ``highest_hidden`` (reveal=highest_hidden), ``informant`` (every
    hidden matching card), ``mice`` (each vulnerable seat's highest matching card)."""
    _emit(s, out, {"seq": 0, "type": "revealed", "seat": seat, "card": CODE[c],
                   "field": SUITS[f], "rules": rules,
                   "facts": {"why": why, "value": VALUE[c], "wrecker": c == WRECKER}})


def _north(s: GameState, out: list[Event], seat: int | None, c: int, f: int,
           rules: list[str], why: str) -> None:
    """A card sent North. ``why``: ``highest`` (the seat's highest matching cellar card),
    ``party_man_second`` (its second-highest, nom.partyman), ``drunkard`` (the trump Jack
    instead of anyone's card), ``table_highest`` / ``table_second`` (mice: the highest /
    second-highest face-up matching card among the vulnerable seats)."""
    r = list(rules)
    if c == WRECKER:
        r.append("wrecker.cellar")
    if s.ruleset.k36_orden:
        r.append("k36.orden")
    elif c == WRECKER and s.opts["wrecker_returns"]:
        pass  # option wrecker_returns, clause wrecker.cellar (already cited)
    source = "field" if seat is None else "cellar"
    _emit(s, out, {"seq": 0, "type": "north", "seat": seat, "card": CODE[c], "field": SUITS[f],
                   "rules": r,
                   "facts": {"why": why, "value": VALUE[c], "from": source,
                             "wrecker": c == WRECKER}})


def _send_drunkard(s: GameState, out: list[Event], f: int) -> None:
    """nom.drunkard: the trump Jack goes North from his field (seat null) or from the
    stack he went into (its owner's seat)."""
    jack = next(c for c, ff in s.nom.items() if ff == f and VALUE[c] == JACK)
    if jack in s.field_cards[f]:
        _north(s, out, None, jack, f, ["nom.drunkard"], "drunkard")
        return
    for seat in range(4):
        for e in s.cellars[seat]:
            if e[0] == jack and e[2] in (STACK, STACK_TOP):
                if e[1]:
                    _reveal(s, out, seat, jack, f, ["nom.drunkard"], "goes_north")
                _north(s, out, seat, jack, f, ["nom.drunkard", "k36.orden"], "drunkard")
                return
    # the Jack is no longer on the field nor in a stack (already North): nothing to send


def _take_per_seat(s: GameState, out: list[Event], f: int, vuln: list[int], informant: bool,
                   partyman: bool, drunkard: bool) -> None:
    """req.take for each vulnerable seat in turn (nom.informant: all reveals first)."""
    hidden_first = s.opts["reveal"] == "highest_hidden"
    n_take = 2 if partyman else 1
    take_rules = ["req.take"] + (["nom.partyman"] if partyman else [])
    plans: list[tuple[int, list[int], list[int]]] = []
    for seat in vuln:
        m = _matching(s, seat, f)
        reveals: list[int] = []
        if informant:
            reveals = [c for c, hidden in m if hidden]
        elif hidden_first:
            hid = [c for c, hidden in m if hidden]
            reveals = hid[:1]
        takes = [] if drunkard else [c for c, _ in m[:n_take]]
        hidden_set = {c for c, hidden in m if hidden}
        for c in takes:
            if c in hidden_set and c not in reveals:
                reveals.append(c)
        plans.append((seat, reveals, takes))
    reveal_rules = ["nom.informant"] if informant else ["req.take"]
    reveal_why = "informant" if informant else ("highest_hidden" if hidden_first else "")
    take_why = ("highest", "party_man_second")

    def reveal_all(seat: int, reveals: list[int], takes: list[int]) -> None:
        for c in reveals:
            why = reveal_why
            if not why or (why == "highest_hidden" and c != reveals[0]):
                why = "goes_north"
            _reveal(s, out, seat, c, f, reveal_rules, why)

    if informant:
        for seat, reveals, takes in plans:
            reveal_all(seat, reveals, takes)
        if drunkard:
            _send_drunkard(s, out, f)
        for seat, _, takes in plans:
            for i, c in enumerate(takes):
                _north(s, out, seat, c, f, take_rules, take_why[i])
        return
    for seat, reveals, takes in plans:
        reveal_all(seat, reveals, takes)
        for i, c in enumerate(takes):
            _north(s, out, seat, c, f, take_rules, take_why[i])
    if drunkard:
        _send_drunkard(s, out, f)


def _take_table_wide(s: GameState, out: list[Event], f: int, vuln: list[int], informant: bool,
                     partyman: bool, drunkard: bool) -> None:
    """mice (and req.fallback): every vulnerable seat reveals, then the highest face-up
    matching card(s) in their cellars go North (Party Man: two; Drunkard: only the Jack)."""
    hidden_first = s.opts["reveal"] == "highest_hidden"
    rules = ["nom.informant", "mice"] if informant else ["mice"]
    for seat in vuln:
        m = _matching(s, seat, f)
        if informant:
            reveals = [c for c, hidden in m if hidden]
        elif hidden_first:
            reveals = [c for c, hidden in m if hidden][:1]
        else:
            reveals = [c for c, hidden in m[:1] if hidden]
        for c in reveals:
            _reveal(s, out, seat, c, f, rules, "informant" if informant else
                    ("highest_hidden" if hidden_first else "mice"))
    if drunkard:
        _send_drunkard(s, out, f)
        return
    pool = []
    for seat in vuln:
        for c, hidden in _matching(s, seat, f):
            if not hidden:
                pool.append((VALUE[c], seat, c))
    pool.sort(key=lambda x: -x[0])
    take_rules = ["mice", "req.take"] + (["nom.partyman"] if partyman else [])
    for i, (_, seat, c) in enumerate(pool[: 2 if partyman else 1]):
        _north(s, out, seat, c, f, take_rules, ("table_highest", "table_second")[i])


def _year_end(s: GameState, out: list[Event]) -> None:
    """year.end: unclaimed rewards removed (not under accum), stacks and North cards
    returned (k36.orden, wrecker_returns), medals back to the supply."""
    rules = ["year.end"]
    discarded: list[str] = []
    if s.opts["accum"]:
        if any(s.field_rewards):
            rules.append("accum")
    else:
        for f in range(4):
            discarded += [CODE[c] for c in s.field_rewards[f]]
    returned: list[str] = []
    for seat in range(4):
        for e in s.cellars[seat]:
            if e[2] == STACK:
                returned.append(CODE[e[0]])
    if returned:
        rules.append("k36.orden")
    if s.north_return:
        returned += [CODE[c] for c in s.north_return]
        if s.ruleset.k36_orden:
            if "k36.orden" not in rules:
                rules.append("k36.orden")
        else:
            rules.append("wrecker.cellar")  # option wrecker_returns
    _emit(s, out, {"seq": 0, "type": "year_end", "year": s.year, "discarded": discarded,
                   "returned": returned, "rules": rules,
                   "facts": {"medals": list(s.medals_year)}})


def check_seed(s: GameState, seed: str | None) -> None:
    """Raise MalformedInputError (``seed_mismatch``) if ``seed`` is given and does not
    match the game's commitment (setup.planner); None, or a game without one, passes."""
    if seed is not None and s.seed_commitment is not None:
        if seed_commitment(seed) != s.seed_commitment:
            raise MalformedInputError("seed_mismatch",
                                      "the seed does not match the game's seed commitment",
                                      None)


def game_end_event(s: GameState, seed: str | None) -> Event:
    """score, tiebreak (option tiebreak_medals) and medals: the final ranking.

    Raises MalformedInputError (``seed_mismatch``) if ``seed`` does not match the game's
    commitment (setup.planner: the seed the game was committed to)."""
    o = s.opts
    check_seed(s, seed)
    cellar_sums = [sum(VALUE[e[0]] for e in s.cellars[seat]) for seat in range(4)]
    medals = list(s.medals_total)
    scores = [cellar_sums[i] + (medals[i] if o["medals"] else 0) for i in range(4)]
    tb = medals if o["tiebreak_medals"] == "game" else list(s.medals_last_year)
    keys = [(scores[i], tb[i]) for i in range(4)]
    places = [1 + sum(1 for j in range(4) if keys[j] > keys[i]) for i in range(4)]
    rules = ["score", "tiebreak"] + (["medals"] if o["medals"] else [])
    return {
        "seq": s.seq, "type": "game_end", "scores": scores, "medals": medals, "places": places,
        "cellars": [[CODE[e[0]] for e in s.cellars[seat]] for seat in range(4)],
        "north": [CODE[c] for c in s.north],
        "seed": seed if s.seed_commitment is not None else None,
        "rules": rules,
        "facts": {"cellar_sums": cellar_sums, "tiebreak_medals": tb,
                  "tiebreak": o["tiebreak_medals"]},
    }
