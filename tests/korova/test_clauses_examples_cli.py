"""The three worked examples (copied into tests/korova/examples/ from the design folder,
so that a clean clone needs nothing outside the repository) through the command-line
adjudicator ``python -m korova_core adjudicate FILE`` (RECORD_FORMAT.md "The
command-line adjudicator"); and the rulebook page anchors every clause id."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .records import Game, of, takes

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE / "examples"
REPO = HERE.parents[1]
CLAUSES = [
    "setup.seats", "setup.rows", "card.number", "card.heads", "setup.players", "round.deal",
    "round.turns", "round.next", "turn.choose", "turn.final", "turn.reveal", "turn.order",
    "place.row", "place.append", "place.sixth", "low.card", "low.when", "pile",
    "round.score", "game.end", "game.places", "tactical", "tactical.players",
    "tactical.deck", "tactical.draft", "tactical.rows", "tactical.open",
]


def adjudicate_cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "korova_core", "adjudicate", str(path)],
                          cwd=REPO, capture_output=True, text=True, timeout=60, check=False)


def log_of(stdout: str) -> list[dict]:
    events = [json.loads(line) for line in stdout.splitlines() if line.strip()]
    assert [e["seq"] for e in events] == list(range(len(events)))
    return events


def load(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["sixth_card_example", "low_card_example"])
def test_examples_cli_legal(name):
    """Given a legal worked example (the source's sixth-card and low-card examples in
    their turns) / when adjudicated by the CLI / then exit 0, a log of JSON lines opened
    by game and closed by game_end with the expected scores, places and rounds; each
    round's penalties, the rows left, and every take in log order as expected
    (place.sixth, low.card, low.when, round.score, game.end, game.places)."""
    proc = adjudicate_cli(EXAMPLES / f"{name}.json")
    assert proc.returncode == 0, proc.stderr
    events = log_of(proc.stdout)
    assert events[0]["type"] == "game" and events[-1]["type"] == "game_end"
    want = load(f"{name}.expected.json")
    end = events[-1]
    assert (end["scores"], end["places"], end["rounds"]) == (want["scores"], want["places"],
                                                             want["rounds"])
    ends = of(events, "round_end")
    assert [e["penalties"] for e in ends] == want["round_penalties"]
    assert ends[-1]["table"] == want["table"]
    assert takes(events) == want["takes"]


@pytest.mark.parametrize("name", ["sixth_card_example", "low_card_example"])
def test_examples_agree_with_the_builder(name):
    """Given the example's deal and choices replayed through the test builder's own model /
    when compared / then the builder predicts the same takes and penalties (a check of the
    expected files against RULINGS.md, independent of the engine)."""
    rec = load(f"{name}.json")
    opts = rec["ruleset"]["options"]
    g = Game(3, **opts)
    deal = rec["inputs"][0]
    g.deal(hands=deal["hands"], rows=deal["rows"])
    chosen: dict[int, int] = {}
    rows_taken = [i["row"] for i in rec["inputs"] if i["type"] == "take_row"]
    for inp in rec["inputs"][1:]:
        if inp["type"] == "choose":
            chosen[inp["seat"]] = inp["card"]
            if len(chosen) == 3:
                low = min(chosen.values())
                take = rows_taken.pop(0) if all(low < r[-1] for r in g.rows) else None
                g.turn(chosen, take=take)
                chosen = {}
    want = load(f"{name}.expected.json")
    assert g.all_takes == want["takes"] and g.totals == want["scores"]
    assert g.table == want["table"] and g.over


def test_examples_cli_illegal_choose_before_row_choice():
    """Given illegal_choose_before_row_choice (a choose at input 7 while seat 0 owes its
    row choice) / when adjudicated by the CLI / then exit 2, on stderr one JSON line: the
    expected error object plus a message, and on stdout the log up to turn 2's low_card
    (low.when)."""
    expected = load("illegal_choose_before_row_choice.expected.json")
    proc = adjudicate_cli(EXAMPLES / "illegal_choose_before_row_choice.json")
    assert proc.returncode == expected["exit"] == 2
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1
    error = json.loads(lines[0])["error"]
    assert isinstance(error.pop("message"), str)
    assert error == expected["error"]
    events = log_of(proc.stdout)
    assert [e["type"] for e in events][-6:] == ["turn", "choose", "choose", "choose",
                                                "reveal", "low_card"]
    assert events[-1]["card"] == 5 and events[-1]["seat"] == 0
    assert [e["type"] for e in events][:5] == ["game", "round", "deal", "rows", "turn"]


def test_cli_record_level_error_prints_no_log(tmp_path):
    """Given a file that is not JSON, and a record with eleven seats / when adjudicated by
    the CLI / then exit 2, nothing on stdout, malformed (rule null) and invalid_seats
    (setup.players) with input null."""
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    proc = adjudicate_cli(bad)
    assert (proc.returncode, proc.stdout) == (2, "")
    error = json.loads(proc.stderr.strip().splitlines()[-1])["error"]
    assert (error["code"], error["input"], error["rule"]) == ("malformed", None, None)
    rec = Game(3).record()
    rec["seats"] = [f"p{i}" for i in range(11)]
    bad.write_text(json.dumps(rec), encoding="utf-8")
    proc = adjudicate_cli(bad)
    assert (proc.returncode, proc.stdout) == (2, "")
    error = json.loads(proc.stderr.strip().splitlines()[-1])["error"]
    assert (error["code"], error["input"], error["rule"]) == ("invalid_seats", None,
                                                             "setup.players")


def test_cli_incomplete_and_game_over(tmp_path):
    """Given the low-card example cut after input 10, and the same example with one more
    input / when adjudicated by the CLI / then exit 2: incomplete with input 10 (rule
    null), and game_over at index 33 after the whole log through game_end (game.end)."""
    record = load("low_card_example.json")
    cut = {**record, "inputs": record["inputs"][:10]}
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(cut), encoding="utf-8")
    proc = adjudicate_cli(path)
    assert proc.returncode == 2
    error = json.loads(proc.stderr.strip())["error"]
    assert (error["code"], error["input"], error["rule"]) == ("incomplete", 10, None)
    record["inputs"].append({"type": "choose", "seat": 0, "card": 3})
    path.write_text(json.dumps(record), encoding="utf-8")
    proc = adjudicate_cli(path)
    assert proc.returncode == 2
    assert log_of(proc.stdout)[-1]["type"] == "game_end"
    error = json.loads(proc.stderr.strip())["error"]
    assert (error["code"], error["input"], error["rule"]) == ("game_over", 33, "game.end")


def test_rulebook_anchors_every_clause():
    """Given docs/korova/rules.md / when read / then every clause id of RULINGS.md has
    exactly one anchor <a id="..."></a> on a heading, no anchor names an unknown clause,
    and the page links nothing outside the repository."""
    text = (REPO / "docs" / "korova" / "rules.md").read_text(encoding="utf-8")
    anchors = re.findall(r'<a id="([^"]+)"></a>', text)
    assert sorted(anchors) == sorted(CLAUSES)
    for clause in CLAUSES:
        assert re.search(rf'^#+ <a id="{re.escape(clause)}"></a>`{re.escape(clause)}`', text,
                         re.MULTILINE), clause
    assert "http://" not in text and "https://" not in text


def test_clause_list_is_rulings_md():
    """Given docs/design/korova/RULINGS.md / when its clause ids (the bullets' leading
    `id`) are read / then they are exactly CLAUSES (the anchors test stays complete)."""
    text = (REPO / "docs" / "design" / "korova" / "RULINGS.md").read_text(encoding="utf-8")
    ids = re.findall(r"^- `([a-z]+(?:\.[a-z]+)?)` —", text, re.MULTILINE)
    assert sorted(set(ids)) == sorted(CLAUSES)
