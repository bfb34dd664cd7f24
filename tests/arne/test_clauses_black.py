"""Black cards: minus200, cham.with, cham.place, thief.discard, thief.combo, thief.own,
crush, lock, stop, reverse, claim.last, claim.two_players."""

from __future__ import annotations

import pytest

from .records import (
    Game,
    after,
    assert_error,
    error_of,
    of,
    play,
    rules_at,
    rules_of,
)


def after_white(g: Game, deal: dict, card: str = "R500.1", area: str = "R") -> None:
    """Deal, then seat 0 draws and plays ``card`` to ``area``: its after-window is open."""
    g.deal(deal)
    g.draw()
    g.white(card, area=area)


@pytest.mark.parametrize("card, area, ok", [
    ("B-200.1", "B", True), ("R-200.1", "R", False), ("B-200.1", "R", False),
    ("B-200.1", "discard", False)])
def test_minus200_into_an_opponents_area(card, area, ok):
    """Given the normal game, seat 0 red / when it plays a −200 / then only another seat's
    colour into that seat's area is placed (rule minus200); its own colour, another area
    or the discard pile is illegal_area, rule minus200."""
    g = Game(2)
    g.deal({0: [card]})
    g.draw()
    if not ok:
        bad = g.raw({"type": "black", "seat": 0, "card": card, "area": area})
        assert_error(error_of(g.record()), "illegal_area", bad, "minus200")
        return
    i = g.black(0, card, area=area)
    events = play(g)
    placed = after(events, i)[0]
    assert (placed["type"], placed["seat"], placed["card"], placed["area"],
            placed["chameleon"]) == ("placed", 0, card, area, None)
    assert "minus200" in rules_of(placed)


def test_chameleon_pairs_count_for_the_area():
    """Given seat 0 (red) / when it plays CHAM with B500 into red and CHAM with R-200 into
    blue / then placed with chameleon set; at the end red counts the blue 500 and blue
    the red −200 (cham.with, cham.place, score.area)."""
    g = Game(2)
    g.deal({0: ["CHAM.1", "B500.1", "CHAM.2", "R-200.1"]})
    g.draw()
    i = g.black(0, "CHAM.1", **{"with": "B500.1", "area": "R"})
    j = g.black(0, "CHAM.2", **{"with": "R-200.1", "area": "B"})
    g.finish()
    events = play(g)
    p1, p2 = after(events, i)[0], after(events, j)[0]
    assert (p1["card"], p1["chameleon"], p1["area"]) == ("B500.1", "CHAM.1", "R")
    assert (p2["card"], p2["chameleon"], p2["area"]) == ("R-200.1", "CHAM.2", "B")
    assert "cham.place" in rules_of(p1) and "cham.with" in rules_at(events, i)
    assert events[-1]["totals"] == g.totals() == {"R": 500, "B": -200}


@pytest.mark.parametrize("with_, area, code, rule", [
    ("B500.1", "B", "illegal_area", "cham.place"),
    ("R-200.1", "R", "illegal_area", "cham.place"),
    ("STOP.1", "R", "illegal_target", "cham.with"),
    ("CHAM.2", "R", "illegal_target", "cham.with"),
    ("B1000.1", "R", "not_in_hand", "play.from_hand")])
def test_chameleon_pair_refused(with_, area, code, rule):
    """Given seat 0 (red, normal game) / when it pairs CHAM with a score card into blue, a
    −200 into red, a STOP or another chameleon, or a card it does not hold / then the
    code and rule of the failing field (cham.place, cham.with, play.from_hand)."""
    g = Game(2)
    g.deal({0: ["CHAM.1", "B500.1", "R-200.1", "STOP.1", "CHAM.2"], 1: ["B1000.1"]})
    g.draw()
    bad = g.raw({"type": "black", "seat": 0, "card": "CHAM.1", "with": with_, "area": area})
    assert_error(error_of(g.record()), code, bad, rule)


