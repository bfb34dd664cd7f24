"""Failed tables (status ``failed``, ``error``, ``failed_at``) and the league's rating
order: ``Round.rating_seq`` numbers rated rounds in the order they were applied, and
``RatingChange.order`` becomes the change's own position in the league's ladder
(unique per league, added in 0007). Existing rows are renumbered in the order they
were stored, so nobody's numbers change."""

from django.db import migrations, models


def renumber(apps, schema_editor):
    RatingChange = apps.get_model("tournaments", "RatingChange")
    Table = apps.get_model("tournaments", "Table")
    Round = apps.get_model("tournaments", "Round")
    leagues = RatingChange.objects.values_list("league_id", flat=True).distinct()
    for league_id in list(leagues):
        rows = list(RatingChange.objects.filter(league_id=league_id).order_by("order", "id")
                    .only("id", "order", "game_id"))
        round_of = dict(Table.objects.filter(game_id__in={r.game_id for r in rows})
                        .values_list("game_id", "round_id"))
        seq = {}
        for i, row in enumerate(rows, start=1):
            rnd = round_of.get(row.game_id)
            if rnd is not None and rnd not in seq:
                seq[rnd] = len(seq) + 1
            row.order = i
        RatingChange.objects.bulk_update(rows, ["order"], batch_size=1000)
        for rnd, n in seq.items():
            Round.objects.filter(pk=rnd).update(rating_seq=n)


class Migration(migrations.Migration):

    dependencies = [
        ('replays', '0003_seat_user_bot_event_time_used'),
        ('tournaments', '0005_tournament_secret'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='rating_seq',
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='table',
            name='error',
            field=models.TextField(blank=True, default=''),
        ),
        migrations.AddField(
            model_name='table',
            name='failed_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name='table',
            name='status',
            field=models.CharField(choices=[('pending', 'Pending'), ('playing', 'Playing'), ('finished', 'Finished'), ('failed', 'Failed')], db_index=True, default='pending', max_length=12),
        ),
        migrations.RunPython(renumber, migrations.RunPython.noop),
    ]
