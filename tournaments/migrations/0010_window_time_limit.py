"""``window_time_limit_s`` on tournaments and tables: the time limit of one offer in a
response window (a game with windows: Arne), beside the move limit (docs/humans.md,
"Deadlines and the autopilot"). Null everywhere: existing tables keep their behaviour."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0009_tournament_secret_from_round'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='window_time_limit_s',
            field=models.PositiveIntegerField(blank=True, help_text="seconds for one offer in a response window (Arne); empty: the tournament's", null=True),
        ),
        migrations.AddField(
            model_name='tournament',
            name='window_time_limit_s',
            field=models.PositiveIntegerField(blank=True, help_text='seconds for one offer in a response window (Arne); empty: 20 s, or the move limit if shorter; the autopilot passes when it runs out', null=True),
        ),
    ]
