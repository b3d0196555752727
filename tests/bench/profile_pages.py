"""Where a cached hit of a public page spends its time: the three pages of bench_pages.py and a
static file, each read many times in this process through config.wsgi.application (the whole
middleware chain, no network) with PostgreSQL and Redis as the cache. Prints per page the queries
of one cached hit, the wall and CPU time per hit, and with --profile the functions that cost most.

Run from the repository root after bench_pages.py built its event (same database):

    .venv/bin/python tests/bench/profile_pages.py [--hits N] [--profile] [page ...]
    BENCH_DATABASE_URL, BENCH_REDIS_URL as for bench_pages.py; pages: standings pairings team static
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DB_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tandem_bench_pages"
)
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
HITS = int(sys.argv[sys.argv.index("--hits") + 1]) if "--hits" in sys.argv else 2000
PAGES = [a for a in sys.argv[1:] if a in ("standings", "pairings", "team", "static")]


def _setup() -> None:
    var_dir = Path(tempfile.mkdtemp(prefix="tandem-profile-pages-"))
    (var_dir / "static" / "bench").mkdir(parents=True)
    (var_dir / "static" / "bench" / "page.html").write_bytes(b"<p>static</p>\n" * 380)
    os.environ.update(
        DATABASE_URL=DB_URL,
        DATABASE_CONN_MAX_AGE="60",
        REDIS_URL=REDIS,
        TANDEM_VAR_DIR=str(var_dir),
        TANDEM_PLAIN_STATIC="1",
        DEBUG="false",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    os.environ.pop("LIVE_REDIS_URL", None)
    sys.path.insert(0, str(ROOT))


def _environ(path: str) -> dict:
    return {
        "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000", "HTTP_HOST": "127.0.0.1", "HTTP_USER_AGENT": "bench",
        "HTTP_ACCEPT": "text/html", "REMOTE_ADDR": "127.0.0.1", "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.input": io.BytesIO(), "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr,
        "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }  # fmt: skip


def main() -> int:
    _setup()
    from django.db import connection

    from config.wsgi import application

    sys.path.insert(0, str(ROOT / "tests" / "bench"))
    from bench_pages import _urls

    urls = _urls()
    urls = {
        "standings": urls["standings"],
        "pairings": urls["pairings"],
        "team": urls["team page"],
        "static": "/static/bench/page.html",
    }
    status: list[str] = []

    def hit(path: str) -> bytes:
        body = application(_environ(path), lambda s, h, e=None: status.append(s))
        try:
            return b"".join(body)
        finally:
            body.close()

    queries: list[str] = []

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    for name, url in urls.items():
        if PAGES and name not in PAGES:
            continue
        hit(url), hit(url)  # rendered and kept
        queries.clear()
        with connection.execute_wrapper(count):
            size = len(hit(url))
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(HITS):
            hit(url)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(
            f"{name:<10} {status[-1]:<8} {size:>8} bytes  {len(queries)} queries per hit  "
            f"{wall / HITS * 1000:.3f} ms wall  {cpu / HITS * 1000:.3f} ms CPU per hit"
        )
        for sql in queries:
            print(f"    {sql[:120]}")
        if "--profile" in sys.argv:
            profile = cProfile.Profile()
            profile.enable()
            for _ in range(HITS):
                hit(url)
            profile.disable()
            pstats.Stats(profile).sort_stats("tottime").print_stats(20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
