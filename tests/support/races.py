"""Calls started at the same moment from threads, each with its own database connection (the
PostgreSQL race tests: SQLite has no row locks)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from django.db import connection


def race(calls: Sequence[Callable[[], object]], timeout: float = 60) -> list[object]:
    """Run every call at once (a barrier releases them together); each one's result, or the
    exception it raised, in the order of ``calls``."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[object] = [None] * len(calls)

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=10)
            outcomes[i] = calls[i]()
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test checks
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=timeout)
    return outcomes
