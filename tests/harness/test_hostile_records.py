"""Hostile records: fuzzed ``kolkhoz-record/1`` documents into the import API and the
CLI adjudicator (hypothesis).

Every mutation below makes a sound record unsound: truncated (the inputs cut short, or
the JSON text cut anywhere), reordered (two successive plays of a trick swapped),
duplicated (a play repeated), wrong seat (a play credited to another seat), unknown card
(a card code that is not one), oversized (a flood of inputs, a swollen input, a body
over the upload limit, JSON nested past the decoder's depth; a seat name longer than the
store keeps is refused by the import only — the record format sets no limit). Each one is refused:

- ``POST /api/games/import/`` answers a 4xx with the JSON error envelope, and nothing is
  stored (no game, no seat, no event);
- ``python -m kolkhoz_core adjudicate FILE`` exits 2 with one JSON error line on standard
  error (no traceback).

The engine in-process must refuse it too (a mutation that happened to stay legal would be
a bad test, not a pass).
"""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kolkhoz_core import AdjudicationError, adjudicate
from kolkhoz_core.cli import main as cli_main
from replays.models import Game, GameEvent, GameSeat

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests/fixtures/records").glob("play_*.json"))
BASES = [json.loads(p.read_text()) for p in RECORDS]
FUZZ = settings(max_examples=20, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))

pytestmark = pytest.mark.django_db


def _plays(record: dict[str, Any]) -> list[int]:
    return [i for i, inp in enumerate(record["inputs"]) if inp.get("type") == "play"]


@st.composite
def truncated(draw: Any) -> dict[str, Any]:
    rec = copy.deepcopy(draw(st.sampled_from(BASES)))
    keep = draw(st.integers(0, len(rec["inputs"]) - 1))
    rec["inputs"] = rec["inputs"][:keep]
    return rec


@st.composite
def reordered(draw: Any) -> dict[str, Any]:
    rec = copy.deepcopy(draw(st.sampled_from(BASES)))
    inputs = rec["inputs"]
    pairs = [i for i in range(len(inputs) - 1)
             if inputs[i]["type"] == inputs[i + 1]["type"] == "play"
             and inputs[i]["seat"] != inputs[i + 1]["seat"]]
    i = draw(st.sampled_from(pairs))
    inputs[i], inputs[i + 1] = inputs[i + 1], inputs[i]
    return rec


@st.composite
def duplicated(draw: Any) -> dict[str, Any]:
    rec = copy.deepcopy(draw(st.sampled_from(BASES)))
    i = draw(st.sampled_from(_plays(rec)))
    rec["inputs"].insert(i + 1, copy.deepcopy(rec["inputs"][i]))
    return rec


@st.composite
def wrong_seat(draw: Any) -> dict[str, Any]:
    rec = copy.deepcopy(draw(st.sampled_from(BASES)))
    i = draw(st.sampled_from(_plays(rec)))
    shift = draw(st.integers(1, 3))
    rec["inputs"][i]["seat"] = (rec["inputs"][i]["seat"] + shift) % 4
    return rec


BAD_CARDS = ["1H", "11S", "AX", "ZZ", "", "10", "H10", "A♥", "x" * 500, 7, None, ["AH"],
             {"card": "AH"}, "AH ", "ah"]


@st.composite
def unknown_card(draw: Any) -> dict[str, Any]:
    rec = copy.deepcopy(draw(st.sampled_from(BASES)))
    bad = draw(st.sampled_from(BAD_CARDS))
    where = draw(st.sampled_from(["play", "deal"]))
    if where == "play":
        i = draw(st.sampled_from(_plays(rec)))
        rec["inputs"][i]["card"] = bad
    else:
        deals = [i for i, inp in enumerate(rec["inputs"]) if inp["type"] == "deal"]
        i = draw(st.sampled_from(deals))
        seat = draw(st.integers(0, 3))
        hand = rec["inputs"][i]["hands"][seat]
        hand[draw(st.integers(0, len(hand) - 1))] = bad
    return rec


@st.composite
def oversized(draw: Any) -> dict[str, Any]:
    rec = copy.deepcopy(draw(st.sampled_from(BASES)))
    kind = draw(st.sampled_from(["inputs", "input"]))
    if kind == "inputs":  # the game is over long before these
        rec["inputs"] += [{"type": "play", "seat": 0, "card": "AH"}] * draw(
            st.integers(1, 50_000))
    else:  # one input swollen with junk
        i = draw(st.sampled_from(_plays(rec)))
        rec["inputs"][i]["card"] = "AH" * draw(st.integers(1000, 200_000))
    return rec


