"""Variants: misere (placements), dummy.colour, dummy.control (dummy_final_reverse),
dummy.score, dummy.players, team, and presets combined with options."""

from __future__ import annotations

import pytest

from . import model as m
from .records import Game, after, assert_error, error_of, of, play, rules_of

MISERE = [  # seat 0 is red in a two-seat misère game
    ("white", "B500.1", {"area": "B"}, None), ("white", "R500.1", {"area": "discard"}, None),
    ("white", "R500.1", {"area": "R"}, "white.score"),
    ("black", "R-200.1", {"area": "R"}, None), ("black", "B-200.1", {"area": "B"}, "minus200"),
    ("black", "CHAM.1", {"with": "R500.1", "area": "B"}, None),
    ("black", "CHAM.1", {"with": "R500.1", "area": "R"}, "cham.place"),
    ("black", "CHAM.1", {"with": "B-200.1", "area": "R"}, None),
    ("black", "CHAM.1", {"with": "B-200.1", "area": "B"}, "cham.place")]


@pytest.mark.parametrize("type_, card, fields, rule", MISERE)
def test_misere_mirrors_placements(type_, card, fields, rule):
    """Given misère (seat 0 red) / when seat 0 plays a score card, a −200 or a chameleon
    pair / then score cards go into another seat's area (or the discard pile), a −200
    into one's own, a chameleon pair the same way by its card; the mirror images are
    illegal_area with the card's rule (misere, white.score, minus200, cham.place)."""
    g = Game(2, "misere")
    g.deal({0: ["B500.1", "R500.1", "R-200.1", "B-200.1", "CHAM.1"]})
    g.draw()
    if rule is not None:
        bad = g.raw({"type": type_, "seat": 0, "card": card, **fields})
        assert_error(error_of(g.record()), "illegal_area", bad, rule)
        return
    i = g.white(card, **fields) if type_ == "white" else g.black(0, card, **fields)
    events = play(g)
    ev = [e for e in after(events, i) if e["type"] in ("placed", "discarded")][0]
    if fields["area"] == "discard":
        assert ev["cards"] == [card]
    else:
        assert (ev["type"], ev["area"]) == ("placed", fields["area"])


@pytest.mark.parametrize("preset", ["dummy", "misere"])
def test_dummy_area_takes_its_colour_from_anyone(preset):
    """Given two seats and the yellow dummy (normal or misère) / when seat 0 plays Y500
    into yellow, seat 1 plays Y-200 into yellow and a chameleon pair Y1000 into yellow /
    then all are placed; yellow has an area and a total, and with nobody controlling it
    its points count for nobody (dummy.colour, dummy.score, white.score, minus200,
    cham.place)."""
    g = Game(2, preset, dummy=True, dummy_colour="Y")
    g.deal({0: ["Y500.1"], 1: ["Y-200.1", "CHAM.1", "Y1000.1"]})
    g.draw()
    g.white("Y500.1", area="Y")
    g.black(1, "Y-200.1", area="Y")
    g.black(1, "CHAM.1", **{"with": "Y1000.1", "area": "Y"})
    g.finish()
    events = play(g)
    assert [p["area"] for p in of(events, "placed")][:3] == ["Y", "Y", "Y"]
    end = events[-1]
    assert set(end["totals"]) == {"R", "B", "Y"}
    assert end["totals"]["Y"] == g.totals()["Y"] == 1300
    assert end["dummy_controller"] is None
    assert end["scores"] == [end["totals"]["R"], end["totals"]["B"]]
    assert events[0]["dummy_colour"] == "Y" and "Y1000.1" in events[0]["deck"]


def test_reverse_takes_the_dummy_and_control_stays_with_the_position():
    """Given three seats and the purple (spare) dummy holding P500 / when seat 2 plays REV
    (dummy_control seat 2, position 2; no claim, the turn order unchanged), seat 1 plays
    REV later (control to position 1), and seat 1 then swaps with seat 0 / then at the end
    the controller is seat 0, who now sits at position 1, and adds purple's total
    (dummy.control, dummy.score, swap)."""
    g = Game(3, "dummy", dummy_colour="P")
    g.deal({0: ["P500.1"], 1: ["REV.2", "SWAP.1"], 2: ["REV.1"]})
    g.draw()
    g.white("P500.1", area="P")
    g.pass_(1)
    i = g.black(2, "REV.1")
    g.pass_all()
    g.draw()
    g.black(1, "REV.2")
    g.white("SWAP.1", target=0)
    g.finish()
    events = play(g)
    discarded, control = after(events, i)
    assert discarded["cards"] == ["REV.1"]
    assert (control["type"], control["seat"], control["position"]) == ("dummy_control", 2, 2)
    assert "dummy.control" in rules_of(control)
    assert not of(events, "claim")
    first = of(events, "turn_end")[0]
    assert (first["next_seat"], first["direction"], first["decided_by"]) == (1, 1, None)
    assert [c["position"] for c in of(events, "dummy_control")] == [2, 1]
    end = events[-1]
    assert end["positions"][:2] == [1, 0] and end["dummy_controller"] == 0
    assert end["scores"][0] == end["totals"]["G"] + end["totals"]["P"]
    assert end["scores"] == g.scores() and end["totals"]["P"] >= 500
    assert "dummy.score" in rules_of(end)