def test_thief_takes_the_top_of_the_discard_pile():
    """Given seat 0 discarded R1000 / when seat 1 plays THIEF on "discard" / then stolen
    (seat 1, R1000.1, source discard, area null) and discarded [THIEF.1]; seat 1 later
    plays the red card to the discard pile as its own white card (thief.discard)."""
    g = Game(2)
    after_white(g, {0: ["R1000.1"], 1: ["THIEF.1"]}, "R1000.1", "discard")
    i = g.black(1, "THIEF.1", target="discard")
    g.pass_all()
    g.draw()
    g.white("R1000.1", area="discard")
    events = play(g)
    stolen, discarded = after(events, i)
    assert (stolen["type"], stolen["seat"], stolen["card"], stolen["source"],
            stolen["area"]) == ("stolen", 1, "R1000.1", "discard", None)
    assert discarded["cards"] == ["THIEF.1"] and "thief.discard" in rules_of(stolen)


def test_thief_on_an_empty_discard_pile():
    """Given nothing discarded yet / when seat 0 plays THIEF on "discard" in its first main
    window / then illegal_target, rule thief.discard."""
    g = Game(2)
    g.deal({0: ["THIEF.1"]})
    g.draw()
    bad = g.raw({"type": "black", "seat": 0, "card": "THIEF.1", "target": "discard"})
    assert_error(error_of(g.record()), "illegal_target", bad, "thief.discard")


def test_thief_steals_a_thief_back_and_forth():
    """Given seat 1's THIEF took R1000 off the pile / when seat 0 takes that THIEF back with
    its own and plays it at once on the other / then each play is legal, the window stays
    open until both pass in succession, and seat 0 ends with THIEF.2 (thief.discard,
    window.priority)."""
    g = Game(2)
    after_white(g, {0: ["R1000.1", "THIEF.2"], 1: ["THIEF.1"]}, "R1000.1", "discard")
    g.black(1, "THIEF.1", target="discard")
    g.pass_(1)
    i = g.black(0, "THIEF.2", target="discard")
    j = g.black(0, "THIEF.1", target="discard")
    g.pass_(0)
    g.pass_(1)
    events = play(g)
    assert after(events, i)[0]["card"] == "THIEF.1" and after(events, j)[0]["card"] == "THIEF.2"
    assert "THIEF.2" in g.hands[0] and g.discard[-1] == "THIEF.1"
    assert of(events, "window_closed")[-1]["kind"] == "after"


def test_thief_takes_a_chameleon_pile_whole():
    """Given seat 0 (yellow) has CHAM + G500 in yellow, crushed by seat 1 and locked by
    seat 0 / when seat 2 (orange) steals it / then stolen (seat 2, G500.1, source Y, area
    O), the pile keeps chameleon, crush and lock, and counts 500 for orange; the lock did
    not protect it (thief.combo, lock, score.seat)."""
    g = Game(3)
    g.deal({0: ["CHAM.1", "G500.1", "LOCK.1"], 1: ["CRUSH.1"], 2: ["THIEF.1"]})
    g.draw()
    g.black(0, "CHAM.1", **{"with": "G500.1", "area": "Y"})
    g.white(g.quiet_white(0)[0], area="discard")
    g.black(1, "CRUSH.1", target="G500.1")
    g.pass_(1), g.pass_(2)
    g.black(0, "LOCK.1", target="G500.1")
    g.pass_(0), g.pass_(1)
    i = g.black(2, "THIEF.1", target="G500.1")
    g.finish()
    events = play(g)
    stolen, discarded = after(events, i)
    assert (stolen["seat"], stolen["card"], stolen["source"], stolen["area"]) == (
        2, "G500.1", "Y", "O")
    assert discarded["cards"] == ["THIEF.1"] and "thief.combo" in rules_of(stolen)
    end = events[-1]
    pile = [p for p in end["areas"]["O"] if p["card"] == "G500.1"]
    assert [(p["chameleon"], p["crush"], p["lock"]) for p in pile] == [
        ("CHAM.1", "CRUSH.1", "LOCK.1")]
    assert end["totals"]["O"] == g.totals()["O"] and end["totals"]["Y"] == 0


@pytest.mark.parametrize("target", ["B500.1", "R500.1", "R100.1"])
def test_thief_combo_refused(target):
    """Given red holds a plain R500 and blue a chameleon pile B500 (seat 1's own area) /
    when seat 1 steals its own chameleon pile, a plain pile, or a card not on the table /
    then illegal_target, rule thief.combo."""
    g = Game(2)
    g.deal({0: ["R500.1"], 1: ["CHAM.1", "B500.1", "THIEF.1"]})
    g.draw()
    g.white("R500.1", area="R")
    g.black(1, "CHAM.1", **{"with": "B500.1", "area": "B"})
    bad = g.raw({"type": "black", "seat": 1, "card": "THIEF.1", "target": target})
    assert_error(error_of(g.record()), "illegal_target", bad, "thief.combo")


