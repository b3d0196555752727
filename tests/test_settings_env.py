"""Settings read from the environment fail loudly on bad values."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list


def test_env_bool_reads_common_spellings(monkeypatch):
    monkeypatch.setenv("X_FLAG", "Yes")
    assert env_bool("X_FLAG") is True
    monkeypatch.setenv("X_FLAG", "0")
    assert env_bool("X_FLAG", True) is False


def test_env_bool_refuses_nonsense(monkeypatch):
    monkeypatch.setenv("X_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="X_FLAG"):
        env_bool("X_FLAG")


def test_env_int_refuses_nonsense(monkeypatch):
    monkeypatch.setenv("X_NUM", "ten")
    with pytest.raises(ImproperlyConfigured, match="X_NUM"):
        env_int("X_NUM", 1)


def test_env_list_splits_and_trims(monkeypatch):
    monkeypatch.setenv("X_LIST", " a.org, b.org ,,")
    assert env_list("X_LIST", []) == ["a.org", "b.org"]


POOL_PROBE = """
import threading, django
django.setup()
from django.db import connection, close_old_connections
pids = set()
lock = threading.Lock()
def work():
    for _ in range(5):
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid(), pg_sleep(0.01)")
            with lock:
                pids.add(cursor.fetchone()[0])
        connection.close()  # back to the pool, as at the end of a request
threads = [threading.Thread(target=work) for _ in range(8)]
[t.start() for t in threads]
[t.join() for t in threads]
print(connection.settings_dict["CONN_MAX_AGE"], connection.pool.max_size, len(pids))
"""


@pytest.mark.postgres
def test_a_bounded_pool_serves_many_threads_with_few_connections():
    """DATABASE_POOL_MAX: eight threads share at most three PostgreSQL connections."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from django.db import connection

    settings = connection.settings_dict
    url = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/" + settings["NAME"]
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DATABASE_POOL_MAX": "3",
        "DATABASE_CONN_MAX_AGE": "60",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-c", POOL_PROBE], env=env, cwd=root, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    conn_max_age, max_size, backends = out.stdout.split()
    assert (conn_max_age, max_size) == ("0", "3")
    assert 1 <= int(backends) <= 3
