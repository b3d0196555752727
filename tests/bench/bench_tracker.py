"""Benchmark: the game tracker under a full event, served as docker-compose serves it.

Run from the repository root (loopback only; needs PostgreSQL on 127.0.0.1:5432 as user postgres
and Redis on 127.0.0.1:6379; starts and stops its own server, creates and drops its database):

    .venv/bin/python tests/bench/bench_tracker.py [--quick] [--seconds N] [--tables N]
                                                  [--single] [--pool N]
                                                  [--web-server granian|gunicorn]
                                                  [--web-workers N] [--web-threads N]
                                                  [--web-keepalive SECONDS]

Set-up: a fresh database ``bench_tracker_<pid>`` (dropped at the end), Redis db 9 (or BENCH_REDIS_URL) for the cache
and the live versions (flushed at the end, pub/sub on a channel of this run), an event of 1,000
teams (two per table when ``--tables`` asks for more than 500) with round 1 paired and published. The servers are docker-compose.yml's: the
web service (deploy/web.sh's granian: 2 workers x 8 threads, keep-alive 10 s,
DATABASE_CONN_MAX_AGE=60; ``--web-server gunicorn`` for its gunicorn) takes the phones' POSTs, the live service (deploy/live.sh's uvicorn, one
process, DATABASE_POOL_MAX) holds their streams; the phones talk to each directly, as the proxy in
front would route them.
``--single``: one uvicorn with 2 workers serves both (WEB_SERVER=uvicorn).

Load: 4 phones per table, each holding the table's Server-Sent Events stream
(/live/table/<match>/?key=<its team's key>: 2,000 streams for 500 tables). Each second each table
gets one life change, from its phones in turn (phone k posts at second k, k+4, ...: raw
HTTP/1.1 keep-alive POSTs of /api/v1/matches/<match>/game/events/ with X-Team-Key and a unique
client_id). Open loop: a phone posts at its scheduled time whatever the others wait for, and
latencies count from that time (a late post counts its wait).

Measured after a warm-up: write latency (scheduled POST to its 201) and the time until each of
the table's other three phones sees the new seq on its stream, p50/p99/max, and its p99 for each
10 s of the window (a backlog that grows or drains); events written and
stream deliveries seen/expected; errors; the server's CPU seconds and RSS (all its processes);
the generator's CPU; PostgreSQL's and Redis's CPU on this host (also other users'; PostgreSQL's
backends that end inside the window are counted through the server process that waited for them)
and how busy the host's cores were; the host's speed before and after (procstats.host_speed:
these hosts change speed, and a run at full load follows it).
Target (issue 10): p99 under 1 s until the other phones see a change. Printed, not enforced.
--quick: 100 tables for 10 s.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

# tests/bench/, beside the script
from ports import free_port, reachable
from procstats import host_busy, host_speed, servers_cpu, stat, tree

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
REDIS_DB = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/9")
WORKERS = 2
TAIL = 3.0  # seconds after the last post for the last deliveries
CONNECT_TIMEOUT = 30.0
REQUEST_TIMEOUT = 30.0
SEQ_RE = re.compile(rb'"seq":(\d+)')


def _arg(name: str, default: float) -> float:
    if name in sys.argv:
        return float(sys.argv[sys.argv.index(name) + 1])
    return default


QUICK = "--quick" in sys.argv
TABLES = int(_arg("--tables", 100 if QUICK else 500))
TEAMS = max(1000, 2 * TABLES)  # round 1 pairs them all: 500 tables at least
SECONDS = _arg("--seconds", 10 if QUICK else 60)
SINGLE = "--single" in sys.argv  # one uvicorn for everything instead of web + live
POOL = int(_arg("--pool", 20))  # docker-compose.yml's live DATABASE_POOL_MAX (0: no pool)
WEB_SERVER = (
    sys.argv[sys.argv.index("--web-server") + 1] if "--web-server" in sys.argv else "granian"
)
if WEB_SERVER not in ("granian", "gunicorn"):
    raise SystemExit(f"--web-server: granian or gunicorn, not {WEB_SERVER!r}")
WEB_WORKERS = int(_arg("--web-workers", 2))  # deploy/web.sh's defaults (WEB_WORKERS, WEB_THREADS)
WEB_THREADS = int(_arg("--web-threads", 8 if WEB_SERVER == "granian" else 4))
WEB_KEEPALIVE = int(_arg("--web-keepalive", 10))  # deploy/web.sh's WEB_KEEPALIVE
WARMUP = 3.0 if QUICK else 5.0


# --- the event (run in a child process: the generator stays free of Django) --------------------


def seed() -> None:
    """Create the event, TEAMS teams (1,000, or two per table asked), round 1 paired and published; print the tables as JSON."""
    sys.path.insert(0, str(ROOT / "tests"))
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from pairing import services
    from pairing.models import Match
    from support import factories
    from support.rounds import bulk_teams

    event = factories.event(swiss_rounds=10)
    bulk_teams(event, TEAMS)
    round_ = services.round_pair_next(event=event, seed=1)
    services.round_publish(round_=round_)
    tables = []
    matches = (
        Match.objects.filter(round=round_, team_b__isnull=False)
        .select_related("team_a", "team_b")
        .order_by("pk")
    )
    for m in matches:
        a = list(m.team_a.players.order_by("seat").values_list("pk", flat=True))
        b = list(m.team_b.players.order_by("seat").values_list("pk", flat=True))
        tables.append(
            {
                "match": m.pk,
                "phones": [  # (team key, the phone's player): two phones per team
                    [m.team_a.access_key, a[0]],
                    [m.team_a.access_key, a[1]],
                    [m.team_b.access_key, b[0]],
                    [m.team_b.access_key, b[1]],
                ],
            }
        )
    json.dump(tables, sys.stdout)


# --- what this run creates: database, Redis keys, server -------------------------------------------


class Setup:
    def __init__(self) -> None:
        self.db = f"bench_tracker_{os.getpid()}"
        self.channel = f"bench-tracker-{uuid.uuid4().hex[:8]}"
        self.tmp = tempfile.mkdtemp(prefix="tandem-bench-tracker-")
        self.env = dict(os.environ)
        self.env.update(
            DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{self.db}",
            DATABASE_CONN_MAX_AGE="0",
            DATABASE_POOL_MAX=str(POOL),
            REDIS_URL=REDIS_DB,
            LIVE_REDIS_URL=REDIS_DB,
            LIVE_CHANNEL=self.channel,
            SECRET_KEY=uuid.uuid4().hex * 2,
            DEBUG="false",
            HTTPS="false",
            TANDEM_PLAIN_STATIC="1",  # no collectstatic run: static files are not benchmarked
            DJANGO_SETTINGS_MODULE="config.settings",
        )
        for name in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "TEST_DATABASE_NAME"):
            self.env.pop(name, None)
        self.created = False
        self.procs: list[subprocess.Popen] = []
        self.port = 0  # where the phones post (the web service)
        self.live_port = 0  # where they hold their streams (the live service)
        self.log = Path(self.tmp) / "server.log"

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=5) as conn:
            conn.execute(sql)

    def create(self) -> list[dict]:
        self._admin(f'CREATE DATABASE "{self.db}"')
        self.created = True
        run = dict(cwd=ROOT, env=self.env, check=True, timeout=600)
        subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], **run)
        out = subprocess.run(
            [sys.executable, __file__, "--seed", *sys.argv[1:]],
            **run,
            stdout=subprocess.PIPE,
            text=True,
        )
        return json.loads(out.stdout)

    def _start(self, cmd: list[str], env: dict[str, str], port: int, processes: int) -> None:
        with self.log.open("ab") as log:  # the access log, as in production
            proc = subprocess.Popen(
                cmd, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True
            )
        self.procs.append(proc)
        deadline, healthy = time.monotonic() + 60, 0
        while time.monotonic() < deadline and healthy < 2 * processes:
            try:
                with socket.create_connection((HOST, port), timeout=2) as s:
                    s.sendall(
                        b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    )
                    healthy = healthy + 1 if s.recv(100).startswith(b"HTTP/1.1 200") else 0
            except OSError:
                time.sleep(0.3)
        if healthy < 2 * processes:
            raise RuntimeError(f"server did not start; see {self.log}")

    def start_server(self) -> None:
        """The compose services on loopback and free ports: granian for the posts, uvicorn for
        the streams (or one uvicorn for both with --single)."""
        uvicorn = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", HOST]
        uvicorn += [
            "--proxy-headers",
            "--forwarded-allow-ips=*",
            "--timeout-graceful-shutdown",
            "5",
        ]
        if SINGLE:
            self.port = self.live_port = free_port(HOST)
            cmd = [*uvicorn, "--port", str(self.port), "--workers", str(WORKERS)]
            self._start(cmd, self.env, self.port, WORKERS)
        else:
            self.port, self.live_port = free_port(HOST), free_port(HOST)
            web_env = {**self.env, "DATABASE_CONN_MAX_AGE": "60", "DATABASE_POOL_MAX": "0"}
            if WEB_SERVER == "granian":  # deploy/web.sh's command
                web = [sys.executable, "-m", "granian", "--interface", "wsgi", "--http", "1"]
                web += ["--no-ws", "--host", HOST, "--port", str(self.port)]
                web += ["--workers", str(WEB_WORKERS), "--blocking-threads", str(WEB_THREADS)]
                web += ["--backlog", "4096", "--backpressure", "4096"]
                web += ["--http1-header-read-timeout", str(WEB_KEEPALIVE * 1000)]
                web += ["config.wsgi:application"]
            else:
                web = [sys.executable, "-m", "gunicorn", "config.wsgi:application"]
                web += ["--bind", f"{HOST}:{self.port}", "--workers", str(WEB_WORKERS)]
                web += ["--threads", str(WEB_THREADS), "--worker-class", "gthread"]
                web += ["--timeout", "60", "--keep-alive", str(WEB_KEEPALIVE)]
            self._start(web, web_env, self.port, WEB_WORKERS)
            live = [*uvicorn, "--port", str(self.live_port), "--workers", "1"]
            self._start(live, self.env, self.live_port, 1)
        time.sleep(1.0)  # every worker up

    def pids(self) -> list[int]:
        return [pid for proc in self.procs for pid in tree(proc.pid)]

    def stop_server(self) -> None:
        for proc in self.procs:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            except ProcessLookupError:
                pass
        self.procs = []

    def cleanup(self) -> None:
        self.stop_server()
        if self.created:
            try:
                self._admin(f'DROP DATABASE IF EXISTS "{self.db}" WITH (FORCE)')
                self.created = False
            except Exception as exc:  # noqa: BLE001 - say so and go on with the rest
                print(f"could not drop database {self.db}: {exc}", file=sys.stderr)
        try:
            import redis

            redis.Redis.from_url(REDIS_DB, socket_timeout=5).flushdb()
        except Exception as exc:  # noqa: BLE001
            print(f"could not flush {REDIS_DB}: {exc}", file=sys.stderr)


# --- the load generator --------------------------------------------------------------------------


class Stats:
    def __init__(self, tables: int) -> None:
        self.written: list[dict[int, tuple[int, float]]] = [{} for _ in range(tables)]
        self.seen: list[dict[int, list[tuple[int, float]]]] = [{} for _ in range(tables)]
        self.write_lat: list[float] = []
        self.posted = 0  # measured posts (scheduled in the window)
        self.errors: dict[str, int] = {}
        self.reconnects = 0
        self.streams_ended = 0
        self.measure_from = 0.0
        self.measure_to = 0.0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def _content_length(head: bytes) -> int:
    low = head.lower()
    i = low.find(b"content-length: ")
    return int(low[i + 16 : low.index(b"\r\n", i)]) if i >= 0 else 0


async def phone_stream(port, table, phone, match, key, stats: Stats, connected, stop) -> None:
    """Hold the table's stream and note when each seq first arrives at this phone."""
    r, w = await asyncio.open_connection(HOST, port)
    try:
        w.write(
            f"GET /live/table/{match}/?key={key} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        head = await r.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            stats.error(f"stream {head[9:12].decode()}")
            return
        connected.set()
        last, buf, seen = 0, b"", stats.seen[table]
        while not stop.is_set():
            chunk = await r.read(262144)
            if not chunk:
                stats.streams_ended += 1
                return
            buf += chunk
            while b"\n\n" in buf:
                frame, buf = buf.split(b"\n\n", 1)
                # The state's seq is its last event's, the highest of the frame (the log's rows
                # have theirs; jsonb does not keep the keys' order).
                seqs = SEQ_RE.findall(frame)
                if not seqs:
                    continue
                seq = max(map(int, seqs))
                if seq > last:
                    now = time.monotonic()
                    for s in range(last + 1, seq + 1):
                        seen.setdefault(s, []).append((phone, now))
                    last = seq
    finally:
        w.close()


async def phone_writer(port, table, phone, match, key, player, start, stats: Stats) -> None:
    """Post this phone's life changes at its seconds (k, k+4, ...) on one keep-alive connection."""
    conn = None
    n = phone
    path = f"/api/v1/matches/{match}/game/events/"
    while True:
        at = start + n
        if at >= stats.measure_to:
            break
        delay = at - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        # Phones 0 and 2 take one life from their team, 1 and 3 give it back: no game ends.
        body = json.dumps(
            {
                "type": "life",
                "player": player,
                "amount": -1 if phone % 2 == 0 else 1,
                "client_id": f"bench-{table}-{phone}-{n}",
            }
        ).encode()
        request = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"X-Team-Key: {key}\r\nContent-Length: {len(body)}\r\n\r\n"
        ).encode() + body
        measured = at >= stats.measure_from
        stats.posted += measured
        status, seq = None, None
        for _attempt in range(3):  # a closed keep-alive connection: again with the same client_id
            try:
                async with asyncio.timeout(REQUEST_TIMEOUT):
                    if conn is None or conn[0].at_eof():
                        if conn is not None:
                            stats.reconnects += 1
                        conn = await asyncio.open_connection(HOST, port)
                    r, w = conn
                    w.write(request)
                    head = await r.readuntil(b"\r\n\r\n")
                    answer = await r.readexactly(_content_length(head))
                status = int(head[9:12])
                if status in (200, 201):
                    seq = int(answer[7 : answer.index(b",")])  # {"seq":N,"state":...}
                break
            except TimeoutError:
                stats.error("post timeout")
                conn = None
                break
            except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
                conn = None
                stats.reconnects += 1
        done = time.monotonic()
        if seq is not None:
            stats.written[table][seq] = (phone, at)
            if measured:
                stats.write_lat.append(done - at)
        elif measured:
            stats.error(f"post {status}" if status else "post failed")
        n += 4
    if conn is not None:
        conn[1].close()


