"""A finished duplicate tournament's archive verifies offline (docs/archives.md,
docs/duplicate.md): its manifest says ``duplicate: true``, every game's seed is its round's
one seed (``…/r{round}/dup``), boards keep their numbers, the standings carry the
matchpoints, and ``python -m gamekit.archive verify`` (no Django on the path) and the
README's commands by hand accept it — while the same archive claiming to be plain fails
the table-seed check, naming the round and table."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import zipfile

import pytest

from tests.tournaments.duplicate_helpers import duplicate_league, rederived_seed
from tests.tournaments.test_archive import download, members, rezip, verify

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


@pytest.mark.parametrize(("n", "rounds", "boards"), [(8, 2, False), (4, 1, True)])
def test_a_duplicate_tournaments_archive_verifies_offline(api, postgres, tmp_path, n, rounds,
                                                          boards) -> None:
    t = duplicate_league(n=n, rounds=rounds, seed=f"dup-archive-{n}")
    data = download(api, t)
    files = members(data)
    manifest = json.loads(files["manifest.json"])
    assert manifest["tournament"]["duplicate"] is True
    assert len(manifest["games"]) == (4 if boards else 2 * rounds)
    for entry in manifest["games"]:
        assert entry["seed"] == rederived_seed(t.seed, t.secret, entry["round"])
        assert entry["seed_derivation"]["message"].endswith(f"/r{entry['round']}/dup")
        assert entry["board"] == (entry["table"] if boards else None)
    standings = json.loads(files["standings.json"])
    assert all(row["matchpoints_max"] > 0 for row in standings)

    path = tmp_path / f"tournament-{t.pk}.zip"
    path.write_bytes(data)
    done = verify(path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(manifest['games'])} of {len(manifest['games'])} games verified" in done.stdout

    unpacked = tmp_path / "unpacked"
    with zipfile.ZipFile(path) as zf:
        zf.extractall(unpacked)
    readme = files["README.txt"].decode()
    assert "duplicate round" in readme
    snippets = [line.strip() for line in readme.splitlines()
                if line.strip().startswith("python3 -c")]
    assert len(snippets) == 3 and any("/dup" in s for s in snippets)
    for line in snippets:
        ran = subprocess.run(["bash", "-c", line.replace("python3", shlex.quote(
            sys.executable) + " -S", 1)], cwd=unpacked, capture_output=True, text=True,
            check=False)
        assert ran.stdout.strip() == "True", (line, ran.stderr)

    # the same archive, claiming to be a plain tournament: its seeds do not derive so
    manifest["tournament"]["duplicate"] = False
    files["manifest.json"] = json.dumps(manifest).encode()
    done = verify(rezip(files, tmp_path / "claims-plain.zip"))
    assert done.returncode == 1
    assert "FAIL round 1 table 1" in done.stdout and "table_seed" in done.stdout, done.stdout
