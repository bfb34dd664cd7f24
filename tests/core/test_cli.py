"""The command line, run as a subprocess: ``python -m kolkhoz_core adjudicate | play | bench``.

RECORD_FORMAT.md "The command-line adjudicator": the log as JSON lines and exit 0; on a
bad record or input, the log up to that point, exit 2 and one JSON object on standard
error: ``{"error": {"code", "message", "input", "rule"}}``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import kolkhoz_core as kc
from kolkhoz_core.bots import get_bot

try:
    from .props_helpers import ROOT, SEATS
except ImportError:  # rootdir-relative import (tests/core is not a package)
    from props_helpers import ROOT, SEATS


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kolkhoz_core", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def log_lines(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def the_error(stderr: str) -> dict[str, Any]:
    """Standard error holds exactly one JSON object {"error": {...}} with the four keys."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    obj = json.loads(lines[0])
    assert set(obj) == {"error"}
    err = obj["error"]
    assert set(err) == {"code", "message", "input", "rule"}, err
    assert isinstance(err["code"], str) and err["code"]
    assert isinstance(err["message"], str) and err["message"]
    return err


@pytest.fixture(scope="module")
def game() -> list[dict[str, Any]]:
    rs = kc.build_ruleset({"preset": "kolkhoz"})
    return kc.play_game(rs, list(SEATS), [get_bot("random") for _ in range(4)], "cli-game")


@pytest.fixture
def write(tmp_path: Path):  # type: ignore[no-untyped-def]
    def _write(obj: Any, raw: str | None = None) -> str:
        p = tmp_path / "record.json"
        p.write_text(raw if raw is not None else json.dumps(obj), encoding="utf-8")
        return str(p)
    return _write


def _input_positions(events: list[dict[str, Any]]) -> list[int]:
    """Index in the log of each record input (deals included)."""
    return [i for i, e in enumerate(events) if kc.input_of(e) is not None]


# -- adjudicate ------------------------------------------------------------------------------
def test_a_good_record_prints_its_log_and_exits_0(game, write) -> None:  # type: ignore[no-untyped-def]
    # given the record of a finished game
    path = write(kc.to_record(game))
    # when it is adjudicated
    r = run_cli("adjudicate", path)
    # then the log is printed line by line, event for event, and nothing on stderr
    assert r.returncode == 0, r.stderr
    assert log_lines(r.stdout) == game
    assert r.stderr == ""


def test_a_record_on_standard_input_is_read_with_dash(game) -> None:  # type: ignore[no-untyped-def]
    # given the record on standard input
    r = run_cli("adjudicate", "-", stdin=json.dumps(kc.to_record(game)))
    # then it adjudicates like a file
    assert r.returncode == 0, r.stderr
    assert log_lines(r.stdout) == game


@pytest.mark.parametrize("raw", ['{"format": "kolkhoz-record/1", ', "not json", ""])
def test_bad_json_exits_2_with_input_null(write, raw: str) -> None:  # type: ignore[no-untyped-def]
    # given a file that is not JSON
    path = write(None, raw)
    # when it is adjudicated
    r = run_cli("adjudicate", path)
    # then exit 2, no log, and the error names no input and no rule
    assert r.returncode == 2
    assert r.stdout == ""
    err = the_error(r.stderr)
    assert err["input"] is None and err["rule"] is None


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    r = run_cli("adjudicate", str(tmp_path / "nope.json"))
    assert r.returncode == 2
    assert the_error(r.stderr)["input"] is None


@pytest.mark.parametrize("ruleset", [
    {"options": {"deck": 36}},                              # neither orden nor northern
    {"options": {"deck": 36, "orden": True, "northern": True, "mice": True}},
    {"options": {"deck": 36, "northern": True}},            # northern without the mice
    {"preset": "kolkhoznik", "options": {"accum": True}},
    {"options": {"northern": True, "accum": True}},
])
def test_a_bad_ruleset_exits_2_with_invalid_combination(game, write,  # type: ignore[no-untyped-def]
                                                        ruleset: dict[str, Any]) -> None:
    # given a record whose ruleset breaks k36.combos
    rec = {**kc.to_record(game), "ruleset": ruleset}
    # when it is adjudicated
    r = run_cli("adjudicate", write(rec))
    # then exit 2, no log, code invalid_combination citing k36.combos, input null
    assert r.returncode == 2
    assert r.stdout == ""
    err = the_error(r.stderr)
    assert (err["code"], err["rule"], err["input"]) == ("invalid_combination", "k36.combos",
                                                         None)


