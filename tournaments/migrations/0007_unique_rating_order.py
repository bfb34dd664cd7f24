"""A league's ladder has one rating change per position (see 0006)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0006_table_failed_rating_order"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="ratingchange",
            constraint=models.UniqueConstraint(fields=("league", "order"),
                                               name="unique_rating_order"),
        ),
    ]
