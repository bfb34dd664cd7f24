"""RECORD_FORMAT.md's error table — every code with its input index and clause — and the
order of the checks (record field by field, then input by input: form, kind, seat,
cards, rule checks; not_in_hand, revoke, hearts_not_broken, exposed_held)."""

from __future__ import annotations

import pytest

import gongzhu_core

from .records import DECK, Game, error_of, of, run, run_partial


def assert_error(err, code, input_, rule):
    assert (err.code, err.input, err.rule) == (code, input_, rule), err.message


def base():
    return Game(first_dealer=3).record()


# ---------------------------------------------------------------------- the record
@pytest.mark.parametrize("change, rule", [
    (lambda r: [], None), (lambda r: "record", None), (lambda r: None, None),
    (lambda r: {**r, "format": "gongzhu-record/2"}, None),
    (lambda r: {**r, "format": "kolkhoz-record/1"}, None),
    (lambda r: {k: v for k, v in r.items() if k != "format"}, None),
    (lambda r: {**r, "seats": ["A", "B"]}, "setup.players"),
    (lambda r: {**r, "seed": 5}, None),
    (lambda r: {**r, "first_dealer": 4}, "round.dealer"),
    (lambda r: {k: v for k, v in r.items() if k != "first_dealer"}, "round.dealer"),
    (lambda r: {**r, "inputs": {"0": {}}}, None),
    (lambda r: {k: v for k, v in r.items() if k != "inputs"}, None),
])
def test_bad_record(change, rule):
    """Given a record that is not an object, has a wrong format, bad seats, a non-string
    seed, a bad or missing first dealer (no seed), or inputs that are not a list / when
    adjudicated / then bad_record, input null, with the clause shown (bad_record)."""
    assert_error(error_of(change(base())), "bad_record", None, rule)


@pytest.mark.parametrize("ruleset", [None, "standard", {"options": "passing"},
                                     {"preset": "fast"}, {"options": {"pig": True}},
                                     {"options": {"end_score": 1}}])
def test_invalid_ruleset(ruleset):
    """Given a ruleset missing, not an object, with options not an object, an unknown
    preset or option or a value out of range / when adjudicated / then invalid_ruleset,
    input null, rule ruleset."""
    rec = base()
    if ruleset is None:
        del rec["ruleset"]
    else:
        rec["ruleset"] = ruleset
    assert_error(error_of(rec), "invalid_ruleset", None, "ruleset")


@pytest.mark.parametrize("change, code, rule", [
    ({"format": "x", "ruleset": "x"}, "bad_record", None),
    ({"ruleset": "x", "seats": []}, "invalid_ruleset", "ruleset"),
    ({"seats": [], "seed": 5}, "bad_record", "setup.players"),
    ({"seed": 5, "first_dealer": 9}, "bad_record", None),
    ({"first_dealer": 9, "inputs": "x"}, "bad_record", "round.dealer"),
    ({"first_dealer": 9, "inputs": [7]}, "bad_record", "round.dealer"),
])
def test_record_checked_field_by_field(change, code, rule):
    """Given two faults of the record / when adjudicated / then the first in the order
    object, format, ruleset, seats, seed, first_dealer, inputs is reported, before any
    input (check order)."""
    assert_error(error_of({**base(), **change}), code, None, rule)


# ---------------------------------------------------------------------- malformed
@pytest.mark.parametrize("bad", [
    "play", 7, None, ["play", 0, "2C"], {"type": "bid", "seat": 0}, {"seat": 0, "card": "2C"},
    {"type": "play", "seat": "0", "card": "2C"}, {"type": "play", "seat": 4, "card": "2C"},
    {"type": "play", "seat": -1, "card": "2C"}, {"type": "play", "seat": 1.0, "card": "2C"},
    {"type": "play", "seat": 0}, {"type": "play", "seat": 0, "card": "1C"},
    {"type": "play", "seat": 0, "card": "TC"}, {"type": "play", "seat": 0, "card": "2c"},
    {"type": "play", "seat": 0, "card": "2X"}, {"type": "play", "seat": 0, "card": 2},
])
def test_malformed_play(bad):
    """Given play due from seat 0 / when input 1 is not an object, has an unknown or no
    type, a seat that is not an integer 0-3, or a card that is not a card code / then
    malformed at index 1, rule null."""
    g = Game(first_dealer=3)
    g.round(play_out=False)
    g.raw(bad)
    assert_error(error_of(g.record()), "malformed", 1, None)


@pytest.mark.parametrize("cards", ["AS KS QS", ["AS", "KS", 5], ["AS", "KS", "Q"], None])
def test_malformed_pass_cards(cards):
    """Given a pass due / when its cards are not a list of card codes / then malformed,
    rule null."""
    g = Game("passing", first_dealer=3)
    g.round(given={0: "AS KS QS"}, play_out=False)
    rec = g.record()
    rec["inputs"][1]["cards"] = cards
    assert_error(error_of(rec), "malformed", 1, None)