@pytest.mark.parametrize("option, takes", [("no_effect", False), ("takes_control", True)])
def test_dummy_final_reverse(option, takes):
    """Given the dummy game at its final round / when a seat plays REV there / then with
    dummy_final_reverse "no_effect" it is only discarded; with "takes_control" a
    dummy_control follows and that seat controls the dummy at the end (dummy.control,
    end.final_claims)."""
    g = Game(2, "dummy", dummy_colour="Y", dummy_final_reverse=option)
    g.deal({0: ["REV.1"]})
    while g.phase == "draw":
        g.quiet_turn()
    holder = next(s for s in range(2) if "REV.1" in g.hands[s])
    while g.offered() != holder:
        g.pass_()
    i = g.black(holder, "REV.1")
    if g.phase == "final":
        g.pass_all()
    events = play(g)
    tail = [e["type"] for e in after(events, i)]
    assert tail[0] == "discarded" and ("dummy_control" in tail) is takes
    assert not of(events, "claim")
    assert events[-1]["dummy_controller"] == (holder if takes else None)


def test_thief_robs_the_dummy():
    """Given a chameleon pile in the yellow dummy's area / when seat 1 steals it / then the
    pile moves to blue (the dummy's area is not the thief's own) (thief.combo,
    dummy.colour)."""
    g = Game(2, "dummy", dummy_colour="Y")
    g.deal({0: ["CHAM.1", "Y1000.1"], 1: ["THIEF.1"]})
    g.draw()
    g.black(0, "CHAM.1", **{"with": "Y1000.1", "area": "Y"})
    card, fields = g.quiet_white(0)
    g.white(card, **fields)
    i = g.black(1, "THIEF.1", target="Y1000.1")
    g.finish()
    events = play(g)
    stolen = after(events, i)[0]
    assert (stolen["card"], stolen["source"], stolen["area"]) == ("Y1000.1", "Y", "B")
    assert events[-1]["totals"]["B"] == g.totals()["B"]


def test_dummy_with_six_seats_is_refused():
    """Given the dummy preset with six seats (and colours that are wrong as well) / when
    adjudicated / then invalid_combination, rule dummy.players, input null — checked
    before the colours."""
    rec = Game(6).record()
    rec["ruleset"] = {"preset": "dummy"}
    rec["dummy_colour"] = "R"
    assert_error(error_of(rec), "invalid_combination", None, "dummy.players")
    rec["colours"] = ["R", "R", "R", "R", "R", "R"]
    assert_error(error_of(rec), "invalid_combination", None, "dummy.players")
    rec = Game(6).record()
    rec["ruleset"] = {"options": {"dummy": True}}
    assert_error(error_of(rec), "invalid_combination", None, "dummy.players")


@pytest.mark.parametrize("ruleset", [
    {"preset": "team"}, {"preset": "team", "options": {}}, {"preset": "teams"},
    {"options": {"team": True}}, {"preset": "normal", "options": {"mode": "team"}}])
def test_team_game_is_refused(ruleset):
    """Given a ruleset naming the team game (reserved, not ruled) / when adjudicated /
    then invalid_ruleset, input null (team)."""
    rec = Game(4).record()
    rec["ruleset"] = ruleset
    assert_error(error_of(rec), "invalid_ruleset", None, None)


@pytest.mark.parametrize("dummy_colour, dummy", [
    ("R", True), (None, True), ("Q", True), ("Y", False), ("P", True)])
def test_dummy_colour_setup(dummy_colour, dummy):
    """Given two seats (R B) / when the dummy colour is a seat's colour, missing, not a
    colour, given without the dummy variant — or, accepted, a colour outside the group
    (P) / then invalid_setup with rule dummy.colour, input null; P adds its set
    (dummy.colour)."""
    g = Game(2, "dummy" if dummy else "normal", dummy_colour=dummy_colour)
    rec = g.record()
    if dummy_colour == "P":
        g.deal()
        events = play(g)
        assert events[0]["deck"] == m.deck_codes(2, False, "P") and len(events[0]["deck"]) == 56
        return
    assert_error(error_of(rec), "invalid_setup", None, "dummy.colour")


def test_presets_combine_with_options():
    """Given the first_game preset with mode misere and final_round until_passes / when
    adjudicated / then the game event's ruleset resolves all three and the deck is the
    first-game deck (deck.first_game, misere)."""
    g = Game(3, "first_game", mode="misere", final_round="until_passes")
    g.deal()
    events = play(g)
    options = events[0]["ruleset"].get("options", events[0]["ruleset"])
    assert (options["deck"], options["mode"], options["final_round"]) == (
        "first_game", "misere", "until_passes")
    assert events[0]["deck"] == m.deck_codes(3, True)
