"""The README.txt inside a tournament archive: what the files are and, in words and exact
commands, how to verify them offline (docs/archives.md says the same at length)."""

from __future__ import annotations

from typing import Any

from gamekit.archive import layout

_CHECK_COMMITMENT = (
    "python3 -c \"import json,hashlib; m=json.load(open('manifest.json')); "
    "print(hashlib.sha256((m['seed']+'#'+m['secret']).encode()).hexdigest() "
    "== m['seed_commitment'])\"")
_CHECK_TABLE_SEEDS = (
    "python3 -c \"import json,hmac,hashlib; m=json.load(open('manifest.json')); "
    "print(all(hmac.new(m['secret'].encode(), f\\\"kolkhoz-table-seed/1:{m['seed']}/r{g['round']}"
    "/t{g['table']}\\\".encode(), hashlib.sha256).hexdigest() == g['seed'] "
    "for g in m['games']))\"")
_CHECK_DUPLICATE_SEEDS = (
    "python3 -c \"import json,hmac,hashlib; m=json.load(open('manifest.json')); "
    "print(all(hmac.new(m['secret'].encode(), f\\\"kolkhoz-table-seed/1:{m['seed']}/r{g['round']}"
    "/dup\\\".encode(), hashlib.sha256).hexdigest() == g['seed'] "
    "for g in m['games']))\"")
_CHECK_FILES = (
    "python3 -c \"import json,hashlib; m=json.load(open('manifest.json')); "
    "print(all(hashlib.sha256(open(f['name'],'rb').read()).hexdigest() == f['sha256'] "
    "for f in m['files']))\"")


def readme_text(manifest: dict[str, Any]) -> str:
    """The README of an archive whose manifest (without ``files`` yet) is ``manifest``."""
    t = manifest["tournament"]
    name = f"tournament-{t['id']}"
    games = manifest["games"]
    kinds = sorted({g["game"] for g in games}) or [t["game"]]
    lines = [
        f"Tournament archive: {t['name']} (tournament {t['id']}, {t['game']}, {t['format']}, "
        f"{t['rounds']} rounds), {layout.FORMAT}",
        "",
        "WHAT IS INSIDE",
        "  manifest.json   the tournament (id, name, game, format, rounds), its seed, secret",
        "                  and seed_commitment, the sha256 and size of every other file, and",
        "                  for each game: its round, table, seats and players, result, the",
        "                  table seed and how it derives, the head hash of its event log, and",
        "                  the command that verifies it",
        f"  standings.json  the standings as GET /api/tournaments/{t['id']}/standings/ served "
        "them",
        "  standings.csv   the same as ?format=csv",
        "  games/rRR-tTT.record.json    each table's game record in the game's own record",
        "                  format, the bytes GET /api/games/{id}/record/ serves",
        "  games/rRR-tTT.evidence.json  (Kolkhoz) the game's evidence bundle",
        "                  (kolkhoz-evidence/1), the bytes GET /api/games/{id}/evidence/ serves",
        "  README.txt      this file",
        "",
        "HOW TO VERIFY IT OFFLINE",
        "You need Python 3.11 or later and the Kolkhoz Platform's game packages (gamekit and "
        f"{', '.join(f'{k}_core' for k in kinds)}: standard library only, no Django, no "
        "database, no network). Put the directory that holds them on PYTHONPATH.",
        "",
        "1. Everything at once:",
        f"     python -m gamekit.archive verify {name}.zip",
        "   It checks every file's sha256 against manifest.json, the seed commitment, each",
        "   table's seed re-derived from seed and secret, and runs each game's own verify",
        "   command on its file. It prints OK or FAIL for each check and each game (naming",
        "   the check, the seq and the reason) and exits 0 only if everything verifies.",
        "",
        "2. The same by hand, after unpacking (unzip " + name + ".zip -d " + name + "; cd "
        + name + "):",
        "   a. Every file is the one the manifest lists (prints True):",
        "        " + _CHECK_FILES,
        "   b. The seed and secret are those the tournament committed to when it was created",
        "      (prints True; also compare seed_commitment with the one the tournament page",
        "      showed while it was being played):",
        "        " + _CHECK_COMMITMENT,
        *(["   c. Every table of a round of this duplicate tournament shares the round's seed, "
            + layout.DUPLICATE_SEED_FORMULA + " (prints True):",
            "        " + _CHECK_DUPLICATE_SEEDS] if t.get("duplicate") else
          ["   c. Each table's game seed is " + layout.TABLE_SEED_FORMULA + " (prints True):",
           "        " + _CHECK_TABLE_SEEDS]),
        "      (rounds before secret_from_round of a tournament from before secrets used "
        f"{layout.LEGACY_SEED_FORMULA}; the manifest's seed_derivation says which.)",
        "   d. Each game with its own command line. The evidence bundle (Kolkhoz) is checked",
        "      whole: hash chain, seed commitment, every deal from the seed, re-adjudication;",
        "      a record is re-adjudicated, its deals checked against its seed, and its log's",
        "      hash chain must end at the head hash the platform published (--head):",
    ]
    lines += [f"        {cmd}" for g in games for cmd in g["verify"]]
    if not games:
        lines.append("        (no game was played)")
    lines += [
        "      Each prints a JSON report and exits 0, or exits 1 naming the first check that",
        "      failed on standard error.",
        "",
        "See docs/archives.md, docs/verify.md and docs/shuffle.md in the platform's source.",
        "",
    ]
    return "\n".join(lines)
