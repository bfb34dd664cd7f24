"""Helpers for migration tests: move the test database to a migration state."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate_to(targets: list[tuple[str, str]]) -> Any:
    """Migrate the test database to ``targets`` ([(app, migration name)]) and return the
    historical apps registry of that state (models as they were then)."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def migrate_to_latest() -> Any:
    """Migrate the test database to every app's latest migration (what a migration test
    must leave behind, whatever migrations are added later) and return that state."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    return migrate_to(executor.loader.graph.leaf_nodes())
