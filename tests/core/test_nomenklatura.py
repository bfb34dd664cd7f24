"""Nomenklatura (RULINGS.md: nom.drunkard, nom.informant, nom.partyman, their
precedence, their combinations with the mice, inert in the famine year and in a
cellar)."""

from __future__ import annotations

from .builders import (
    Rec,
    assert_result,
    assert_rule,
    autoplay,
    norths,
    of,
    one,
    reveals,
    year1_b3,
    year2_n2,
    year_events,
)


def _n2(t: str, p1: str, p0: str, *, mice: bool = False, nom: bool = True,
        **kw: object) -> list[dict]:
    """B3 (year 1) then N2 (year 2, trump C) with the trump court card ``t`` on the
    failing C field. Before year 2's requisition: seat 0 holds 9C (+p0), seat 1 8C
    (+p1), seat 3 7C, seat 2 no C. Under the mice, year 1 already took 9C and left
    8C and 7C face-up."""
    opts: dict[str, object] = {"nomenklatura": nom}
    if mice:
        opts["mice"] = True
    r = Rec(years=2, **opts)
    year1_b3(r)
    year2_n2(r, t=t, p1=p1, p0=p0, **kw)
    return r.run()


def _by_seat(items: list[tuple]) -> dict:
    out: dict = {}
    for seat, card, _field in items:
        out.setdefault(seat, set()).add(card)
    return out


# --------------------------------------------------------------------------- nom.partyman
def test_nom_partyman_two_highest_per_vulnerable_player() -> None:
    """Given the Party Man KC on the failed C, seat 1 (8C) and seat 0 (9C, JC) vulnerable
    / When requisition runs / Then seat 0 sends its two highest, JC and 9C, North;
    seat 1, holding only one C, loses that one (project reading: up to two)."""
    events = _n2("KC", "7D", "JC")
    y2 = year_events(events, 2)
    req = one(y2, "requisition", field="C")
    assert_rule(req, "nom.partyman")
    assert req["vulnerable"] == [1, 0]
    ns = norths(events, 2)
    assert [s for s, _c, _f in ns] == [1, 0, 0]
    assert _by_seat(ns) == {1: {"8C"}, 0: {"JC", "9C"}}
    for e in of(y2, "north"):
        assert_rule(e, "nom.partyman")
    assert_result(events, cellars=[["3H", "AS"], ["2D", "7D"], ["2H", "5S", "9H"],
                                   ["7C", "6H"]])


def test_nom_partyman_is_inert_without_the_variant_and_in_a_cellar() -> None:
    """Given the same game without nomenklatura / Then seat 0 loses only JC. (And with
    it, the trump Jack JC lying in seat 0's cellar is no Drunkard: it goes North as
    seat 0's own card, seat not null.)"""
    plain = _n2("KC", "7D", "JC", nom=False)
    assert norths(plain, 2) == [(1, "8C", "C"), (0, "JC", "C")]
    nom = _n2("KC", "7D", "JC")
    assert (0, "JC", "C") in norths(nom, 2)


def test_nom_partyman_with_the_mice_second_highest_at_the_table() -> None:
    """Given the mice (year 1 took 9C, left 8C and 7C face-up) and the Party Man on the
    failed C; seat 1 pockets 6C, seat 0 10C / When requisition runs / Then each seat
    reveals its highest C (seat 0: 10C) and the table's highest (10C) and second
    highest (8C) go North; 7C stays, 6C is not revealed."""
    events = _n2("KC", "6C", "10C", mice=True)
    y2 = year_events(events, 2)
    req = one(y2, "requisition", field="C")
    assert sorted(req["vulnerable"]) == [0, 1, 2, 3]
    assert_rule(req, "mice", "nom.partyman")
    assert sorted(norths(events, 2)) == [(0, "10C", "C"), (1, "8C", "C")]
    assert (0, "10C", "C") in reveals(events, 2)
    assert (1, "6C", "C") not in reveals(events, 2)
    first_north = y2.index(of(y2, "north")[0])
    assert all(y2.index(r) < first_north for r in of(y2, "revealed"))


