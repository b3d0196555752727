"""Benchmark: the server's cost of one tracker write, through the whole WSGI stack.

Run from the repository root (needs PostgreSQL on 127.0.0.1:5432 as user postgres and Redis on
127.0.0.1:6379; creates and drops its own database, uses Redis db 5, or BENCH_REDIS_URL, and flushes it at the end):

    .venv/bin/python tests/bench/bench_tracker_write.py [--events N] [--tables N] [--profile]

Set-up: a fresh database ``bench_tracker_write_<pid>``, the cache and the live versions in Redis
as docker-compose.yml configures them (REDIS_URL, LIVE_REDIS_URL), DATABASE_CONN_MAX_AGE=60 as
the web service's gunicorn; an event with round 1 paired and published (``--tables`` tables, 50 by
default).

Load: ``POST /api/v1/matches/<id>/game/events/`` with X-Team-Key and a life change, as a phone
sends it, called as gunicorn calls it: a WSGI environ handed to config.wsgi.application (every
middleware, the view, the after-commit receivers: page-cache bump and live publish), one request
after another in this process. A warm-up of one event per table first (the game's first event
creates its row), then ``--events`` writes (2,000 by default) spread over the tables.

Printed: CPU ms per write (time.process_time: this process; also of the warm-up's first events), the CPU of the PostgreSQL backend
serving this process's connection and of the Redis server (also other users' of this host, so
run it on a quiet machine) per write, wall ms per write, the SQL queries per write, the answers' status codes.
``--no-receivers``: without the receivers of game_changed (page-cache bump, live publish), to
see what they cost. ``--profile``: the writes run under cProfile and the top functions by cumulative time are printed.
"""

from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import subprocess
import sys
import time
import uuid
from pathlib import Path

from procstats import host_speed, named, stat  # tests/bench/, beside the script

ROOT = Path(__file__).resolve().parents[2]
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
REDIS_DB = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/5")


def _arg(name: str, default: int) -> int:
    if name in sys.argv:
        return int(sys.argv[sys.argv.index(name) + 1])
    return default


EVENTS = _arg("--events", 2000)
TABLES = _arg("--tables", 50)
PROFILE = "--profile" in sys.argv


def _admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=5) as conn:
        conn.execute(sql)


def _environ(path: str, key: str, body: bytes) -> dict:
    """What gunicorn hands the application for a phone's POST."""
    return {
        "REQUEST_METHOD": "POST",
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "REMOTE_PORT": "40000",
        "HTTP_HOST": "127.0.0.1",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "HTTP_X_TEAM_KEY": key,
        "HTTP_CONNECTION": "keep-alive",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }


def _seed() -> list[tuple[int, str, int]]:
    """An event, round 1 paired and published: (match, team A's key, its first player)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from pairing import services
    from pairing.models import Match
    from support import factories
    from support.rounds import bulk_teams

    event = factories.event(swiss_rounds=5)
    bulk_teams(event, 2 * TABLES)
    round_ = services.round_pair_next(event=event, seed=1)
    services.round_publish(round_=round_)
    tables = []
    for m in Match.objects.filter(round=round_, team_b__isnull=False).select_related("team_a"):
        player = m.team_a.players.order_by("seat").values_list("pk", flat=True).first()
        tables.append((m.pk, m.team_a.access_key, player))
    return tables


def run() -> None:
    import django

    django.setup()
    from django.db import connection

    from config.wsgi import application

    tables = _seed()
    if "--no-receivers" in sys.argv:  # what the after-commit receivers cost (for comparison)
        from core import events

        events.game_changed._receivers.clear()
    statuses: dict[str, int] = {}
    queries = [0]

    def count(execute, sql, params, many, context):
        queries[0] += 1
        return execute(sql, params, many, context)

    def post(n: int) -> None:
        match, key, player = tables[n % len(tables)]
        amount = -1 if (n // len(tables)) % 2 else 1  # the table's life goes down, up, down...
        body = json.dumps(
            {"type": "life", "player": player, "amount": amount, "client_id": f"w{n}"}
        ).encode()
        environ = _environ(f"/api/v1/matches/{match}/game/events/", key, body)
        got: list[str] = []
        result = application(environ, lambda status, headers, exc=None: got.append(status))
        b"".join(result)
        getattr(result, "close", lambda: None)()
        statuses[got[0][:3]] = statuses.get(got[0][:3], 0) + 1

    first_cpu = time.process_time()
    for n in range(len(tables)):  # warm-up: each game's first event creates its row
        post(n)
    first_cpu = time.process_time() - first_cpu
    first_statuses = dict(statuses)
    statuses.clear()
    profiler = cProfile.Profile(time.process_time) if PROFILE else None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = [cursor.fetchone()[0]]
    redis_pids = named("redis-server")
    with connection.execute_wrapper(count):
        pg0, redis0 = stat(backend)[0], stat(redis_pids)[0]
        cpu0, wall0 = time.process_time(), time.perf_counter()
        if profiler:
            profiler.enable()
        for n in range(len(tables), len(tables) + EVENTS):
            post(n)
        if profiler:
            profiler.disable()
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        pg, redis_cpu = stat(backend)[0] - pg0, stat(redis_pids)[0] - redis0
    print(f"{EVENTS} writes on {len(tables)} tables (PostgreSQL, Redis cache and live)")
    print(f"  CPU  {1000 * cpu / EVENTS:6.2f} ms per write (this process)")
    print(f"  PostgreSQL {1000 * pg / EVENTS:6.2f} ms CPU per write (the connection's backend)")
    print(f"  Redis {1000 * redis_cpu / EVENTS:6.2f} ms CPU per write (redis-server)")
    print(f"  wall {1000 * wall / EVENTS:6.2f} ms per write")
    print(f"  SQL  {queries[0] / EVENTS:6.2f} queries per write")
    print(f"  answers {dict(sorted(statuses.items()))}")
    print(f"  host speed {host_speed()} (a fixed piece of work, 5 tries; lower is faster)")
    print(
        f"  first events (warm-up: each creates its game's row) {1000 * first_cpu / len(tables):.2f}"
        f" ms CPU each, answers {first_statuses}"
    )
    if profiler:
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(30)
        print(out.getvalue())


def main() -> None:
    if "--run" in sys.argv:
        run()
        return
    db = f"bench_tracker_write_{os.getpid()}"
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{db}",
        DATABASE_CONN_MAX_AGE="60",
        DATABASE_POOL_MAX="0",
        REDIS_URL=REDIS_DB,
        LIVE_REDIS_URL=REDIS_DB,
        LIVE_CHANNEL=f"bench-write-{uuid.uuid4().hex[:8]}",
        SECRET_KEY=uuid.uuid4().hex * 2,
        DEBUG="false",
        HTTPS="false",
        TANDEM_PLAIN_STATIC="1",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    for name in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "TEST_DATABASE_NAME"):
        env.pop(name, None)
    _admin(f'CREATE DATABASE "{db}"')
    try:
        run_ = dict(cwd=ROOT, env=env, check=True, timeout=600)
        subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], **run_)
        subprocess.run([sys.executable, __file__, "--run", *sys.argv[1:]], **run_)
    finally:
        _admin(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
        try:
            import redis

            redis.Redis.from_url(REDIS_DB, socket_timeout=5).flushdb()
        except Exception as exc:  # noqa: BLE001 - say so and go on
            print(f"could not flush {REDIS_DB}: {exc}", file=sys.stderr)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
