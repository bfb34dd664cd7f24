"""Engine versions in CI (issue 12, "history that stays verifiable").

- A behaviour change that alters any fixture's log must come with a new engine version:
  every fixture record is adjudicated with the current engine and compared with its
  stored log; a difference while the log still names the current ``ENGINE_VERSION``
  fails with what to do (bump the version, freeze the old release).
- Every frozen release is unedited and still adjudicates its own fixture logs to the
  letter, and its evidence bundles verify through the current package's ``verify``.
- An unknown version is named as such, never run.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import kolkhoz_core
from kolkhoz_core import ENGINE_VERSION, releases
from kolkhoz_core.bundle import build_bundle, verify_bundle
from tests.replays.fixtures import (
    RELEASES,
    change_current_rules,
    is_refused,
    load_log,
    load_record,
    load_release_log,
    record_names,
    release_fixtures,
)

ROOT = Path(__file__).resolve().parents[2]
CURRENT = [n for n in record_names() if not is_refused(n) and load_log(n) is not None]
FROZEN = release_fixtures()


def fixture_drift(name: str) -> str | None:
    """Why the current engine no longer reproduces fixture ``name``'s stored log (None
    when it does): the CI guard's message."""
    stored = load_log(name)
    assert stored is not None
    try:
        fresh = kolkhoz_core.adjudicate(load_record(name))
    except kolkhoz_core.AdjudicationError as e:
        fresh = list(e.events)
    return drift_message(name, stored, fresh, current=ENGINE_VERSION,
                         available=releases.is_available)


def drift_message(name: str, stored: list[dict], fresh: list[dict], *, current: str,
                  available: Callable[[object], bool]) -> str | None:
    """The guard's verdict on one fixture: None when ``fresh`` (the current engine's
    log) is ``stored``, else what the change must come with."""
    if fresh == stored:
        return None
    seq = next((i for i, (a, b) in enumerate(zip(stored, fresh, strict=False)) if a != b),
               min(len(stored), len(fresh)))
    pinned = stored[0].get("engine_version")
    if pinned == current:
        return (f"the current engine changed fixture {name}'s log (first at seq {seq}) but "
                f"ENGINE_VERSION is still {pinned}: a behaviour change needs a new engine "
                f"version — bump ENGINE_VERSION in kolkhoz_core/game.py and freeze the old "
                f"release {pinned} (kolkhoz_core/releases/, docs/engine-api.md 'Engine "
                f"versions'), then regenerate the fixture")
    if not available(pinned):
        return (f"fixture {name} is pinned to engine {pinned}, which is neither the current "
                f"engine ({current}) nor a frozen release: freeze release {pinned} "
                f"under kolkhoz_core/releases/ before changing the engine")
    return (f"fixture {name} still holds the log of engine {pinned}: move it to "
            f"tests/fixtures/releases/{pinned}/ and regenerate it with the current engine "
            f"{current}")


def test_there_are_current_and_frozen_fixtures():
    assert len(CURRENT) >= 5
    assert {v for v, _ in FROZEN} >= {"0.1.0"}


@pytest.mark.parametrize("name", CURRENT)
def test_a_change_to_any_fixture_log_comes_with_a_new_engine_version(name):
    drift = fixture_drift(name)
    assert drift is None, drift


def test_the_guard_catches_a_behaviour_change_without_a_version_bump(monkeypatch):
    # given a rules change in the current engine only (lowest score wins), no new version
    change_current_rules(monkeypatch)
    # then every fixture fails with the instruction to bump and freeze
    name = CURRENT[0]
    drift = fixture_drift(name)
    assert drift is not None and "bump ENGINE_VERSION" in drift and "freeze" in drift
    assert f"seq {len(load_log(name)) - 1}" in drift  # the game_end event


def test_the_guard_asks_to_freeze_and_regenerate_after_a_bump():
    name = CURRENT[0]
    stored = load_log(name)
    pinned = stored[0]["engine_version"]
    # given ENGINE_VERSION bumped to 9.0.0 (the fresh log names it at seq 0)
    fresh = [dict(stored[0], engine_version="9.0.0"), *stored[1:]]
    # when the fixtures' release was not frozen: freeze it
    drift = drift_message(name, stored, fresh, current="9.0.0", available=lambda v: False)
    assert drift is not None and f"freeze release {pinned}" in drift
    # when it was: keep the old log under its release and regenerate
    drift = drift_message(name, stored, fresh, current="9.0.0", available=lambda v: True)
    assert drift is not None and f"tests/fixtures/releases/{pinned}/" in drift


