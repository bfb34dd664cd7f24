"""``python -m kolkhoz_core evaluate``: seats rotated per seed, JSON summary."""

from __future__ import annotations

import io
import json

import pytest

from kolkhoz_core.cli import main
from kolkhoz_core.evaluate import evaluate, wilson


def test_evaluate_rotates_seats_and_summarises() -> None:
    r = evaluate("heuristic", "random", 8, "t-eval", progress=False)
    assert r["games"] == 8 and r["preset"] == "kolkhoz"
    assert r["candidate"]["name"] == "heuristic" and r["baseline"]["name"] == "random"
    assert 0.0 <= r["win_share"] <= 1.0 and 1.0 <= r["mean_place"] <= 4.0
    lo, hi = r["ci95"]
    assert lo <= r["win_share"] <= hi
    assert r["decision_ms"]["decisions"] > 0
    # the same seed gives the same games
    again = evaluate("heuristic", "random", 8, "t-eval", progress=False)
    assert again["win_share"] == r["win_share"] and again["mean_place"] == r["mean_place"]


def test_a_bot_against_itself_scores_exactly_a_quarter() -> None:
    # same bot in every seat: the four rotations of a seed are the same game, so the
    # candidate takes each seat's result once — exactly one first place per seed
    r = evaluate("heuristic", "heuristic", 16, "t-mirror", progress=False)
    assert r["win_share"] == pytest.approx(0.25)
    assert r["ci95"] == [pytest.approx(0.25), pytest.approx(0.25)]


def test_games_must_be_a_multiple_of_four() -> None:
    with pytest.raises(ValueError, match="multiple of 4"):
        evaluate("random", "random", 6, "x", progress=False)


def test_wilson_interval() -> None:
    lo, hi = wilson(0.5, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)


def test_cli_evaluate_prints_json() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["evaluate", "ismcts", "--against", "random", "--games", "4", "--seed", "cli",
                 "--setting", "iterations=5", "--preset", "zone"], out, err)
    assert code == 0
    r = json.loads(out.getvalue())
    assert r["candidate"]["settings"]["iterations"] == 5 and r["preset"] == "zone"
    assert set(r) >= {"candidate", "baseline", "games", "win_share", "ci95", "mean_place",
                      "preset"}
    assert "games" in err.getvalue()  # the progress bar


def test_cli_evaluate_refuses_bad_input() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["evaluate", "random", "--against", "random", "--games", "5", "--quiet"],
                out, err) == 2
    assert "multiple of 4" in err.getvalue()
    err = io.StringIO()
    assert main(["evaluate", "nobody", "--against", "random", "--games", "4", "--quiet"],
                out, err) == 2
    assert "unknown bot" in err.getvalue()
