"""A finished tournament downloads as one archive and verifies offline (issue 18, Archives;
docs/archives.md).

Given a tournament of bots played to the end in this process / when anyone downloads
``/api/tournaments/{id}/archive/`` / then it holds every game's record (the bytes of the
game's own export), the standings (the bytes of the standings API), a manifest and a
README, and ``python -m gamekit.archive verify`` — run in a child process without Django
on its path, without DJANGO_SETTINGS_MODULE or DATABASE_URL — says OK for every game; a
changed byte, secret, hash, head or result makes it FAIL saying which and why; an
unfinished tournament's archive is refused and leaks nothing.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shlex
import subprocess
import sys
import time
import tracemalloc
import zipfile
from pathlib import Path
from typing import Any

import pytest

from replays.models import Game
from tests.humans.helpers import make_mixed_tournament, make_person
from tests.leagues.league_helpers import make_tournament, play_inline
from tests.tournaments.any_game_helpers import play, tournament_of
from tournaments import archives, services
from tournaments import seeds as table_seeds
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]
ROOT = Path(__file__).resolve().parents[2]


def download(api: Any, t: Tournament, fmt: str | None = None) -> bytes:
    r = api.get(f"/api/tournaments/{t.pk}/archive/" + (f"?format={fmt}" if fmt else ""))
    assert r.status_code == 200, r.content
    return b"".join(r.streaming_content)


def offline(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -S …`` with PYTHONPATH the repository only: no site-packages (so no
    Django, DRF or database driver can be imported), no Django or database settings."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-S", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def verify(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return offline("-m", "gamekit.archive", "verify", str(path), *extra, cwd=path.parent)


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def rezip(files: dict[str, bytes], path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return path


def relist(files: dict[str, bytes], name: str) -> None:
    """Update the manifest's sha256 and size of ``name`` (a tamperer who also edits the
    manifest)."""
    manifest = json.loads(files["manifest.json"])
    for f in manifest["files"]:
        if f["name"] == name:
            f["sha256"] = hashlib.sha256(files[name]).hexdigest()
            f["bytes"] = len(files[name])
    files["manifest.json"] = json.dumps(manifest).encode()


@pytest.fixture
def finished_swiss(postgres) -> Tournament:  # noqa: ARG001
    t = make_tournament(n=8, fmt="swiss", rounds=2, seed="archive-swiss")
    services.tournament_start(tournament=t)
    play_inline(t)
    t.refresh_from_db()
    return t


def test_a_finished_kolkhoz_swiss_archive_holds_the_exports_and_verifies_offline(
        api, finished_swiss, tmp_path):
    t = finished_swiss
    r = api.get(f"/api/tournaments/{t.pk}/archive/")
    assert r.status_code == 200 and r["Content-Type"] == "application/zip"
    assert f'filename="tournament-{t.pk}.zip"' in r["Content-Disposition"]
    data = b"".join(r.streaming_content)
    assert int(r["Content-Length"]) == len(data)
    files = members(data)
    manifest = json.loads(files["manifest.json"])
    tables = list(Table.objects.filter(round__tournament=t).select_related("round", "game")
                  .prefetch_related("seats__player").order_by("round__number", "number"))
    assert len(tables) == len(manifest["games"]) == 4
    stems = [f"games/r{x.round.number:02d}-t{x.number:02d}" for x in tables]
    assert sorted(files) == sorted(["README.txt", "manifest.json", "standings.json",
                                    "standings.csv"] + [f"{s}.record.json" for s in stems]
                                   + [f"{s}.evidence.json" for s in stems])
    # the same bytes as each endpoint serves
    standings = f"/api/tournaments/{t.pk}/standings/"
    assert files["standings.json"] == api.get(standings).content
    assert files["standings.csv"] == api.get(standings + "?format=csv").content
    for table, stem, entry in zip(tables, stems, manifest["games"], strict=True):
        game = table.game
        assert files[f"{stem}.record.json"] == api.get(f"/api/games/{game.pk}/record/").content
        assert (files[f"{stem}.evidence.json"]
                == api.get(f"/api/games/{game.pk}/evidence/").content)
        assert entry["game_id"] == str(game.pk) and entry["head_hash"] == game.head_hash
        assert entry["seed"] == game.seed_revealed == table_seeds.table_seed(
            t.seed, t.secret, table.round.number, table.number)
        assert [s["player"] for s in entry["seats"]] == [
            s.player.name for s in sorted(table.seats.all(), key=lambda s: s.seat)]
        assert (entry["round"], entry["table"]) == (table.round.number, table.number)
        assert entry["places"] == table.places and entry["scores"] == table.scores
        assert entry["verify"] == [f"python -m kolkhoz_core verify {stem}.evidence.json"]
    assert (manifest["seed"], manifest["secret"], manifest["seed_commitment"]) == (
        t.seed, t.secret, t.seed_commitment)
    assert manifest["tournament"]["id"] == t.pk and manifest["tournament"]["rounds"] == 2
    listed = {f["name"]: f for f in manifest["files"]}
    assert set(listed) == set(files) - {"manifest.json"}
    for name, f in listed.items():
        assert f["sha256"] == hashlib.sha256(files[name]).hexdigest()

    path = tmp_path / f"tournament-{t.pk}.zip"
    path.write_bytes(data)
    done = verify(path)
    assert done.returncode == 0, done.stdout + done.stderr
    oks = [line for line in done.stdout.splitlines() if line.startswith("OK   round")]
    assert len(oks) == 4 and "4 of 4 games verified; the archive verifies" in done.stdout
    assert "FAIL" not in done.stdout
    both = verify(path, "--subprocess", "--json")  # each game's CLI as a child process
    assert both.returncode == 0 and json.loads(both.stdout)["ok"]

    # the README's commands, by hand, in the unpacked archive: each prints True / exits 0
    unpacked = tmp_path / "unpacked"
    with zipfile.ZipFile(path) as zf:
        zf.extractall(unpacked)
    readme = files["README.txt"].decode()
    assert f"python -m gamekit.archive verify tournament-{t.pk}.zip" in readme
    snippets = [line.strip() for line in readme.splitlines()
                if line.strip().startswith("python3 -c")]
    assert len(snippets) == 3
    for line in snippets:
        done = subprocess.run(["bash", "-c", line.replace("python3", shlex.quote(
            sys.executable) + " -S", 1)], cwd=unpacked, capture_output=True, text=True,
            check=False)
        assert done.stdout.strip() == "True", (line, done.stderr)
    for entry in manifest["games"]:
        for command in entry["verify"]:
            assert command in readme
            done = offline(*shlex.split(command)[1:], cwd=unpacked)
            assert done.returncode == 0, done.stderr
            assert json.loads(done.stdout)["ok"]


def test_the_ndjson_archive_holds_the_same_files_and_verifies(api, finished_swiss,
                                                                tmp_path):
    t = finished_swiss
    r = api.get(f"/api/tournaments/{t.pk}/archive/?format=ndjson")
    assert r.status_code == 200 and r["Content-Type"] == "application/x-ndjson"
    lines = [json.loads(x) for x in b"".join(r.streaming_content).splitlines()]
    assert lines[-1]["name"] == "manifest.json"
    as_files = {x["name"]: x["text"].encode() for x in lines}
    assert as_files == members(download(api, t))
    path = tmp_path / f"tournament-{t.pk}.ndjson"
    path.write_bytes(b"".join(json.dumps(x).encode() + b"\n" for x in lines))
    done = verify(path)
    assert done.returncode == 0 and "4 of 4 games verified" in done.stdout, done.stdout


def test_a_tampered_archive_fails_saying_what_and_where(api, finished_swiss, tmp_path):
    t = finished_swiss
    honest = members(download(api, t))
    manifest = json.loads(honest["manifest.json"])
    first = manifest["games"][0]
    where = f"round {first['round']} table {first['table']}"

    def run(name: str, files: dict[str, bytes]) -> str:
        done = verify(rezip(files, tmp_path / f"{name}.zip"))
        assert done.returncode == 1, (name, done.stdout)
        assert "the archive does NOT verify" in done.stdout
        return done.stdout

    # one byte of a record, the manifest untouched: its sha256 no longer matches
    files = dict(honest)
    record = bytearray(files[first["record"]])
    at = record.index(b'"seats":["') + 10  # the first letter of seat 0's name
    record[at] = ord("Z") if record[at] != ord("Z") else ord("Y")
    files[first["record"]] = bytes(record)
    out = run("byte", files)
    listed = next(f for f in manifest["files"] if f["name"] == first["record"])
    assert re.search(rf"FAIL files: {first['record']}: its sha256 is [0-9a-f]{{64}}, "
                     rf"manifest.json says {listed['sha256']} \(the file or the manifest was "
                     r"changed\)", out), out
    assert f"FAIL {where} (kolkhoz, game {first['game_id']}): files:" in out
    assert out.count("OK   round") == 3  # the other games still verify

    # the same byte with the manifest updated to match: the record is not the bundle's
    relist(files, first["record"])
    out = run("byte-relisted", files)
    assert "OK   files" in out
    assert f"FAIL {where} (kolkhoz, game {first['game_id']}): head:" in out
    assert "is not the record of the evidence bundle's log" in out

    # one event of an evidence bundle changed, the manifest updated: the game's own CLI
    files = dict(honest)
    bundle = json.loads(files[first["evidence"]])
    deal = next(e for e in bundle["events"] if e["event"]["type"] == "deal")
    hands = deal["event"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    files[first["evidence"]] = json.dumps(bundle, indent=1).encode()
    relist(files, first["evidence"])
    out = run("evidence", files)
    assert re.search(rf"FAIL {where} .*: chain at seq {deal['seq']}: python -m kolkhoz_core "
                     rf"verify {first['evidence']}: seq {deal['seq']}: the event does not "
                     "hash to its stored hash", out), out

    # another secret: the commitment fails, and every table's seed
    files = dict(honest)
    forged = {**manifest, "secret": "0" * 32}
    files["manifest.json"] = json.dumps(forged).encode()
    out = run("secret", files)
    assert "FAIL commitment: sha256(seed#secret) is not the published seed_commitment" in out
    assert out.count(": table_seed: the manifest names seed") == 4

    # a hash in the manifest changed
    files = dict(honest)
    forged = json.loads(honest["manifest.json"])
    forged["files"][0]["sha256"] = "f" * 64
    files["manifest.json"] = json.dumps(forged).encode()
    out = run("hash", files)
    assert f"FAIL files: {forged['files'][0]['name']}: its sha256 is" in out
    assert f"manifest.json says {'f' * 64} (the file or the manifest was changed)" in out

    # a published head or a counted result changed in the manifest
    files = dict(honest)
    forged = json.loads(honest["manifest.json"])
    forged["games"][1]["head_hash"] = "a" * 64
    forged["games"][2]["places"] = list(reversed(forged["games"][2]["places"]))
    files["manifest.json"] = json.dumps(forged).encode()
    out = run("head", files)
    assert re.search(r"FAIL round \d table \d .*: head: the evidence bundle's head [0-9a-f]{64} "
                     f"is not the published head {'a' * 64}", out)
    assert "outcome: the game ends with places" in out

    # a file slipped in
    files = dict(honest)
    files["games/extra.record.json"] = b"{}"
    out = run("extra", files)
    assert "games/extra.record.json is in the archive but not listed in manifest.json" in out

    # not an archive at all
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not a zip\n")
    done = verify(junk)
    assert done.returncode == 2 and "cannot read" in done.stderr


@pytest.mark.parametrize("game", ["gongzhu", "korova", "arne"])
def test_another_games_archive_verifies_each_record_with_its_own_cli(api, postgres, game,
                                                                      tmp_path):
    t = tournament_of(game, n=4, fmt="series", rounds=2, tag=f"archive-{game}")
    services.tournament_start(tournament=t)
    play(t, "table_play")
    data = download(api, t)
    files = members(data)
    manifest = json.loads(files["manifest.json"])
    assert [g["game"] for g in manifest["games"]] == [game, game]
    for entry in manifest["games"]:
        assert entry["evidence"] is None
        game_row = Game.objects.get(pk=entry["game_id"])
        assert files[entry["record"]] == api.get(f"/api/games/{game_row.pk}/record/").content
        assert entry["verify"] == [f"python -m {game}_core verify {entry['record']} --head "
                                   f"{game_row.head_hash} --engine-version "
                                   f"{game_row.engine_version}"]
    path = tmp_path / f"tournament-{t.pk}.zip"
    path.write_bytes(data)
    done = verify(path)
    assert done.returncode == 0 and "2 of 2 games verified" in done.stdout, done.stdout

    # a record's decision dropped, the manifest updated: the game's verify refuses it
    first = manifest["games"][0]
    record = json.loads(files[first["record"]])
    record["inputs"] = record["inputs"][:-1]
    files[first["record"]] = json.dumps(record).encode()
    relist(files, first["record"])
    done = verify(rezip(files, tmp_path / "forged.zip"))
    assert done.returncode == 1
    assert re.search(rf"FAIL round 1 table 1 \({game}, .*\): (adjudication|head).*python -m "
                     rf"{game}_core verify {first['record']}", done.stdout), done.stdout
    assert "OK   round 2 table 1" in done.stdout


def test_an_unfinished_tournament_archive_is_refused_and_leaks_nothing(api, postgres):
    draft = make_tournament(n=4, fmt="series", rounds=1, seed="archive-draft")
    running = make_tournament(n=4, fmt="series", rounds=1, seed="archive-running")
    services.tournament_start(tournament=running)
    person = make_person("archive-person")
    closed = make_mixed_tournament(person=person, seed="archive-closed-early")
    services.tournament_start(tournament=closed)
    Tournament.objects.filter(pk=closed.pk).update(status="finished")  # the admin's field
    for t in (draft, running, closed):
        t.refresh_from_db()
        games = list(Game.objects.filter(table__round__tournament=t))
        secrets = [t.secret] + [g.seed_secret for g in games] + [
            table_seeds.table_seed(t.seed, t.secret, 1, 1)]
        for fmt in ("", "?format=zip", "?format=ndjson"):
            r = api.get(f"/api/tournaments/{t.pk}/archive/{fmt}")
            assert r.status_code == 409, (t.status, fmt)
            assert r["Content-Type"] == "application/json"
            assert r.json()["error"]["code"] == "tournament_not_finished"
            for secret in secrets:
                assert secret not in r.content.decode()
    with pytest.raises(Exception) as refused:
        archives.tournament_archive(tournament=closed)
    assert getattr(refused.value, "code", None) == "tournament_not_finished"
    r = api.get(f"/api/tournaments/{running.pk + 10_000}/archive/")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"


def test_the_zip_is_not_gzipped_again_the_ndjson_is(api, finished_swiss):
    t = finished_swiss
    r = api.get(f"/api/tournaments/{t.pk}/archive/", HTTP_ACCEPT_ENCODING="gzip")
    assert r.status_code == 200 and "Content-Encoding" not in r
    assert int(r["Content-Length"]) == len(b"".join(r.streaming_content))
    r = api.get(f"/api/tournaments/{t.pk}/archive/?format=ndjson", HTTP_ACCEPT_ENCODING="gzip")
    assert r.status_code == 200 and r["Content-Encoding"] == "gzip"


def test_a_bad_format_is_a_clear_error(api, finished_swiss):
    t = finished_swiss
    r = api.get(f"/api/tournaments/{t.pk}/archive/?format=json")
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_format"
    r = api.get(f"/api/tournaments/{t.pk}/archive/?format=bogus")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"


def test_the_archive_endpoint_is_in_the_openapi_schema(api):
    schema = api.get("/api/schema/?format=json").json()
    op = schema["paths"]["/api/tournaments/{id}/archive/"]["get"]
    assert op["operationId"] == "tournaments_archive"
    assert {"application/zip", "application/x-ndjson"} <= set(op["responses"]["200"]["content"])
    assert {"404", "409"} <= set(op["responses"])
    assert "tournament_not_finished" in op["description"]


def test_a_16_bot_3_round_archive_size_time_and_bounded_memory(api, postgres, monkeypatch,
                                                                tmp_path):
    """The figures docs/archives.md quotes (printed; run with -s), and the memory bound:
    written one game at a time into a spooled file, the archive's peak Python memory stays
    below half the archive's size (the NDJSON form, the larger) once the spool is on
    disk."""
    t = make_tournament(n=16, fmt="swiss", rounds=3, seed="archive-16")
    services.tournament_start(tournament=t)
    play_inline(t)
    t.refresh_from_db()
    started = time.perf_counter()
    data = download(api, t)
    took = time.perf_counter() - started
    path = tmp_path / "t16.zip"
    path.write_bytes(data)
    started = time.perf_counter()
    done = verify(path)
    verified = time.perf_counter() - started
    assert done.returncode == 0 and "12 of 12 games verified" in done.stdout
    monkeypatch.setattr(archives, "SPOOL_BYTES", 64 * 1024)
    write_game = archives._write_game
    after: list[tuple[int, int]] = []  # (current, peak) traced memory after each game

    def measured(*args: Any) -> Any:
        entry = write_game(*args)
        after.append(tracemalloc.get_traced_memory())
        return entry

    monkeypatch.setattr(archives, "_write_game", measured)
    tracemalloc.start()
    try:
        built = archives.tournament_archive(tournament=t, fmt="ndjson")
    finally:
        tracemalloc.stop()
    built.file.close()
    print(f"\narchive of 16 bots x 3 rounds: {built.games} games, zip {len(data)} bytes "
          f"(API {took:.2f} s), ndjson {built.size} bytes; peak Python memory after 4 games "
          f"{after[3][1]} bytes, after 12 {after[-1][1]}; held after 4 games {after[3][0]}, "
          f"after 12 {after[-1][0]}; verified offline in {verified:.2f} s")
    assert built.games == len(after) == 12 and len(data) < built.size
    per_game = built.size / 12
    # the last 8 games (two thirds of the archive) add less than one game's worth of
    # memory, held or at the peak: nothing accumulates in memory from game to game
    assert after[-1][0] - after[3][0] < per_game, after
    assert after[-1][1] - after[3][1] < per_game, after


CLAUSE = {"kolkhoz": "req.take", "gongzhu": "round.deal"}  # a clause of each rulebook


@pytest.mark.parametrize("game", ["kolkhoz", "gongzhu"])
def test_an_arbiters_ruling_is_in_the_archive_and_still_verifies(api, postgres, game,
                                                                  tmp_path):
    """An upheld ruling appends ``result_adjusted`` after the end: the record carries it
    as ``adjustments``, the head covers it, the manifest counts the adjusted places."""
    from tests.audit.test_disputes import _user as client_of

    t = tournament_of(game, n=4, fmt="series", rounds=1, tag=f"archive-ruled-{game}")
    services.tournament_start(tournament=t)
    play(t, "table_play")
    table = Table.objects.get(round__tournament=t)
    old = list(table.places)
    new = [1, 2, 3, 4] if old != [1, 2, 3, 4] else [4, 3, 2, 1]
    raiser, arbiter = client_of(f"raiser-{game}"), client_of(f"arbiter-{game}", "arbiters")
    raised = raiser.post("/api/disputes/", {"game": str(table.game_id), "seq_from": 1,
                                            "seq_to": 2, "clause": CLAUSE[game], "text": "wrong"},
                         format="json")
    assert raised.status_code == 201, raised.content
    did = raised.json()["id"]
    arbiter.post(f"/api/disputes/{did}/review/")
    adjustment = {"type": "result_adjusted", "places": new}
    confirm = arbiter.post(f"/api/disputes/{did}/preview/", {"adjustment": adjustment},
                           format="json").json()["confirm"]
    r = arbiter.post(f"/api/disputes/{did}/rule/", {
        "decision": "upheld", "ruling": "Upheld.", "adjustment": adjustment,
        "confirm": confirm}, format="json")
    assert r.status_code == 200, r.content
    files = members(download(api, t))
    entry = json.loads(files["manifest.json"])["games"][0]
    record = json.loads(files[entry["record"]])
    assert entry["adjusted"] and entry["places"] == new
    assert [a["type"] for a in record["adjustments"]] == ["result_adjusted"]
    assert entry["head_hash"] == Game.objects.get(pk=table.game_id).head_hash
    done = verify(rezip(files, tmp_path / "ruled.zip"))
    assert done.returncode == 0 and "1 of 1 games verified" in done.stdout, done.stdout
    # the ruling taken out of the record (and the manifest updated): the head shows it
    record.pop("adjustments")
    files[entry["record"]] = json.dumps(record).encode()
    relist(files, entry["record"])
    done = verify(rezip(files, tmp_path / "unruled.zip"))
    assert done.returncode == 1 and "FAIL round 1 table 1" in done.stdout, done.stdout
