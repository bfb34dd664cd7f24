"""Duplicate tournaments (docs/duplicate.md): ``Tournament.duplicate`` (false everywhere
before: existing tournaments stay plain) and ``Table.board`` (a duplicate round of one
table is played as boards; null for every existing table)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0010_window_time_limit'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='duplicate',
            field=models.BooleanField(
                db_default=False, default=False,
                help_text='duplicate play: every table of a round gets the same deal; fixed '
                          'once the tournament has rounds (docs/duplicate.md)'),
        ),
        migrations.AddField(
            model_name='table',
            name='board',
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
    ]
