"""Verifying a tournament archive offline (standard library and the game packages only:
no Django, no database, no network): ``verify_archive(path)``.

Archive-wide checks, then one verdict per game (docs/archives.md):

``manifest``
    ``manifest.json`` is a ``kolkhoz-tournament-archive/1`` document;
``files``
    every file the manifest lists is there with its ``sha256`` and size, and the archive
    holds no file it does not list;
``commitment``
    ``sha256(seed + "#" + secret)`` is the tournament's ``seed_commitment`` (published
    when it was created: compare it with the one you saw then);

and for each game, in order, stopping at its first failure:

``files``
    its record (and evidence bundle) passed the ``files`` check;
``table_seed``
    the seed its manifest entry, its record (and its bundle) name is the table seed
    re-derived from the tournament's seed and secret (``layout.expected_table_seed``; the
    round's one seed in a duplicate tournament);
``verify``
    the game's own command line accepts it — ``python -m <game>_core verify`` on the
    evidence bundle where the game has one (Kolkhoz), else on the record with ``--head``
    (the published head hash) and ``--engine-version`` (``gamekit.recordcheck``);
``head``
    the bundle's head hash is the manifest's, and the record is the bundle's record;
``outcome``
    the places and scores the manifest (and so the standings) count are those the
    game's end event gives (not checked for a game an arbiter adjusted afterwards: its
    ``adjustments`` say what changed).

The game's command line runs in this process (its ``cli.main``) or, with
``use_subprocess``, as ``python -m <game>_core verify FILE`` in a child process.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import subprocess
import sys
import tempfile
from typing import Any

from .. import registry
from . import layout
from .reader import ArchiveError, Members, open_archive

#: what a malformed manifest (a value of the wrong type, a missing key) raises while it
#: is read: reported as a failed check, never a crash
MALFORMED = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
             RecursionError)


class _Fail(Exception):
    def __init__(self, check: str, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.check, self.message, self.seq = check, message, seq


def verify_archive(path: str, *, use_subprocess: bool = False) -> dict[str, Any]:
    """Check the archive at ``path`` (zip or NDJSON). Returns ``{"ok", "archive",
    "tournament": {id, name, game} | None, "checks": [{"check", "ok", "message"}],
    "games": [{"file", "round", "table", "game", "game_id", "ok", "passed", "failure":
    {"check", "seq", "message"} | None, "head_hash"}]}``; ``ok`` only when every check of
    the archive and of every game passes. Never raises on a tampered archive (a check
    fails); raises ArchiveError or OSError when ``path`` cannot be read at all."""
    with open_archive(path) as members:
        report: dict[str, Any] = {"ok": False, "archive": path, "tournament": None,
                                  "checks": [], "games": []}
        checks: list[dict[str, Any]] = report["checks"]
        try:
            manifest = _manifest(members)
        except _Fail as f:
            checks.append({"check": f.check, "ok": False, "message": f.message})
            return report
        t = manifest.get("tournament")
        t = t if isinstance(t, dict) else {}
        report["tournament"] = {k: t.get(k) for k in ("id", "name", "game")}
        checks.append({"check": "manifest", "ok": True,
                       "message": f"{layout.FORMAT}, {len(manifest['games'])} games"})
        try:
            bad_files = _files(members, manifest, checks)
        except MALFORMED as e:
            bad_files = {}
            checks.append({"check": "files", "ok": False, "message": f"the manifest's "
                           f"'files' are malformed ({type(e).__name__}: {e})"})
        try:
            _commitment(manifest, checks)
        except MALFORMED as e:  # a seed or secret that is no UTF-8 text (a lone surrogate)
            checks.append({"check": "commitment", "ok": False, "message": "the manifest's "
                           f"seed or secret is malformed ({type(e).__name__}: {e})"})
        with tempfile.TemporaryDirectory(prefix="kolkhoz-archive-") as tmp:
            for i, entry in enumerate(manifest["games"]):
                report["games"].append(_game(members, manifest, entry, bad_files, tmp, i,
                                             use_subprocess))
        try:
            _every_game_file_is_a_game(members, manifest, checks)
        except MALFORMED as e:
            checks.append({"check": "games", "ok": False, "message": f"the manifest's "
                           f"'games' are malformed ({type(e).__name__}: {e})"})
        report["ok"] = (all(c["ok"] for c in checks)
                        and all(g["ok"] for g in report["games"]))
        return report


def _manifest(members: Members) -> dict[str, Any]:
    if layout.MANIFEST not in members.names():
        raise _Fail("manifest", f"the archive has no {layout.MANIFEST}")
    try:
        text = members.read(layout.MANIFEST)
    except ArchiveError as e:
        raise _Fail("manifest", f"{layout.MANIFEST} cannot be read: {e}") from None
    try:
        manifest = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise _Fail("manifest", f"{layout.MANIFEST} is not JSON: {e}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != layout.FORMAT:
        raise _Fail("manifest", f"{layout.MANIFEST} is not a {layout.FORMAT} document")
    files, games = manifest.get("files"), manifest.get("games")
    if not (isinstance(files, list) and all(isinstance(f, dict) for f in files)
            and isinstance(games, list) and all(isinstance(g, dict) for g in games)):
        raise _Fail("manifest", "'files' and 'games' must be lists of objects")
    return manifest


def _files(members: Members, manifest: dict[str, Any], checks: list[dict[str, Any]]
           ) -> dict[str, str]:
    """Check every listed file; returns name -> what is wrong with it."""
    bad: dict[str, str] = {}
    present = set(members.names())
    listed = set()
    for f in manifest["files"]:
        name = f.get("name")
        listed.add(name)
        if name not in present:
            bad[str(name)] = f"{name} is listed in {layout.MANIFEST} but not in the archive"
            continue
        try:
            data = members.read(name)
        except ArchiveError as e:
            bad[name] = str(e)
            continue
        digest = layout.sha256_hex(data)
        if digest != f.get("sha256"):
            bad[name] = (f"{name}: its sha256 is {digest}, {layout.MANIFEST} says "
                         f"{f.get('sha256')} (the file or the manifest was changed)")
        elif len(data) != f.get("bytes"):
            bad[name] = f"{name}: {len(data)} bytes, {layout.MANIFEST} says {f.get('bytes')}"
    for name in sorted(present - listed - {layout.MANIFEST}):
        bad[name] = f"{name} is in the archive but not listed in {layout.MANIFEST}"
    if bad:
        checks.append({"check": "files", "ok": False, "message": "; ".join(bad.values())})
    else:
        checks.append({"check": "files", "ok": True, "message": f"{len(listed)} files match "
                       f"their sha256 in {layout.MANIFEST}"})
    return bad


def _every_game_file_is_a_game(members: Members, manifest: dict[str, Any],
                               checks: list[dict[str, Any]]) -> None:
    """``games``: every file under ``games/`` is the record or bundle of a game the
    manifest lists (a game taken out of the manifest but left in the archive shows)."""
    named = {g.get(k) for g in manifest["games"] for k in ("record", "evidence")
             if isinstance(g.get(k), str)}
    stray = sorted(n for n in members.names()
                   if n.startswith(layout.GAMES_DIR + "/") and n not in named)
    if stray:
        checks.append({"check": "games", "ok": False, "message": f"{', '.join(stray)}: in "
                       "the archive but no game of the manifest's names it"})
    else:
        checks.append({"check": "games", "ok": True, "message": f"every file under "
                       f"{layout.GAMES_DIR}/ belongs to one of the {len(manifest['games'])} "
                       "games"})


def _commitment(manifest: dict[str, Any], checks: list[dict[str, Any]]) -> None:
    seed, secret = manifest.get("seed"), manifest.get("secret")
    published = manifest.get("seed_commitment")
    if not isinstance(seed, str) or (secret is not None and not isinstance(secret, str)):
        checks.append({"check": "commitment", "ok": False, "message": "the manifest has no "
                       "seed and secret (strings) to check"})
    elif not secret:
        checks.append({"check": "commitment", "ok": manifest.get("seed_scheme") ==
                       layout.LEGACY_SCHEME, "message": "a tournament from before secrets "
                       "(seed_scheme legacy): its table seeds are seed/rR/tT"})
    elif not isinstance(secret, str) or layout.commitment(seed, secret) != published:
        checks.append({"check": "commitment", "ok": False, "message": "sha256(seed#secret) "
                       f"is not the published seed_commitment {published}: the seed or the "
                       "secret is not the one the tournament committed to"})
    else:
        checks.append({"check": "commitment", "ok": True, "message": "sha256(seed#secret) "
                       f"is the published seed_commitment {published}"})


def _game(members: Members, manifest: dict[str, Any], entry: dict[str, Any],
          bad_files: dict[str, str], tmp: str, index: int, use_subprocess: bool
          ) -> dict[str, Any]:
    out: dict[str, Any] = {"file": entry.get("record"), "round": entry.get("round"),
                           "table": entry.get("table"), "game": entry.get("game"),
                           "game_id": entry.get("game_id"), "ok": False, "passed": [],
                           "failure": None, "head_hash": entry.get("head_hash")}
    try:
        names = [n for n in (entry.get("record"), entry.get("evidence")) if n is not None]
        if not names or not all(isinstance(n, str) for n in names):
            raise _Fail("files", "the manifest names no record for this game")
        for name in names:
            if name in bad_files:
                raise _Fail("files", bad_files[name])
            if name not in {f.get("name") for f in manifest["files"]}:
                raise _Fail("files", f"{name} is not listed in the manifest's files")
        out["passed"].append("files")
        record = _json(members, entry["record"])
        bundle = _json(members, entry["evidence"]) if entry.get("evidence") else None
        _table_seed(manifest, entry, record, bundle)
        out["passed"].append("table_seed")
        end, head_seq = _run_verify(members, entry, bundle, tmp, index, use_subprocess)
        out["passed"].append("verify")
        if bundle is not None:
            _bundle_matches(entry, record, bundle)
        if head_seq != entry.get("head_seq"):
            raise _Fail("head", f"the log has {head_seq} events, the manifest says "
                        f"{entry.get('head_seq')}")
        out["passed"].append("head")
        adjustments = record.get("adjustments") if isinstance(record, dict) else None
        if bool(entry.get("adjusted")) != bool(adjustments):
            raise _Fail("outcome", f"the manifest says adjusted={entry.get('adjusted')!r}, "
                        f"but the record has {len(adjustments or [])} adjustments")
        if not entry.get("adjusted"):
            for key in ("places", "scores"):
                if end.get(key) != entry.get(key):
                    raise _Fail("outcome", f"the game ends with {key} {end.get(key)}, the "
                                f"manifest counts {entry.get(key)}")
            out["passed"].append("outcome")
    except _Fail as f:
        out["failure"] = {"check": f.check, "seq": f.seq, "message": f.message}
        return out
    except MALFORMED as e:
        out["failure"] = {"check": "manifest", "seq": None, "message": f"the manifest's entry "
                          f"of this game is malformed ({type(e).__name__}: {e})"}
        return out
    out["ok"] = True
    return out


def _json(members: Members, name: str) -> Any:
    try:
        return json.loads(members.read(name))
    except (ValueError, KeyError, ArchiveError, RecursionError) as e:
        raise _Fail("files", f"{name} is not readable JSON: {e}") from None


def _table_seed(manifest: dict[str, Any], entry: dict[str, Any], record: Any,
                bundle: Any) -> None:
    rnd, table = entry.get("round"), entry.get("table")
    if not (isinstance(rnd, int) and isinstance(table, int)):
        raise _Fail("table_seed", "the manifest entry has no round and table numbers")
    seed, secret = manifest.get("seed"), manifest.get("secret")
    if not isinstance(seed, str) or (secret is not None and not isinstance(secret, str)):
        raise _Fail("table_seed", "the manifest has no seed (and secret) to derive from")
    about = manifest.get("tournament")
    duplicate = isinstance(about, dict) and about.get("duplicate") is True
    want, scheme = layout.expected_table_seed(seed, secret, int(manifest.get(
        "secret_from_round") or 1), rnd, table, duplicate=duplicate)
    named = {"the manifest": entry.get("seed"),
             "the record": record.get("seed") if isinstance(record, dict) else None}
    if bundle is not None:
        named["the evidence bundle"] = bundle.get("seed") if isinstance(bundle, dict) else None
    for where, got in named.items():
        if got != want:
            raise _Fail("table_seed", f"{where} names seed {got!r}, but round {rnd} table "
                        f"{table}'s seed re-derived from the tournament's seed and secret "
                        f"({scheme}{', duplicate' if duplicate else ''}) is {want!r}")


def _run_verify(members: Members, entry: dict[str, Any], bundle: Any, tmp: str, index: int,
                use_subprocess: bool) -> tuple[dict[str, Any], Any]:
    """Run the game's ``verify`` on its evidence bundle, else its record; returns the end
    event (places, scores) and the number of events of the verified log."""
    game = entry.get("game")
    if game not in registry.BUILTIN:
        raise _Fail("verify", f"unknown game {game!r} (this verifier knows "
                    f"{', '.join(sorted(registry.BUILTIN))})")
    name = entry["evidence"] if bundle is not None else entry["record"]
    path = os.path.join(tmp, f"{index}.json")
    with open(path, "wb") as fh:
        fh.write(members.read(name))
    argv = ["verify", path]
    if bundle is None:
        argv += ["--head", str(entry.get("head_hash")),
                 "--engine-version", str(entry.get("engine_version"))]
    package = registry.BUILTIN[game].rsplit(".", 1)[0]
    code, stdout, stderr = _cli(package, argv, use_subprocess)
    if code != 0:
        try:
            failure = json.loads(stderr.strip().splitlines()[-1])["error"]
        except (ValueError, IndexError, KeyError, TypeError):
            failure = {"check": "verify", "seq": None, "message": stderr.strip()[-500:]}
        raise _Fail(str(failure.get("check") or "verify"),
                    f"python -m {package} verify {name}: {failure.get('message')}",
                    failure.get("seq"))
    if bundle is not None:
        events = [e.get("event") or {} for e in bundle.get("events") or []]
        end = next((e for e in events if e.get("type") == "game_end"), {})
        return end, bundle.get("head_seq")
    try:
        report = dict(json.loads(stdout.strip().splitlines()[-1]))
    except (ValueError, IndexError, TypeError):
        raise _Fail("verify", f"python -m {package} verify printed no report") from None
    return report, report.get("head_seq")


def _cli(package: str, argv: list[str], use_subprocess: bool) -> tuple[int, str, str]:
    """Exit status, standard output and standard error of ``python -m package *argv``."""
    if use_subprocess:
        flags = ["-S"] if sys.flags.no_site else []  # as bare as this process
        done = subprocess.run([sys.executable, *flags, "-m", package, *argv],
                              capture_output=True, text=True, check=False)
        return done.returncode, done.stdout, done.stderr
    out, err = io.StringIO(), io.StringIO()
    try:
        code = importlib.import_module(f"{package}.cli").main(argv, out=out, err=err)
    except SystemExit as e:
        code = int(e.code or 0)
    except Exception as e:  # noqa: BLE001 - a tampered file is a failure, never a crash
        err.write(json.dumps({"error": {"check": "verify", "seq": None,
                                        "message": f"{type(e).__name__}: {e}"}}) + "\n")
        code = 1
    return code, out.getvalue(), err.getvalue()


def _bundle_matches(entry: dict[str, Any], record: Any, bundle: dict[str, Any]) -> None:
    if bundle.get("head_hash") != entry.get("head_hash"):
        raise _Fail("head", f"the evidence bundle's head {bundle.get('head_hash')} is not the "
                    f"published head {entry.get('head_hash')}")
    # the bundle's record always lists its adjustments; a record lists them when any
    ours = dict(record) if isinstance(record, dict) else {}
    theirs = dict(bundle.get("record") or {})
    if (ours.pop("adjustments", []) != theirs.pop("adjustments", None)) or ours != theirs:
        raise _Fail("head", f"{entry['record']} is not the record of the evidence bundle's "
                    "log")


def report_lines(report: dict[str, Any]) -> list[str]:
    """The report as lines for a person: one per archive check and per game (``OK`` or
    ``FAIL`` and why), then a summary."""
    lines = [f"{'OK  ' if c['ok'] else 'FAIL'} {c['check']}: {c['message']}"
             for c in report["checks"]]
    for g in report["games"]:
        where = f"round {g['round']} table {g['table']} ({g['game']}, game {g['game_id']})"
        if g["ok"]:
            lines.append(f"OK   {where}: {', '.join(g['passed'])}; head {g['head_hash']}")
        else:
            f = g["failure"]
            at = f" at seq {f['seq']}" if f.get("seq") is not None else ""
            lines.append(f"FAIL {where}: {f['check']}{at}: {f['message']}")
    good = sum(1 for g in report["games"] if g["ok"])
    lines.append(f"{good} of {len(report['games'])} games verified; the archive "
                 f"{'verifies' if report['ok'] else 'does NOT verify'}")
    return lines
