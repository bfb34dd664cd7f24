"""The offline archive verifier on its own (``gamekit.archive``; docs/archives.md): no
platform, no database. An archive is put together here from the engines alone — games
played from table seeds derived as docs/shuffle.md says, the manifest as the platform
writes it — so these tests pin what the verifier accepts and refuses, and that it never
crashes on a mangled manifest.
"""

from __future__ import annotations

import hashlib
import json
import random
import zipfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit import registry
from gamekit.archive import commitment, layout, table_seed, verify_archive
from gamekit.canonical import hashes
from tests.core.props_helpers import budget
from tournaments import seeds as platform_seeds

SEED, SECRET = "core-archive", "00112233445566778899aabbccddeeff"


def _bot_game(game: str, seed: str) -> list[dict[str, Any]]:
    defn = registry.get(game)
    seats = ["Ann", "Bo", "Cy", "Di"]
    events = defn.start(defn.ruleset(None), seats, {}, seed)
    state = defn.fold(events)
    bots = [defn.bot("random") for _ in seats]
    while not defn.finished(state):  # Kolkhoz stops at each year's end
        state, more = defn.play_bots(state, bots, seed)
        assert more
        events += more
    return events


def build(path: Path) -> dict[str, bytes]:
    """A 2-round archive: a Kolkhoz game with its evidence bundle and a Gong Zhu game."""
    files: dict[str, bytes] = {}
    games = []
    for rnd, game in ((1, "kolkhoz"), (2, "gongzhu")):
        seed = table_seed(SEED, SECRET, rnd, 1)
        events = _bot_game(game, seed)
        defn = registry.get(game)
        stem = layout.game_stem(rnd, 1)
        files[f"{stem}.record.json"] = json.dumps(defn.to_record(events)).encode()
        evidence = None
        if game == "kolkhoz":
            evidence = f"{stem}.evidence.json"
            bundle = defn.evidence_bundle(events, hashes=hashes(events), game_id=f"g{rnd}",
                                          seed=seed)
            files[evidence] = json.dumps(bundle, indent=1).encode()
        end = events[-1]
        games.append({"round": rnd, "table": 1, "game_id": f"g{rnd}", "game": game,
                      "engine_version": defn.engine_version,
                      "record": f"{stem}.record.json", "evidence": evidence,
                      "places": end["places"], "scores": end["scores"], "adjusted": False,
                      "seed": seed, "head_seq": len(events), "head_hash": hashes(events)[-1]})
    files["standings.json"] = b"[]"
    manifest = {"format": layout.FORMAT, "tournament": {"id": 1, "name": "T", "game": "mixed"},
                "seed": SEED, "secret": SECRET, "seed_commitment": commitment(SEED, SECRET),
                "seed_scheme": layout.TABLE_SEED_SCHEME, "secret_from_round": 1,
                "games": games,
                "files": [{"name": n, "sha256": hashlib.sha256(d).hexdigest(),
                           "bytes": len(d)} for n, d in files.items()]}
    files["manifest.json"] = json.dumps(manifest).encode()
    write(files, path)
    return files


