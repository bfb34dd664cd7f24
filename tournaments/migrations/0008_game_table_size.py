"""Leagues and tournaments know their game; tournaments their table size; tables keep
their game's tie-break values by name.

Every league and tournament stored before is a Kolkhoz one at four seats (the columns'
database defaults say so, also to a writer that does not know them); every finished
table's ``medals`` — Kolkhoz's tie-break, the only one there was — is copied into
``tiebreaks`` as ``{"medals": …}``. A table's seats are no longer limited to 0–3."""

from django.db import migrations, models


def medals_to_tiebreaks(apps, schema_editor):
    Table = apps.get_model("tournaments", "Table")
    for table in Table.objects.exclude(medals=[]).only("pk", "medals").iterator():
        Table.objects.filter(pk=table.pk).update(tiebreaks={"medals": list(table.medals)})


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0007_unique_rating_order"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="tableseat",
            name="seat_0_to_3",
        ),
        migrations.AddField(
            model_name="league",
            name="game",
            field=models.CharField(db_default="kolkhoz", default="kolkhoz", max_length=32),
        ),
        migrations.AddField(
            model_name="table",
            name="tiebreaks",
            field=models.JSONField(blank=True, db_default={}, default=dict),
        ),
        migrations.AddField(
            model_name="tournament",
            name="game",
            field=models.CharField(db_default="kolkhoz", db_index=True, default="kolkhoz",
                                   max_length=32),
        ),
        migrations.AddField(
            model_name="tournament",
            name="table_size",
            field=models.PositiveSmallIntegerField(db_default=4, default=4),
        ),
        migrations.AddConstraint(
            model_name="tableseat",
            constraint=models.CheckConstraint(condition=models.Q(("seat__lt", 64)),
                                              name="seat_below_64"),
        ),
        migrations.RunPython(medals_to_tiebreaks, migrations.RunPython.noop),
    ]
