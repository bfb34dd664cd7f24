"""Error paths not tied to one phase: rulesets (unknown preset / option, invalid
value, k36.combos), the record as a whole (record_invalid, no_deal_source,
record_incomplete), AdjudicationError's attributes, and the state being
unchanged after a refused input. Presets (RULINGS.md "Presets")."""

from __future__ import annotations

import copy

import pytest

from .builders import (
    B_HANDS,
    B_JOBS,
    SEATS,
    Rec,
    adjudication_error,
    assert_error,
    assert_result,
    autoplay,
    base_b,
    core,
    decide_error,
    of,
    run,
    snapshot,
)

VARIANTS = ("swap", "stakh", "wrecker", "nomenklatura", "orden", "northern", "mice", "accum",
            "medals")


# --------------------------------------------------------------------------- presets
@pytest.mark.parametrize(
    ("preset", "deck", "on"),
    [
        ("kolkhoz", 52, {"swap", "stakh", "wrecker"}),
        ("kolkhoznik", 36, {"swap", "nomenklatura", "orden"}),
        ("zone", 36, {"swap", "northern", "nomenklatura", "mice"}),
    ],
)
def test_presets_set_their_variants_and_deck(preset: str, deck: int, on: set[str]) -> None:
    """Given a preset / When the ruleset is built / Then its deck and exactly its row's
    variants are on, every other option at its default."""
    rs = core().build_ruleset({"preset": preset})
    assert rs.preset == preset
    assert rs.options["deck"] == deck
    assert {v for v in VARIANTS if rs.options[v]} == on
    assert rs.options["years"] == 5
    assert rs.options["swap_scope"] == "hidden_or_revealed"
    assert rs.options["reveal"] == "highest"
    assert rs.to_dict()["preset"] == preset


def test_presets_default_is_kolkhoz() -> None:
    """Given no ruleset (None) / When built / Then the platform default, the kolkhoz
    preset."""
    rs = core().build_ruleset(None)
    assert rs.preset == "kolkhoz"
    assert {v for v in VARIANTS if rs.options[v]} == {"swap", "stakh", "wrecker"}


def test_presets_options_override_the_preset() -> None:
    """Given kolkhoz with stakh off and years 2 / Then stakh is off, years 2, the rest of
    the preset kept; the game event stores the whole resolved ruleset."""
    spec = {"preset": "kolkhoz", "options": {"stakh": False, "years": 2}}
    rs = core().build_ruleset(spec)
    assert (rs.options["stakh"], rs.options["years"], rs.options["wrecker"]) == (False, 2, True)
    game = core().new_game(rs, SEATS, first_planner=0)[0]
    assert game["ruleset"]["preset"] == "kolkhoz"
    assert game["ruleset"]["options"] == rs.options


def test_presets_custom_ruleset_is_a_bare_game() -> None:
    """Given options alone / Then every variant is off unless named (a bare game)."""
    rs = core().build_ruleset({"options": {"mice": True}})
    assert rs.preset is None
    assert {v for v in VARIANTS if rs.options[v]} == {"mice"}


def test_presets_zone_plays_a_year() -> None:
    """Given the zone preset (36 cards, Northern, nomenklatura, the mice) and the base deal
    without jobs / Then H and S complete without rewards and D's table-highest 9D goes
    North (everyone answers): scores [6, 7, 8, 0]."""
    r = Rec(preset="zone")
    base_b(r)
    events = r.run()
    assert [f["rewards"] for f in of(events, "farmed")] == [[], []]
    assert_result(events, scores=[6, 7, 8, 0], north=["9D"])


def test_presets_kolkhoznik_plays_a_year() -> None:
    """Given the kolkhoznik preset and the base deal (trump S: the Party Man KS and the
    Informant QS are on S, which is completed, so inert) / Then the Orden stacks: seat 2
    keeps the tops 8H and 6S: scores [6, 7, 14, 9]."""
    events = base_b(Rec(preset="kolkhoznik")).run()
    assert_result(events, scores=[6, 7, 14, 9])


# --------------------------------------------------------------------------- ruleset errors
@pytest.mark.parametrize(
    ("spec", "code", "rule"),
    [
        ({"preset": "gulag"}, "unknown_preset", "__any__"),
        ({"options": {"wreckers": True}}, "unknown_option", "__any__"),
        ({"options": {"swap": "yes"}}, "invalid_option_value", None),
        ({"options": {"deck": 40}}, "invalid_option_value", None),
        ({"options": {"reveal": "all"}}, "invalid_option_value", None),
        ({"options": {"swap_scope": "any"}}, "invalid_option_value", None),
        ({"options": {"tiebreak_medals": "never"}}, "invalid_option_value", None),
        ({"options": {"k36_vulnerable": "all"}}, "invalid_option_value", None),
        ({"options": {"first_lead": "dealer"}}, "invalid_option_value", None),
        ({"options": {"trump_selection": "vote"}}, "invalid_option_value", None),
        ({"options": {"wrecker_returns": 1}}, "invalid_option_value", None),
        ({"preset": "zone", "options": {"mice": False}}, "invalid_combination", "k36.combos"),
    ],
)
def test_ruleset_errors(spec: dict, code: str, rule: object) -> None:
    """Given a bad ruleset spec / When built / Then a RulesetError with its code; and a
    record carrying it fails as a whole (input_index None) with that code."""
    k = core()
    with pytest.raises(Exception) as info:
        k.build_ruleset(spec)
    assert type(info.value).__name__ == "RulesetError"
    assert_error(info.value, code, rule)
    rec = base_b().record()
    rec["ruleset"] = spec
    exc = adjudication_error(rec)
    assert exc.input_index is None
    assert exc.code in (code, "record_invalid")


