"""The offline archive verifier against hostile files (docs/archives.md): a damaged or
forged zip, a manifest nested too deep, a number no integer holds, a seed that is no
UTF-8 text, a member far larger than any game's file. Each is a failed check or exit 2
with a message on one line — never a traceback — and nothing is written outside the
verifier's own temporary directory."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from gamekit.archive import reader
from gamekit.archive.__main__ import main

GOOD = "kolkhoz-tournament-archive/1"


def _zip(path: Path, members: dict[str, bytes | str]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


def _patch(path: Path, fn) -> Path:
    data = bytearray(path.read_bytes())
    fn(data)
    path.write_bytes(bytes(data))
    return path


def _run(path: Path, capsys, *flags: str) -> tuple[int, str]:
    code = main(["verify", *flags, str(path)])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return code, out.out + out.err


def _flip_flag(bit: int, offset_local: int, offset_central: int):
    def fn(b: bytearray) -> None:
        b[offset_local] |= bit
        b[b.find(b"PK\x01\x02") + offset_central] |= bit
    return fn


def _method(b: bytearray) -> None:
    b[8] = 99  # local header: compression method
    b[b.find(b"PK\x01\x02") + 10] = 99


def _corrupt_deflate(b: bytearray) -> None:
    for i in range(60, 120):
        b[i] ^= 0x55


@pytest.mark.parametrize("mangle, expect", [
    (_flip_flag(1, 6, 8), "encrypted"),
    (_method, "compression method"),
    (_corrupt_deflate, "cannot be read"),
])
def test_a_damaged_zip_member_is_a_failed_check(tmp_path, capsys, mangle, expect):
    path = _zip(tmp_path / "a.zip", {"manifest.json": json.dumps(
        {"format": GOOD, "files": [], "games": [], "pad": "abc" * 1000})})
    code, text = _run(_patch(path, mangle), capsys)
    assert code == 1
    assert "FAIL manifest" in text and expect in text


def test_a_name_that_is_no_utf8_is_not_an_archive(tmp_path, capsys):
    path = _zip(tmp_path / "a.zip", {"manifest\u00e9.json": "{}"})
    code, text = _run(_patch(path, lambda b: [b.__setitem__(i, 0xFF) for i in
                                              (b.find("é".encode()),
                                               b.rfind("é".encode()))]), capsys)
    assert code == 2 and "not a readable zip" in text


def test_a_manifest_nested_too_deep_fails(tmp_path, capsys):
    code, text = _run(_zip(tmp_path / "a.zip", {"manifest.json": "[" * 200_000}), capsys)
    assert code == 1 and "FAIL manifest" in text


def test_a_number_no_integer_holds_and_a_lone_surrogate_fail(tmp_path, capsys):
    rec = b'{"seed": "x"}'
    manifest = {"format": GOOD, "seed": "a\ud800", "secret": "b", "seed_commitment": "\ud800",
                "secret_from_round": float("inf"),
                "files": [{"name": "r", "sha256": hashlib.sha256(rec).hexdigest(),
                           "bytes": len(rec)}],
                "games": [{"record": "r", "round": 1, "table": 1, "game": "kolkhoz"}]}
    path = _zip(tmp_path / "a.zip", {"r": rec, "manifest.json": json.dumps(manifest)})
    code, text = _run(path, capsys)
    assert code == 1
    assert "FAIL commitment" in text and "malformed" in text
    code, text = _run(path, capsys, "--json")
    assert code == 1 and json.loads(text.encode("utf-8", "surrogatepass"))["ok"] is False


def test_a_member_larger_than_any_file_is_refused_before_it_is_read(tmp_path, capsys,
                                                                    monkeypatch):
    monkeypatch.setattr(reader, "MAX_MEMBER_BYTES", 1000)
    path = _zip(tmp_path / "a.zip", {"manifest.json": "{" + " " * 5000 + "}"})
    code, text = _run(path, capsys)
    assert code == 1 and "more than an archive's file may hold" in text
    # a forged (small) size in the zip does not let more through: reading stops at it
    # (zipfile then finds the data cut short) or at the limit
    _patch(path, lambda b: b.__setitem__(slice(b.find(b"PK\x01\x02") + 24,
                                               b.find(b"PK\x01\x02") + 28),
                                         (10).to_bytes(4, "little")))
    code, text = _run(path, capsys)
    assert code in (1, 2) and "FAIL" in text


def test_a_travelling_name_is_only_a_key_nothing_is_written_outside(tmp_path):
    outside = tmp_path / "x"
    work = tmp_path / "work"
    work.mkdir()
    manifest = {"format": GOOD, "seed": "a", "secret": "b",
                "files": [{"name": "../x", "sha256": hashlib.sha256(b"hi").hexdigest(),
                           "bytes": 2}],
                "games": [{"record": "../x", "round": 1, "table": 1, "game": "kolkhoz"}]}
    path = _zip(work / "a.zip", {"../x": "hi", "manifest.json": json.dumps(manifest)})
    done = subprocess.run([sys.executable, "-m", "gamekit.archive", "verify", str(path)],
                          capture_output=True, text=True, cwd=work, check=False,
                          env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert not outside.exists()
    assert sorted(p.name for p in work.iterdir()) == ["a.zip"]
