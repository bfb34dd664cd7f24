"""docker-compose.yml cannot run here (no Docker engine): check it by reading it.

The service list, a health check on each, and that every command the services run
names something that exists in the project."""

from __future__ import annotations

import importlib
import shlex
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def _command(service: dict) -> list[str]:
    cmd = service.get("command")
    if cmd is None:
        return []
    return shlex.split(cmd) if isinstance(cmd, str) else list(cmd)


def test_services_and_health_checks():
    services = COMPOSE["services"]
    assert set(services) == {"postgres", "redis", "web", "worker", "beat"}
    for name, service in services.items():
        assert service.get("healthcheck", {}).get("test"), f"{name} has no health check"
    for name in ("web", "worker", "beat"):
        deps = services[name]["depends_on"]
        assert deps["postgres"]["condition"] == "service_healthy"
        assert deps["redis"]["condition"] == "service_healthy"
        env = services[name]["environment"]
        for var in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "SECRET_KEY", "DEBUG",
                    "ALLOWED_HOSTS"):
            assert var in env, f"{name} lacks {var}"
        assert services[name]["build"] == "."
    assert (ROOT / "Dockerfile").exists()


def test_web_command_exists_in_the_project():
    words = _command(COMPOSE["services"]["web"])
    text = " ".join(words)
    assert "manage.py migrate" in text and (ROOT / "manage.py").exists()
    target = next(w for w in text.split() if w.endswith(":application"))
    module, attr = target.split(":")
    assert (ROOT / (module.replace(".", "/") + ".py")).exists()
    assert "application =" in (ROOT / (module.replace(".", "/") + ".py")).read_text()


def test_celery_commands_name_the_projects_app_and_scheduler():
    from django.conf import settings

    for name in ("worker", "beat"):
        words = _command(COMPOSE["services"][name])
        assert words[0] == "celery" and words[words.index("-A") + 1] == "config"
        assert name in words
    celery_module = importlib.import_module("config.celery")
    assert celery_module.app.main == "kolkhoz"
    beat = _command(COMPOSE["services"]["beat"])
    scheduler = beat[beat.index("--scheduler") + 1]
    module, attr = scheduler.split(":")
    assert hasattr(importlib.import_module(module), attr)
    assert module.split(".")[0] in settings.INSTALLED_APPS


def test_the_image_serves_static_files_collected_with_their_gzipped_copies():
    """The Dockerfile collects the static files (each with a .gz beside it,
    ``CompressedStaticFilesStorage``) and WhiteNoise serves those, not the apps' own."""
    from django.conf import settings

    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "manage.py collectstatic --noinput" in dockerfile
    assert "ENV WHITENOISE_USE_FINDERS=false" in dockerfile
    assert dockerfile.index("collectstatic") > dockerfile.index("pip install")
    assert settings.STORAGES["staticfiles"]["BACKEND"] == (
        "whitenoise.storage.CompressedStaticFilesStorage")
    makefile = (ROOT / "Makefile").read_text()
    assert "manage.py collectstatic --noinput" in makefile
    assert "demo: export WHITENOISE_USE_FINDERS ?= false" in makefile
