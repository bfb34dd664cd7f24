"""What-if re-adjudication on hand-made records: the exact first illegal input, the exact
first divergence with the changed scores and places, or "same"; and the CLI's one JSON
object."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kolkhoz_core import adjudicate
from kolkhoz_core.whatif import WhatIfError, alternative_ruleset, whatif
from tests.core.test_swap import _reward_year

ROOT = Path(__file__).resolve().parents[2]
TIEBREAK = ROOT / "tests" / "fixtures" / "records" / "base_requisition_tiebreak.json"


def _tiebreak() -> dict:
    return json.loads(TIEBREAK.read_text())


def _swap_record() -> dict:
    """Year 2 of G2 with the swap: seats 1, 2, 3 pass, then seat 0 buries KH and takes
    its face-up reward 2H (input 27) — legal under the default swap_scope."""
    return _reward_year().record()


def test_a_swap_of_a_revealed_card_becomes_illegal_under_swap_scope_hidden():
    rec = _swap_record()
    assert rec["inputs"][27] == {"type": "swap", "seat": 0, "hand": "KH", "cellar": "2H"}
    assert whatif(rec, options={"swap_scope": "hidden"}) == {"illegal": {
        "input": 27, "code": "swap_not_eligible", "rule": "swap.scope",
        "message": "2H cannot be swapped out: swap_scope=hidden allows only hidden cellar "
                   "cards"}}


def test_first_lead_left_of_planner_makes_the_planners_lead_illegal():
    """Year 1's planner is seat 0; under left_of_planner seat 1 leads, so input 2 (seat
    0's first card, after the deal and the trump) is out of turn."""
    out = whatif(_swap_record(), options={"first_lead": "left_of_planner"})
    assert out == {"illegal": {"input": 2, "code": "out_of_turn", "rule": "trick.lead",
                               "message": "it is seat 1's turn to play, not seat 0's"}}


def test_a_preset_with_another_deck_refuses_the_first_deal():
    out = whatif(_tiebreak(), preset="zone")
    assert out["illegal"]["input"] == 0
    assert (out["illegal"]["code"], out["illegal"]["rule"]) == ("jobs_invalid", "plan.jobs")


def test_medals_score_changes_only_the_final_ranking():
    """Given the tiebreak fixture (scores 6, 7, 7, 9; seat 2 holds all 4 medals) / when
    medals score a point each / then the first divergence is game_end itself: seat 2 has
    11 and moves from 2nd to 1st, seat 3 from 1st to 2nd."""
    rec = _tiebreak()
    log = adjudicate(rec)
    out = whatif(rec, options={"medals": True})
    div = out["divergence"]
    assert div["seq"] == len(log) - 1 and div["original"] == log[-1]
    assert div["alternative"]["type"] == "game_end"
    assert out["scores"] == [[6, 7, 7, 9], [6, 7, 11, 9]]
    assert out["places"] == [[4, 3, 2, 1], [4, 3, 1, 2]]


def test_the_mice_diverge_at_the_first_requisition():
    """Given the tiebreak fixture: Beet failed with only seat 2 vulnerable (the only trick
    winner) / under the mice every seat is vulnerable: the first divergent consequence is
    that requisition event (seq 34)."""
    rec = _tiebreak()
    log = adjudicate(rec)
    out = whatif(rec, options={"mice": True})
    div = out["divergence"]
    assert div["seq"] == 34 and div["original"] == log[34]
    assert div["original"]["vulnerable"] == [2]
    assert div["alternative"]["vulnerable"] == [0, 1, 2, 3]
    assert div["alternative"]["facts"]["vulnerable_because"] == "mice"


def test_the_stakhanovite_moves_the_requisition_onto_everyone_else():
    rec = _swap_record()
    log = adjudicate(rec)
    out = whatif(rec, options={"stakh": True})
    div = out["divergence"]
    assert div["seq"] == 75 and div["original"] == log[75]
    assert (div["original"]["vulnerable"], div["alternative"]["vulnerable"]) == ([0], [1, 2, 3])
    assert div["alternative"]["facts"]["hero"] == 0


@pytest.mark.parametrize("options", [{"orden": True}, {"reveal": "highest_hidden"}])
def test_a_reading_that_changes_nothing_is_the_same(options):
    """orden in the 52-card game only cites another clause (RULINGS: it changes nothing)."""
    assert whatif(_swap_record(), options=options) == {"same": True}


def test_bad_requests_raise_whatif_errors():
    with pytest.raises(WhatIfError) as e:
        whatif(_tiebreak(), options={"no_such_option": 1})
    assert e.value.code == "unknown_option"
    with pytest.raises(WhatIfError) as e:
        whatif(_tiebreak(), options={"deck": 36, "accum": True})
    assert (e.value.code, e.value.rule) == ("invalid_combination", "k36.combos")
    bad = _tiebreak()
    bad["inputs"] = bad["inputs"][:5]
    with pytest.raises(WhatIfError) as e:
        whatif(bad, options={"mice": True})
    assert e.value.code == "bad_record"


def test_an_unknown_preset_cites_no_clause_as_the_ruleset_does():
    """A preset the engine has not is a bad name, not a ruling on the Plan's length: the
    what-if answers as ``build_ruleset`` does (``unknown_preset``, rule None; it named
    ``year.count``)."""
    with pytest.raises(WhatIfError) as e:
        whatif(_tiebreak(), preset="gulag")
    assert (e.value.code, e.value.rule) == ("unknown_preset", None)


def test_a_preset_keeps_the_records_years():
    spec = alternative_ruleset({"options": {"deck": 52, "years": 1}}, preset="kolkhoznik")
    assert spec == {"preset": "kolkhoznik", "options": {"years": 1}}


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kolkhoz_core", "whatif", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_cli_prints_one_json_object(tmp_path):
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(_swap_record()))
    r = _cli(str(path), "--option", "swap_scope=hidden")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0])["illegal"]["input"] == 27
    r = _cli(str(TIEBREAK), "--option", "medals=true", "--option", "swap=false")
    assert json.loads(r.stdout)["places"] == [[4, 3, 2, 1], [4, 3, 1, 2]]
    r = _cli(str(TIEBREAK), "--option", "orden=true")
    assert json.loads(r.stdout) == {"same": True}
    r = _cli(str(TIEBREAK), "--preset", "zone")
    assert json.loads(r.stdout)["illegal"]["code"] == "jobs_invalid"


def test_cli_errors_exit_2_with_a_json_error(tmp_path):
    r = _cli(str(TIEBREAK), "--option", "first_lead=sideways")
    assert r.returncode == 2 and r.stdout == ""
    assert json.loads(r.stderr)["error"]["code"] == "invalid_option_value"
    r = _cli(str(tmp_path / "missing.json"))
    assert r.returncode == 2 and json.loads(r.stderr)["error"]["code"] == "record_invalid"
    r = _cli(str(TIEBREAK), "--option", "noequals")
    assert r.returncode == 2 and json.loads(r.stderr)["error"]["code"] == "bad_option"