@pytest.mark.parametrize("ruleset,code", [
    ({"preset": "soviet"}, "unknown_preset"),
    ({"options": {"jokers": 2}}, "unknown_option"),
    ({"options": {"years": 6}}, "invalid_option_value"),
    ({"options": {"years": True}}, "invalid_option_value"),
])
def test_other_ruleset_errors_exit_2_with_their_code(game, write,  # type: ignore[no-untyped-def]
                                                     ruleset: dict[str, Any], code: str) -> None:
    rec = {**kc.to_record(game), "ruleset": ruleset}
    r = run_cli("adjudicate", write(rec))
    assert r.returncode == 2
    err = the_error(r.stderr)
    assert (err["code"], err["input"]) == (code, None)


def _first_input(rec: dict[str, Any], t: str, pred: Any = lambda i: True) -> int:
    return next(i for i, inp in enumerate(rec["inputs"]) if inp["type"] == t and pred(inp))


def _bad_records(game: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any], int, str, Any]]:
    """(name, record, bad input index, expected code, expected rule)."""
    rec = kc.to_record(game)
    out = []
    # a card the seat does not hold
    i = _first_input(rec, "play")
    inp = rec["inputs"][i]
    hands = next(e for e in game if e["type"] == "deal")["hands"]
    other = next(c for h in hands for c in h if c not in hands[inp["seat"]])
    bad = json.loads(json.dumps(rec))
    bad["inputs"][i] = {**inp, "card": other}
    out.append(("card not in hand", bad, i, "card_not_in_hand", "trick.follow"))
    # out of turn
    bad = json.loads(json.dumps(rec))
    bad["inputs"][i] = {**inp, "seat": (inp["seat"] + 1) % 4}
    out.append(("out of turn", bad, i, "out_of_turn", "trick.lead"))
    # the wrong seat assigns
    j = _first_input(rec, "assign")
    bad = json.loads(json.dumps(rec))
    bad["inputs"][j] = {**rec["inputs"][j], "seat": (rec["inputs"][j]["seat"] + 1) % 4}
    out.append(("not the brigadier", bad, j, "not_brigadier", "assign.who"))
    # a malformed card code: rule null
    bad = json.loads(json.dumps(rec))
    bad["inputs"][i] = {**inp, "card": "11H"}
    out.append(("malformed card", bad, i, "malformed_input", None))
    # an input after the end of the Plan
    bad = json.loads(json.dumps(rec))
    bad["inputs"].append(dict(inp))
    out.append(("after the end", bad, len(rec["inputs"]), "game_over", "year.count"))
    return out


@pytest.mark.parametrize("case", range(5))
def test_an_illegal_input_prints_the_log_up_to_it_and_exits_2(game, write,  # type: ignore[no-untyped-def]
                                                              case: int) -> None:
    # given a record with one bad input at index i
    name, rec, i, code, rule = _bad_records(game)[case]
    # when it is adjudicated
    r = run_cli("adjudicate", write(rec))
    # then the log up to that input is printed, and the error names code, input and rule
    assert r.returncode == 2, name
    positions = _input_positions(game)
    upto = positions[i] if i < len(positions) else len(game)
    assert log_lines(r.stdout) == game[:upto], name
    err = the_error(r.stderr)
    assert (err["code"], err["input"], err["rule"]) == (code, i, rule), (name, err)


def test_a_record_without_planner_or_seed_exits_2(game, write) -> None:  # type: ignore[no-untyped-def]
    rec = kc.to_record(game)
    del rec["first_planner"]
    del rec["seed"]
    r = run_cli("adjudicate", write(rec))
    assert r.returncode == 2
    assert r.stdout == ""
    assert the_error(r.stderr)["input"] is None


