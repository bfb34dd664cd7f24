"""Settings come from the environment; with none set, an embedded SQLite file under var/."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'engine': settings.DATABASES['default']['ENGINE'], "
    "'name': str(settings.DATABASES['default']['NAME']), 'debug': settings.DEBUG, "
    "'hosts': settings.ALLOWED_HOSTS, 'cache': settings.CACHES['default']['BACKEND'], "
    "'broker': settings.CELERY_BROKER_URL, 'secret': settings.SECRET_KEY}))"
)
VARS = ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "SECRET_KEY", "DEBUG", "KOLKHOZ_VAR_DIR",
        "ALLOWED_HOSTS")


def probe(**env: str) -> dict:
    base = {k: v for k, v in os.environ.items() if k not in VARS}
    base.update(env, DJANGO_SETTINGS_MODULE="config.settings")
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=base, check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout)


def test_embedded_default_needs_no_server():
    s = probe(SECRET_KEY="a-real-key-for-this-test-" + "0123456789abcdef" * 2)
    assert s["engine"] == "django.db.backends.sqlite3"
    assert Path(s["name"]).parent == ROOT / "var"
    assert s["cache"].endswith("LocMemCache")
    assert s["broker"].startswith("sqla+sqlite:///")
    assert s["debug"] is False


def test_everything_from_the_environment():
    s = probe(DATABASE_URL="postgres://u:p@db:5432/k", REDIS_URL="redis://r:6379/0",
              CELERY_BROKER_URL="redis://r:6379/1", SECRET_KEY="s3cret", DEBUG="true",
              ALLOWED_HOSTS="a.example,b.example")
    assert s["engine"] == "django.db.backends.postgresql" and s["name"] == "k"
    assert s["cache"].endswith("RedisCache") and s["broker"] == "redis://r:6379/1"
    assert s["secret"] == "s3cret" and s["debug"] is True
    assert s["hosts"] == ["a.example", "b.example"]
