"""A finished tournament as one archive (``kolkhoz-tournament-archive/1``,
docs/archives.md): every table's game record — the same bytes ``GET
/api/games/{id}/record/`` serves, and for a game with evidence bundles (Kolkhoz) the
bundle ``GET /api/games/{id}/evidence/`` serves —, the standings as JSON and CSV (the
bytes of ``GET /api/tournaments/{id}/standings/``), a ``manifest.json`` (the
tournament, its seed, secret and commitment, every file's sha256, and per game its
round, table, seats, result, table seed and head hash) and a ``README.txt`` saying how
to verify it offline (``python -m gamekit.archive verify``).

Only a tournament whose seed material is public (finished, no game live:
``selectors.seed_material_public``) is archived: before that the archive would carry
the secret and every hidden card. The archive is written one game at a time into a
spooled temporary file (in memory up to ``SPOOL_BYTES``, then on disk), so memory stays
bounded whatever the tournament's size.
"""

from __future__ import annotations

import json
import tempfile
import zipfile
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import IO, Any

from rest_framework.renderers import JSONRenderer

from gamekit.archive import layout
from replays import engine
from replays.audit import game_evidence
from replays.errors import ConflictError
from replays.models import GameStatus
from replays.selectors import game_record

from .archive_readme import readme_text
from .models import Bye, Table, Tournament
from .renderers import StandingsCSVRenderer
from .selectors import seed_material_public, tournament_csv_columns, tournament_standings

SPOOL_BYTES = 8 * 1024 * 1024
FORMATS = ("zip", "ndjson")
CONTENT_TYPES = {"zip": "application/zip", "ndjson": "application/x-ndjson"}


@dataclass
class Archive:
    """A built archive: ``file`` (positioned at 0), its ``filename`` and
    ``content_type``, its ``size`` in bytes and the number of ``games`` in it."""

    file: IO[bytes]
    filename: str
    content_type: str
    size: int
    games: int


