"""Celery beat schedules (django-celery-beat; editable in the admin): start scheduled
tournaments when their time comes, and re-enqueue tables that stalled."""

from django.db import migrations

TASKS = [
    ("Start scheduled tournaments", "tournaments.tasks.start_due_tournaments", 30),
    ("Resume stalled tables", "tournaments.tasks.resume_stalled_tables", 60),
]


def create(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    for name, task, seconds in TASKS:
        every, _ = IntervalSchedule.objects.get_or_create(every=seconds, period="seconds")
        PeriodicTask.objects.get_or_create(name=name, defaults={"task": task,
                                                                "interval": every})


def remove(apps, schema_editor):
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    PeriodicTask.objects.filter(name__in=[t[0] for t in TASKS]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [migrations.RunPython(create, remove)]
