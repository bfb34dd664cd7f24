"""Management commands: import_record, export_record, verify_games."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from replays.models import Game

from .fixtures import RECORDS, is_refused, record_names

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue().strip()


def test_import_export_and_verify_every_fixture():
    ids = {}
    for name in record_names():
        path = str(RECORDS / f"{name}.json")
        if is_refused(name):
            with pytest.raises(CommandError, match="rule"):
                run("import_record", path)
            continue
        ids[name] = run("import_record", path)
        assert Game.objects.filter(pk=ids[name]).exists()
    for gid in ids.values():
        record = json.loads(run("export_record", gid))
        assert record["format"] == "kolkhoz-record/1"
    out = run("verify_games")
    assert f"{len(ids)} of {len(ids)} games verified" in out


def test_verify_games_fails_on_a_tampered_game(tmp_path):
    name = next(n for n in record_names() if not is_refused(n))
    gid = run("import_record", str(RECORDS / f"{name}.json"))
    with connection.cursor() as cur:
        if connection.vendor == "postgresql":
            cur.execute("SET LOCAL session_replication_role = replica")
        cur.execute("UPDATE replays_gameevent SET hash = %s WHERE game_id = %s AND seq = 3",
                    ["f" * 64, gid.replace("-", "") if connection.vendor == "sqlite" else gid])
        if connection.vendor == "postgresql":
            cur.execute("SET LOCAL session_replication_role = origin")
    with pytest.raises(CommandError, match="1 game"):
        run("verify_games")


def test_export_of_unknown_or_live_game_fails():
    with pytest.raises(CommandError, match="not_found"):
        run("export_record", "00000000-0000-0000-0000-000000000000")
    with pytest.raises(CommandError, match="cannot read"):
        run("import_record", "/nonexistent.json")
