"""``Tournament.secret_from_round``: the first round whose tables were dealt from the
tournament's secret (docs/shuffle.md, "Tournaments from before the secrets").

Migration 0005 gave every tournament not yet finished a secret; its later rounds deal
from it, while the rounds it had already scheduled kept their legacy public seeds
(``{seed}/r{round}/t{table}``). 0005 shipped without this field (release 6fe9dc3), so a
database it migrated then does not say where the secret starts: this migration adds the
column and works it out from the tables themselves — ``secret_from_round`` = 1 + the last
round with a table whose game was not dealt from the secret's seed (HMAC of the secret,
``tournaments.seeds.table_seed``), else 1.

The column is added only where it is missing: a development database migrated by a
later draft of 0005, which added it there, keeps its column and its values (they only
ever grow here)."""

import hashlib
import hmac

from django.db import migrations, models

FIELD = "secret_from_round"


def table_seed(seed: str, secret: str, round_no: int, table_no: int) -> str:
    # tournaments.seeds.table_seed, frozen here as a migration must be
    message = f"kolkhoz-table-seed/1:{seed}/r{round_no}/t{table_no}".encode()
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def _field():
    field = models.PositiveIntegerField(default=1)
    field.set_attributes_from_name(FIELD)
    return field


def _has_column(apps, schema_editor) -> bool:
    table = apps.get_model("tournaments", "Tournament")._meta.db_table
    with schema_editor.connection.cursor() as cursor:
        description = schema_editor.connection.introspection.get_table_description(cursor, table)
    return FIELD in {c.name for c in description}


def add_column(apps, schema_editor):
    if not _has_column(apps, schema_editor):
        schema_editor.add_field(apps.get_model("tournaments", "Tournament"), _field())


def remove_column(apps, schema_editor):
    if _has_column(apps, schema_editor):
        schema_editor.remove_field(apps.get_model("tournaments", "Tournament"), _field())


def first_secret_rounds(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Table = apps.get_model("tournaments", "Table")
    for t in Tournament.objects.exclude(secret=""):
        legacy = [number for number, table_no, game_seed in
                  Table.objects.filter(round__tournament_id=t.pk, game__isnull=False)
                  .values_list("round__number", "number", "game__seed_secret")
                  if game_seed != table_seed(t.seed, t.secret, number, table_no)]
        first = max(legacy) + 1 if legacy else 1
        if first > t.secret_from_round:
            Tournament.objects.filter(pk=t.pk).update(secret_from_round=first)


class Migration(migrations.Migration):
    dependencies = [
        ("replays", "0003_seat_user_bot_event_time_used"),
        ("tournaments", "0008_game_table_size"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.AddField(
                model_name="tournament", name=FIELD,
                field=models.PositiveIntegerField(default=1))],
            database_operations=[migrations.RunPython(add_column, remove_column)],
        ),
        migrations.RunPython(first_secret_rounds, migrations.RunPython.noop),
    ]
