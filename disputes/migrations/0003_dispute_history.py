"""A dispute's status history: [{status, at, by}], oldest first."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("disputes", "0002_groups")]

    operations = [
        migrations.AddField(
            model_name="dispute", name="history",
            field=models.JSONField(blank=True, default=list,
                                   help_text="every status change: [{status, at, by}], "
                                             "oldest first"),
        ),
    ]
