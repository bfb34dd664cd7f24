"""Fixtures for the human-player tests."""

from __future__ import annotations

import pytest

from config.celery import app as celery_app


@pytest.fixture
def eager_celery():
    """Run Celery tasks in-process, at once (the bots move inside the request's
    on-commit hook), restoring the app's setting afterwards."""
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = before
