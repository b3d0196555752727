"""A real Celery worker over Redis for the tests marked ``celery_worker`` (and ``postgres``: the
worker is another process, so it needs a database it can reach).

``require_redis()`` skips without Redis (a failure under CI=true); ``worker_env()`` points a child
process at the test database, a broker and a cache; ``celery_worker(env)`` runs a worker on a
queue of its own for the duration of a ``with`` block; ``run_client(code, env)`` runs Python code
in a child process with the same settings (so its tasks reach that worker)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def require_redis() -> None:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return
    except OSError:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true and Redis is not reachable on 127.0.0.1:6379")
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")


def worker_env() -> dict[str, str]:
    """The machine's environment with the test database, a broker and the web tier's cache."""
    s = connection.settings_dict
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "CELERY_"))}
    return env | {
        "DATABASE_URL": f"postgres://{s['USER']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}",
        "CELERY_BROKER_URL": "redis://127.0.0.1:6379/14",
        "CELERY_RESULT_BACKEND": "redis://127.0.0.1:6379/15",
        "REDIS_URL": "redis://127.0.0.1:6379/13",
    }


@contextmanager
def celery_worker(env: dict[str, str], settings_module: str | None = None) -> Iterator[str]:
    """A solo worker listening on a queue of its own; yields the queue's name. With
    ``settings_module`` (a module of tests/support) the worker runs with those settings, which
    read the queue's name from TEST_CELERY_QUEUE."""
    queue = f"tandem-test-{uuid.uuid4().hex[:8]}"
    if settings_module:
        env = env | {
            "TEST_CELERY_QUEUE": queue,
            "DJANGO_SETTINGS_MODULE": settings_module,
            "PYTHONPATH": str(ROOT / "tests"),
        }
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo",
         "--queues", queue, "--without-gossip", "--without-mingle", "--loglevel", "WARNING"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        yield queue
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def run_client(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a child Python with ``env``; fails the test if it fails."""
    client = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert client.returncode == 0, client.stderr
    return client
