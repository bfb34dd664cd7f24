"""The two roles of disputes as Django groups: ``arbiters`` rule on disputes,
``organisers`` (also the league's writers) may take a dispute under review."""

from django.db import migrations

GROUPS = ("arbiters", "organisers")


def create_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for name in GROUPS:
        Group.objects.get_or_create(name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("disputes", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(create_groups, migrations.RunPython.noop)]