def test_thief_own_colour_drops_the_chameleon():
    """Given seat 0 (red) carried B500 home with a chameleon / when seat 1 (blue) steals
    it / then stolen (area B), the chameleon goes to the discard pile before the thief,
    and B500 lies in blue as a plain pile (thief.own)."""
    g = Game(2)
    g.deal({0: ["CHAM.1", "B500.1"], 1: ["THIEF.1"]})
    g.draw()
    g.black(0, "CHAM.1", **{"with": "B500.1", "area": "R"})
    g.white(g.quiet_white(0)[0], area="discard")
    i = g.black(1, "THIEF.1", target="B500.1")
    g.finish()
    events = play(g)
    stolen = after(events, i)[0]
    assert (stolen["card"], stolen["source"], stolen["area"]) == ("B500.1", "R", "B")
    dropped = [c for e in after(events, i)[1:] for c in e["cards"]]
    assert dropped == ["CHAM.1", "THIEF.1"]
    assert "thief.own" in rules_of(stolen) | {r for e in after(events, i) for r in e["rules"]}
    end = events[-1]
    assert {"card": "B500.1", "chameleon": None, "x3": None, "crush": None,
            "lock": None} in end["areas"]["B"]
    assert end["totals"]["R"] == 0 and end["totals"]["B"] == g.totals()["B"]


@pytest.mark.parametrize("card, target, locked, ok", [
    ("CRUSH.1", "R500.1", True, True), ("CRUSH.1", "RX2.1", True, True),
    ("CRUSH.1", "R-200.1", True, False), ("CRUSH.1", "R1000.1", True, False),
    ("CRUSH.1", "B500.1", True, False), ("LOCK.1", "R1000.1", False, True),
    ("LOCK.1", "R-200.1", True, True), ("LOCK.1", "R500.1", True, False),
    ("LOCK.1", "R1000.1", True, False), ("LOCK.1", "RX2.1", True, False)])
def test_crush_and_lock_targets(card, target, locked, ok):
    """Given red holds R500, RX2, R-200 and R1000 (crushed, and locked when ``locked``) /
    when seat 1 crushes or locks a pile / then a crush takes only a score card (X2
    included) never crushed, a lock only a crushed pile without lock or a −200 without
    lock: crushed / locked (cancels crush or minus200); a −200, a crushed card, a card
    not on the table, an uncrushed card or a second lock is illegal_target with the
    card's rule (crush, lock)."""
    g = Game(2)
    g.deal({0: ["R500.1", "RX2.1", "R1000.1", "CRUSH.2"],
            1: ["R-200.1", "CRUSH.1", "LOCK.1", "LOCK.2"]})
    g.draw()
    g.white("R1000.1", area="R")
    g.black(1, "R-200.1", area="R")
    g.pass_(1)
    g.black(0, "CRUSH.2", target="R1000.1")
    if locked:
        g.pass_(0)
        g.black(1, "LOCK.2", target="R1000.1")
    g.pass_all()
    g.quiet_turn()
    g.draw()
    g.white("R500.1", area="R")
    g.settle()
    g.quiet_turn()
    g.draw()
    g.white("RX2.1", area="R")
    if not ok:
        bad = g.raw({"type": "black", "seat": 1, "card": card, "target": target})
        rule = "crush" if card.startswith("CRUSH") else "lock"
        assert_error(error_of(g.record()), "illegal_target", bad, rule)
        return
    i = g.black(1, card, target=target)
    events = play(g)
    ev = after(events, i)[0]
    assert (ev["seat"], ev["card"], ev["target"], ev["area"]) == (1, card, target, "R")
    if card.startswith("CRUSH"):
        assert ev["type"] == "crushed" and "crush" in rules_of(ev)
    else:
        assert ev["type"] == "locked" and "lock" in rules_of(ev)
        assert ev["cancels"] == ("minus200" if target == "R-200.1" else "crush")