@pytest.mark.parametrize("change", [
    lambda d: d.update(round="1"), lambda d: d.update(round=1.0), lambda d: d.pop("round"),
    lambda d: d.update(hands=d["hands"][:3]), lambda d: d.update(hands="hands"),
    lambda d: d["hands"][2].__setitem__(0, "11H"), lambda d: d.pop("hands"),
    lambda d: d.update(round=2) or d["hands"][0].__setitem__(0, "ZZ"),
])
def test_malformed_deal(change):
    """Given a deal without an integer round and four lists of card codes (even with a
    wrong round number as well) / when adjudicated / then malformed at 0, rule null."""
    g = Game(first_dealer=3)
    g.round(play_out=False)
    rec = g.record()
    change(rec["inputs"][0])
    assert_error(error_of(rec), "malformed", 0, None)


# ---------------------------------------------------------------------- unexpected_input
def play(seat=0, card="2C"):
    return {"type": "play", "seat": seat, "card": card}


@pytest.mark.parametrize("variant, at, inp, rule", [
    ("standard", 0, play(), "round.deal"),                        # a play where a deal is due
    ("standard", 1, {"type": "pass", "seat": 0, "cards": ["2C", "3C", "4C"]}, "pass.when"),
    ("standard", 1, {"type": "expose", "seat": 0, "cards": []}, "expose.when"),
    ("standard", 5, {"type": "deal", "round": 1, "hands": []}, "round.deal"),   # mid-round
    ("passing", 1, play(), "pass.when"),
    ("passing", 1, {"type": "expose", "seat": 0, "cards": []}, "pass.when"),
    ("passing", 1, {"type": "deal", "round": 1, "hands": []}, "pass.when"),
    ("exposing", 1, play(), "expose.when"),
    ("exposing", 1, {"type": "pass", "seat": 0, "cards": ["2C", "3C", "4C"]}, "pass.when"),
    ("exposing", 1, {"type": "deal", "round": 1, "hands": []}, "expose.when"),
    ("exposing", 6, {"type": "expose", "seat": 0, "cards": []}, "expose.when"),  # in play
])
def test_unexpected_input(variant, at, inp, rule):
    """Given a record at input k / when an input of another kind than the one due comes
    / then unexpected_input at k: pass.when if a pass was due or given, else expose.when
    if an expose was due or given, else round.deal."""
    g = Game(None if variant == "standard" else variant, first_dealer=3)
    g.round(given={0: "2C 3C 4C AH"})
    rec = g.record()
    rec["inputs"] = rec["inputs"][:at] + [inp]
    assert_error(error_of(rec), "unexpected_input", at, rule)


# ---------------------------------------------------------------------- rule errors
@pytest.mark.parametrize("variant, at, inp, code, rule", [
    ("passing", 1, {"type": "pass", "seat": 1, "cards": ["2C", "3C", "4C"]},
     "wrong_seat", "pass.when"),
    ("exposing", 1, {"type": "expose", "seat": 2, "cards": []}, "wrong_seat", "expose.when"),
    ("standard", 1, play(2, "2C"), "wrong_seat", "trick.lead"),
    ("standard", 2, play(2, "2C"), "wrong_seat", "trick.order"),
    ("passing", 1, {"type": "pass", "seat": 0, "cards": ["2C", "3C"]}, "bad_pass", "pass.cards"),
    ("exposing", 1, {"type": "expose", "seat": 0, "cards": ["2C"]}, "bad_expose",
     "expose.cards"),
    ("standard", 1, play(0, "QS"), "not_in_hand", "trick.play"),
])
def test_rule_errors(variant, at, inp, code, rule):
    """Given a record at input k (dealer 3: seat 0 passes, exposes and leads first; seat
    0 holds 2C 3C 4C AH and not QS) / when input k breaks a rule / then that code at k
    with its clause (wrong_seat, bad_pass, bad_expose, not_in_hand)."""
    g = Game(None if variant == "standard" else variant, first_dealer=3)
    g.round(given={0: "2C 3C 4C AH", 1: "QS 5C"})
    rec = g.record()
    if at == 2:                      # seat 0 has led 2C; seat 1 is due
        rec["inputs"] = rec["inputs"][:1] + [play(0, "2C"), inp]
    else:
        rec["inputs"] = rec["inputs"][:at] + [inp]
    assert_error(error_of(rec), code, at, rule)


def test_revoke_and_hearts_not_broken_and_exposed_held():
    """Given seat 1 holding 3D / when it plays 2C on 2D: revoke (trick.follow); given
    hearts_broken / when seat 0 leads 5H holding 2D: hearts_not_broken (trick.hearts);
    given expose_hold and QS exposed with 2S / when seat 0 leads QS: exposed_held
    (expose.hold)."""
    g = Game(first_dealer=3)
    g.round(given={0: "2D", 1: "3D 2C"}, play_out=False)
    g.play("2D")
    k = g.raw(play(1, "2C"))
    assert_error(error_of(g.record()), "revoke", k, "trick.follow")
    g = Game(first_dealer=3, hearts_broken=True)
    g.round(given={0: "5H 2D"}, play_out=False)
    k = g.raw(play(0, "5H"))
    assert_error(error_of(g.record()), "hearts_not_broken", k, "trick.hearts")
    g = Game("exposing", first_dealer=3, expose_hold=True)
    g.round(given={0: "QS 2S"}, exposes={0: "QS"}, play_out=False)
    k = g.raw(play(0, "QS"))
    assert_error(error_of(g.record()), "exposed_held", k, "expose.hold")


