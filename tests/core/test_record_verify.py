"""Every game's ``verify`` of a finished game's record (``gamekit.recordcheck``), through
each game's own command line: an honest record verifies (and with its head), and a record
with another seed, a deal the seed does not give, a changed decision, a wrong head, a
wrong format or an engine version not installed fails naming the check (issue 18:
archives verify each game with its own CLI)."""

from __future__ import annotations

import copy
import importlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from gamekit import registry
from gamekit.canonical import hashes
from gamekit.recordcheck import verify_record

GAMES = ["kolkhoz", "gongzhu", "korova", "arne"]


def cli(game: str, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = importlib.import_module(f"{game}_core.cli").main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module", params=GAMES)
def played(request) -> tuple[str, dict[str, Any]]:
    """A finished bot game of each game, as the record its CLI's ``play`` prints."""
    code, out, _ = cli(request.param, "play", "--seed", f"verify-{request.param}")
    assert code == 0
    return request.param, json.loads(out)


def verify(game: str, record: Any, tmp_path: Path, *extra: str) -> tuple[int, dict, dict]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    code, out, err = cli(game, "verify", str(path), *extra)
    report = json.loads(out) if out.strip() else {}
    error = json.loads(err)["error"] if err.strip() else {}
    return code, report, error


def test_an_honest_record_verifies_and_gives_its_head(played, tmp_path):
    game, record = played
    code, report, _ = verify(game, record, tmp_path)
    assert code == 0 and report["ok"], report
    assert report["passed"] == ["format", "seed", "deals", "adjudication"]
    events = registry.get(game).adjudicate(record)
    assert report["head_hash"] == hashes(events)[-1] and report["head_seq"] == len(events)
    assert report["places"] == events[-1]["places"] and report["seed"] == record["seed"]
    code, report, _ = verify(game, record, tmp_path, "--head", report["head_hash"])
    assert code == 0 and report["passed"][-1] == "head"


def test_a_wrong_head_fails(played, tmp_path):
    game, record = played
    code, report, error = verify(game, record, tmp_path, "--head", "0" * 64)
    assert code == 1 and not report["ok"]
    assert error["check"] == "head" and "not the published head" in error["message"]


def test_another_seed_fails_at_its_deals_and_at_the_head(played, tmp_path):
    """The engine commits to the record's seed when it re-adjudicates, so a record with
    another seed fails where that seed deals otherwise — and its opening event is not
    the published one, so never reaches the published head."""
    game, record = played
    _, honest, _ = verify(game, record, tmp_path)
    forged = {**record, "seed": record["seed"] + "x"}
    code, report, error = verify(game, forged, tmp_path, "--head", honest["head_hash"])
    assert code == 1 and error["check"] == "deals", error
    assert report["passed"] == ["format", "seed"]
    defn = registry.get(game)
    report = verify_record(defn, {**record, "seed": 7})
    assert report["failure"]["check"] == "format" and "string" in report["failure"]["message"]
    unseeded = {k: v for k, v in record.items() if k != "seed"}
    report = verify_record(defn, unseeded)  # its deals stated, nothing to check them by
    assert report["ok"] and report["seed"] is None


def test_a_deal_the_seed_does_not_give_fails_at_the_deal(played, tmp_path):
    game, record = played
    forged = copy.deepcopy(record)
    deal = next(i for i in forged["inputs"] if i["type"] == "deal")
    a, b = deal["hands"][0], deal["hands"][1]
    a[0], b[0] = b[0], a[0]
    code, report, error = verify(game, forged, tmp_path)
    assert code == 1 and error["check"] == "deals", error
    assert report["passed"] == ["format", "seed"]
    assert isinstance(error["seq"], int) and error["seq"] >= 1


def test_a_changed_decision_fails(played, tmp_path):
    """The last decision swapped for another legal one (or dropped): the log is not the
    one the platform published (head), or it no longer reaches the end."""
    game, record = played
    code, honest, _ = verify(game, record, tmp_path)
    forged = copy.deepcopy(record)
    forged["inputs"] = forged["inputs"][:-1]
    code, report, error = verify(game, forged, tmp_path, "--head", honest["head_hash"])
    assert code == 1 and error["check"] in {"adjudication", "head"}, error
    assert not report["ok"]


def test_not_a_record_or_unreadable_or_an_engine_not_installed(played, tmp_path):
    game, record = played
    code, _, error = verify(game, {"format": "something-else/1"}, tmp_path)
    assert code == 1 and error["check"] == "format"
    code, _, error = verify(game, [1, 2], tmp_path)
    assert code == 1 and error["check"] == "format"
    (tmp_path / "bad.json").write_text("{not json")
    code, _, err = cli(game, "verify", str(tmp_path / "bad.json"))
    assert code == 2 and "cannot read" in err
    code, _, error = verify(game, record, tmp_path, "--engine-version", "99.0.0")
    assert code == 2 and error["check"] == "engine_version"


def test_adjustments_extend_the_chain(played):
    """An arbiter's events after the end (``adjustments``) are part of the published head."""
    game, record = played
    defn = registry.get(game)
    events = defn.adjudicate(record)
    ruling = {"seq": len(events), "type": "result_adjusted", "places": events[-1]["places"]}
    report = verify_record(defn, {**record, "adjustments": [ruling]},
                           head=hashes([*events, ruling])[-1])
    assert report["ok"] and report["head_seq"] == len(events) + 1, report
    report = verify_record(defn, {**record, "adjustments": [ruling]},
                           head=hashes(events)[-1])
    assert not report["ok"] and report["failure"]["check"] == "head"


def test_kolkhoz_verify_still_checks_evidence_bundles(tmp_path):
    """``python -m kolkhoz_core verify`` takes a record now, and a bundle as before."""
    from kolkhoz_core.bundle import build_bundle

    code, out, _ = cli("kolkhoz", "play", "--seed", "bundle-too", "--log")
    events = [json.loads(line) for line in out.splitlines()]
    bundle = build_bundle(events)
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle))
    code, out, _ = cli("kolkhoz", "verify", str(path))
    assert code == 0 and json.loads(out)["passed"][-1] == "record"
    bundle["events"][3]["event"]["seat"] = 9
    path.write_text(json.dumps(bundle))
    code, _, err = cli("kolkhoz", "verify", str(path))
    assert code == 1 and json.loads(err)["error"]["check"] == "chain"