@dataclass
class _Writer:
    """Files into a zip or NDJSON stream, each hashed for the manifest."""

    fmt: str
    out: IO[bytes]
    date_time: tuple[int, int, int, int, int, int]
    files: list[dict[str, Any]] = field(default_factory=list)
    _zip: zipfile.ZipFile | None = None

    def __post_init__(self) -> None:
        if self.fmt == "zip":
            self._zip = zipfile.ZipFile(self.out, "w", compression=zipfile.ZIP_DEFLATED)

    def add(self, name: str, data: bytes, *, listed: bool = True) -> dict[str, Any]:
        entry = {"name": name, "sha256": layout.sha256_hex(data), "bytes": len(data)}
        if listed:
            self.files.append(entry)
        if self._zip is not None:
            info = zipfile.ZipInfo(name, date_time=self.date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            self._zip.writestr(info, data)
        else:
            line = json.dumps({"name": name, "text": data.decode("utf-8")},
                              ensure_ascii=False, separators=(",", ":"))
            self.out.write(line.encode("utf-8") + b"\n")
        return entry

    def close(self) -> None:
        if self._zip is not None:
            self._zip.close()


def _json_bytes(data: Any) -> bytes:
    """``data`` as the API's JSON renderer writes it (the bytes an endpoint serves)."""
    return bytes(JSONRenderer().render(data))


def evidence_bytes(bundle: dict[str, Any]) -> bytes:
    """An evidence bundle as ``GET /api/games/{id}/evidence/`` serves it."""
    return json.dumps(bundle, ensure_ascii=False, indent=1).encode("utf-8")


def tournament_archive(*, tournament: Tournament, fmt: str = "zip") -> Archive:
    """Build the archive of a finished tournament (``fmt``: ``zip`` or ``ndjson``).

    Raises ConflictError (409 ``tournament_not_finished``) unless its seed material is
    public — finished and no table's game live (docs/shuffle.md); nothing is read from
    its games before that check. The caller closes ``Archive.file``."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown archive format {fmt!r}")
    if not seed_material_public(tournament):
        raise ConflictError("the archive is available once the tournament is finished "
                            "and none of its games is live (it carries the tournament's "
                            "secret and every card)", code="tournament_not_finished")
    finished = tournament.finished_at or tournament.created_at
    out = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115 - the caller's
    writer = _Writer(fmt, out, date_time=(max(finished.year, 1980), finished.month,
                                          finished.day, finished.hour, finished.minute,
                                          finished.second))
    try:
        manifest = _write(writer, tournament)
        writer.add(layout.MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1)
                   .encode("utf-8"), listed=False)
        writer.close()
        size = out.tell()
        out.seek(0)
    except BaseException:
        out.close()
        raise
    return Archive(file=out, filename=f"tournament-{tournament.pk}.{fmt}",
                   content_type=CONTENT_TYPES[fmt], size=size, games=len(manifest["games"]))


def _write(writer: _Writer, t: Tournament) -> dict[str, Any]:
    """Write the games, standings and README; returns the manifest."""
    head = _manifest_head(t)
    tables = list(Table.objects.filter(round__tournament=t)
                  .select_related("round", "game").prefetch_related("seats__player")
                  .order_by("round__number", "number"))
    width = max(2, len(str(max([x.number for x in tables] + [x.round.number for x in tables]
                               + [1]))))
    games, without = [], []
    for table in tables:
        game = table.game
        if game is None or game.status != GameStatus.FINISHED:
            without.append({"round": table.round.number, "table": table.number,
                            "status": table.status, "game_id": game and str(game.pk)})
            continue
        games.append(_write_game(writer, t, table, layout.game_stem(
            table.round.number, table.number, width)))
    rows = tournament_standings(tournament=t)
    writer.add(layout.STANDINGS_JSON, _json_bytes(rows))
    columns = tournament_csv_columns(tournament=t)
    writer.add(layout.STANDINGS_CSV, StandingsCSVRenderer().render(
        rows, renderer_context={"view": SimpleNamespace(csv_columns=columns)}))
    byes = [{"round": b.round.number, "player": b.player.name}
            for b in Bye.objects.filter(round__tournament=t).select_related("round", "player")
            .order_by("round__number", "player__name")]
    manifest = {**head, "games": games, "tables_without_game": without, "byes": byes}
    writer.add(layout.README, readme_text(manifest).encode("utf-8"))
    manifest["files"] = writer.files
    return manifest


def _manifest_head(t: Tournament) -> dict[str, Any]:
    secret = t.secret or None
    return {
        "format": layout.FORMAT,
        "tournament": {"id": t.pk, "name": t.name, "league": t.season.league.name,
                       "season": t.season.number, "game": t.game, "format": t.format,
                       "rounds": t.rounds, "table_size": t.table_size, "ruleset": t.ruleset,
                       "placement_points": t.placement_points, "fill_policy": t.fill_policy,
                       "duplicate": t.duplicate,
                       "status": t.status,
                       "finished_at": t.finished_at.isoformat() if t.finished_at else None,
                       "api": f"/api/tournaments/{t.pk}/"},
        "seed": t.seed, "secret": secret, "seed_commitment": t.seed_commitment or None,
        "seed_scheme": (layout.LEGACY_SCHEME if not secret else
                        layout.TABLE_SEED_SCHEME if t.secret_from_round <= 1 else
                        f"legacy-then-{layout.TABLE_SEED_SCHEME}"),
        "secret_from_round": t.secret_from_round,
        "how_to_derive": {"seed_commitment": layout.COMMITMENT_FORMULA,
                          "table_seed": layout.TABLE_SEED_FORMULA,
                          "duplicate_round_seed": layout.DUPLICATE_SEED_FORMULA,
                          "legacy_table_seed": layout.LEGACY_SEED_FORMULA + " (rounds before "
                          "secret_from_round, or every round without a secret)"},
        "standings": {"json": layout.STANDINGS_JSON, "csv": layout.STANDINGS_CSV,
                      "api": f"/api/tournaments/{t.pk}/standings/"},
    }


def _write_game(writer: _Writer, t: Tournament, table: Table, stem: str) -> dict[str, Any]:
    """Write one table's record (and evidence bundle); its manifest entry."""
    game = table.game
    assert game is not None
    rnd = table.round.number
    record = game_record(game=game)
    record_name = f"{stem}.record.json"
    writer.add(record_name, _json_bytes(record))
    evidence_name = None
    try:
        bundle = game_evidence(game=game)
    except (engine.NotSupported, engine.EngineUnavailable):  # no bundle: the record alone
        bundle = None
    if bundle is not None:
        evidence_name = f"{stem}.evidence.json"
        writer.add(evidence_name, evidence_bytes(bundle))
        verify = [f"python -m {_package(game.game)} verify {evidence_name}"]
    else:
        verify = [f"python -m {_package(game.game)} verify {record_name} --head "
                  f"{game.head_hash} --engine-version {game.engine_version}"]
    seed, scheme = layout.expected_table_seed(t.seed, t.secret or None, t.secret_from_round,
                                              rnd, table.number, duplicate=t.duplicate)
    message = (layout.duplicate_seed_message(t.seed, rnd) if t.duplicate
               else layout.table_seed_message(t.seed, rnd, table.number))
    derivation = ({"scheme": scheme, "key": "secret", "message": message}
                  if scheme == layout.TABLE_SEED_SCHEME else {"scheme": scheme,
                                                              "seed": seed})
    seats = sorted(table.seats.all(), key=lambda s: s.seat)
    return {
        "round": rnd, "table": table.number, "board": table.board,
        "game_id": str(game.pk), "game": game.game,
        "engine_version": game.engine_version, "rules_version": game.rules_version,
        "record_format": record.get("format"), "record": record_name,
        "evidence": evidence_name,
        "seats": [{"seat": s.seat, "player": s.player.name, "kind": s.player.kind,
                   "bot": s.player.bot_name or None} for s in seats],
        "places": list(table.places), "scores": list(table.scores),
        "adjusted": bool(record.get("adjustments")),
        "seed": game.seed_revealed, "seed_derivation": derivation,
        "head_seq": game.head_seq, "head_hash": game.head_hash, "verify": verify,
    }


def _package(game_id: str) -> str:
    """The game's package (its command line is ``python -m <package>``)."""
    from gamekit import registry

    return registry.BUILTIN.get(game_id, f"{game_id}_core.definition").rsplit(".", 1)[0]