def test_bad_deal_and_extra_and_incomplete():
    """Given a deal for round 2 first: bad_deal at 0 (round.deal); a finished game plus
    one input: extra_input at its index (game.end); inputs that stop before the end:
    incomplete with input = number of inputs, rule null — also for no inputs at all."""
    rec = base()
    rec["inputs"] = [{"type": "deal", "round": 2, "hands": Game(first_dealer=3).round(
        play_out=False).dealt}]
    assert_error(error_of(rec), "bad_deal", 0, "round.deal")
    g = Game(first_dealer=3, end_score=-1)
    g.round()
    k = g.raw(play())
    assert_error(error_of(g.record()), "extra_input", k, "game.end")
    assert_error(error_of(base()), "incomplete", 0, None)
    g = Game(first_dealer=3)
    g.round(play_out=False)
    g.play(g.legal(0)[0])
    assert_error(error_of(g.record()), "incomplete", 2, None)


# ---------------------------------------------------------------------- check order
def test_check_order_within_an_input():
    """Given inputs with two faults / when adjudicated / then form before kind (an
    unknown type while a pass is due: malformed), kind before seat (an expose from seat
    9 while a pass is due: unexpected_input), a malformed seat before wrong_seat, the
    seat before the cards (wrong seat, card ZZ: wrong_seat), malformed cards before the
    rule checks (the right seat, ZZ: malformed), not_in_hand before revoke, revoke for
    an exposed card thrown off-suit (check order)."""
    g = Game("passing", first_dealer=3)
    g.round(play_out=False)
    rec = g.record()
    rec["inputs"][1] = {"type": "swap", "seat": 9}
    assert_error(error_of(rec), "malformed", 1, None)
    rec["inputs"][1] = {"type": "expose", "seat": 9, "cards": "x"}
    assert_error(error_of(rec), "unexpected_input", 1, "pass.when")
    g = Game(first_dealer=3)
    g.round(given={0: "2D", 1: "3D"}, play_out=False)
    rec = g.record()
    rec["inputs"].append(play(7, "ZZ"))
    assert_error(error_of(rec), "malformed", 1, None)
    rec["inputs"][1] = play(1, "ZZ")
    assert_error(error_of(rec), "wrong_seat", 1, "trick.lead")
    rec["inputs"][1] = play(0, "ZZ")
    assert_error(error_of(rec), "malformed", 1, None)
    missing = next(c for c in DECK if c[-1] != "D" and c not in g.current.hands[1])
    rec["inputs"][1:] = [play(0, "2D"), play(1, missing)]   # not held, and off-suit
    assert_error(error_of(rec), "not_in_hand", 2, "trick.play")
    g = Game("exposing", first_dealer=3, expose_hold=True)
    g.round(given={0: "2D", 1: "QS 3S 3D"}, exposes={1: "QS"}, play_out=False)
    g.play("2D")
    k = g.raw(play(1, "QS"))
    assert_error(error_of(g.record()), "revoke", k, "trick.follow")


def test_errors_carry_no_events_past_the_offending_input():
    """Given a revoke at input k / when adjudicated / then the error's log ends with the
    event of input k-1 (what the CLI prints before exiting 2)."""
    g = Game(first_dealer=3)
    g.round(given={0: "2D", 1: "3D 2C"}, play_out=False)
    g.play("2D")
    g.raw(play(1, "2C"))
    err = error_of(g.record())
    assert err.events[-1]["type"] == "play" and err.events[-1]["card"] == "2D"


def test_unknown_fields_of_an_input_are_ignored():
    """Given inputs carrying extra fields / when adjudicated / then they are accepted and
    the log's events carry only their type's fields (RECORD_FORMAT.md inputs)."""
    g = Game(first_dealer=3, end_score=-1)
    g.round()
    rec = g.record()
    for inp in rec["inputs"]:
        inp["note"] = "thinking"
    events = run(rec)
    assert all("note" not in e for e in events)
    assert of(events, "play")[0].keys() >= {"seq", "type", "seat", "card", "rules"}


def test_seeded_record_indexes_its_own_inputs():
    """Given a seeded record with no deal inputs / when its first play comes from the
    wrong seat / then wrong_seat at input 0 (the index counts the record's inputs,
    not the engine's deals)."""
    partial = run_partial(Game(first_dealer=3, seed="z").record())
    assert partial[-1]["type"] == "deal"
    rec = Game(first_dealer=3, seed="z").record()
    rec["inputs"] = [play(2, partial[-1]["hands"][2][0])]
    assert_error(error_of(rec), "wrong_seat", 0, "trick.lead")
    assert isinstance(error_of(rec), gongzhu_core.GongzhuError)