def test_each_frozen_release_is_unedited():
    for version, (sub, digest) in releases.FROZEN.items():
        assert releases.tree_digest(sub) == digest, (
            f"the frozen release {version} (kolkhoz_core/releases/{sub}) was edited: a "
            f"released engine never changes — restore it from git")


def test_every_frozen_release_has_fixtures():
    assert {v for v, _ in FROZEN} == set(releases.FROZEN)
    assert {p.name for p in RELEASES.iterdir() if p.is_dir()} == set(releases.FROZEN)


@pytest.mark.parametrize(("version", "name"), FROZEN)
def test_each_frozen_release_still_adjudicates_its_own_fixtures_identically(version, name):
    log = load_release_log(version, name)
    eng = releases.engine(version)
    # the fixture is that release's, and the release is not the current engine module
    assert log[0]["engine_version"] == version == eng.ENGINE_VERSION
    assert eng is not kolkhoz_core and eng.fold is not kolkhoz_core.fold
    record = eng.to_record(log, seed=log[-1]["seed"])
    assert eng.adjudicate(record) == log
    assert eng.regress(log, record)["ok"]


@pytest.mark.parametrize(("version", "name"), FROZEN[:3])
def test_a_frozen_release_bundle_verifies_with_the_current_package(version, name):
    log = load_release_log(version, name)
    bundle = releases.engine(version).build_bundle(log)
    # when the CURRENT package's verifier is given the old game's bundle
    report = verify_bundle(bundle)
    # then it is checked, by the release the game was played with, and passes
    assert report["ok"], report
    assert report["engine_version"] == version
    assert "consequences" in report["passed"]


def test_a_frozen_release_bundle_still_fails_when_tampered():
    version, name = FROZEN[0]
    log = load_release_log(version, name)
    bundle = releases.engine(version).build_bundle(log)
    end = bundle["events"][-1]["event"]
    end["places"] = [5 - p for p in end["places"]]
    report = verify_bundle(bundle)
    assert not report["ok"] and report["failure"]["check"] == "chain"
    assert report["failure"]["seq"] == len(log) - 1


def test_the_cli_verifies_a_bundle_of_an_earlier_release(tmp_path):
    version, name = FROZEN[0]
    bundle = releases.engine(version).build_bundle(load_release_log(version, name))
    path = tmp_path / "old.json"
    path.write_text(json.dumps(bundle))
    r = subprocess.run([sys.executable, "-m", "kolkhoz_core", "verify", str(path)],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout)["engine_version"] == version


def test_an_unknown_version_is_named_not_run():
    with pytest.raises(releases.UnknownEngineVersion) as exc:
        releases.engine("9.9.9")
    assert "9.9.9" in str(exc.value) and ENGINE_VERSION in str(exc.value)
    assert not isinstance(exc.value, kolkhoz_core.KolkhozError)
    for bad in (None, 0, ["0.1.0"], {"v": 1}):
        assert not releases.is_available(bad)
        with pytest.raises(releases.UnknownEngineVersion):
            releases.engine(bad)
    # a current bundle re-pinned to an unknown version says which kolkhoz_core to use
    log = load_log(CURRENT[0])
    log[0] = dict(log[0], engine_version="9.9.9")
    bundle = build_bundle(log)
    failure = verify_bundle(bundle)["failure"]
    assert failure["check"] == "engine_version"
    assert "verify with kolkhoz_core 9.9.9" in failure["message"]
    assert "0.1.0" in failure["message"]


def test_the_current_engine_pins_the_revised_rulings():
    from kolkhoz_core.game import RULINGS_SHA256

    # design/RULINGS.md as revised to adopt x.northern_jobs and x.drunkard (full digest)
    assert RULINGS_SHA256 == ("6c3ee5a76c2260c98dbb8de495851650"
                              "d7654d8315bc81a7db0cd16416e52980")
    assert kolkhoz_core.RULES_VERSION == "rulings@6c3ee5a76c22"
    assert releases.engine("0.1.0").RULES_VERSION == "rulings@76e6588e517a"
