"""Celery beat schedule (django-celery-beat; editable in the admin): every 5 seconds,
apply the timeout policy of every table whose person let a move deadline pass."""

from django.db import migrations

TASKS = [
    ("Enforce move deadlines", "tournaments.tasks.enforce_move_deadlines", 5),
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
        ("tournaments", "0003_move_deadlines"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [migrations.RunPython(create, remove)]
