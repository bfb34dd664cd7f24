"""The evidence bundle and ``python -m kolkhoz_core verify``: a genuine bundle passes
every check; each kind of tampering fails at its check and names the seq."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kolkhoz_core import build_ruleset, hash_chain, play_game
from kolkhoz_core.bots import get_bot
from kolkhoz_core.bundle import CHECKS, build_bundle, verify_bundle
from kolkhoz_core.choices import chance_mismatch

ROOT = Path(__file__).resolve().parents[2]
SEATS = ["Anya", "Boris", "Pyotr", "Vera"]
CARD = re.compile(r"\b(?:(?:10|[2-9JQKA])[HDCS]|X)\b")  # a card code inside text


def _log(preset: str = "kolkhoz", seed: str = "bundle-1") -> list[dict]:
    return play_game(build_ruleset({"preset": preset}), SEATS,
                     [get_bot("random") for _ in range(4)], seed)


def _rechain(bundle: dict) -> dict:
    """What a forger would do: recompute every hash after editing events."""
    events = [e["event"] for e in bundle["events"]]
    prev = "0" * 64
    for entry, h in zip(bundle["events"], hash_chain(events), strict=True):
        entry["prev_hash"], entry["hash"] = prev, h
        prev = h
    bundle["head_hash"] = prev
    return bundle


def _seq_of(bundle: dict, etype: str) -> int:
    return next(e["seq"] for e in bundle["events"] if e["event"]["type"] == etype)


@pytest.mark.parametrize("preset", ["kolkhoz", "kolkhoznik", "zone"])
def test_a_genuine_bundle_passes_every_check(preset):
    bundle = build_bundle(_log(preset), game_id="g")
    report = verify_bundle(json.loads(json.dumps(bundle)))
    assert report["ok"] and report["passed"] == list(CHECKS), report
    assert bundle["seed"] == "bundle-1" and bundle["seed_commitment"]
    assert "python -m kolkhoz_core verify" in bundle["how_to_verify"]


def test_compensating_events_after_the_end_are_evidence_too():
    log = _log()
    log.append({"seq": len(log), "type": "result_adjusted", "places": [1, 2, 3, 4],
                "rules": ["tiebreak"]})
    bundle = build_bundle(log)
    assert bundle["adjustments"] == [log[-1]] and bundle["record"]["adjustments"] == [log[-1]]
    assert verify_bundle(bundle)["ok"]


def test_an_edited_event_breaks_the_chain_at_its_seq():
    bundle = build_bundle(_log())
    seq = _seq_of(bundle, "trick")
    bundle["events"][seq]["event"]["winner"] = (bundle["events"][seq]["event"]["winner"] + 1) % 4
    assert verify_bundle(bundle)["failure"] == {
        "check": "chain", "seq": seq,
        "message": f"seq {seq}: the event does not hash to its stored hash (it was changed "
                   "after it was written)"}


def test_a_forged_result_with_a_recomputed_chain_fails_the_consequences():
    bundle = build_bundle(_log())
    end = _seq_of(bundle, "game_end")
    ev = bundle["events"][end]["event"]
    ev["places"] = list(reversed(ev["places"]))
    report = verify_bundle(_rechain(bundle))
    assert report["failure"]["check"] == "consequences" and report["failure"]["seq"] == end


def test_a_deal_not_from_the_seed_fails_the_deals_check():
    bundle = build_bundle(_log())
    seq = _seq_of(bundle, "deal")
    hands = bundle["events"][seq]["event"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    report = verify_bundle(_rechain(bundle))
    assert report["failure"]["check"] == "deals" and report["failure"]["seq"] == seq


@pytest.mark.parametrize("options", [{}, {"trump_selection": "random"}])
@pytest.mark.parametrize("preset", ["kolkhoz", "kolkhoznik", "zone"])
def test_chance_mismatch_passes_every_honest_prefix_and_names_no_card(preset, options):
    """The one deals check (bundle, platform verify, import): an honest log and each of
    its prefixes (a live game) pass; under another seed the first deal fails, and the
    message says which event, year and seq — never which cards."""
    log = play_game(build_ruleset({"preset": preset, "options": options}), SEATS,
                    [get_bot("random") for _ in range(4)], "bundle-1")
    assert all(chance_mismatch(log[:k], "bundle-1") is None for k in range(len(log) + 1))
    bad = chance_mismatch(log, "bundle-2")
    assert bad is not None and bad["seq"] == 2 and bad["reason"] == "mismatch"
    assert bad["message"] == ("the deal of year 1 at seq 2 is not the one the seed gives "
                              "(kolkhoz-shuffle/1)")
    assert not CARD.search(bad["message"])


def test_a_chance_event_where_the_seed_gives_none_is_a_mismatch():
    log = _log()
    deal = next(e for e in log if e["type"] == "deal")
    play = next(e for e in log if e["type"] == "play")
    forged = log[: play["seq"]] + [dict(deal, seq=play["seq"])]
    bad = chance_mismatch(forged, "bundle-1")
    assert bad is not None and bad["seq"] == play["seq"] and bad["type"] == "deal"


@pytest.mark.parametrize("junk", [["not an event"], [{"type": "deal"}], [{"seq": 0}]])
def test_chance_mismatch_reports_a_log_it_cannot_read_and_never_raises(junk):
    bad = chance_mismatch(_log()[:2] + junk, "bundle-1")
    assert bad is not None and bad["seq"] == 2


def test_a_wrong_seed_fails_the_commitment():
    bundle = build_bundle(_log())
    bundle["seed"] = "another seed"
    assert verify_bundle(bundle)["failure"]["check"] == "seed"


def test_another_engine_version_is_named_not_passed():
    bundle = build_bundle(_log())
    bundle["events"][0]["event"]["engine_version"] = "9.9.9"
    bundle["engine_version"] = "9.9.9"
    failure = verify_bundle(_rechain(bundle))["failure"]
    assert failure["check"] == "engine_version" and "9.9.9" in failure["message"]


def test_a_record_that_is_not_the_logs_fails():
    bundle = build_bundle(_log())
    bundle["record"]["seats"] = ["A", "B", "C", "D"]
    assert verify_bundle(bundle)["failure"]["check"] == "record"


@pytest.mark.parametrize("junk", [None, [], {"format": "kolkhoz-evidence/1"},
                                  {"format": "kolkhoz-evidence/1", "events": [{"x": 1}]}])
def test_junk_is_a_format_failure_not_a_crash(junk):
    report = verify_bundle(junk)
    assert not report["ok"] and report["failure"]["check"] == "format"


def _verify_cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kolkhoz_core", "verify", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_cli_verify_exit_codes(tmp_path):
    bundle = build_bundle(_log())
    good = tmp_path / "good.json"
    good.write_text(json.dumps(bundle, ensure_ascii=False))
    r = _verify_cli(good)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["ok"] is True
    bad = copy.deepcopy(bundle)
    seq = _seq_of(bad, "north")
    bad["events"][seq]["event"]["card"] = "AH"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad, ensure_ascii=False))
    r = _verify_cli(path)
    assert r.returncode == 1
    assert json.loads(r.stderr)["error"]["check"] == "chain"
    assert json.loads(r.stderr)["error"]["seq"] == seq
    r = _verify_cli(tmp_path / "missing.json")
    assert r.returncode == 2


def test_the_audit_modules_stay_standard_library_only():
    """explain, whatif, bundle and the CLI import nothing from Django (ARCHITECTURE.md)."""
    code = ("import sys, kolkhoz_core.explain, kolkhoz_core.whatif, kolkhoz_core.bundle, "
            "kolkhoz_core.cli; "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('django', 'rest_framework', 'celery', 'replays', 'tournaments', 'disputes')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
