"""Tournament seed secrets (issue 12): every tournament not yet finished gets a fresh
128-bit secret, so its later rounds' tables draw unguessable seeds; finished ones keep
none (their games were dealt from the old public derivation, docs/shuffle.md)."""

import hashlib
import secrets

from django.db import migrations, models


def add_secrets(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for t in Tournament.objects.exclude(status="finished").filter(secret=""):
        t.secret = secrets.token_hex(16)
        t.seed_commitment = hashlib.sha256(f"{t.seed}#{t.secret}".encode()).hexdigest()
        t.save(update_fields=["secret", "seed_commitment"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_deadline_beat_schedule")]

    operations = [
        migrations.AddField(model_name="tournament", name="secret",
                            field=models.CharField(blank=True, default="", max_length=128)),
        migrations.AddField(model_name="tournament", name="seed_commitment",
                            field=models.CharField(blank=True, default="", max_length=64)),
        migrations.AddField(model_name="tournament", name="secret_explicit",
                            field=models.BooleanField(default=False)),
        migrations.RunPython(add_secrets, migrations.RunPython.noop),
    ]
