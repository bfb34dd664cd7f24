"""The CLI's other commands (``python -m gongzhu_core play | bench | evaluate | whatif``),
run in-process on tiny budgets: each prints JSON of the documented shape and exits 0, and
a bad argument is the error object with exit 2, never a traceback."""

from __future__ import annotations

import io
import json
from pathlib import Path

import gongzhu_core as g
from gongzhu_core.cli import main

EXAMPLES = Path(__file__).parent / "examples"


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out, err), out.getvalue(), err.getvalue()


def test_play_prints_a_record_that_adjudicates_to_a_finished_game():
    code, out, _ = _run("play", "--seed", "cli", "--preset", "short",
                        "--bots", "heuristic,random,random,random")
    assert code == 0
    record = json.loads(out)
    log = g.adjudicate(record)
    assert log[-1]["type"] == "game_end" and log[-1]["seed"] == "cli"


def test_bench_and_evaluate_report_their_figures():
    code, out, _ = _run("bench", "--games", "2", "--seed", "b")
    assert code == 0
    bench = json.loads(out)
    assert bench["games"] == 2 and bench["games_per_s"] > 0 and bench["events"] > 100
    code, out, _ = _run("evaluate", "heuristic", "--against", "random", "--matches", "4",
                        "--preset", "short")
    assert code == 0
    report = json.loads(out)
    assert report["matches"] == 4 and 0 <= report["win_share"] <= 1


def test_whatif_and_bad_arguments():
    code, out, _ = _run("whatif", str(EXAMPLES / "pig_hunt.json"), "--option",
                        "exposing=true")
    assert code == 0 and json.loads(out)["illegal"]["rule"] == "expose.when"
    code, _, err = _run("play", "--seed", "x", "--option", "end_score=5")
    assert code == 2 and json.loads(err)["error"]["code"] == "invalid_ruleset"
    code, _, err = _run("evaluate", "nobot", "--matches", "4")
    assert code == 2 and json.loads(err)["error"]["code"] == "bad_evaluation"
    code, _, err = _run("evaluate", "random", "--matches", "6")
    assert code == 2 and json.loads(err)["error"]["code"] == "bad_evaluation"
