"""Hostile records of every game (issue 20): fuzzed ``gongzhu-record/1``,
``korova-record/1``, ``arne-record/1`` and ``kolkhoz-record/1`` documents into the import
API and into every command of each game's CLI that reads a record (``adjudicate``,
``whatif``, ``verify``).

Given sound records of each game (played by the game's own ``play`` command: Gong Zhu
with passing, Korova base and tactical, Arne normal; Kolkhoz's fixture records) / when one
mutation makes a record unsound — the inputs cut short, an input repeated, an input
dropped, two inputs swapped, an input credited to another seat, a field given a hostile
value or removed, the envelope (format, seats, ruleset, seed) given a hostile value, the
JSON text cut anywhere — / then:

- ``POST /api/games/import/`` answers 400 or 422 with the JSON error envelope (a code and
  a message) and stores nothing (no game, seat or event);
- ``python -m <game>_core adjudicate`` and ``whatif`` exit 2 with exactly one JSON error
  line carrying a code; ``verify`` exits 1 with one JSON line naming the failed check
  (its documented status for a record that does not verify; 2 only for an unreadable
  file) — none of them writes a traceback.

A mutation that happens to stay a sound record (Korova's choices of one turn may come in
any order) is discarded, so every example counted is a refused one. The Kolkhoz-only
mutations (and the oversized bodies) are in ``test_hostile_records.py``.
"""

from __future__ import annotations

import copy
import importlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from replays.models import Game, GameEvent, GameSeat

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("kolkhoz", "gongzhu", "korova", "arne")
PLAYS = {"gongzhu": [["--preset", "passing", "--seed", "hr-g1"]],
         "korova": [["--preset", "base", "--seed", "hr-k1", "--players", "5"],
                    ["--preset", "tactical", "--seed", "hr-k2", "--players", "3"]],
         "arne": [["--preset", "normal", "--seed", "hr-a1", "--players", "4"]]}
FUZZ = settings(max_examples=15, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))
HOSTILE: list[Any] = [None, -1, 10**30, "", "x" * 300, [], {}, [[]], True, 1.5, "AH",
                      "R50.1", 999, {"card": 1}, ["Q", None]]

pytestmark = pytest.mark.django_db


def _cli(game: str) -> Any:
    return importlib.import_module(f"{game}_core.cli")


def _bases(game: str) -> list[dict[str, Any]]:
    if game == "kolkhoz":
        paths = sorted((ROOT / "tests/fixtures/records").glob("play_*.json"))[:2]
        return [json.loads(p.read_text()) for p in paths]
    out = []
    for argv in PLAYS[game]:
        buf = io.StringIO()
        assert _cli(game).main(["play", *argv], buf, io.StringIO()) == 0
        out.append(json.loads(buf.getvalue()))
    return out


BASES = {game: _bases(game) for game in GAMES}


def _seated(inputs: list[dict[str, Any]]) -> list[int]:
    return [i for i, inp in enumerate(inputs) if isinstance(inp.get("seat"), int)]


@st.composite
def mutated(draw: Any, game: str) -> tuple[str, dict[str, Any]]:
    """``(kind, record)``: one mutation of one of the game's sound records."""
    rec = copy.deepcopy(draw(st.sampled_from(BASES[game])))
    inputs = rec["inputs"]
    n = len(rec["seats"])
    kind = draw(st.sampled_from(["truncated", "duplicated", "dropped", "swapped",
                                 "wrong-seat", "hostile-field", "missing-field",
                                 "envelope"]))
    i = draw(st.integers(0, len(inputs) - 2))
    if kind == "truncated":
        del inputs[i + 1:]
    elif kind == "duplicated":
        inputs.insert(i + 1, copy.deepcopy(inputs[i]))
    elif kind == "dropped":
        del inputs[i]
    elif kind == "swapped":
        inputs[i], inputs[i + 1] = inputs[i + 1], inputs[i]
        assume(inputs[i] != inputs[i + 1])
    elif kind == "wrong-seat":
        i = draw(st.sampled_from(_seated(inputs)))
        inputs[i]["seat"] = (inputs[i]["seat"] + draw(st.integers(1, n - 1))) % n
    elif kind in ("hostile-field", "missing-field"):
        key = draw(st.sampled_from(sorted(inputs[i])))
        if kind == "missing-field":
            del inputs[i][key]
        else:
            inputs[i][key] = draw(st.sampled_from(HOSTILE))
    else:
        key = draw(st.sampled_from(["format", "seats", "ruleset", "seed", "inputs"]))
        rec[key] = draw(st.sampled_from(HOSTILE))
    return kind, rec


