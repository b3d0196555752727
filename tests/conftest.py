"""Fixtures shared by every test: the personas of an event and API clients for each.

Personas (as in the style guide): Alice organizes; Sam keeps score; Judy judges; Hank is the head
judge; Charlie is a logged-in outsider; Team Red and Team Blue play in Alice's event; Team Green
plays in another event.
"""

import os
from dataclasses import dataclass

import pytest
from django.db import connection
from django.utils import translation

from core import keylog
from support import factories
from support.api_clients import client_for
from support.commits import emulate_commits

# No test reaches the internet: a card data update without a local index of its own answers
# "could not reach" at once (port 9, discard) instead of asking Scryfall.
os.environ.setdefault("TANDEM_SCRYFALL_BULK_DATA_URL", "http://127.0.0.1:9/bulk-data")


def pytest_collection_modifyitems(config, items):
    """Tests marked `postgres` need PostgreSQL; on SQLite they are skipped."""
    on_pg = os.environ.get("DATABASE_URL", "").startswith(("postgres", "postgresql"))
    skip = pytest.mark.skip(reason="needs PostgreSQL (set DATABASE_URL)")
    for item in items:
        if "postgres" in item.keywords and not on_pg:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _commits_as_in_production():
    """After-commit events reach their receivers in tests too (support/commits.py)."""
    with emulate_commits():
        yield


@dataclass
class World:
    event: object
    other_event: object
    alice: object
    sam: object
    judy: object
    hank: object
    charlie: object
    red: object
    blue: object
    green: object


@pytest.fixture
def world(db) -> World:
    alice = factories.user("alice")
    event = factories.event(alice, name="Spring 2HG", public=False)
    other = factories.event(factories.user("olga"), name="Other event", public=True)
    return World(
        event=event,
        other_event=other,
        alice=alice,
        sam=factories.staff(event, "scorekeeper", "sam"),
        judy=factories.staff(event, "judge", "judy"),
        hank=factories.staff(event, "head_judge", "hank"),
        charlie=factories.user("charlie"),
        red=factories.team(event, "Team Red", ["Rita", "Rob"]),
        blue=factories.team(event, "Team Blue", ["Bea", "Ben"]),
        green=factories.team(other, "Team Green", ["Gus", "Gwen"]),
    )


@pytest.fixture
def api():
    return client_for


@pytest.fixture
def on_postgres() -> bool:
    return connection.vendor == "postgresql"


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts and ends in the default language: LocaleMiddleware leaves a Spanish
    request's language active in the thread, and a service or command would then speak it."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _no_task_timers(settings):
    """A server started inside the test process (tests/core/test_live.py) runs no timer thread:
    a deadline's task would touch the database from another thread during a later test; one
    started at import (config.asgi imported at collection) is stopped."""
    from core import tasks

    settings.TASK_TIMERS = False
    tasks.in_process.stop()


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _team_key_misses_not_throttled(settings):
    """Every test client comes from 127.0.0.1 and the cache outlives a test: the tests of bad
    keys would add up to a throttle. tests/security/test_team_keys.py sets its own limit."""
    settings.TEAM_KEY_MISS_LIMIT = 1_000_000
    keylog.forget_counts()  # nor this process's copies of the counts
