"""benchmarks/upgrade/compare.py (the upgrade check's before/after comparison): a field
added since is allowed, the same cards listed in another order are told apart from a
changed value, and a swap of places, scores or hours is a change, never a reordering."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "upgrade_compare", ROOT / "benchmarks" / "upgrade" / "compare.py")
assert _spec and _spec.loader
compare = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compare)


def snap(body):
    return {"/api/games/x/": {"status": 200, "etag": '"h"', "body": body}}


def test_added_fields_pass_and_missing_ones_fail():
    out = compare.compare(snap({"a": 1}), snap({"a": 1, "game": "kolkhoz"}))
    assert out["added"] == {"/api/games/x/.game"} and not out["changed"]
    out = compare.compare(snap({"a": 1, "b": 2}), snap({"a": 1}))
    assert out["changed"] == ["/api/games/x/.b: missing after the upgrade"]


def test_cards_in_another_order_are_reordered():
    out = compare.compare(snap({"cards": ["9H", "KH"]}), snap({"cards": ["KH", "9H"]}))
    assert len(out["reordered"]) == 1 and not out["changed"]
    cellar = [{"card": "JH", "hidden": True}, {"card": "7S", "hidden": False}]
    flipped = [{"card": "7S", "hidden": True}, {"card": "JH", "hidden": False}]
    assert compare.reordered(cellar, flipped)
    assert compare.reordered("assigns 9♥, K♥ to Wheat. Hours now: Potato 0, Wheat 22.",
                             "assigns K♥, 9♥ to Wheat. Hours now: Wheat 22, Potato 0.")


def test_swapped_places_scores_or_hours_are_changes():
    out = compare.compare(snap({"places": [1, 2, 3, 4]}), snap({"places": [2, 1, 3, 4]}))
    assert out["changed"] and not out["reordered"]
    assert not compare.reordered("Hours now: Wheat 22, Beet 0.", "Hours now: Wheat 0, Beet 22.")
    assert not compare.reordered("Seat 1 beats Seat 2", "Seat 2 beats Seat 1")
    assert not compare.reordered(["9H", "KH"], ["9H", "QH"])


def test_a_status_or_etag_change_is_a_change():
    before = snap({"a": 1})
    after = {"/api/games/x/": {"status": 500, "etag": None, "body": {"a": 1}}}
    assert len(compare.compare(before, after)["changed"]) == 2


def test_a_verify_that_failed_and_now_passes_is_fixed_and_the_reverse_a_change():
    url = "/api/games/x/verify/"
    failed = {url: {"status": 200, "etag": None, "body": {"ok": False, "failure": {}}}}
    passed = {url: {"status": 200, "etag": None, "body": {"ok": True, "failure": None}}}
    out = compare.compare(failed, passed)
    assert out["fixed"] == [url] and not out["changed"]
    assert compare.compare(passed, failed)["changed"]


def test_known_changes_are_allowed_only_where_listed(tmp_path):
    live, done = "1" * 8 + "-1111-1111-1111-" + "1" * 12, "2" * 8 + "-2222-2222-2222-" + "2" * 12
    old = {f"/api/games/{g}/": {"status": 200, "etag": None,
                                "body": {"id": g, "status": s, "head_hash": "h"}}
           for g, s in ((live, "live"), (done, "finished"))}
    new = {url: {**r, "body": {**r["body"], "head_hash": "tag"}} for url, r in old.items()}
    known = tmp_path / "known.tsv"
    known.write_text("live\t/api/games/*/.head_hash\tan opaque tag while live\n")
    listed, rest = compare.known_changes(str(known), old, compare.compare(old, new)["changed"])
    assert len(listed["/api/games/*/.head_hash"][1]) == 1 and live in listed[
        "/api/games/*/.head_hash"][1][0]
    assert len(rest) == 1 and done in rest[0]  # a finished game's hash must not change