# --------------------------------------------------------------------------- nom.informant
def test_nom_informant_everyone_reveals_every_hidden_match_then_as_usual() -> None:
    """Given the Informant QC on the failed C; seat 1 holds 8C 6C, seat 3 7C, seat 0
    10C 9C / When requisition runs / Then every seat is vulnerable, all hidden C cards
    are revealed first, then each seat sends its highest North (8C, 7C, 10C);
    6C and 9C stay face-up."""
    events = _n2("QC", "6C", "10C")
    y2 = year_events(events, 2)
    req = one(y2, "requisition", field="C")
    assert req["vulnerable"] == [1, 2, 3, 0]
    assert_rule(req, "nom.informant")
    assert sorted(reveals(events, 2)) == sorted(
        [(1, "8C", "C"), (1, "6C", "C"), (3, "7C", "C"), (0, "10C", "C"), (0, "9C", "C")])
    assert norths(events, 2) == [(1, "8C", "C"), (3, "7C", "C"), (0, "10C", "C")]
    first_north = y2.index(of(y2, "north")[0])
    assert all(y2.index(r) < first_north for r in of(y2, "revealed"))
    assert_result(events, cellars=[["9C", "3H", "AS"], ["2D", "6C"], ["2H", "5S", "9H"],
                                   ["6H"]])


def test_nom_informant_with_the_mice_reveals_all_then_one_at_the_table() -> None:
    """Given the mice (8C, 7C face-up since year 1) and the Informant on the failed C;
    seat 1 pockets 6C, seat 0 10C / When requisition runs / Then every hidden C is
    revealed (6C, 10C) and only the table's highest, 10C, goes North."""
    events = _n2("QC", "6C", "10C", mice=True)
    assert {(1, "6C", "C"), (0, "10C", "C")} <= set(reveals(events, 2))
    assert norths(events, 2) == [(0, "10C", "C")]
    assert_result(events, cellars=[["3H", "AS"], ["2D", "8C", "6C"], ["2H", "5S", "9H"],
                                   ["7C", "6H"]])


# --------------------------------------------------------------------------- nom.drunkard
def test_nom_drunkard_goes_north_instead_of_any_player_card() -> None:
    """Given the Drunkard JC on the failed C (seats 1 and 0 vulnerable, holding 8C and
    9C 10C) / When requisition runs / Then JC goes North from the field (seat null)
    and nobody loses a card; without the mice nobody reveals (project reading)."""
    events = _n2("JC", "7D", "10C")
    y2 = year_events(events, 2)
    assert_rule(one(y2, "requisition", field="C"), "nom.drunkard")
    assert norths(events, 2) == [(None, "JC", "C")]
    assert_rule(one(y2, "north"), "nom.drunkard")
    assert reveals(events, 2) == []
    assert_result(events, cellars=[["9C", "10C", "3H", "AS"], ["8C", "2D", "7D"],
                                   ["2H", "5S", "9H"], ["7C", "6H"]])


def test_nom_drunkard_contributes_zero_hours() -> None:
    """Given trump S with nomenklatura; S gets KS 6S (19), 9S (28), then JS and 8S /
    When trick 3 is assigned / Then S stands at 36, not 47: it is not completed,
    is inspected, and the Drunkard JS (with the Party Man KS on the same field) is
    the only card that goes North for it."""
    def game(nom: bool) -> list[dict]:
        r = Rec(nomenklatura=nom)
        r.deal(1, ["KH QH JH 10H 6D", "9H 8H 7H 6H 7D", "KS QS JS 10S 8D",
                   "9S 8S 7S 6S 9D"], "2H AD 3C 5S")
        r.trump(0, "S")
        r.trick(0, "KH 9H KS 6S", 2, "H H S S")
        r.trick(2, "QS 9S QH 8H", 2, "H S H H")
        r.trick(2, "JS 8S JH 7H", 2, "S S H H")
        r.trick(2, "10S 7S 10H 6H", 2, "H H H H")
        return r.run()

    plain = game(False)
    assert one(plain, "farmed", field="S")["hours"] == 47
    events = game(True)
    assert of(events, "farmed", field="S") == []
    assert norths(events) == [(2, "8D", "D"), (None, "JS", "S")]
    assert_result(events, scores=[6, 7, 2, 9], cellars=[["6D"], ["7D"], ["2H"], ["9D"]])


