"""Commits as in production for tests that run inside a never-committed transaction.

Under pytest-django's ``db`` fixture each test runs in a transaction that is rolled back at the
end, so Django never runs ``transaction.on_commit`` callbacks and the after-commit events
(core.events) would never reach their receivers. ``emulate_commits`` makes the test transaction
invisible: a callback runs when the outermost atomic block of the code under test exits without
error (its "commit"), is dropped with a block that rolls back (Django already does that), and
runs at once when registered outside any such block (autocommit). Tests with
``transactional_db`` commit for real and are left alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import transaction
from django.db.backends.base.base import BaseDatabaseWrapper


def _only_test_blocks(conn) -> bool:
    """Inside the test's own atomic blocks, and in no block of the code under test."""
    blocks = conn.atomic_blocks
    return bool(blocks) and all(getattr(b, "_from_testcase", False) for b in blocks)


def _run(callbacks) -> None:
    for _sids, func, robust in callbacks:
        if robust:
            try:
                func()
            except Exception:  # noqa: BLE001 - as Django's robust callbacks: logged, not raised
                import logging

                logging.getLogger(__name__).exception("on_commit callback failed")
        else:
            func()


@contextmanager
def emulate_commits() -> Iterator[None]:
    original_on_commit = BaseDatabaseWrapper.on_commit
    original_exit = transaction.Atomic.__exit__

    def on_commit(self, func, robust=False):
        if self.in_atomic_block and _only_test_blocks(self):
            _run([(set(), func, robust)])
            return
        original_on_commit(self, func, robust)

    def exit_(self, exc_type, exc_value, traceback):
        conn = transaction.get_connection(self.using)
        result = original_exit(self, exc_type, exc_value, traceback)
        if exc_type is None and _only_test_blocks(conn) and not conn.needs_rollback:
            pending, conn.run_on_commit = conn.run_on_commit, []
            _run(pending)
        return result

    BaseDatabaseWrapper.on_commit = on_commit
    transaction.Atomic.__exit__ = exit_
    try:
        yield
    finally:
        BaseDatabaseWrapper.on_commit = original_on_commit
        transaction.Atomic.__exit__ = original_exit
