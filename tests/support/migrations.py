"""Migrating the test database to given migrations and back, for the tests of a data migration:
``migrate(targets)`` returns the apps as they were at ``targets`` (historical models),
``latest()`` the leaf migrations to come back to."""

from __future__ import annotations

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()
