"""Edges of the record format a review found (RECORD_FORMAT.md "Errors", "Visibility").

Given a record / when one field is null, an input's type is not a string, or an input
comes after the end / then the adjudicator answers with the error object (never a
crash), and a hidden pass reaches the other viewers without its cards.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import gongzhu_core as g
from gongzhu_core.views import redact_event

EXAMPLES = Path(__file__).parent / "examples"


def _rec(name: str = "pig_hunt") -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("bad_type", [["play"], {"a": 1}, 7, None])
def test_an_input_whose_type_is_not_a_string_is_malformed_not_a_crash(bad_type):
    rec = _rec()
    rec["inputs"][5] = {"type": bad_type, "seat": 3, "card": "JD"}
    with pytest.raises(g.GongzhuError) as e:
        g.adjudicate(rec)
    assert (e.value.code, e.value.input, e.value.rule) == ("malformed", 5, None)
    assert len(e.value.events) == 2 + 1 + 4 + 1  # game, round, deal, trick 1's plays + trick


@pytest.mark.parametrize("field,value,code,rule", [
    ("seed", None, "bad_record", None),
    ("seed", 5, "bad_record", None),
    ("ruleset", {"preset": "short", "options": None}, "invalid_ruleset", "ruleset"),
    ("ruleset", {"preset": None}, "invalid_ruleset", "ruleset"),
])
def test_null_is_not_a_string_nor_an_object(field, value, code, rule):
    rec = _rec()
    rec[field] = value
    with pytest.raises(g.GongzhuError) as e:
        g.adjudicate(rec)
    assert (e.value.code, e.value.input, e.value.rule) == (code, None, rule)


@pytest.mark.parametrize("extra", ["junk", {"type": "bogus"}, {"type": "play", "seat": 0,
                                                              "card": "2C"}])
def test_any_input_after_the_end_is_extra_in_a_record_and_live(extra):
    rec = _rec()
    n = len(rec["inputs"])
    rec["inputs"].append(extra)
    with pytest.raises(g.GongzhuError) as e:
        g.adjudicate(rec)
    assert (e.value.code, e.value.input, e.value.rule) == ("extra_input", n, "game.end")
    end = g.fold(g.adjudicate(_rec()))
    with pytest.raises(g.GongzhuError) as live:
        g.decide(end, copy.deepcopy(extra))
    assert (live.value.code, live.value.rule) == ("extra_input", "game.end")


def test_a_hidden_pass_is_shown_without_its_cards():
    log = g.adjudicate(_rec("passing_and_exposing"))
    p = next(e for e in log if e["type"] == "pass")
    for viewer in (None, 0, 1, 2, 3):
        shown = redact_event(p, viewer, finished=False)
        if viewer == p["seat"]:
            assert shown == p
        else:
            assert "cards" not in shown and shown == {k: v for k, v in p.items()
                                                      if k != "cards"}