# --------------------------------------------------------------------------- record level
@pytest.mark.parametrize(
    "mutate",
    [
        lambda r: r.pop("format"),
        lambda r: r.__setitem__("format", "kolkhoz-record/2"),
        lambda r: r.pop("seats"),
        lambda r: r.pop("ruleset"),
        lambda r: r.__setitem__("inputs", "not a list"),
        lambda r: r.__setitem__("first_planner", 4),
    ],
    ids=["no-format", "wrong-format", "no-seats", "no-ruleset", "inputs-not-list",
         "planner-out-of-range"],
)
def test_record_invalid(mutate) -> None:
    """Given a record whose envelope is invalid / When adjudicated / Then record_invalid
    with input_index None."""
    rec = base_b().record()
    mutate(rec)
    exc = adjudication_error(rec)
    assert_error(exc, "record_invalid")
    assert exc.input_index is None


def test_record_no_deal_source() -> None:
    """Given a record with no deal input and no seed / When adjudicated / Then
    no_deal_source (input_index None)."""
    r = Rec().trump(0, "S")
    exc = r.run_error()
    assert_error(exc, "no_deal_source")
    assert exc.input_index is None


def test_record_incomplete() -> None:
    """Given the base record without its last assignment / When adjudicated / Then
    record_incomplete (input_index None); .events holds the log so far, ending with
    the last trick."""
    rec = base_b().record()
    rec["inputs"] = rec["inputs"][:-1]
    exc = adjudication_error(rec)
    assert_error(exc, "record_incomplete")
    assert exc.input_index is None
    assert exc.events[-1]["type"] == "trick"
    assert [e["seq"] for e in exc.events] == list(range(len(exc.events)))


def test_record_deals_from_the_seed_when_no_deal_is_recorded() -> None:
    """Given a seeded game's record with its deal inputs removed / When adjudicated / Then
    the engine deals from the seed: the same log as with the deals recorded."""
    k = core()
    events, state = autoplay({"options": {"years": 1}}, "seeded-deal")
    assert state.finished
    rec = k.to_record(events)
    rec["seed"] = "seeded-deal"
    full = run(rec)
    stripped = copy.deepcopy(rec)
    stripped["inputs"] = [i for i in stripped["inputs"] if i["type"] != "deal"]
    assert run(stripped) == full


def test_record_bad_input_reports_its_index_and_the_log_so_far() -> None:
    """Given the base record whose 4th input is not an object / When adjudicated / Then
    malformed_input at input_index 3 with the log up to input 2."""
    rec = base_b().record()
    rec["inputs"][3] = "KH"
    exc = adjudication_error(rec)
    assert_error(exc, "malformed_input", None)
    assert exc.input_index == 3
    assert exc.events[-1]["type"] == "play" and exc.events[-1]["card"] == "KH"


# --------------------------------------------------------------------------- state unchanged
@pytest.mark.parametrize(
    "inp",
    [
        {"type": "play", "seat": 1, "card": "7D"},
        {"type": "play", "seat": 2, "card": "KS"},
        {"type": "play", "seat": 1, "card": "QH"},
        {"type": "assign", "seat": 1, "cards": {}},
        {"type": "trump", "seat": 0, "suit": "H"},
        {"type": "deal", "year": 1, "hands": [h.split() for h in B_HANDS]},
        {"type": "nonsense"},
        {"seat": 1},
        {"type": "play", "seat": 9, "card": "9H"},
        {"type": "play", "seat": "1", "card": "9H"},
    ],
)
def test_errors_leave_the_state_unchanged(inp: dict) -> None:
    """Given a game mid-trick (KH led, seat 1 to play) / When any refused input is
    decided / Then the error is a KolkhozError and the state (copy equality and every
    view) is unchanged; the correct play is still accepted afterwards."""
    k = core()
    r = Rec().deal(1, B_HANDS, B_JOBS).trump(0, "S").play(0, "KH")
    _events, state = r.step()
    before = snapshot(state)
    exc = decide_error(state, inp)
    assert isinstance(exc, k.KolkhozError)
    assert getattr(exc, "code", None)
    assert snapshot(state) == before
    new = k.decide(state, {"type": "play", "seat": 1, "card": "9H"})
    assert new[0]["type"] == "play"


def test_errors_fold_and_step_agree() -> None:
    """Given the base record / Then folding adjudicate's log gives the same position as
    deciding input by input (no error path leaves a trace)."""
    k = core()
    events = base_b().run()
    stepped, state = base_b().step()
    assert stepped == events
    assert snapshot(k.fold(events)) == snapshot(state)


def test_record_illegal_input_error_carries_code_rule_index_and_log() -> None:
    """Given the worked example illegal_revoke.json / When adjudicated through the API /
    Then AdjudicationError: code revoke, rule trick.follow, input_index 3, a message,
    and .events the log up to the last accepted input (seat 0's KH)."""
    import json

    from .test_variants_52 import EXAMPLES

    exc = adjudication_error(json.loads((EXAMPLES / "illegal_revoke.json").read_text()))
    assert_error(exc, "revoke", "trick.follow")
    assert exc.input_index == 3
    assert isinstance(exc.message, str) and exc.message
    assert [e["type"] for e in exc.events] == ["game", "year", "deal", "trump", "play"]