def _pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


async def run(setup: Setup, tables: list[dict]) -> dict:
    stats, stop = Stats(len(tables)), asyncio.Event()
    streams, sem = [], asyncio.Semaphore(100)

    async def connect(t: int, k: int) -> None:
        async with sem:
            done = asyncio.Event()
            key = tables[t]["phones"][k][0]
            task = asyncio.create_task(
                phone_stream(setup.live_port, t, k, tables[t]["match"], key, stats, done, stop)
            )
            waiter = asyncio.create_task(done.wait())
            await asyncio.wait(
                [task, waiter], timeout=CONNECT_TIMEOUT, return_when="FIRST_COMPLETED"
            )
            waiter.cancel()
            if not done.is_set():
                stats.error("stream not connected")
            streams.append(task)

    t0 = time.monotonic()
    await asyncio.gather(*(connect(t, k) for t in range(len(tables)) for k in range(4)))
    connect_s = time.monotonic() - t0
    connected = sum(1 for s in streams if not s.done())

    start = time.monotonic() + 1.0
    stats.measure_from = start + WARMUP
    stats.measure_to = stats.measure_from + SECONDS
    writers = [
        asyncio.create_task(
            phone_writer(
                setup.port,
                t,
                k,
                tables[t]["match"],
                *tables[t]["phones"][k],
                start + random.random(),
                stats,
            )  # fmt: skip
        )
        for t in range(len(tables))
        for k in range(4)
    ]
    await asyncio.sleep(max(0.0, stats.measure_from - time.monotonic()))
    cpu0, _ = stat(setup.pids())
    each0 = {p: stat([p])[0] for p in setup.pids()}
    others0, gen0, host0 = servers_cpu(), time.process_time(), host_busy()
    await asyncio.sleep(max(0.0, stats.measure_to - time.monotonic()))
    cpu1, rss = stat(setup.pids())
    each = sorted(stat([p])[0] - each0.get(p, 0.0) for p in setup.pids())[::-1]
    others1, gen1, host1 = servers_cpu(), time.process_time(), host_busy()
    await asyncio.wait(writers, timeout=REQUEST_TIMEOUT + 5)
    await asyncio.sleep(TAIL)  # the last changes arrive
    stop.set()
    for task in [*writers, *streams]:
        task.cancel()
    await asyncio.gather(*writers, *streams, return_exceptions=True)

    # For each measured event, the other three phones' delay from the scheduled POST.
    see_lat, expected = [], 0
    slices: list[list[float]] = [[] for _ in range(max(1, int(SECONDS // 10)))]
    for t in range(len(tables)):
        seen = stats.seen[t]
        for seq, (phone, at) in stats.written[t].items():
            if not stats.measure_from <= at < stats.measure_to:
                continue
            expected += 3
            lat = [when - at for p, when in seen.get(seq, ()) if p != phone]
            see_lat += lat
            slices[min(len(slices) - 1, int((at - stats.measure_from) // 10))] += lat
    window = SECONDS
    return {
        "tables": len(tables),
        "clients": len(tables) * 4,
        "connected": connected,
        "connect_s": connect_s,
        "posted": stats.posted,
        "written": len(stats.write_lat),
        "rate": len(stats.write_lat) / window,
        "w": [_pct(stats.write_lat, 50), _pct(stats.write_lat, 99), max(stats.write_lat or [0])],
        "s": [_pct(see_lat, 50), _pct(see_lat, 99), max(see_lat or [0])],
        "by10": [_pct(lat, 99) if lat else 0.0 for lat in slices],
        "seen": len(see_lat),
        "expected": expected,
        "late": sum(1 for x in see_lat if x >= 1.0),
        "errors": stats.errors,
        "reconnects": stats.reconnects,
        "streams_ended": stats.streams_ended,
        "server_cpu": cpu1 - cpu0,
        "each_cpu": each,
        "rss": rss,
        "gen_cpu": gen1 - gen0,
        "pg_cpu": others1["postgres"] - others0["postgres"],
        "redis_cpu": others1["redis-server"] - others0["redis-server"],
        "window": window,
        "host_busy": (host1[0] - host0[0]) / (host1[1] - host0[1]) * (os.cpu_count() or 1),
    }


def _ms(values: list[float]) -> str:
    return "  ".join(
        f"{name} {v * 1000:>6.0f} ms" for name, v in zip(("p50", "p99", "max"), values, strict=True)
    )


def _print(res: dict) -> None:
    w = res["window"]
    errors = ", ".join(f"{k} {v}" for k, v in sorted(res["errors"].items())) or "none"
    rows = [
        ("phones", f"{res['clients']} ({res['tables']} tables x 4), {res['connected']} streams "
         f"connected in {res['connect_s']:.1f}s"),
        ("events", f"{res['written']}/{res['posted']} written in {w:.0f}s "
         f"({res['rate']:.0f}/s; target {res['tables']}/s)"),
        ("write (POST to 201)", _ms(res["w"])),
        ("other phones see it", _ms(res["s"]) + f"  (>= 1 s: {res['late']})"),
        ("  p99 by 10 s", "  ".join(f"{v * 1000:.0f}" for v in res["by10"]) + " ms"),
        ("stream deliveries", f"{res['seen']}/{res['expected']} seen"),
        ("errors", f"{errors}; reconnects {res['reconnects']}, streams ended "
         f"{res['streams_ended']}"),
        ("server CPU", f"{res['server_cpu']:.1f}s in {w:.0f}s "
         f"({res['server_cpu'] / w * 100:.0f}% of a core; by process "
         f"{' + '.join(f'{c:.1f}s' for c in res['each_cpu'])})"),
        ("server RSS", f"{res['rss']:.0f} MB (all processes)"),
        ("generator CPU", f"{res['gen_cpu']:.1f}s"),
        ("PostgreSQL CPU", f"{res['pg_cpu']:.1f}s (every backend, also those that ended)"),
        ("Redis CPU", f"{res['redis_cpu']:.1f}s"),
        ("host CPU busy", f"{res['host_busy']:.2f} of {os.cpu_count()} cores (every process)"),
        ("host speed", f"before {res['speed'][0]}, after {res['speed'][1]} (a fixed piece of "
         "work, 5 tries; lower is faster)"),
    ]  # fmt: skip
    for name, value in rows:
        print(f"  {name:<22} {value}")
    ok = res["s"][1] < 1.0 and res["seen"] == res["expected"] and not res["errors"]
    print(
        f"Target: the other three phones see a change within 1 s at p99, every change seen, "
        f"no errors: {'met' if ok else 'MISSED'} "
        f"(p99 {res['s'][1] * 1000:.0f} ms, {res['seen']}/{res['expected']} seen)",
        flush=True,
    )


def main() -> None:
    if "--seed" in sys.argv:
        seed()
        return
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # clean up on `timeout` too
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    if not (reachable(HOST, 5432) and reachable(HOST, 6379)):
        print("bench_tracker: skipped, it needs PostgreSQL on 127.0.0.1:5432 and Redis on :6379")
        return
    speed = host_speed()
    setup = Setup()
    try:
        t0 = time.monotonic()
        tables = setup.create()[:TABLES]
        print(
            f"bench_tracker: {TEAMS} teams, round 1 published ({len(tables)} of its tables used), "
            f"set up in {time.monotonic() - t0:.0f}s; {len(tables)} events/s for {SECONDS:.0f}s "
            f"after {WARMUP:.0f}s of warm-up; {os.cpu_count()} cores, Python "
            f"{sys.version.split()[0]}, database {setup.db}",
            flush=True,
        )
        setup.start_server()
        servers = (
            f"one uvicorn, {WORKERS} workers (DATABASE_POOL_MAX={POOL})"
            if SINGLE
            else f"web: {WEB_SERVER} {WEB_WORKERS}x{WEB_THREADS} threads, "
            f"keep-alive {WEB_KEEPALIVE}s"
            " (CONN_MAX_AGE=60); "
            f"live: uvicorn, 1 process (DATABASE_POOL_MAX={POOL})"
        )
        print(f"{servers}; PostgreSQL, Redis pub/sub", flush=True)
        result = asyncio.run(run(setup, tables))
        result["speed"] = (speed, host_speed())
        _print(result)
    finally:
        setup.cleanup()


if __name__ == "__main__":
    main()
