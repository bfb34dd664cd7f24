"""The three worked examples (copied into tests/gongzhu/examples/ from the design folder,
so that a clean clone needs nothing outside the repository) through the command-line
adjudicator ``python -m gongzhu_core adjudicate FILE`` (RECORD_FORMAT.md "The
command-line adjudicator"); and the rulebook page anchors every clause id."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .records import Game

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE / "examples"
REPO = HERE.parents[1]
CLAUSES = [
    "setup.players", "setup.deck", "ruleset", "round.dealer", "round.deal", "pass.when",
    "pass.cards", "pass.direction", "pass.exchange", "expose.when", "expose.cards",
    "expose.effect", "expose.hold", "trick.lead", "trick.order", "trick.play",
    "trick.follow", "trick.hearts", "trick.winner", "trick.taken", "score.cards",
    "score.moon", "score.doubler", "score.sweep", "score.total", "game.end",
    "game.places", "game.tie",
]


def adjudicate_cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gongzhu_core", "adjudicate", str(path)],
                          cwd=REPO, capture_output=True, text=True, timeout=60, check=False)


def log_of(stdout: str) -> list[dict]:
    events = [json.loads(line) for line in stdout.splitlines() if line.strip()]
    assert [e["seq"] for e in events] == list(range(len(events)))
    return events


@pytest.mark.parametrize("name", ["pig_hunt", "passing_and_exposing"])
def test_examples_cli_legal(name):
    """Given a legal worked example / when adjudicated by the CLI / then exit 0, a log of
    JSON lines opened by game, and a last line equal to the expected game_end exactly
    (round.deal ... game.places)."""
    proc = adjudicate_cli(EXAMPLES / f"{name}.json")
    assert proc.returncode == 0, proc.stderr
    events = log_of(proc.stdout)
    assert events[0]["type"] == "game"
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text(encoding="utf-8"))
    assert json.loads(proc.stdout.splitlines()[-1]) == expected


def test_examples_cli_illegal_revoke():
    """Given illegal_revoke (seat 1, holding AD, plays 5C to a diamond lead at input 8) /
    when adjudicated by the CLI / then exit 2, on stderr one JSON line: the expected
    error object plus a message, and on stdout the log up to input 7 (trick.follow)."""
    expected = json.loads((EXAMPLES / "illegal_revoke.expected.json").read_text())
    proc = adjudicate_cli(EXAMPLES / "illegal_revoke.json")
    assert proc.returncode == expected["exit"] == 2
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1
    error = json.loads(lines[0])["error"]
    assert isinstance(error.pop("message"), str)
    assert error == expected["error"]
    events = log_of(proc.stdout)
    record = json.loads((EXAMPLES / "illegal_revoke.json").read_text())
    inputs = record["inputs"][:8]
    played = [e for e in events if e["type"] in ("deal", "play")]
    assert [{k: e[k] for k in inp} for e, inp in zip(played, inputs, strict=True)] == inputs
    assert [e["type"] for e in events] == ["game", "round", "deal"] + ["play"] * 4 + [
        "trick"] + ["play"] * 3


def test_cli_record_level_error_prints_no_log(tmp_path):
    """Given a file that is not JSON, and a record with a bad first dealer / when
    adjudicated by the CLI / then exit 2, nothing on stdout, bad_record with input null
    on stderr (round.dealer for the second)."""
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    proc = adjudicate_cli(bad)
    assert (proc.returncode, proc.stdout) == (2, "")
    error = json.loads(proc.stderr.strip().splitlines()[-1])["error"]
    assert (error["code"], error["input"], error["rule"]) == ("bad_record", None, None)
    rec = Game(first_dealer=3).record()
    rec["first_dealer"] = 7
    bad.write_text(json.dumps(rec), encoding="utf-8")
    proc = adjudicate_cli(bad)
    assert (proc.returncode, proc.stdout) == (2, "")
    error = json.loads(proc.stderr.strip().splitlines()[-1])["error"]
    assert (error["code"], error["input"], error["rule"]) == ("bad_record", None,
                                                             "round.dealer")


def test_cli_extra_input_prints_the_whole_log(tmp_path):
    """Given a finished game followed by one more input / when adjudicated by the CLI /
    then exit 2, the whole log through game_end on stdout and extra_input (game.end)."""
    record = json.loads((EXAMPLES / "pig_hunt.json").read_text())
    record["inputs"].append({"type": "play", "seat": 2, "card": "2D"})
    path = tmp_path / "extra.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    proc = adjudicate_cli(path)
    assert proc.returncode == 2
    assert log_of(proc.stdout)[-1]["type"] == "game_end"
    error = json.loads(proc.stderr.strip())["error"]
    assert (error["code"], error["input"], error["rule"]) == ("extra_input", 53, "game.end")


def test_rulebook_anchors_every_clause():
    """Given docs/gongzhu/rules.md / when read / then every clause id of RULINGS.md has
    exactly one anchor <a id="..."></a> (the convention of docs/rules.md), on a heading,
    and no anchor names an unknown clause."""
    text = (REPO / "docs" / "gongzhu" / "rules.md").read_text(encoding="utf-8")
    anchors = re.findall(r'<a id="([^"]+)"></a>', text)
    assert sorted(anchors) == sorted(CLAUSES)
    for clause in CLAUSES:
        assert re.search(rf'^#+ <a id="{re.escape(clause)}"></a>`{re.escape(clause)}`', text,
                         re.MULTILINE), clause
    assert "http://" not in text and "https://" not in text