def write(files: dict[str, bytes], path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return path


def test_an_honest_archive_verifies_and_ndjson_too(tmp_path):
    files = build(tmp_path / "a.zip")
    report = verify_archive(str(tmp_path / "a.zip"))
    assert report["ok"], report
    assert [g["passed"] for g in report["games"]] == [
        ["files", "table_seed", "verify", "head", "outcome"],
        ["files", "table_seed", "verify", "head", "outcome"]]
    lines = b"".join(json.dumps({"name": n, "text": d.decode()}).encode() + b"\n"
                     for n, d in files.items())
    (tmp_path / "a.ndjson").write_bytes(lines)
    assert verify_archive(str(tmp_path / "a.ndjson"))["ok"]


def test_the_legacy_scheme_derives_seed_slash_round_slash_table(tmp_path):
    files = build(tmp_path / "a.zip")
    manifest = json.loads(files["manifest.json"])
    assert layout.expected_table_seed(SEED, None, 1, 2, 3) == (f"{SEED}/r2/t3", "legacy")
    assert layout.expected_table_seed(SEED, SECRET, 3, 2, 1)[1] == "legacy"
    assert layout.expected_table_seed(SEED, SECRET, 2, 2, 1) == (
        table_seed(SEED, SECRET, 2, 1), layout.TABLE_SEED_SCHEME)
    # the same games claimed under a legacy scheme: their seeds are not the legacy ones
    manifest.update(secret=None, seed_scheme="legacy")
    files["manifest.json"] = json.dumps(manifest).encode()
    report = verify_archive(str(write(files, tmp_path / "legacy.zip")))
    assert not report["ok"]
    assert all(g["failure"]["check"] == "table_seed" and "'core-archive/r" in
               g["failure"]["message"] for g in report["games"])


def test_a_duplicate_name_or_a_missing_manifest_fails(tmp_path):
    files = build(tmp_path / "a.zip")
    path = tmp_path / "dup.zip"
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            zf.writestr("standings.json", b"[1]")
    try:
        verify_archive(str(path))
    except ValueError as e:
        assert "more than once" in str(e)
    else:
        raise AssertionError("a name twice must be refused")
    del files["manifest.json"]
    report = verify_archive(str(write(files, tmp_path / "none.zip")))
    assert not report["ok"] and report["checks"][0]["check"] == "manifest"


@settings(max_examples=budget(60), deadline=None)
@given(seed=st.text(max_size=20), secret=st.text(min_size=1, max_size=40),
       rnd=st.integers(1, 50), table=st.integers(1, 50))
def test_the_table_seed_is_the_platforms(seed, secret, rnd, table):
    """The verifier's stdlib HMAC (from docs/shuffle.md) is the platform's
    (tournaments/seeds.py), and so is the commitment."""
    assert table_seed(seed, secret, rnd, table) == platform_seeds.table_seed(seed, secret, rnd,
                                                                             table)
    assert commitment(seed, secret) == platform_seeds.commitment(seed, secret)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)


def _paths(obj: Any, at: tuple = ()) -> list[tuple]:
    out = [at]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*at, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*at, i))
    return out


_ARCHIVE: dict[str, bytes] = {}


@settings(max_examples=budget(60), deadline=None)
@given(data=st.data())
def test_a_mangled_manifest_is_a_failed_check_never_a_crash(tmp_path_factory, data):
    if not _ARCHIVE:
        _ARCHIVE.update(build(tmp_path_factory.mktemp("base") / "a.zip"))
    manifest = json.loads(_ARCHIVE["manifest.json"])
    paths = [p for p in _paths(manifest) if p]
    where = data.draw(st.sampled_from(paths))
    value = data.draw(JSON)
    node = manifest
    for key in where[:-1]:
        node = node[key]
    changed = (node[where[-1]] != value if where[-1] != "adjusted"
               else bool(node[where[-1]]) != bool(value))  # a flag: read as true or false
    node[where[-1]] = value
    files = {**_ARCHIVE, "manifest.json": json.dumps(manifest).encode()}
    path = tmp_path_factory.mktemp("m") / "m.zip"
    write(files, path)
    report = verify_archive(str(path))  # never raises
    assert isinstance(report["ok"], bool)
    if changed and _guarded(where):
        assert not report["ok"], (where, value)


def _guarded(where: tuple) -> bool:
    """A manifest value the verifier must not let change (what it ties to the files)."""
    if where in {("seed",), ("secret",), ("seed_commitment",), ("format",), ("files",),
                 ("games",)}:
        return True
    if len(where) >= 2 and where[0] == "files":
        return len(where) == 2 or where[2] in {"name", "sha256", "bytes"}
    if len(where) >= 3 and where[0] == "games":
        return where[2] in {"round", "table", "seed", "record", "places", "scores",
                            "head_hash", "head_seq", "adjusted", "game"}
    return len(where) == 2 and where[0] == "games"  # a whole entry replaced


def test_a_random_byte_flip_anywhere_fails(tmp_path):
    files = build(tmp_path / "a.zip")
    rng = random.Random(7)
    for _ in range(6):
        name = rng.choice(sorted(files))
        data = bytearray(files[name])
        at = rng.randrange(len(data))
        data[at] ^= 1 << rng.randrange(7)
        report = verify_archive(str(write({**files, name: bytes(data)}, tmp_path / "f.zip")))
        assert not report["ok"], (name, at)