def _counts() -> tuple[int, int, int]:
    return Game.objects.count(), GameSeat.objects.count(), GameEvent.objects.count()


def _run(game: str, command: str, path: Path) -> tuple[int, list[str]]:
    out, err = io.StringIO(), io.StringIO()
    try:
        code = _cli(game).main([command, str(path)], out, err)
    except SystemExit as e:  # argparse only; a record never gets here
        code = int(e.code or 0)
    return code, err.getvalue().strip().splitlines()


def _cli_refused(game: str, path: Path) -> str:
    """Every record-reading command refuses the file; returns adjudicate's code."""
    codes = {}
    for command in ("adjudicate", "whatif"):
        status, lines = _run(game, command, path)
        assert status == 2, (game, command, status, lines[-1:])
        assert len(lines) == 1, (game, command, lines[:3])
        error = json.loads(lines[0])["error"]
        assert isinstance(error["code"], str) and error["code"] and error["message"]
        codes[command] = error["code"]
    status, lines = _run(game, "verify", path)
    assert status in (1, 2), (game, "verify", status, lines[-1:])
    assert len(lines) == 1 and json.loads(lines[0])["error"]["check"], (game, lines[:3])
    return codes["adjudicate"]


def _import_refused(api: Any, text: str) -> dict[str, Any]:
    before = _counts()
    r = api.post("/api/games/import/", data=text, content_type="application/json")
    assert r.status_code in (400, 422), (r.status_code, r.content[:300])
    assert r["Content-Type"].startswith("application/json")
    error = r.json()["error"]
    assert isinstance(error["code"], str) and error["code"] and error["message"]
    assert _counts() == before, "a refused record left something stored"
    return error


def test_the_bases_are_sound_and_import(api, tmp_path):
    """Each base adjudicates, verifies and imports (so a refusal below is the mutation's)."""
    for game in GAMES:
        for rec in BASES[game]:
            path = tmp_path / f"{game}.json"
            path.write_text(json.dumps(rec))
            for command in ("adjudicate", "whatif", "verify"):
                assert _run(game, command, path)[0] == 0, (game, command)
            r = api.post("/api/games/import/", rec, format="json")
            assert r.status_code == 201, (game, r.content[:300])


@pytest.mark.parametrize("game", GAMES)
def test_mutated_records_are_refused_by_import_and_every_cli(game, api, tmp_path):
    path = tmp_path / "record.json"

    @FUZZ
    @given(case=mutated(game))
    def check(case: tuple[str, dict[str, Any]]) -> None:
        kind, record = case
        text = json.dumps(record, ensure_ascii=False)
        path.write_text(text, encoding="utf-8")
        status, _ = _run(game, "adjudicate", path)
        assume(status != 0)  # the mutation stayed a sound record: not a hostile one
        _cli_refused(game, path)
        _import_refused(api, text)

    check()


@pytest.mark.parametrize("game", GAMES)
def test_json_text_cut_anywhere_is_refused(game, api, tmp_path):
    path = tmp_path / "cut.json"

    @FUZZ
    @given(base=st.sampled_from(BASES[game]), cut=st.floats(0, 1, exclude_max=True))
    def check(base: dict[str, Any], cut: float) -> None:
        text = json.dumps(base)
        text = text[: int(cut * len(text))]
        path.write_text(text)
        for command in ("adjudicate", "whatif", "verify"):
            status, lines = _run(game, command, path)
            assert status == 2 and len(lines) == 1 and json.loads(lines[0])["error"], (
                game, command, status, lines[:2])
        _import_refused(api, text)

    check()


@pytest.mark.parametrize("game", ["gongzhu", "korova", "arne"])
def test_the_real_command_line_exits_2_without_a_traceback(game, tmp_path):
    """The real process: a record cut short, an input repeated, the JSON text cut."""
    base = BASES[game][0]
    short = {**base, "inputs": base["inputs"][:7]}
    doubled = {**base, "inputs": base["inputs"][:3] + base["inputs"][2:]}
    for text in (json.dumps(short), json.dumps(doubled), json.dumps(base)[:400]):
        path = tmp_path / "r.json"
        path.write_text(text)
        for command in ("adjudicate", "whatif"):
            proc = subprocess.run([sys.executable, "-m", f"{game}_core", command, str(path)],
                                  capture_output=True, text=True, timeout=60, cwd=str(ROOT))
            assert proc.returncode == 2, (game, command, proc.stderr[-500:])
            assert "Traceback" not in proc.stderr
            assert json.loads(proc.stderr.strip().splitlines()[-1])["error"]["code"]
