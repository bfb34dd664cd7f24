"""The three worked examples (tests/core/fixtures/examples/) through the command-line
adjudicator (`python -m kolkhoz_core adjudicate FILE`, a subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# the design's worked examples, kept in the repository (tests/core/fixtures/examples/)
EXAMPLES = Path(__file__).parent / "fixtures" / "examples"
REPO = Path(__file__).resolve().parents[2]


def adjudicate_cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kolkhoz_core", "adjudicate", str(path)],
        cwd=REPO, capture_output=True, text=True, timeout=60, check=False,
    )


def log_lines(stdout: str) -> list[dict]:
    events = [json.loads(line) for line in stdout.splitlines() if line.strip()]
    assert [e["seq"] for e in events] == list(range(len(events)))
    for e in events:
        assert isinstance(e["type"], str) and isinstance(e.get("rules", []), list)
    return events


@pytest.mark.parametrize("name", ["base_requisition_tiebreak", "wrecker_poison"])
def test_examples_cli_results(name: str) -> None:
    """Given a worked example record / When adjudicated by the CLI / Then exit 0, the log
    is JSON lines (seq 0..n, game first, game_end last) and game_end has exactly the
    expected scores, medals, places, North, and cellars (compared as sets)."""
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    proc = adjudicate_cli(EXAMPLES / f"{name}.json")
    assert proc.returncode == 0, proc.stderr
    events = log_lines(proc.stdout)
    assert events[0]["type"] == "game"
    end = events[-1]
    assert end["type"] == "game_end"
    for key in ("scores", "medals", "places", "north"):
        assert end[key] == expected[key], key
    assert [set(c) for c in end["cellars"]] == [set(c) for c in expected["cellars"]]
    assert [sorted(c) for c in end["cellars"]] == [sorted(c) for c in expected["cellars"]]


def test_examples_cli_illegal_revoke() -> None:
    """Given illegal_revoke.json (seat 1 holds hearts and plays 7D on KH) / When
    adjudicated by the CLI / Then exit 2, the log up to input 2 on stdout, and one JSON
    object on stderr: code revoke, input 3, rule trick.follow, a message."""
    expected = json.loads((EXAMPLES / "illegal_revoke.expected.json").read_text())
    proc = adjudicate_cli(EXAMPLES / "illegal_revoke.json")
    assert proc.returncode == expected["exit"] == 2
    err = json.loads(proc.stderr.strip())["error"]
    assert err["input"] == expected["error"]["input"] == 3
    assert err["rule"] == expected["error"]["rule"] == "trick.follow"
    assert err["code"] == "revoke"
    assert isinstance(err["message"], str) and err["message"]
    events = log_lines(proc.stdout)
    assert [e["type"] for e in events] == ["game", "year", "deal", "trump", "play"]
    assert events[-1]["card"] == "KH"


def test_examples_cli_record_error_has_null_input(tmp_path: Path) -> None:
    """Given a file that is not JSON / When adjudicated by the CLI / Then exit 2 and an
    error whose input is null."""
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    proc = adjudicate_cli(bad)
    assert proc.returncode == 2
    err = json.loads(proc.stderr.strip())["error"]
    assert err["input"] is None and err["code"]