def test_a_seed_that_is_not_utf8_encodable_is_a_record_error(write) -> None:  # type: ignore[no-untyped-def]
    """BUG (shuffle.py SeedStream / seed_commitment via record.adjudicate): a record whose
    ``seed`` is a JSON string with a lone surrogate (``"\\ud800"``, valid JSON) crashes the
    adjudicator with a UnicodeEncodeError traceback (exit 1). RECORD_FORMAT.md: the seed's
    commitment is sha256 of its UTF-8 bytes — a seed with no UTF-8 form is a bad record,
    which the CLI must report as exit 2 with a JSON error (input null)."""
    # given a record whose seed cannot be encoded as UTF-8
    raw = ('{"format": "kolkhoz-record/1", "ruleset": {"preset": "kolkhoz"}, '
           '"seats": ["A", "B", "C", "D"], "seed": "\\ud800", "inputs": []}')
    # when it is adjudicated
    r = run_cli("adjudicate", write(None, raw))
    # then it is refused like any bad record: exit 2, one JSON error, input null
    assert r.returncode == 2, r.stderr[-400:]
    assert the_error(r.stderr)["input"] is None


# -- play ------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", sorted(kc.PRESETS))
def test_play_prints_a_record_that_adjudicates_and_is_reproducible(preset: str) -> None:
    # given a preset and a seed
    seed = f"cli-{preset}-7"
    # when `play` runs twice
    a = run_cli("play", "--preset", preset, "--seed", seed)
    b = run_cli("play", "--preset", preset, "--seed", seed)
    # then it prints a kolkhoz-record/1 record, the same both times
    assert a.returncode == 0 and b.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    rec = json.loads(a.stdout)
    assert rec["format"] == "kolkhoz-record/1"
    assert rec["ruleset"]["preset"] == preset and rec["seed"] == seed
    # and the record adjudicates (in-process and by the CLI) to a finished log
    events = kc.adjudicate(rec)
    assert events[-1]["type"] == "game_end" and events[-1]["seed"] == seed
    r = subprocess.run([sys.executable, "-m", "kolkhoz_core", "adjudicate", "-"],
                       input=a.stdout, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0 and log_lines(r.stdout) == events


def test_play_with_another_seed_gives_another_game() -> None:
    a = run_cli("play", "--preset", "kolkhoz", "--seed", "one")
    b = run_cli("play", "--preset", "kolkhoz", "--seed", "two")
    assert a.returncode == b.returncode == 0
    assert json.loads(a.stdout)["inputs"] != json.loads(b.stdout)["inputs"]


def test_play_log_prints_the_same_log_as_adjudicating_its_record() -> None:
    rec = json.loads(run_cli("play", "--preset", "zone", "--seed", "log").stdout)
    r = run_cli("play", "--preset", "zone", "--seed", "log", "--log")
    assert r.returncode == 0
    assert log_lines(r.stdout) == kc.adjudicate(rec)


def test_play_takes_option_overrides() -> None:
    r = run_cli("play", "--preset", "kolkhoz", "--seed", "opt", "--option", "years=2",
                "--option", "trump_selection=random")
    assert r.returncode == 0, r.stderr
    rec = json.loads(r.stdout)
    events = kc.adjudicate(rec)
    assert events[0]["ruleset"]["options"]["years"] == 2
    assert [e["year"] for e in events if e["type"] == "year"] == [1, 2]
    assert all(e["seat"] is None for e in events if e["type"] == "trump")


# -- bench -----------------------------------------------------------------------------------
def test_bench_prints_one_json_line_of_numbers() -> None:
    # when the benchmark plays 20 games quietly
    r = run_cli("bench", "--games", "20", "--quiet")
    # then it prints exactly one JSON line with the counts and rates, and no progress bar
    assert r.returncode == 0, r.stderr
    lines = [line for line in r.stdout.splitlines() if line.strip()]
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert out["games"] == 20
    assert isinstance(out["games_per_s"], (int, float)) and out["games_per_s"] > 0
    assert isinstance(out["fold_ms_per_game"], (int, float)) and out["fold_ms_per_game"] > 0
    assert r.stderr == ""
