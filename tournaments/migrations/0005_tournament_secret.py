"""Tournament seed secrets (issue 12): every tournament not yet finished gets a fresh
128-bit secret, so its later rounds' tables draw unguessable seeds (``secret_from_round``
names the first such round); finished ones keep none (their games were dealt from the
old public derivation, docs/shuffle.md)."""

import hashlib
import secrets

from django.db import migrations, models


def add_secrets(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Round = apps.get_model("tournaments", "Round")
    for t in Tournament.objects.exclude(status="finished").filter(secret=""):
        t.secret = secrets.token_hex(16)
        t.seed_commitment = hashlib.sha256(f"{t.seed}#{t.secret}".encode()).hexdigest()
        last = Round.objects.filter(tournament_id=t.pk).order_by("-number").first()
        t.secret_from_round = (last.number + 1) if last is not None else 1
        t.save(update_fields=["secret", "seed_commitment", "secret_from_round"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_deadline_beat_schedule")]

    operations = [
        migrations.AddField(model_name="tournament", name="secret",
                            field=models.CharField(blank=True, default="", max_length=128)),
        migrations.AddField(model_name="tournament", name="seed_commitment",
                            field=models.CharField(blank=True, default="", max_length=64)),
        migrations.AddField(model_name="tournament", name="secret_explicit",
                            field=models.BooleanField(default=False)),
        migrations.AddField(model_name="tournament", name="secret_from_round",
                            field=models.PositiveIntegerField(default=1)),
        migrations.RunPython(add_secrets, migrations.RunPython.noop),
    ]