MUTATIONS = {"truncated": truncated(), "reordered": reordered(), "duplicated": duplicated(),
             "wrong-seat": wrong_seat(), "unknown-card": unknown_card(),
             "oversized": oversized()}


def _counts() -> tuple[int, int, int]:
    return Game.objects.count(), GameSeat.objects.count(), GameEvent.objects.count()


def _engine_refuses(record: Any) -> None:
    with pytest.raises(AdjudicationError):
        adjudicate(record)


def _import_refused(api: Any, body: bytes | str) -> dict[str, Any]:
    before = _counts()
    r = api.post("/api/games/import/", data=body, content_type="application/json")
    assert 400 <= r.status_code < 500, (r.status_code, r.content[:300])
    assert r["Content-Type"].startswith("application/json")
    error = r.json()["error"]
    assert isinstance(error["code"], str) and error["code"]
    assert isinstance(error["message"], str) and error["message"]
    assert _counts() == before, "a refused record left something stored"
    return error


def _cli_refused(tmp_path: Path, text: str) -> dict[str, Any]:
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert cli_main(["adjudicate", str(path)], out, err) == 2
    lines = err.getvalue().strip().splitlines()
    assert len(lines) == 1, err.getvalue()[:500]
    error = json.loads(lines[0])["error"]
    assert error["code"] and error["message"]
    return error


def test_the_unmutated_records_are_sound(api):
    """The bases are sound: imported, they are stored (so a refusal below is the mutation's)."""
    for rec in BASES[:2]:
        r = api.post("/api/games/import/", rec, format="json")
        assert r.status_code == 201, r.content[:300]


@pytest.mark.parametrize("kind", list(MUTATIONS))
def test_mutated_records_are_refused_by_import_and_cli(kind, api, tmp_path):
    @FUZZ
    @given(record=MUTATIONS[kind])
    def check(record: dict[str, Any]) -> None:
        _engine_refuses(record)
        text = json.dumps(record, ensure_ascii=False)
        api_error = _import_refused(api, text)
        cli_error = _cli_refused(tmp_path, text)
        if len(text) < 2_000_000:  # under the upload limit: both report the same error
            assert api_error["code"] == cli_error["code"]

    check()


def test_a_seat_name_longer_than_the_store_keeps_is_refused_by_import(api, tmp_path):
    """The record format sets no length on names (the CLI adjudicates it); the platform
    stores at most 100 characters a name, so the import refuses it cleanly."""
    for n in (101, 5000, 1_000_000):
        rec = {**copy.deepcopy(BASES[0]), "seats": ["N" * n, "B", "C", "D"]}
        text = json.dumps(rec)
        error = _import_refused(api, text)
        assert error["code"] in ({"too_large"} if len(text) > 2_621_440
                                 else {"seat_name_too_long"})


@FUZZ
@given(base=st.sampled_from(BASES), cut=st.floats(0, 1, exclude_max=True))
def test_json_text_cut_anywhere_is_refused(base, cut, api, tmp_path):
    text = json.dumps(base)
    text = text[: int(cut * len(text))]
    _import_refused(api, text)
    assert _cli_refused(tmp_path, text)["code"] == "record_invalid"


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("body", [
    DEEP,
    '{"format": "kolkhoz-record/1", "inputs": ' + DEEP + "}",
    json.dumps({**BASES[0], "seed": "s" * 3_000_000}),  # over DATA_UPLOAD_MAX_MEMORY_SIZE
    "\x00" * 10, "null", "[]", '"record"', "1e999999", "{" * 10,
], ids=["deep", "deep-inputs", "over-limit", "nul", "null", "list", "string", "bignum",
        "braces"])
def test_hostile_bodies_are_refused(body, api, tmp_path):
    error = _import_refused(api, body)
    if len(body) > 2_621_440:  # the upload limit; the record itself is sound (CLI: exit 0)
        assert error["code"] == "too_large"
    else:
        assert _cli_refused(tmp_path, body)["code"] == "record_invalid"


def test_cli_subprocess_exit_2_and_no_traceback(tmp_path):
    """The real command line, in its own process, on a few of the worst."""
    flood = {**BASES[0], "inputs": BASES[0]["inputs"] + [{"type": "play"}] * 10_000}
    for text in [DEEP, json.dumps(flood), json.dumps(BASES[0])[:500]]:
        path = tmp_path / "r.json"
        path.write_text(text)
        proc = subprocess.run([sys.executable, "-m", "kolkhoz_core", "adjudicate", str(path)],
                              capture_output=True, text=True, timeout=60, cwd=str(ROOT))
        assert proc.returncode == 2, proc.stderr[-500:]
        assert "Traceback" not in proc.stderr
        assert json.loads(proc.stderr.strip().splitlines()[-1])["error"]["code"]