def test_nom_drunkard_precedence_over_the_party_man() -> None:
    """Given the Drunkard JC and the Party Man KC both on the failed C (seat 3 trumps
    with KC and wins trick 4) / When requisition runs / Then still only the Jack goes
    North; seats 1, 0, 3 keep 8C, 9C 10C, 7C."""
    events = _n2("JC", "7D", "10C", s3="8H KC 6H 10D 9D", s3_t4="KC", t4_winner=3,
                 t4_fields="S C H C")
    req = one(year_events(events, 2), "requisition", field="C")
    assert sorted(req["vulnerable"]) == [0, 1, 3]
    assert norths(events, 2) == [(None, "JC", "C")]
    assert_result(events, cellars=[["9C", "10C", "3H", "AS"], ["8C", "2D", "7D"],
                                   ["2H", "5S", "9H"], ["7C", "6H"]])


def test_nom_drunkard_with_the_informant_reveals_still_happen() -> None:
    """Given the Drunkard JC and the Informant QC on the failed C / When requisition runs
    / Then every seat reveals all its hidden C (8C; 7C; 9C 10C), and only the Jack goes
    North; the revealed cards stay in the cellars."""
    events = _n2("JC", "7D", "10C", s3="8H QC 6H 10D 9D", s3_t4="QC", t4_winner=3,
                 t4_fields="S C H C")
    y2 = year_events(events, 2)
    assert sorted(reveals(events, 2)) == sorted(
        [(1, "8C", "C"), (3, "7C", "C"), (0, "9C", "C"), (0, "10C", "C")])
    assert norths(events, 2) == [(None, "JC", "C")]
    assert_rule(one(y2, "requisition", field="C"), "nom.drunkard", "nom.informant")
    assert_result(events, cellars=[["9C", "10C", "3H", "AS"], ["8C", "2D", "7D"],
                                   ["2H", "5S", "9H"], ["7C", "6H"]])


def test_nom_inert_in_the_famine_year() -> None:
    """Given a full 5-year game with nomenklatura / Then no event of the famine year
    (no trump) cites a nom.* clause."""
    events, state = autoplay({"options": {"nomenklatura": True}}, "famine-nom")
    assert state.finished
    for e in year_events(events, 5):
        assert not any(r.startswith("nom.") for r in e.get("rules", [])), e


def test_nom_informant_and_partyman_on_one_field() -> None:
    """Given the Informant QC and the Party Man KC both on the failed C (seat 3 wins trick
    4 with KC) / When requisition runs / Then everyone is vulnerable, reveals every
    hidden C, and sends its two highest North: 8C 6C, 7C, 10C 9C."""
    events = _n2("QC", "6C", "10C", s3="8H KC 6H 10D 9D", s3_t4="KC", t4_winner=3,
                 t4_fields="S C H C")
    req = one(year_events(events, 2), "requisition", field="C")
    assert req["vulnerable"] == [1, 2, 3, 0]
    assert_rule(req, "nom.informant", "nom.partyman")
    assert _by_seat(norths(events, 2)) == {1: {"8C", "6C"}, 3: {"7C"}, 0: {"10C", "9C"}}
    assert [s for s, _c, _f in norths(events, 2)] == [1, 1, 3, 0, 0]
